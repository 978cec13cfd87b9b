// Spark's Delta / Iceberg DML and time travel (docs/dialects.md): MERGE with
// `UPDATE SET *`, `INSERT *` and `WHEN NOT MATCHED BY SOURCE`, UPDATE and
// DELETE with an alias, `t VERSION AS OF 3` / `TIMESTAMP AS OF`, and
// `INSERT ... BY NAME` / `REPLACE WHERE`: each parses into typed nodes under
// --dialect spark, prints back to text that parses to the same tree, is
// rejected under Hive where Hive has no such form, and gives the lineage
// Spark's plan does.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "ast/dump.h"
#include "ast/print_sql.h"
#include "base/dialect.h"
#include "lineage/lineage.h"
#include "parser/parser.h"
#include "rewrite/pipeline.h"
#include "dialect_print_check.h"
#include "statement_lineage_lookup.h"

using namespace hivelineage;

namespace {

std::string P(std::string_view sql, Dialect d = Dialect::Spark) {
  return testing::CheckedPrint(sql, d, {.error_message = false, .other = true, .same_tree = true});
}

bool Rejected(std::string_view sql, Dialect d) { return P(sql, d) == "ERROR"; }

// Lineage of the statements, one session (so a CREATE TABLE before declares
// the table); the last statement's lineage.
lineage::StatementLineage Lineage(const std::vector<std::string>& sqls, Dialect d = Dialect::Spark) {
  lineage::Session session;
  session.spark_names = d == Dialect::Spark;
  lineage::StatementLineage last;
  for (const std::string& sql : sqls) {
    Arena arena;
    Diagnostics diags;
    ast::Statement* stmt = parser::ParseStatement(sql, arena, testing::DialectOptions(d), diags);
    REQUIRE_MESSAGE(stmt != nullptr, sql);
    last = lineage::ComputeLineage(rewrite::RunPipeline(*stmt, arena), session);
  }
  return last;
}

using Names = std::vector<std::string>;

}  // namespace

TEST_CASE("spark dml: MERGE with UPDATE SET *, INSERT *, BY TARGET and BY SOURCE") {
  CHECK_EQ(P("MERGE INTO dw.t AS t USING ods.s AS s ON t.id = s.id WHEN MATCHED AND s.op = 'u' THEN UPDATE SET * "
             "WHEN NOT MATCHED BY TARGET THEN INSERT * WHEN NOT MATCHED BY SOURCE AND t.old THEN DELETE"),
           "MERGE INTO dw.t AS t USING ods.s AS s ON (t.id = s.id) WHEN MATCHED AND (s.op = 'u') THEN UPDATE SET * "
           "WHEN NOT MATCHED THEN INSERT * WHEN NOT MATCHED BY SOURCE AND t.old THEN DELETE");
  CHECK_EQ(P("MERGE INTO t USING (SELECT * FROM s) src ON t.k = src.k WHEN NOT MATCHED BY SOURCE THEN UPDATE SET "
             "t.v = 0 WHEN NOT MATCHED THEN INSERT (k, v) VALUES (src.k, src.v)"),
           "MERGE INTO t USING (SELECT * FROM s) AS src ON (t.k = src.k) WHEN NOT MATCHED BY SOURCE THEN UPDATE SET "
           "v = 0 WHEN NOT MATCHED THEN INSERT (k, v) VALUES (src.k, src.v)");
  // The forms Hive lacks are errors under Hive, as are the ones Spark rejects.
  CHECK(Rejected("MERGE INTO t USING s ON t.k = s.k WHEN MATCHED THEN UPDATE SET *", Dialect::Hive));
  CHECK(Rejected("MERGE INTO t USING s ON t.k = s.k WHEN NOT MATCHED BY SOURCE THEN DELETE", Dialect::Hive));
  CHECK(Rejected("MERGE INTO t USING s ON t.k = s.k WHEN NOT MATCHED THEN INSERT *", Dialect::Hive));
  CHECK(Rejected("MERGE INTO t USING s ON t.k = s.k WHEN NOT MATCHED BY SOURCE THEN UPDATE SET *", Dialect::Spark));
  CHECK(Rejected("MERGE INTO t USING s ON t.k = s.k WHEN NOT MATCHED BY SOURCE THEN INSERT *", Dialect::Spark));
  CHECK(Rejected("MERGE INTO t USING s ON t.k = s.k WHEN MATCHED THEN INSERT *", Dialect::Spark));
  // Hive's own MERGE reads as before.
  CHECK_EQ(P("MERGE INTO t USING s ON t.k = s.k WHEN MATCHED THEN DELETE WHEN NOT MATCHED THEN INSERT VALUES (s.k)",
             Dialect::Hive),
           "MERGE INTO t USING s ON (t.k = s.k) WHEN MATCHED THEN DELETE WHEN NOT MATCHED THEN INSERT VALUES (s.k)");
}

