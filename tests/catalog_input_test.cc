// The --catalog readers (src/catalog/): catalog JSON checked key by key with
// located errors, saved DESCRIBE FORMATTED output, metastore exports and
// beeline's SHOW CREATE TABLE boxes, and telling the formats apart.
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "base/source_file.h"
#include "catalog/catalog_format.h"
#include "catalog/catalog_json.h"
#include "catalog/describe_formatted.h"
#include "catalog/metastore_tsv.h"
#include "catalog/show_create_table.h"
#include "test_support.h"

using namespace hivelineage;
using namespace hivelineage::catalog;
using lineage::Catalog;
using lineage::CatalogTable;

namespace {

std::string Fixture(std::string_view name) {
  return testing::ReadFile(testing::SourceDir() / "tests" / "fixtures" / "catalog" / name);
}

// Each problem as "LINE:COLUMN: message\n" (a string, so that a failing
// check prints it).
std::string Located(std::string_view text, const Diagnostics& problems) {
  const SourceFile source("catalog", text);
  std::string out;
  for (const Diagnostic& d : problems) {
    const LineCol at = source.Locate(d.span.begin);
    out += std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + d.message + "\n";
  }
  return out;
}

// "name type\n" per column.
std::string ColumnNames(const std::vector<lineage::CatalogColumn>& columns) {
  std::string out;
  for (const auto& c : columns) out += c.name + " " + c.type + "\n";
  return out;
}

}  // namespace

TEST_CASE("catalog json: a misspelt key is an error at the key, with the key it resembles") {
  const std::string text =
      "{\"tables\": [\n"
      "  {\"name\": \"ods.orders\",\n"
      "   \"colums\": [{\"name\": \"id\"}]},\n"
      "  {\"name\": \"ods.users\", \"columns\": [{\"nam\": \"id\", \"type\": \"bigint\"}]}]}\n";
  Catalog c;
  CHECK(Located(text, LoadCatalogJson(text, "default", c)) ==
        "3:4: unknown key \"colums\" in a table; did you mean \"columns\"?\n"
        "4:37: a column has no \"name\"\n"
        "4:38: unknown key \"nam\" in a column; did you mean \"name\"?\n");
  CHECK(c.size() == 0);  // nothing of a catalog with problems is loaded
  // A key like no known one lists what is expected.
  const std::string odd = R"({"tables": [], "owner": "etl"})";
  CHECK(Located(odd, LoadCatalogJson(odd, "default", c)) ==
        "1:16: unknown key \"owner\" in the catalog (expected \"tables\")\n");
}

TEST_CASE("catalog json: a value of the wrong type is an error at the value") {
  const std::string text =
      "{\"tables\": [{\"name\": \"a.t\", \"columns\": \"id, name\",\n"
      "              \"partition_columns\": [{\"name\": \"dt\", \"type\": 8}],\n"
      "              \"is_view\": \"no\"},\n"
      "             {\"name\": \"\"}, 3]}";
  Catalog c;
  CHECK(Located(text, LoadCatalogJson(text, "default", c)) ==
        "1:40: \"columns\" must be an array of column objects, not a string\n"
        "2:60: a column's \"type\" must be a string, not an integer\n"
        "3:26: \"is_view\" must be true or false, not a string\n"
        "4:23: a table's \"name\" is empty\n"
        "4:28: a table must be an object, not an integer\n");
}

TEST_CASE("catalog json: invalid JSON is reported at its line and column") {
  const std::string text =
      "{\"tables\": [\n"
      "  {\"name\": \"a.t\" \"columns\": []}\n"
      "]}\n";
  Catalog c;
  // At the token where the parser stopped: the second key, a comma missing before it.
  CHECK(Located(text, LoadCatalogJson(text, "default", c)) ==
        "2:18: invalid JSON: syntax error while parsing object - unexpected string literal; expected '}'\n");
  const std::string cut = "{\"tables\": [\n  {\"name\": \"a.t\"";
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  CHECK(Located(deep, LoadCatalogJson(deep, "default", c)) == "1:257: invalid catalog: nested deeper than 256\n");
  CHECK(Located(cut, LoadCatalogJson(cut, "default", c)) ==
        "2:17: invalid JSON: syntax error while parsing object - unexpected end of input; expected '}'\n");
}

