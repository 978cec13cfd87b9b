// docs/output-format.md describes every field the output formats write and
// every statement kind: a field or kind added to the output without a row in
// its table fails here.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "cli_in_process.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using hivelineage::testing::ShellQuote;

// Every object key anywhere in `j`.
void Keys(const nlohmann::json& j, std::set<std::string>& out) {
  if (j.is_object()) {
    for (const auto& [key, value] : j.items()) {
      out.insert(key);
      Keys(value, out);
    }
  } else if (j.is_array()) {
    for (const auto& v : j) Keys(v, out);
  }
}

std::string Cli(const std::string& args) {
  return hivelineage::testing::RunMain(args + " --quiet", hivelineage::testing::SourceDir()).out;
}

}  // namespace

TEST_CASE("docs: docs/output-format.md has a row for every field and statement kind the output has") {
  const std::string doc = hivelineage::testing::ReadFile(hivelineage::testing::SourceDir() / "docs/output-format.md");
  REQUIRE(!doc.empty());
  const std::string args = "--catalog corpus/catalog.json --var etl_date=2024-03-01 corpus/scripts";
  std::set<std::string> keys, kinds;
  const nlohmann::json json = nlohmann::json::parse(Cli("--format json " + args));
  Keys(json, keys);
  for (const auto& st : json["statements"]) kinds.insert(st["kind"].get<std::string>());
  const std::string hive = Cli("--format hive " + args);
  for (size_t b = 0, e; (e = hive.find('\n', b)) != std::string::npos; b = e + 1)
    Keys(nlohmann::json::parse(hive.substr(b, e - b)), keys);
  Keys(nlohmann::json::parse(hivelineage::testing::ReadFile(hivelineage::testing::SourceDir() / "corpus/catalog.json")),
       keys);
  CHECK(keys.size() > 25);
  CHECK(kinds.size() > 10);
  for (const std::string& key : keys) {
    CAPTURE(key);
    CHECK(doc.find("| `" + key + "`") != std::string::npos);
  }
  for (const std::string& kind : kinds) {
    CAPTURE(kind);
    CHECK((doc.find("| `" + kind + "`") != std::string::npos || doc.find(", `" + kind + "`") != std::string::npos));
  }
}
