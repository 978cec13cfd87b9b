#include "lineage/catalog.h"

#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "catalog/catalog_json.h"
#include "test_support.h"

using namespace hivelineage;
using namespace hivelineage::lineage;

namespace {
// The first problem's message, empty when the catalog loaded.
std::string LoadJson(Catalog& c, std::string_view text, std::string_view default_db = "default") {
  const Diagnostics problems = catalog::LoadCatalogJson(text, default_db, c);
  return problems.empty() ? std::string() : problems.front().message;
}
}  // namespace

TEST_CASE("catalog: JSON tables with columns and partition columns") {
  Catalog c;
  std::string err = LoadJson(c, R"({"tables": [
      {"name": "DW.Daily", "columns": [{"name": "ID", "type": "BIGINT"}, {"name": "name", "type": "string"}],
       "partition_columns": [{"name": "dt", "type": "string"}]},
      {"name": "src", "columns": [{"name": "key"}]}]})",
                             "default");
  CHECK(err.empty());
  REQUIRE(c.size() == 2);
  const CatalogTable* t = c.Find("dw.daily");
  REQUIRE(t != nullptr);
  CHECK(t->name == "dw.daily");
  REQUIRE(t->columns.size() == 2);
  CHECK(t->columns[0].name == "id");
  CHECK(t->columns[0].type == "bigint");
  REQUIRE(t->partition_columns.size() == 1);
  CHECK(t->partition_columns[0].name == "dt");
  CHECK(t->FindColumn("dt") != nullptr);
  CHECK(t->FindColumn("nope") == nullptr);
  // A name without database goes to the default database given.
  REQUIRE(c.Find("default.src") != nullptr);
  CHECK(c.Find("default.src")->columns[0].type.empty());
  Catalog ods;
  CHECK(LoadJson(ods, R"({"tables": [{"name": "Src", "columns": [{"name": "key"}]}]})", "ODS").empty());
  CHECK(ods.Find("ods.src") != nullptr);
  CHECK(ods.Find("default.src") == nullptr);
}

TEST_CASE("catalog: malformed JSON is an error message, not a crash") {
  Catalog c;
  CHECK(!LoadJson(c, "{").empty());
  CHECK(!LoadJson(c, "[]").empty());
  CHECK(!LoadJson(c, R"({"tables": 3})").empty());
  CHECK(!LoadJson(c, R"({"tables": [{"columns": []}]})").empty());
  CHECK(!LoadJson(c, R"({"tables": [7]})").empty());
  // Odd column entries are errors too, and nothing of such a catalog is loaded.
  CHECK(!LoadJson(c, R"({"tables": [{"name": "a.b", "columns": [1, {"type": "int"}, {"name": "x"}]}]})").empty());
  CHECK(c.size() == 0);
}

TEST_CASE("catalog: put replaces, remove forgets") {
  // Built field by field: brace-initialising the structs breaks -Werror builds
  // (-Wmissing-field-initializers) whenever a field is added.
  auto table = [](std::string name, std::vector<std::string> cols) {
    CatalogTable t;
    t.name = std::move(name);
    for (std::string& n : cols) {
      CatalogColumn col;
      col.name = std::move(n);
      col.type = "int";
      t.columns.push_back(std::move(col));
    }
    return t;
  };
  Catalog c;
  c.Put(table("db.t", {"a"}));
  c.Put(table("db.t", {"b", "c"}));
  REQUIRE(c.Find("db.t") != nullptr);
  CHECK(c.Find("db.t")->columns.size() == 2);
  c.Remove("db.t");
  CHECK(c.Find("db.t") == nullptr);
  CHECK(c.size() == 0);
}

TEST_CASE("catalog: Tables lists every table once, sorted, through a base catalog") {
  auto base = std::make_shared<Catalog>();
  CHECK(LoadJson(*base, R"({"tables": [{"name": "b.y"}, {"name": "a.x"}, {"name": "c.z"}]})").empty());
  Catalog c(base);
  CatalogTable t;
  t.name = "b.y";  // replaces the base's
  c.Put(t);
  t.name = "a.w";
  c.Put(t);
  c.Remove("c.z");
  std::vector<std::string> names;
  for (const CatalogTable* x : c.Tables()) names.push_back(x->name);
  CHECK(names == std::vector<std::string>{"a.w", "a.x", "b.y"});
  CHECK(c.Tables()[2] == c.Find("b.y"));
}

TEST_CASE("catalog: CatalogTableKey qualifies and lower-cases") {
  CHECK(CatalogTableKey("Src", "default") == "default.src");
  CHECK(CatalogTableKey("ODS.Events", "default") == "ods.events");
  CHECK(CatalogTableKey("t", "DW") == "dw.t");
}

TEST_CASE("catalog: the bundled corpus/catalog.json loads") {
  Catalog c;
  CHECK(LoadJson(c, testing::ReadFile(testing::SourceDir() / "corpus" / "catalog.json")).empty());
  CHECK(c.size() > 10);
  const CatalogTable* users = c.Find("ods.user_info");
  REQUIRE(users != nullptr);
  CHECK(users->columns.size() == 9);
  CHECK(users->columns[0].name == "user_id");
}
