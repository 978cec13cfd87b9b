// The Spark SQL dialect (docs/dialects.md): each construct parses into typed
// nodes under --dialect spark, prints back to text that parses to the same
// print, and is rejected (or read otherwise) under Hive; the dialect a script
// is read in; virtual columns never learned as table columns.
#include <doctest/doctest.h>

#include <string>

#include "ast/print_sql.h"
#include "base/dialect.h"
#include "base/source_file.h"
#include "driver/analyze_script.h"
#include "lineage/lineage.h"
#include "lineage/schema_facts.h"
#include "parser/parser.h"
#include "rewrite/pipeline.h"
#include "dialect_print_check.h"
#include "statement_lineage_lookup.h"

using namespace hivelineage;

namespace {

std::string P(std::string_view sql, Dialect d = Dialect::Spark) {
  return testing::CheckedPrint(sql, d, {.error_message = true, .other = true, .same_tree = false});
}

bool Rejected(std::string_view sql, Dialect d) { return P(sql, d).starts_with("ERROR"); }

}  // namespace

TEST_CASE("spark: the dialect by name and by a script's first line") {
  CHECK(DialectByName("Spark") == Dialect::Spark);
  CHECK(DialectByName("hive") == Dialect::Hive);
  CHECK_FALSE(DialectByName("presto").has_value());
  CHECK(DialectOfFirstLine("-- dialect: spark\nSELECT 1") == Dialect::Spark);
  CHECK(DialectOfFirstLine("  --dialect:HIVE\r\nSELECT 1") == Dialect::Hive);
  CHECK_FALSE(DialectOfFirstLine("SELECT 1\n-- dialect: spark").has_value());
  CHECK_FALSE(DialectOfFirstLine("-- the dialect: spark").has_value());
}

TEST_CASE("spark: a script's dialect: its first line, then --dialect-map, then --dialect") {
  driver::AnalyzeOptions options;
  options.dialect_map = {{"spark/*", Dialect::Spark}, {"*.hql", Dialect::Hive}};
  CHECK(driver::ScriptDialect(options, SourceFile("wh/spark/a.sql", "SELECT 1")) == Dialect::Spark);
  CHECK(driver::ScriptDialect(options, SourceFile("wh/spark/a.hql", "SELECT 1")) == Dialect::Spark);  // first wins
  CHECK(driver::ScriptDialect(options, SourceFile("wh/hive/a.sql", "SELECT 1")) == Dialect::Hive);
  CHECK(driver::ScriptDialect(options, SourceFile("wh/hive/a.sql", "-- dialect: spark\nSELECT 1")) ==
        Dialect::Spark);
  CHECK(driver::ScriptDialect(options, SourceFile("wh/spark/a.sql", "-- dialect: hive\nSELECT 1")) == Dialect::Hive);
  options.parse.dialect = Dialect::Spark;
  CHECK(driver::ScriptDialect(options, SourceFile("other/a.sql", "SELECT 1")) == Dialect::Spark);
}

TEST_CASE("spark: CREATE TABLE ... USING / OPTIONS / clauses in any order, AS optional") {
  const std::string sql = "CREATE TABLE t (a INT, b STRING) USING parquet OPTIONS ('k' = 'v', x.y 1) "
                          "PARTITIONED BY (b) COMMENT 'c' TBLPROPERTIES ('p' = '1')";
  CHECK(Rejected(sql, Dialect::Hive));
  const std::string printed = P(sql);
  INFO(printed);
  CHECK(printed.find("USING parquet OPTIONS ('k' = 'v', x.y 1)") != std::string::npos);
  CHECK(printed.find("PARTITIONED BY (b)") != std::string::npos);  // the partition column kept, named
  CHECK(printed.find("COMMENT 'c'") != std::string::npos);
  CHECK_EQ(P("CREATE TABLE t USING parquet AS SELECT 1 AS a"), "CREATE TABLE t USING parquet AS SELECT 1 AS a");
  CHECK_EQ(P("CREATE TABLE t USING parquet SELECT 1 AS a"), "CREATE TABLE t USING parquet AS SELECT 1 AS a");
  CHECK_EQ(P("CREATE TABLE t (a INT) PARTITIONED BY (p STRING) STORED AS ORC"),
           "CREATE TABLE t (a int) PARTITIONED BY (p string) STORED AS ORC");
}

