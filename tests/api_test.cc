// The public library API (include/hivelineage): results as plain C++ types,
// errors as values, JSON equal to the CLI's, safe from several threads at
// once; and the C API on top of it.
#include <doctest/doctest.h>

#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "hivelineage/hivelineage.h"
#include "hivelineage/hivelineage.hpp"

namespace {

// Script i of a family of small ETL scripts: each reads and writes other tables.
std::string Script(int i) {
  const std::string n = std::to_string(i);
  return "set hivevar:dt=2024-01-" + std::to_string(1 + i % 28) +
         ";\n"
         "create temporary table tmp_" +
         n +
         " as select id, amt from ods.orders where dt = '${dt}';\n"
         "insert overwrite table dw.fact_" +
         n +
         " partition (dt = '${dt}')\n"
         "select o.id, upper(u.name) as name, sum(o.amt) over (partition by u.id) as total\n"
         "from tmp_" +
         n + " o join ods.users u on o.id = u.id;\n" + (i % 7 == 0 ? "select broken from where;\n" : "");
}

hivelineage::Options CatalogOptions() {
  hivelineage::Options options;
  options.catalog_ddl.push_back(
      "create table ods.orders (id bigint, amt double) partitioned by (dt string);\n"
      "create table ods.users (id bigint, name string);\n");
  return options;
}

}  // namespace

TEST_CASE("api: statements, lineage and messages as plain types") {
  const hivelineage::Analyzer analyzer(CatalogOptions());
  CHECK(analyzer.errors().empty());
  const hivelineage::Script s = analyzer.Analyze(Script(7), "etl/s7.sql");
  CHECK(s.file == "etl/s7.sql");
  REQUIRE(s.statements.size() == 4);
  CHECK(s.statements[0].kind == "command");
  CHECK(s.statements[1].kind == "ctas");
  const hivelineage::Statement& insert = s.statements[2];
  CHECK(insert.kind == "insert");
  CHECK(insert.inputs == std::vector<std::string>{"default.tmp_7", "ods.users"});
  CHECK(insert.outputs == std::vector<std::string>{"dw.fact_7"});
  REQUIRE(insert.columns.size() == 3);  // id, name, total (a static partition value is no column lineage)
  CHECK(insert.columns[1].target == "dw.fact_7.name");
  CHECK(insert.columns[1].sources == std::vector<std::string>{"ods.users.name"});
  CHECK(insert.columns[0].transform == "identity");
  CHECK(insert.columns[1].transform == "transformation");
  CHECK(insert.columns[2].transform == "window");
  std::vector<std::string> clauses;
  for (const hivelineage::PredicateLineage& p : insert.predicates) clauses.push_back(p.clause);
  CHECK(clauses == std::vector<std::string>{"join_on"});
  CHECK(insert.start.line == 3);
  // The broken statement carries a located, rendered error; the others are fine.
  const hivelineage::Statement& broken = s.statements[3];
  CHECK(broken.has_error());
  REQUIRE(!broken.messages.empty());
  CHECK(broken.messages[0].rendered.find("etl/s7.sql:6:") == 0);
  CHECK(broken.messages[0].rendered.find("^") != std::string::npos);
  CHECK(!insert.has_error());
  CHECK(s.has_error());
}

TEST_CASE("api: errors are values, never exceptions") {
  hivelineage::Options bad;
  bad.catalog_json.push_back("{not json");
  const hivelineage::Analyzer analyzer(bad);
  REQUIRE(analyzer.errors().size() == 1);
  CHECK(analyzer.errors()[0].text.find("catalog_json[0]") != std::string::npos);
  // Still usable; hostile bytes give statements with messages.
  static constexpr char kJunk[] = "select \0 from \xFF\xFE t where (((;";
  const std::string junk(kJunk, sizeof(kJunk) - 1);  // with the NUL byte inside
  const hivelineage::Script s = analyzer.Analyze(junk);
  CHECK(!s.statements.empty());
  CHECK(s.has_error());
  CHECK(!hivelineage::ToJson(s).empty());
}

TEST_CASE("api: one Analyzer from several threads at once gives what one thread gives") {
  const hivelineage::Analyzer analyzer(CatalogOptions());
  constexpr int kScripts = 64;
  std::vector<std::string> expected(kScripts);
  for (int i = 0; i < kScripts; ++i) expected[i] = hivelineage::ToJson(analyzer.Analyze(Script(i)));
  std::vector<std::string> got(kScripts);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int round = 0; round < 3; ++round)
        for (int i = t; i < kScripts; i += 4) got[i] = hivelineage::ToJson(analyzer.Analyze(Script(i)));
    });
  }
  for (std::thread& th : threads) th.join();
  for (int i = 0; i < kScripts; ++i) {
    CAPTURE(i);
    CHECK(got[i] == expected[i]);
  }
  // DDL inside a script stays in that script: tmp_0 is unknown to the next one.
  const hivelineage::Script later = analyzer.Analyze("select * from tmp_0;");
  REQUIRE(later.statements.size() == 1);
  CHECK(later.statements[0].inputs == std::vector<std::string>{"default.tmp_0"});
}