TEST_CASE("spark dml: UPDATE and DELETE with an alias") {
  CHECK_EQ(P("UPDATE dw.t AS x SET x.v = x.v + 1 WHERE x.k = 2"),
           "UPDATE dw.t AS x SET v = (x.v + 1) WHERE (x.k = 2)");
  CHECK_EQ(P("UPDATE dw.t x SET v = 1"), "UPDATE dw.t AS x SET v = 1");
  CHECK_EQ(P("UPDATE dw.t SET v = 1 WHERE k > 3"), "UPDATE dw.t SET v = 1 WHERE (k > 3)");
  CHECK_EQ(P("DELETE FROM dw.t AS x WHERE x.k = 2"), "DELETE FROM dw.t AS x WHERE (x.k = 2)");
  CHECK_EQ(P("DELETE FROM dw.t x WHERE x.k = 2"), "DELETE FROM dw.t AS x WHERE (x.k = 2)");
  CHECK_EQ(P("DELETE FROM dw.t"), "DELETE FROM dw.t");
  CHECK(Rejected("UPDATE dw.t x SET v = 1", Dialect::Hive));
  CHECK(Rejected("DELETE FROM dw.t x WHERE x.k = 2", Dialect::Hive));
}

TEST_CASE("spark dml: time travel on a table reference") {
  CHECK_EQ(P("SELECT * FROM dw.t VERSION AS OF 3"), "SELECT * FROM dw.t FOR SYSTEM_VERSION AS OF 3");
  CHECK_EQ(P("SELECT a FROM dw.t FOR VERSION AS OF '3' x"), "SELECT a FROM dw.t FOR SYSTEM_VERSION AS OF '3' AS x");
  CHECK_EQ(P("SELECT a FROM dw.t TIMESTAMP AS OF '2024-01-01' AS x"),
           "SELECT a FROM dw.t FOR SYSTEM_TIME AS OF '2024-01-01' AS x");
  CHECK_EQ(P("SELECT a FROM dw.t FOR TIMESTAMP AS OF current_timestamp() - INTERVAL 1 DAY"),
           P("SELECT a FROM dw.t FOR SYSTEM_TIME AS OF current_timestamp() - INTERVAL 1 DAY"));
  CHECK_EQ(P("SELECT a FROM dw.t SYSTEM_VERSION AS OF 7"), "SELECT a FROM dw.t FOR SYSTEM_VERSION AS OF 7");
  CHECK_EQ(P("SELECT a FROM dw.t FOR SYSTEM_TIME AS OF '2024-01-01'"),
           "SELECT a FROM dw.t FOR SYSTEM_TIME AS OF '2024-01-01'");
  // Under Hive `version` is an alias, and `TIMESTAMP AS OF` an error.
  CHECK(Rejected("SELECT * FROM dw.t VERSION AS OF 3", Dialect::Hive));
  CHECK(Rejected("SELECT * FROM dw.t TIMESTAMP AS OF '2024-01-01'", Dialect::Hive));
  CHECK_EQ(P("SELECT version.a FROM dw.t version", Dialect::Spark), "SELECT version.a FROM dw.t AS version");
  // The versioned table is read, and the version kept on the node.
  const auto l = Lineage({"INSERT INTO dw.out SELECT a FROM dw.t VERSION AS OF 3 x WHERE x.b > 0"});
  CHECK_EQ(l.inputs, Names{"dw.t"});
  CHECK_EQ(testing::Sources(l, "dw.out.a"), Names{"dw.t.a"});
  Arena arena;
  Diagnostics diags;
  const ast::Statement* stmt = parser::ParseStatement("SELECT * FROM t VERSION AS OF 3", arena,
                                                      testing::DialectOptions(Dialect::Spark), diags);
  REQUIRE(stmt != nullptr);
  CHECK_NE(ast::Dump(stmt).find(" version"), std::string::npos);
}