TEST_CASE("spark: temporary views, CACHE TABLE ... AS") {
  CHECK_EQ(P("CREATE OR REPLACE TEMP VIEW v AS SELECT 1 AS a"),
           "CREATE OR REPLACE TEMPORARY VIEW v AS SELECT 1 AS a");
  CHECK_EQ(P("CREATE GLOBAL TEMPORARY VIEW v (a) AS SELECT 1"), "CREATE GLOBAL TEMPORARY VIEW v (a) AS SELECT 1");
  CHECK_EQ(P("CREATE TEMP VIEW v AS SELECT 1", Dialect::Hive), "OTHER");  // Hive: an object it does not model
  CHECK_EQ(P("CREATE TEMPORARY VIEW v USING parquet OPTIONS (path '/x')"),
           "CREATE TEMPORARY VIEW v USING parquet OPTIONS (PATH '/x')");
  CHECK_EQ(P("CACHE TABLE c AS SELECT * FROM t"), "CACHE TABLE c AS SELECT * FROM t");
  CHECK_EQ(P("CACHE LAZY TABLE c OPTIONS ('storageLevel' 'DISK_ONLY') SELECT a FROM t"),
           "CACHE LAZY TABLE c OPTIONS ('storageLevel' 'DISK_ONLY') AS SELECT a FROM t");
  CHECK_EQ(P("CACHE TABLE t"), "OTHER");
  CHECK_EQ(P("UNCACHE TABLE IF EXISTS t"), "UNCACHE TABLE IF EXISTS t");
  CHECK_EQ(P("DECLARE VARIABLE v INT DEFAULT 1"), "DECLARE VARIABLE v int DEFAULT 1");
}

TEST_CASE("spark: TABLE t and FROM VALUES as relations") {
  CHECK_EQ(P("TABLE db.t"), "SELECT * FROM db.t");
  CHECK(Rejected("TABLE db.t", Dialect::Hive));
  CHECK_EQ(P("SELECT * FROM (TABLE t) s"), "SELECT * FROM (SELECT * FROM t) AS s");
  const std::string v = P("SELECT a, b FROM VALUES (1, 'x'), (2, 'y') AS t(a, b)");
  CHECK_EQ(v, "SELECT a, b FROM (VALUES (1, 'x'), (2, 'y')) AS t(a, b)");
  CHECK_EQ(P("VALUES (1, 2) AS t(a, b)"), "SELECT * FROM (VALUES (1, 2)) AS t(a, b)");
  CHECK_EQ(P("SELECT * FROM range(3) AS r"), "SELECT * FROM `range`(3) AS r");
  CHECK(Rejected("SELECT a, b FROM VALUES (1, 'x') AS t(a, b)", Dialect::Hive));
}

TEST_CASE("spark: literals X'..', 1.5F, 10F, TIMESTAMP_NTZ '..'") {
  CHECK_EQ(P("SELECT X'1F', 1.5F, 10F, 2.0D, TIMESTAMP_NTZ '2024-01-01 00:00:00'"),
           "SELECT X '1F', 1.5F, 10F, 2.0D, TIMESTAMP_NTZ '2024-01-01 00:00:00'");
  // Under Hive `1.5F` is 1.5 named F.
  CHECK_EQ(P("SELECT 1.5F", Dialect::Hive), "SELECT 1.5 AS f");
}

TEST_CASE("spark: x::type casts, shifts, named arguments") {
  CHECK_EQ(P("SELECT a::BIGINT + 1, '1'::INT FROM t"), "SELECT (CAST(a AS bigint) + 1), CAST('1' AS int) FROM t");
  CHECK(Rejected("SELECT a::BIGINT FROM t", Dialect::Hive));
  CHECK_EQ(P("SELECT a >> 2, a << 1, a >>> 3 FROM t"),
           "SELECT shiftright(a, 2), shiftleft(a, 1), shiftrightunsigned(a, 3) FROM t");
  CHECK_EQ(P("SELECT 1 + a >> 1 FROM t"), "SELECT shiftright((1 + a), 1) FROM t");
  CHECK(Rejected("SELECT a > > 2 FROM t", Dialect::Spark));
  CHECK_EQ(P("SELECT mask(s, upperChar => 'X') FROM t"), "SELECT mask(s, 'X') FROM t");
}

