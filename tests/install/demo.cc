// Built against an installed hivelineage through pkg-config alone (see
// tests/install/install_test.sh). Prints the lineage of one statement.
#include <hivelineage/hivelineage.hpp>
#include <iostream>

int main() {
  hivelineage::Options options;
  options.catalog_json.push_back(
      R"({"tables": [{"name": "ods.users", "columns": [{"name": "id", "type": "bigint"},
                                                        {"name": "name", "type": "string"}]}]})");
  hivelineage::Analyzer analyzer(options);
  if (!analyzer.errors().empty()) {
    std::cerr << analyzer.errors().front().rendered;
    return 1;
  }
  const hivelineage::Script script =
      analyzer.Analyze("INSERT OVERWRITE TABLE dw.names SELECT id, upper(name) AS name FROM ods.users;", "demo.sql");
  for (const hivelineage::Statement& st : script.statements) {
    std::cout << st.kind;
    for (const std::string& in : st.inputs) std::cout << " in=" << in;
    for (const std::string& out : st.outputs) std::cout << " out=" << out;
    std::cout << "\n";
    for (const hivelineage::ColumnLineage& c : st.columns) {
      std::cout << "  " << c.target << " <-";
      for (const std::string& s : c.sources) std::cout << " " << s;
      std::cout << "\n";
    }
  }
  std::cout << hivelineage::ToJson(script).size() << " bytes of JSON\n";
  return script.has_error() ? 1 : 0;
}