TEST_CASE("spark dml: INSERT BY NAME, REPLACE WHERE, column lists, OVERWRITE without TABLE") {
  CHECK_EQ(P("INSERT INTO dw.t BY NAME SELECT b, a FROM s"), "INSERT INTO dw.t BY NAME SELECT b, a FROM s");
  CHECK_EQ(P("INSERT INTO TABLE dw.t REPLACE WHERE d >= '2024-01-01' SELECT * FROM s"),
           "INSERT INTO TABLE dw.t REPLACE WHERE (d >= '2024-01-01') SELECT * FROM s");
  CHECK_EQ(P("INSERT INTO dw.t BY NAME REPLACE WHERE d = 1 SELECT d, a FROM s"),
           "INSERT INTO dw.t BY NAME REPLACE WHERE (d = 1) SELECT d, a FROM s");
  CHECK_EQ(P("INSERT OVERWRITE dw.t SELECT a FROM s"), "INSERT OVERWRITE dw.t SELECT a FROM s");
  CHECK_EQ(P("INSERT OVERWRITE dw.t BY NAME SELECT a FROM s"), "INSERT OVERWRITE dw.t BY NAME SELECT a FROM s");
  CHECK_EQ(P("INSERT INTO dw.t (b, a) SELECT x, y FROM s"), "INSERT INTO dw.t (b, a) SELECT x, y FROM s");
  CHECK(Rejected("INSERT INTO dw.t BY NAME SELECT b, a FROM s", Dialect::Hive));
  CHECK(Rejected("INSERT INTO dw.t REPLACE WHERE d = 1 SELECT * FROM s", Dialect::Hive));
  CHECK(Rejected("INSERT OVERWRITE dw.t REPLACE WHERE d = 1 SELECT * FROM s", Dialect::Spark));

  const std::string create = "CREATE TABLE dw.t (a INT, b STRING, d DATE) USING delta";
  // BY NAME: each select column writes the target column of its name, whatever its position.
  const auto by_name = Lineage({create, "INSERT INTO dw.t BY NAME SELECT y AS b, x AS a FROM ods.s"});
  CHECK_EQ(testing::Sources(by_name, "dw.t.a"), Names{"ods.s.x"});
  CHECK_EQ(testing::Sources(by_name, "dw.t.b"), Names{"ods.s.y"});
  // By position (no BY NAME) the same query writes a from y.
  const auto by_position = Lineage({create, "INSERT INTO dw.t SELECT y AS b, x AS a, z FROM ods.s"});
  CHECK_EQ(testing::Sources(by_position, "dw.t.a"), Names{"ods.s.y"});
  // REPLACE WHERE: its condition is a predicate over the target's columns.
  const auto replace = Lineage({create, "INSERT INTO dw.t REPLACE WHERE d = '2024-01-01' SELECT * FROM dw.staging"});
  CHECK_EQ(replace.outputs, Names{"dw.t"});
  bool found = false;
  for (const auto& p : replace.predicates)
    if (p.sources == Names{"dw.t.d"}) found = true;
  CHECK(found);
  // A column list names the written columns.
  const auto listed = Lineage({create, "INSERT INTO dw.t (b, a) SELECT x, y FROM ods.s"});
  CHECK_EQ(testing::Sources(listed, "dw.t.b"), Names{"ods.s.x"});
  CHECK_EQ(testing::Sources(listed, "dw.t.a"), Names{"ods.s.y"});
}