TEST_CASE("catalog json: every key of the agreed format is accepted and checked") {
  const std::string text = R"({"tables": [
    {"name": "Ods.Orders", "comment": "orders", "external": true, "source": "ods/orders.sql",
     "columns_from": "ddl", "evidence": {"kind": "declared", "where": ["ddl/ods.sql:3"]},
     "columns": [{"name": "ID", "type": "BIGINT", "comment": "key",
                  "evidence": {"kind": "inferred", "uses": 4, "where": ["etl/a.sql:10", "etl/b.sql:2"]}}],
     "partition_columns": [{"name": "dt", "type": "string", "evidence": {"kind": "catalog"}}]},
    {"name": "v", "is_view": true, "view_text": "select 1 as one", "columns": [{"name": "one"}]}]})";
  Catalog c;
  CHECK(LoadCatalogJson(text, "dw", c).empty());
  const CatalogTable* t = c.Find("ods.orders");
  REQUIRE(t != nullptr);
  CHECK(ColumnNames(t->columns) == "id bigint\n");
  CHECK(ColumnNames(t->partition_columns) == "dt string\n");
  const CatalogTable* v = c.Find("dw.v");
  REQUIRE(v != nullptr);
  CHECK(v->is_view);
  CHECK(v->view_text == "select 1 as one");

  const std::string bad = R"({"tables": [{"name": "a.t", "evidence": {"kind": "guessed", "uses": -1, "wher": []},
    "columns": [{"name": "x", "evidence": {"uses": 2, "where": [1]}}]}]})";
  CHECK(Located(bad, LoadCatalogJson(bad, "default", c)) ==
        "1:50: unknown evidence kind \"guessed\" (expected catalog, declared or inferred)\n"
        "1:69: \"uses\" must not be negative\n"
        "1:73: unknown key \"wher\" in \"evidence\"; did you mean \"where\"?\n"
        "2:43: \"evidence\" has no \"kind\"\n"
        "2:65: a \"where\" entry must be a string, not an integer\n");
}

TEST_CASE("describe formatted: hive CLI output, two tables, partition keys, named by the command or Database:") {
  const std::string text = Fixture("describe_cli.txt");
  Catalog c;
  CHECK(Located(text, LoadDescribeFormatted(text, "default", c)).empty());
  CHECK(c.size() == 2);
  const CatalogTable* orders = c.Find("ods.orders");
  REQUIRE(orders != nullptr);
  CHECK(ColumnNames(orders->columns) ==
        "order_id bigint\n"
        "user_id bigint\n"
        "amount decimal(12,2)\n"
        "status string\n");
  CHECK(ColumnNames(orders->partition_columns) == "dt string\n");
  // Its Location: row is kept: a sync job's HDFS path finds the table by it (docs/systems.md).
  CHECK(orders->location == "hdfs://nameservice1/warehouse/ods.db/orders");
  // `desc formatted users` names no database: Database: says dim.
  const CatalogTable* users = c.Find("dim.users");
  REQUIRE(users != nullptr);
  CHECK(ColumnNames(users->columns) ==
        "user_id bigint\n"
        "user_name string\n"
        "tags array<string>\n"
        "profile struct<city:string,age:int>\n");
  CHECK(users->partition_columns.empty());
  CHECK(!users->is_view);
}

TEST_CASE("describe formatted: beeline boxes, a partitioned table and a view") {
  const std::string text = Fixture("describe_beeline.txt");
  Catalog c;
  CHECK(Located(text, LoadDescribeFormatted(text, "default", c)).empty());
  const CatalogTable* events = c.Find("dwd.page_events");
  REQUIRE(events != nullptr);
  CHECK(ColumnNames(events->columns) ==
        "event_id string\n"
        "page_url string\n"
        "event_ts timestamp\n");
  CHECK(ColumnNames(events->partition_columns) ==
        "dt string\n"
        "hr string\n");
  const CatalogTable* view = c.Find("ads.daily_pv");
  REQUIRE(view != nullptr);
  CHECK(view->is_view);
  CHECK(ColumnNames(view->columns) ==
        "dt string\n"
        "pv bigint\n");
}

TEST_CASE("describe formatted: bad lines and unnamed tables are located errors") {
  const std::string text =
      "# col_name\tdata_type\tcomment\n"
      "id\tbigint\t\n"
      "this line lost its tabs\n"
      "\t \t \n"
      "# Detailed Table Information\t \t \n"
      "Owner:\tetl\t \n";
  Catalog c;
  CHECK(Located(text, LoadDescribeFormatted(text, "default", c)) ==
        "1:1: cannot tell which table these columns belong to: keep the 'DESCRIBE FORMATTED db.table' line above "
        "the output (or a 'Table:' line in it)\n"
        "3:1: expected a column: name, type and comment separated by tabs (or | in a beeline box), found 'this "
        "line lost its tabs'\n");
  CHECK(c.size() == 0);
  // A Table: line names it (with Database:), as newer releases print.
  const std::string named =
      "# col_name\tdata_type\tcomment\nid\tbigint\t\n\n# Detailed Table Information\n"
      "Database:\tods\t \nTable:\tevents\t \n";
  CHECK(LoadDescribeFormatted(named, "default", c).empty());
  CHECK(c.Find("ods.events") != nullptr);
}