TEST_CASE("spark: GROUP BY ALL, LIMIT ALL, OFFSET") {
  CHECK_EQ(P("SELECT a, count(*) FROM t GROUP BY ALL"), "SELECT a, count(*) FROM t GROUP BY ALL");
  CHECK(Rejected("SELECT a, count(*) FROM t GROUP BY ALL", Dialect::Hive));
  CHECK_EQ(P("SELECT a FROM t LIMIT ALL"), "SELECT a FROM t");
  CHECK_EQ(P("SELECT a FROM t ORDER BY a OFFSET 2"), "SELECT a FROM t ORDER BY a OFFSET 2");
  CHECK_EQ(P("SELECT a FROM t LIMIT 3 OFFSET 2"), "SELECT a FROM t LIMIT 3 OFFSET 2");
  CHECK_EQ(P("SELECT count(*) FILTER (WHERE a > 1), sum(b) FILTER (WHERE c) FROM t"),
           "SELECT count(if((a > 1), 1, NULL)), sum(if(c, b, NULL)) FROM t");
  CHECK_EQ(P("SELECT INTERVAL '1 day 2 hours', INTERVAL 1 YEAR 2 MONTHS"),
           "SELECT INTERVAL '1 day 2 hours', (INTERVAL 1 YEAR + INTERVAL 2 MONTH)");
  CHECK_EQ(P("WITH RECURSIVE r AS (SELECT 1 AS n) SELECT n FROM r"), "WITH RECURSIVE r AS (SELECT 1 AS n) SELECT n FROM r");
}

TEST_CASE("spark: pipe syntax |> as nested queries") {
  CHECK_EQ(P("FROM t |> WHERE a > 1 |> SELECT a, b"), "SELECT a, b FROM (SELECT * FROM t WHERE (a > 1))");
  CHECK_EQ(P("TABLE t |> EXTEND a + 1 AS c |> AS s |> SELECT s.c"),
           "SELECT s.c FROM (SELECT *, (a + 1) AS c FROM (SELECT * FROM t)) AS s");
  CHECK_EQ(P("FROM t |> AGGREGATE sum(x) AS total GROUP BY k"),
           "SELECT k, sum(x) AS total FROM (SELECT * FROM t) GROUP BY k");
  CHECK_EQ(P("SELECT a FROM t |> ORDER BY a |> LIMIT 2"),
           "SELECT * FROM (SELECT * FROM (SELECT a FROM t) ORDER BY a) LIMIT 2");
  CHECK(Rejected("FROM t |> WHERE a > 1", Dialect::Hive));
  CHECK(Rejected("FROM t | > WHERE a > 1", Dialect::Spark));
}

TEST_CASE("spark: LATERAL subqueries, COLLATE, IDENTIFIER('...'), Spark's types") {
  CHECK_EQ(P("SELECT * FROM t, LATERAL (SELECT t.a + 1 AS b) s"),
           "SELECT * FROM t, LATERAL (SELECT (t.a + 1) AS b) AS s");
  CHECK_EQ(P("SELECT * FROM t JOIN LATERAL (SELECT t.a AS b) s ON true"),
           "SELECT * FROM t JOIN LATERAL (SELECT t.a AS b) AS s ON TRUE");
  CHECK_EQ(P("SELECT name COLLATE UTF8_LCASE FROM t"), "SELECT collate(name, 'utf8_lcase') FROM t");
  CHECK_EQ(P("SELECT IDENTIFIER('c') FROM IDENTIFIER('db.t')"), "SELECT c FROM db.t");
  CHECK_EQ(P("CREATE TABLE t (s STRING COLLATE UTF8_LCASE, ts TIMESTAMP_NTZ, i INTERVAL DAY, st STRUCT<a INT>) "
             "USING parquet"),
           "CREATE TABLE t (s string collate utf8_lcase, ts timestamp_ntz, i interval day, st struct<a:int>) "
           "USING parquet");
  CHECK_EQ(P("SELECT CAST(x AS TIMESTAMP_NTZ) FROM t"), "SELECT CAST(x AS timestamp_ntz) FROM t");
}