TEST_CASE("spark dml: MERGE lineage, UPDATE SET * and INSERT * map same-named columns") {
  const std::string target = "CREATE TABLE dw.customers (id INT, name STRING, city STRING) USING delta";
  const std::string source = "CREATE TABLE ods.updates (id INT, city STRING, name STRING, op STRING) USING delta";
  const auto l = Lineage({target, source,
                          "MERGE INTO dw.customers c USING ods.updates u ON c.id = u.id "
                          "WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT * "
                          "WHEN NOT MATCHED BY SOURCE THEN DELETE"});
  CHECK_EQ(l.outputs, Names{"dw.customers"});
  CHECK_EQ(l.inputs, Names{"dw.customers", "ods.updates"});
  CHECK_EQ(testing::Sources(l, "dw.customers.id"), Names{"ods.updates.id"});
  CHECK_EQ(testing::Sources(l, "dw.customers.name"), Names{"ods.updates.name"});
  CHECK_EQ(testing::Sources(l, "dw.customers.city"), Names{"ods.updates.city"});
  CHECK(testing::Col(l, "dw.customers.op") == nullptr);
  // No Hive cardinality-check table under Spark.
  for (const std::string& o : l.outputs) CHECK(o.find("merge_tmp_table") == std::string::npos);

  // Target unknown: the source's columns name what is written.
  const auto open = Lineage({source,
                             "MERGE INTO dw.unknown t USING ods.updates u ON t.id = u.id "
                             "WHEN NOT MATCHED THEN INSERT *"});
  CHECK_EQ(testing::Sources(open, "dw.unknown.op"), Names{"ods.updates.op"});
  CHECK_EQ(testing::Sources(open, "dw.unknown.id"), Names{"ods.updates.id"});
  // Neither known: nothing is guessed, and the analysis says so.
  const auto unknown = Lineage({"MERGE INTO dw.a t USING ods.b s ON t.id = s.id WHEN MATCHED THEN UPDATE SET *"});
  CHECK(unknown.columns.empty());
  CHECK_FALSE(unknown.diagnostics.empty());

  // BY SOURCE: an UPDATE reads the target only.
  const auto by_source = Lineage({target, source,
                                  "MERGE INTO dw.customers c USING ods.updates u ON c.id = u.id "
                                  "WHEN NOT MATCHED BY SOURCE THEN UPDATE SET city = upper(c.city)"});
  CHECK_EQ(testing::Sources(by_source, "dw.customers.city"), Names{"dw.customers.city"});
}

TEST_CASE("spark dml: UPDATE and DELETE with an alias read and write the table") {
  const auto u = Lineage({"UPDATE dw.t AS x SET v = x.w + 1 WHERE x.k = 2"});
  CHECK_EQ(u.outputs, Names{"dw.t"});
  CHECK_EQ(testing::Sources(u, "dw.t.v"), Names{"dw.t.w"});
  CHECK(u.diagnostics.empty());
  const auto d = Lineage({"DELETE FROM dw.t x WHERE x.k = 2"});
  CHECK_EQ(d.outputs, Names{"dw.t"});
  REQUIRE_EQ(d.predicates.size(), 1u);
  CHECK_EQ(d.predicates[0].sources, Names{"dw.t.k"});
}

TEST_CASE("spark: a global temporary view lives in the database global_temp, whatever the current one") {
  // Spark keeps GLOBAL TEMPORARY views in its system database `global_temp`;
  // a name without a database is not the current database's.
  const lineage::StatementLineage global =
      testing::DialectLineage("CREATE GLOBAL TEMP VIEW view_3 AS SELECT 1 AS col1");
  CHECK_EQ(global.outputs, std::vector<std::string>{"global_temp.view_3"});
  const lineage::StatementLineage local = testing::DialectLineage("CREATE TEMP VIEW view_4 AS SELECT 1 AS col1");
  CHECK_EQ(local.outputs, std::vector<std::string>{"default.view_4"});
}