TEST_CASE("api: the C functions, including from several threads") {
  char* error = nullptr;
  CHECK(hivelineage_new("{\"no_such_key\": 1}", &error) == nullptr);
  REQUIRE(error != nullptr);
  CHECK(std::string(error).find("no_such_key") != std::string::npos);
  hivelineage_string_free(error);

  error = nullptr;
  hivelineage_analyzer* a =
      hivelineage_new("{\"default_db\": \"ods\", \"variables\": {\"dt\": \"2024-01-01\"}}", &error);
  REQUIRE(a != nullptr);
  CHECK(error == nullptr);
  std::vector<std::string> out(8);
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      const std::string sql = "insert into dw.t" + std::to_string(t) + " select a from src where dt = '${dt}';";
      char* json = hivelineage_analyze(a, sql.data(), sql.size(), "c.sql", t % 2 == 0 ? "json" : "jsonl");
      if (json != nullptr) out[t] = json;
      hivelineage_string_free(json);
    });
  }
  for (std::thread& th : threads) th.join();
  for (int t = 0; t < 8; ++t) {
    CAPTURE(t);
    CHECK(out[t].find("\"ods.src\"") != std::string::npos);
    CHECK(out[t].find("\"dw.t" + std::to_string(t) + "\"") != std::string::npos);
  }
  CHECK(hivelineage_analyze(a, "x", 1, "c.sql", "no-such-format") == nullptr);
  hivelineage_free(a);

  const char* sql = "select a from t";
  char* json = hivelineage_analyze_json(sql, std::strlen(sql), nullptr);
  REQUIRE(json != nullptr);
  CHECK(std::string(json).find("\"default.t\"") != std::string::npos);
  hivelineage_string_free(json);
  CHECK(std::string(hivelineage_version()) == hivelineage::Version());
}

TEST_CASE("api: semantics, precise by default, hive on request (C++ and C)") {
  const std::string sql = "create table o (id int, uid int); select rank() over (order by uid) as r from o;";
  hivelineage::Options options;
  auto r = hivelineage::Analyzer(options).Analyze(sql);
  REQUIRE(r.statements.size() == 2);
  REQUIRE(r.statements[1].columns.size() == 1);
  CHECK(r.statements[1].columns[0].sources == std::vector<std::string>{"default.o.uid"});
  options.semantics = hivelineage::Semantics::Hive;
  r = hivelineage::Analyzer(options).Analyze(sql);
  CHECK(r.statements[1].columns[0].sources == std::vector<std::string>{"default.o.id", "default.o.uid"});

  char* json = hivelineage_analyze_json(sql.data(), sql.size(), "{\"semantics\": \"hive\"}");
  REQUIRE(json != nullptr);
  CHECK(std::string(json).find(R"("sources": ["default.o.id", "default.o.uid"])") != std::string::npos);
  hivelineage_string_free(json);
  char* error = nullptr;
  CHECK(hivelineage_new("{\"semantics\": \"exact\"}", &error) == nullptr);
  REQUIRE(error != nullptr);
  CHECK(std::string(error).find("semantics") != std::string::npos);
  hivelineage_string_free(error);
}

TEST_CASE("api: the default database names the catalogs' unqualified tables and the script's") {
  hivelineage::Options options;
  options.default_database = "ods";
  options.catalog_json.push_back(R"({"tables": [{"name": "orders", "columns": [{"name": "id"}, {"name": "amt"}]}]})");
  options.catalog_ddl.push_back("create table users (id bigint, name string);\n");
  const hivelineage::Analyzer analyzer(options);
  REQUIRE(analyzer.errors().empty());
  const hivelineage::Script s =
      analyzer.Analyze("insert overwrite table t select o.*, u.name from orders o join users u on o.id = u.id;");
  REQUIRE(s.statements.size() == 1);
  const hivelineage::Statement& st = s.statements[0];
  CHECK(st.inputs == std::vector<std::string>{"ods.orders", "ods.users"});
  CHECK(st.outputs == std::vector<std::string>{"ods.t"});
  // The star expands: the JSON catalog's `orders` is ods.orders.
  REQUIRE(st.columns.size() == 3);
  CHECK(st.columns[0].sources == std::vector<std::string>{"ods.orders.id"});
  CHECK(st.columns[1].sources == std::vector<std::string>{"ods.orders.amt"});
  CHECK(st.columns[2].sources == std::vector<std::string>{"ods.users.name"});
}

TEST_CASE("api: every catalog that cannot be loaded is an error; the others are loaded") {
  hivelineage::Options options;
  options.catalog_json = {"{not json", R"({"tables": [{"name": "ods.t", "columns": [{"name": "a"}]}]})", "[]"};
  const hivelineage::Analyzer analyzer(options);
  REQUIRE(analyzer.errors().size() == 2);
  CHECK(analyzer.errors()[0].text.starts_with("catalog_json[0]: invalid catalog: "));
  CHECK(analyzer.errors()[1].text.starts_with("catalog_json[2]: invalid catalog: "));
  const hivelineage::Script s = analyzer.Analyze("select * from ods.t;");
  REQUIRE(s.statements.size() == 1);
  REQUIRE(s.statements[0].columns.size() == 1);
  CHECK(s.statements[0].columns[0].sources == std::vector<std::string>{"ods.t.a"});
}

TEST_CASE("api: the C API's default_db applies to its catalog") {
  char* error = nullptr;
  hivelineage_analyzer* a = hivelineage_new(
      R"({"default_db": "ods", "catalog": {"tables": [{"name": "orders", "columns": [{"name": "id"}]}]}})", &error);
  REQUIRE(a != nullptr);
  CHECK(error == nullptr);
  const std::string sql = "insert overwrite table dw.t select * from orders;";
  char* json = hivelineage_analyze(a, sql.data(), sql.size(), "c.sql", "json");
  REQUIRE(json != nullptr);
  const std::string out = json;
  hivelineage_string_free(json);
  hivelineage_free(a);
  CHECK(out.find("\"ods.orders.id\"") != std::string::npos);
  CHECK(out.find("\"dw.t.id\"") != std::string::npos);
}