namespace {

lineage::StatementLineage Lineage(const std::string& sql, Dialect d) { return testing::DialectLineage(sql, d); }

}  // namespace

TEST_CASE("spark: lineage through FROM VALUES names, TABLE t, and :: casts") {
  const auto l = Lineage("INSERT INTO dw.out SELECT n, v::INT FROM (SELECT a AS n, b AS v FROM ods.src) s", Dialect::Spark);
  CHECK_EQ(testing::Sources(l, "dw.out.v"), std::vector<std::string>{"ods.src.b"});
  const auto values = Lineage("INSERT INTO dw.out SELECT id FROM VALUES (1), (2) AS t(id)", Dialect::Spark);
  CHECK(testing::Sources(values, "dw.out.id").empty());
  const auto table = Lineage("INSERT INTO dw.out TABLE ods.src", Dialect::Spark);
  CHECK_EQ(table.inputs.size(), 1u);
}

TEST_CASE("virtual columns are never taken for columns of a table of unknown schema") {
  for (Dialect d : {Dialect::Hive, Dialect::Spark}) {
    const auto l = Lineage(
        "INSERT INTO dw.r SELECT region, grouping__id AS gid FROM ods.sales GROUP BY region WITH ROLLUP", d);
    CHECK(testing::Sources(l, "dw.r.gid").empty());
    CHECK_EQ(testing::Sources(l, "dw.r.region"), std::vector<std::string>{"ods.sales.region"});
    const auto q = Lineage("INSERT INTO dw.r SELECT s.grouping__id AS gid FROM ods.sales s", d);
    CHECK(testing::Sources(q, "dw.r.gid").empty());
  }
  // Spark's _metadata is read from the table, never a column of its schema.
  const auto m = Lineage("INSERT INTO dw.r SELECT _metadata.file_path AS f FROM ods.sales", Dialect::Spark);
  CHECK_EQ(testing::Sources(m, "dw.r.f"), std::vector<std::string>{"ods.sales._metadata"});
}

TEST_CASE("spark: a LATERAL subquery reads the sources before it") {
  const auto l = Lineage("INSERT INTO dw.r SELECT s.b FROM ods.t t, LATERAL (SELECT t.a + 1 AS b) s", Dialect::Spark);
  CHECK_EQ(testing::Sources(l, "dw.r.b"), std::vector<std::string>{"ods.t.a"});
}

TEST_CASE("spark: unaliased expressions get Spark's names") {
  lineage::Session session;
  session.spark_names = true;
  Arena arena;
  Diagnostics diags;
  ast::Statement* stmt = parser::ParseStatement(
      "SELECT count(b), sum(a) + 1, 1F, 'x', a, CAST(a AS INT), count(*), a <> b, -a FROM t", arena,
      testing::DialectOptions(Dialect::Spark), diags);
  REQUIRE(stmt != nullptr);
  const auto l = lineage::ComputeLineage(rewrite::RunPipeline(*stmt, arena), session);
  std::vector<std::string> names;
  for (const auto& c : l.columns) names.push_back(c.target);
  CHECK_EQ(names, std::vector<std::string>{"count(b)", "(sum(a) + 1)", "1.0", "x", "a", "cast(a as int)", "count(1)",
                                           "(not (a = b))", "(- a)"});
  Arena arena2;
  ast::Statement* more = parser::ParseStatement(
      "SELECT make_date(2021, 07, 11), typeof(X'ab'), if(a > 1, 1, 0), INTERVAL 2 YEAR FROM t", arena2,
      testing::DialectOptions(Dialect::Spark), diags);
  REQUIRE(more != nullptr);
  const auto m = lineage::ComputeLineage(rewrite::RunPipeline(*more, arena2), session);
  names.clear();
  for (const auto& c : m.columns) names.push_back(c.target);
  CHECK_EQ(names, std::vector<std::string>{"make_date(2021, 7, 11)", "typeof(x'ab')", "(if((a > 1), 1, 0))",
                                           "interval '2' year"});
  // Under Hive, the same items keep Hive's names.
  lineage::Session hive;
  const auto h = lineage::ComputeLineage(rewrite::RunPipeline(*more, arena2), hive);
  CHECK_EQ(h.columns.at(0).target, "_c0");
}
