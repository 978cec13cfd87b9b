// `hivelineage store export`: the Neo4j CSV files follow neo4j-admin's
// header conventions and every relationship's ends exist; the Cypher script
// is MERGE only, and its string literals carry quotes, backslashes, control
// characters and Chinese text intact. (No Neo4j server here: the files are
// checked as neo4j-admin and cypher-shell read them.)
#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "shell_run.h"
#include "store/neo4j_export.h"
#include "store/sqlite.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using namespace hivelineage;

fs::path Scratch() {
  static const fs::path dir = testing::ProcessTempDir("hivelineage_neo4j_test_");
  return dir;
}

// RFC 4180 as neo4j-admin reads it: "" inside quotes is a quote, quoted
// fields may hold commas and line breaks.
std::vector<std::vector<std::string>> ParseCsv(const std::string& text) {
  std::vector<std::vector<std::string>> rows(1);
  std::string field;
  bool quoted = false, in_quotes = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_quotes) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        in_quotes = false;
      } else {
        field += c;
      }
    } else if (c == '"') {
      REQUIRE(field.empty());  // a quote only opens a field
      in_quotes = quoted = true;
    } else if (c == ',' || c == '\n') {
      rows.back().push_back(field);
      field.clear();
      quoted = false;
      if (c == '\n') rows.emplace_back();
    } else {
      field += c;
    }
  }
  CHECK_FALSE(in_quotes);
  if (!field.empty() || quoted) rows.back().push_back(field);
  if (rows.back().empty()) rows.pop_back();
  return rows;
}

// A Cypher line with its string literals decoded; `shape` has each literal
// replaced by ?. False when a literal is not closed.
bool DecodeCypher(const std::string& line, std::string& shape, std::vector<std::string>& literals) {
  shape.clear();
  literals.clear();
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] != '\'') {
      shape += line[i];
      continue;
    }
    std::string value;
    for (++i;; ++i) {
      if (i >= line.size()) return false;
      const char c = line[i];
      if (c == '\'') break;
      if (c != '\\') {
        value += c;
        continue;
      }
      if (++i >= line.size()) return false;
      switch (line[i]) {
        case 'n':
          value += '\n';
          break;
        case 't':
          value += '\t';
          break;
        case 'r':
          value += '\r';
          break;
        case 'u':
          value += static_cast<char>(std::stoi(line.substr(i + 1, 4), nullptr, 16));
          i += 4;
          break;
        default:  // \\ and \'
          value += line[i];
      }
    }
    literals.push_back(value);
    shape += '?';
  }
  return true;
}

const char kScript[] =
    "-- 订单明细\n"
    "INSERT OVERWRITE TABLE dw.`订单` SELECT concat(a, 'it''s', \"x\\\"y\", '中文\\\\', '\\t') AS `名称`, b\n"
    "FROM ods.src WHERE c = '北京' AND d <> 'a\\'b';\n"
    "INSERT OVERWRITE TABLE dw.copy SELECT `名称` AS n FROM dw.`订单`;\n";

fs::path MakeStore() {
  const fs::path root = Scratch();
  testing::WriteFile(root, "wh/a.sql", kScript);
  const testing::ShellRun r = testing::RunCli("store update n.db wh", root, root);
  INFO(r.err);
  REQUIRE(r.code == 0);
  return root / "n.db";
}

}  // namespace