TEST_CASE("metastore tsv: columns and partition keys in position order, several tables") {
  const std::string text = Fixture("metastore.tsv");
  Catalog c;
  CHECK(Located(text, LoadMetastoreTsv(text, "default", c)).empty());
  CHECK(c.size() == 3);
  const CatalogTable* orders = c.Find("ods.orders");
  REQUIRE(orders != nullptr);
  CHECK(ColumnNames(orders->columns) ==
        "order_id bigint\n"
        "user_id bigint\n"
        "amount decimal(12,2)\n");
  CHECK(ColumnNames(orders->partition_columns) == "dt string\n");
  const CatalogTable* events = c.Find("dwd.page_events");
  REQUIRE(events != nullptr);
  CHECK(ColumnNames(events->partition_columns) ==
        "dt string\n"
        "hr string\n");
}

TEST_CASE("metastore tsv: bad lines are errors at their line and field") {
  const std::string text =
      "ods\torders\tid\tbigint\t0\t0\n"
      "ods\torders\tuser_id\tbigint\n"
      "ods\torders\tamount\tdouble\tsecond\t0\n"
      "ods\torders\tdt\tstring\t0\tmaybe\n"
      "ods\t\tx\tint\t1\tf\n"
      "ods\torders\tid\tint\t3\t0\n";
  Catalog c;
  CHECK(Located(text, LoadMetastoreTsv(text, "default", c)) ==
        "2:1: expected 6 tab-separated fields (database, table, column, type, position, partition key) and an "
        "optional comment, found 4\n"
        "3:26: the position must be an integer, not 'second'\n"
        "4:24: the partition-key field must be 1 or 0 (true/false, t/f), not 'maybe'\n"
        "5:5: the table field is empty\n"
        "6:1: column 'id' of ods.orders is listed twice\n");
  CHECK(c.size() == 0);
}

TEST_CASE("show create table: beeline boxes become DDL, every byte in its place") {
  const std::string text = Fixture("show_create_beeline.txt");
  REQUIRE(IsBoxedShowCreateTable(text));
  const std::string ddl = UnboxShowCreateTable(text);
  REQUIRE(ddl.size() == text.size());
  CHECK(ddl.find('|') == std::string::npos);
  CHECK(ddl.find("rows selected") == std::string::npos);
  // The statement keeps its place; the border closing it carries the `;`.
  const size_t create = text.find("CREATE EXTERNAL TABLE");
  CHECK(ddl.substr(create, 21) == "CREATE EXTERNAL TABLE");
  CHECK(ddl.find("'transient_lastDdlTime'='1709489411')") < ddl.find(';'));
  CHECK(ddl.find(';') < ddl.find("CREATE TABLE `dim.users`"));
  CHECK(!IsBoxedShowCreateTable("CREATE TABLE t (a int);"));
}

TEST_CASE("catalog format: told by extension, else by content; named formats") {
  CHECK(DetectCatalogFormat("c.json", "") == CatalogFormat::Json);
  CHECK(DetectCatalogFormat("c.sql", "{") == CatalogFormat::Ddl);
  CHECK(DetectCatalogFormat("c.tsv", "") == CatalogFormat::MetastoreTsv);
  CHECK(DetectCatalogFormat("schemas", "  {\"tables\": []}") == CatalogFormat::Json);
  CHECK(DetectCatalogFormat("d.txt", Fixture("describe_cli.txt")) == CatalogFormat::Describe);
  CHECK(DetectCatalogFormat("d.out", Fixture("describe_beeline.txt")) == CatalogFormat::Describe);
  CHECK(DetectCatalogFormat("export.txt", Fixture("metastore.tsv")) == CatalogFormat::MetastoreTsv);
  CHECK(DetectCatalogFormat("export.txt", "ods\torders\tid\tbigint\t0\t0\n") == CatalogFormat::MetastoreTsv);
  CHECK(DetectCatalogFormat("show.txt", Fixture("show_create_beeline.txt")) == CatalogFormat::Ddl);
  CHECK(DetectCatalogFormat("ddl.txt", "CREATE TABLE t (a int)") == CatalogFormat::Ddl);
  CHECK(CatalogFormatByName("describe") == CatalogFormat::Describe);
  CHECK(CatalogFormatByName("tsv") == CatalogFormat::MetastoreTsv);
  CHECK(!CatalogFormatByName("yaml").has_value());
}