TEST_CASE("neo4j export: CSV headers, types and ids as neo4j-admin database import reads them") {
  const fs::path db = MakeStore();
  const fs::path dir = Scratch() / "csv";
  const testing::ShellRun r = testing::RunCli("store export n.db --neo4j-csv csv", Scratch(), Scratch());
  INFO(r.err);
  REQUIRE(r.code == 0);

  std::set<std::string> ids;
  std::map<std::string, size_t> labels;
  for (const char* file : {"tables.csv", "columns.csv", "scripts.csv"}) {
    CAPTURE(file);
    const auto rows = ParseCsv(testing::ReadFile(dir / file));
    REQUIRE(rows.size() > 1);
    const auto& header = rows[0];
    CHECK(header.front() == "id:ID");
    CHECK(header.back() == ":LABEL");
    for (size_t i = 1; i + 1 < header.size(); ++i)
      CHECK(std::regex_match(header[i], std::regex("[a-z_]+:(string|int|boolean)")));
    for (size_t i = 1; i < rows.size(); ++i) {
      REQUIRE(rows[i].size() == header.size());
      CHECK(ids.insert(rows[i][0]).second);  // unique across every node file
      ++labels[rows[i].back()];
      for (size_t k = 1; k + 1 < header.size(); ++k)
        if (header[k].ends_with(":int")) CHECK(std::regex_match(rows[i][k], std::regex("-?[0-9]+")));
    }
  }
  CHECK(labels["Script"] == 1);
  CHECK(labels["Table"] == 3);
  CHECK(ids.contains("column:dw.订单.名称"));

  std::map<std::string, size_t> types;
  bool found_expression = false;
  for (const char* file : {"has_column.csv", "reads.csv", "writes.csv", "flows_to.csv", "table_flows_to.csv"}) {
    CAPTURE(file);
    const auto rows = ParseCsv(testing::ReadFile(dir / file));
    REQUIRE(rows.size() > 1);
    const auto& header = rows[0];
    REQUIRE(header.size() >= 3);
    CHECK(header[0] == ":START_ID");
    CHECK(header[1] == ":END_ID");
    CHECK(header[2] == ":TYPE");
    for (size_t i = 3; i < header.size(); ++i)
      CHECK(std::regex_match(header[i], std::regex("[a-z_]+:(string|int|boolean)")));
    for (size_t i = 1; i < rows.size(); ++i) {
      REQUIRE(rows[i].size() == header.size());
      CHECK(ids.contains(rows[i][0]));  // every START_ID and END_ID is a node
      CHECK(ids.contains(rows[i][1]));
      ++types[rows[i][2]];
      for (size_t k = 3; k < header.size(); ++k) {
        if (header[k].ends_with(":boolean")) CHECK((rows[i][k] == "true" || rows[i][k] == "false"));
        if (header[k] == "expression:string" &&
            rows[i][k] == "concat(a, 'it''s', \"x\\\"y\", '中文\\\\', '\\t')")
          found_expression = true;
      }
    }
  }
  CHECK(found_expression);
  CHECK(types["READS"] == 2);
  CHECK(types["WRITES"] == 2);
  CHECK(types["HAS_COLUMN"] > 4);
  CHECK(types["FLOWS_TO"] > 4);
}

TEST_CASE("neo4j export: the Cypher script is MERGE only, its literals intact") {
  MakeStore();
  const testing::ShellRun r = testing::RunCli("store export n.db --neo4j-cypher -", Scratch(), Scratch());
  INFO(r.err);
  REQUIRE(r.code == 0);

  const std::regex constraint("CREATE CONSTRAINT hivelineage_[a-z]+_id IF NOT EXISTS FOR \\(n:(Table|Column|Script)\\) "
                              "REQUIRE n\\.id IS UNIQUE;");
  const std::string value = "(\\?|-?[0-9]+|true|false)";
  const std::regex node("MERGE \\(n:(Table|Column|Script) \\{id: \\?\\}\\) SET n\\.[a-z_]+ = " + value +
                        "(, n\\.[a-z_]+ = " + value + ")*;");
  const std::regex relationship(
      "MATCH \\(a:(Table|Column|Script) \\{id: \\?\\}\\), \\(b:(Table|Column) \\{id: \\?\\}\\) "
      "MERGE \\(a\\)-\\[r:(READS|WRITES|HAS_COLUMN|FLOWS_TO)( \\{[a-z_]+: " +
      value + "(, [a-z_]+: " + value + ")*\\})?\\]->\\(b\\) SET r\\.[a-z_]+ = " + value + "(, r\\.[a-z_]+ = " + value +
      ")*;");
  std::set<std::string> strings;
  std::set<std::string> merges;
  size_t statements = 0, constraints = 0;
  size_t start = 0;
  while (start < r.out.size()) {
    size_t end = r.out.find('\n', start);
    if (end == std::string::npos) end = r.out.size();
    const std::string line = r.out.substr(start, end - start);
    start = end + 1;
    if (line.starts_with("//") || line.empty()) continue;
    CAPTURE(line);
    std::string shape;
    std::vector<std::string> literals;
    REQUIRE(DecodeCypher(line, shape, literals));
    CAPTURE(shape);
    if (std::regex_match(shape, constraint)) {
      ++constraints;
      continue;
    }
    const bool is_node = std::regex_match(shape, node);
    CHECK((is_node || std::regex_match(shape, relationship)));
    CHECK(shape.find("DELETE") == std::string::npos);
    strings.insert(literals.begin(), literals.end());
    // Loading twice changes nothing: no two statements MERGE the same pattern.
    CHECK(merges.insert(line.substr(0, line.find(" SET "))).second);
    ++statements;
  }
  CHECK(constraints == 3);
  CHECK(statements > 10);
  CHECK(strings.contains("column:dw.订单.名称"));
  CHECK(strings.contains("concat(a, 'it''s', \"x\\\"y\", '中文\\\\', '\\t')"));
  CHECK(strings.contains("((c = '北京') AND (d <> 'a\\'b'))"));

  CHECK(store::CypherString("a'b\\c\n中\x01") == "'a\\'b\\\\c\\n中\\u0001'");
  CHECK(store::CsvField("say \"hi\", 中") == "\"say \"\"hi\"\", 中\"");
}
