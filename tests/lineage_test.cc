#include "lineage/lineage.h"

#include <doctest/doctest.h>
#include <pthread.h>

#include <algorithm>
#include <string>
#include <vector>

#include "base/arena.h"
#include "lineage/column_regex.h"
#include "lineage/resolver.h"
#include "parser/parser.h"
#include "rewrite/pipeline.h"
#include "statement_lineage_lookup.h"

using namespace hivelineage;
using namespace hivelineage::lineage;

namespace {

using Strings = std::vector<std::string>;

// Parses one statement, runs the rewrite pipeline and computes its lineage.
StatementLineage Analyze(const std::string& sql, Session& session, parser::ParseOptions options = {}) {
  Arena arena;
  Diagnostics diags;
  ast::Statement* stmt = parser::ParseStatement(sql, arena, options, diags);
  REQUIRE_MESSAGE(stmt != nullptr, (diags.empty() ? std::string("parse failed") : diags[0].message));
  return ComputeLineage(rewrite::RunPipeline(*stmt, arena), session);
}

StatementLineage Analyze(const std::string& sql) {
  Session session;
  return Analyze(sql, session);
}

using testing::Col;
using testing::Sources;

Strings Targets(const StatementLineage& l) {
  Strings out;
  for (const ColumnLineage& c : l.columns) out.push_back(c.target);
  return out;
}

// A diagnostic of `code` whose message names `name` (a column, a table).
bool HasCode(const StatementLineage& l, DiagnosticCode code, const std::string& name = "") {
  return std::any_of(l.diagnostics.begin(), l.diagnostics.end(), [&](const Diagnostic& d) {
    return d.code == code && d.message.find(name) != std::string::npos;
  });
}

void Table(Session& s, const std::string& name, Strings cols, Strings parts = {}) {
  CatalogTable t;
  t.name = name;
  // Field by field: brace-initialising CatalogColumn breaks -Werror builds
  // (-Wmissing-field-initializers) whenever a field is added.
  auto column = [](const std::string& name) {
    CatalogColumn col;
    col.name = name;
    col.type = "string";
    return col;
  };
  for (auto& c : cols) t.columns.push_back(column(c));
  for (auto& c : parts) t.partition_columns.push_back(column(c));
  s.catalog.Put(std::move(t));
}

}  // namespace

TEST_CASE("lineage golden 1: expression through a subquery, lenient unaliased nested subquery") {
  auto l = Analyze(
      "INSERT INTO TABLE db_test.table_result SELECT t1.id, t2.name FROM (SELECT id1 + id2 AS id FROM "
      "db_test.table1) t1 LEFT JOIN (SELECT id, name FROM (SELECT id, sourcename AS name FROM "
      "db_test.table2)) t2 ON t1.id = t2.id");
  CHECK(l.inputs == Strings{"db_test.table1", "db_test.table2"});
  CHECK(l.outputs == Strings{"db_test.table_result"});
  CHECK(Sources(l, "db_test.table_result.id") == Strings{"db_test.table1.id1", "db_test.table1.id2"});
  CHECK(Sources(l, "db_test.table_result.name") == Strings{"db_test.table2.sourcename"});
  const ColumnLineage* id = Col(l, "db_test.table_result.id");
  REQUIRE(id != nullptr);
  CHECK(id->type == ColumnLineage::Type::Expression);
  CHECK(id->expression.find("id1") != std::string::npos);
  CHECK(id->expression.find("id2") != std::string::npos);
  CHECK(Col(l, "db_test.table_result.name")->type == ColumnLineage::Type::Simple);
  CHECK(Col(l, "db_test.table_result.name")->expression == "sourcename");
  // The join condition is a predicate over both tables' columns.
  REQUIRE(l.predicates.size() == 1);
  CHECK(l.predicates[0].sources == Strings{"db_test.table1.id1", "db_test.table1.id2", "db_test.table2.id"});
  CHECK(l.predicates[0].targets.size() == 2);
}

TEST_CASE("lineage golden 2: WITH ... INSERT OVERWRITE ... PARTITION (sdt) through CTE chain") {
  Session s;
  Table(s, "dw.fact", {"user_id", "amount"}, {"sdt"});
  auto l = Analyze(
      "WITH base AS (SELECT uid, amt, dt FROM ods.orders WHERE dt >= '2024-01-01'), "
      "agg AS (SELECT uid, sum(amt) AS total, max(dt) AS sdt FROM base GROUP BY uid) "
      "INSERT OVERWRITE TABLE dw.fact PARTITION (SDT) SELECT a.uid, a.total, a.sdt FROM agg a",
      s);
  CHECK(l.inputs == Strings{"ods.orders"});
  CHECK(l.outputs == Strings{"dw.fact"});
  CHECK(Sources(l, "dw.fact.user_id") == Strings{"ods.orders.uid"});
  CHECK(Sources(l, "dw.fact.amount") == Strings{"ods.orders.amt"});
  CHECK(Sources(l, "dw.fact.sdt") == Strings{"ods.orders.dt"});
  CHECK(Col(l, "dw.fact.amount")->type == ColumnLineage::Type::Expression);
  // WHERE of the first CTE and GROUP BY of the second are predicates.
  Strings preds;
  for (const auto& p : l.predicates)
    for (const auto& src : p.sources) preds.push_back(src);
  CHECK(std::find(preds.begin(), preds.end(), "ods.orders.dt") != preds.end());
  CHECK(std::find(preds.begin(), preds.end(), "ods.orders.uid") != preds.end());
}

TEST_CASE("lineage: SELECT * expands with the catalog, partition columns included") {
  Session s;
  Table(s, "default.srcpart", {"key", "value"}, {"ds", "hr"});
  auto l = Analyze("SELECT * FROM srcpart", s);
  CHECK(Targets(l) == Strings{"key", "value", "ds", "hr"});
  CHECK(Sources(l, "hr") == Strings{"default.srcpart.hr"});
  auto q = Analyze("SELECT a.*, b.key AS k2 FROM srcpart a JOIN srcpart b ON a.key = b.key", s);
  CHECK(Targets(q) == Strings{"key", "value", "ds", "hr", "k2"});
}

TEST_CASE("lineage: INSERT maps by position; static partitions get no entry; dynamic ones trail") {
  Session s;
  Table(s, "default.src", {"key", "value"});
  Table(s, "default.dest", {"a", "b"}, {"ds", "hr"});
  auto l = Analyze("INSERT OVERWRITE TABLE dest PARTITION (ds='1', hr) SELECT value, key, upper(value) FROM src", s);
  CHECK(Targets(l) == Strings{"default.dest.a", "default.dest.b", "default.dest.hr"});
  CHECK(Sources(l, "default.dest.a") == Strings{"default.src.value"});
  CHECK(Sources(l, "default.dest.b") == Strings{"default.src.key"});
  CHECK(Sources(l, "default.dest.hr") == Strings{"default.src.value"});
  auto cols = Analyze("INSERT INTO dest PARTITION (ds='1', hr='2') (b, a) SELECT key, value FROM src", s);
  CHECK(Sources(cols, "default.dest.b") == Strings{"default.src.key"});
  CHECK(Sources(cols, "default.dest.a") == Strings{"default.src.value"});
}

TEST_CASE("lineage: without a catalog, names come from the select list and single tables") {
  auto l = Analyze("INSERT INTO t2 SELECT id, upper(name) AS nm FROM t1");
  CHECK(Targets(l) == Strings{"default.t2.id", "default.t2.nm"});
  CHECK(Sources(l, "default.t2.nm") == Strings{"default.t1.name"});
  CHECK(l.diagnostics.empty());
  // Two tables of unknown schema: an unqualified column cannot be placed for
  // sure; it is reported with both candidates, apart from the sources.
  auto amb = Analyze("SELECT x FROM a JOIN b ON a.k = b.k");
  CHECK(HasCode(amb, DiagnosticCode::PossibleColumn, "default.a, default.b"));
  CHECK(Sources(amb, "x").empty());
  REQUIRE(amb.columns.size() == 1);
  REQUIRE(amb.columns[0].possible.size() == 1);
  CHECK(amb.columns[0].possible[0].column == "x");
  CHECK(amb.columns[0].possible[0].candidates == Strings{"default.a.x", "default.b.x"});
  CHECK(amb.columns[0].inferred.empty());
}

TEST_CASE("lineage: unknown and ambiguous columns are diagnostics with positions") {
  Session s;
  Table(s, "default.a", {"k", "x"});
  Table(s, "default.b", {"k", "y"});
  auto l = Analyze("SELECT k, nope FROM a JOIN b ON a.k = b.k", s);
  CHECK(HasCode(l, DiagnosticCode::AmbiguousColumn, "'k'"));
  CHECK(HasCode(l, DiagnosticCode::UnresolvedColumn, "'nope'"));
  for (const Diagnostic& d : l.diagnostics) CHECK(d.span.end > d.span.begin);
  auto ok = Analyze("SELECT x, y, a.k FROM a JOIN b ON a.k = b.k", s);
  CHECK(ok.diagnostics.empty());
  CHECK(Sources(ok, "y") == Strings{"default.b.y"});
}

TEST_CASE("lineage: multi-insert writes several tables from one FROM") {
  Session s;
  Table(s, "default.src", {"key", "value"});
  auto l = Analyze(
      "FROM src INSERT OVERWRITE TABLE d1 SELECT key WHERE key < 100 "
      "INSERT OVERWRITE TABLE d2 SELECT value, count(*) AS c GROUP BY value",
      s);
  CHECK(l.inputs == Strings{"default.src"});
  CHECK(l.outputs == Strings{"default.d1", "default.d2"});
  CHECK(Sources(l, "default.d1.key") == Strings{"default.src.key"});
  CHECK(Sources(l, "default.d2.value") == Strings{"default.src.value"});
  CHECK(Sources(l, "default.d2.c").empty());
  // Each body's WHERE / GROUP BY feeds only that body's columns.
  int seen = 0;
  for (const PredicateLineage& p : l.predicates) {
    if (p.sources == Strings{"default.src.key"}) {
      ++seen;
      CHECK(p.targets == Strings{"default.d1.key"});
    }
    if (p.sources == Strings{"default.src.value"}) {
      ++seen;
      CHECK(p.targets.size() == 2);
    }
  }
  CHECK(seen == 2);
}

TEST_CASE("lineage: UNION columns union their branches") {
  auto l = Analyze(
      "INSERT INTO t SELECT * FROM (SELECT a, b FROM x UNION ALL SELECT c, d FROM y "
      "UNION ALL SELECT e, 1 FROM z) u");
  CHECK(l.inputs == Strings{"default.x", "default.y", "default.z"});
  CHECK(Sources(l, "default.t.a") == Strings{"default.x.a", "default.y.c", "default.z.e"});
  CHECK(Sources(l, "default.t.b") == Strings{"default.x.b", "default.y.d"});
}

TEST_CASE("lineage: LATERAL VIEW outputs depend on the UDTF arguments") {
  Session s;
  Table(s, "default.t", {"id", "tags", "m"});
  auto l = Analyze(
      "SELECT id, tag, k, v FROM t LATERAL VIEW explode(tags) x AS tag "
      "LATERAL VIEW OUTER explode(m) y AS k, v",
      s);
  CHECK(Sources(l, "tag") == Strings{"default.t.tags"});
  CHECK(Col(l, "tag")->type == ColumnLineage::Type::Script);
  CHECK(Sources(l, "v") == Strings{"default.t.m"});
  auto sel = Analyze("SELECT explode(tags) AS (tag) FROM t", s);
  CHECK(Sources(sel, "tag") == Strings{"default.t.tags"});
}

TEST_CASE("lineage: TRANSFORM outputs depend on every input") {
  Session s;
  Table(s, "default.src", {"key", "value"});
  auto l = Analyze("INSERT OVERWRITE TABLE d SELECT TRANSFORM(key, value) USING 'cat' AS (k, v) FROM src", s);
  CHECK(Sources(l, "default.d.k") == Strings{"default.src.key", "default.src.value"});
  CHECK(Sources(l, "default.d.v") == Strings{"default.src.key", "default.src.value"});
  CHECK(Col(l, "default.d.k")->type == ColumnLineage::Type::Script);
  CHECK(Col(l, "default.d.k")->expression == "TRANSFORM(key, value) USING 'cat'");
  CHECK(Col(l, "default.d.v")->expression == "TRANSFORM(key, value) USING 'cat'");
  // Arguments read through a derived table are traced; no AS gives key and value.
  auto m = Analyze(
      "INSERT OVERWRITE TABLE d SELECT TRANSFORM(k2, upper(value)) USING 'it\\'s.py' FROM "
      "(SELECT key * 2 AS k2, value FROM src) q",
      s);
  CHECK(Targets(m) == Strings{"default.d.key", "default.d.value"});
  CHECK(Col(m, "default.d.key")->expression == "TRANSFORM((key * 2), upper(value)) USING 'it\\'s.py'");
  auto r = Analyze("FROM src INSERT OVERWRITE TABLE d MAP key, value USING 'm.py' AS k, v", s);
  CHECK(Col(r, "default.d.k")->expression == "MAP(key, value) USING 'm.py'");
  CHECK(Col(m, "default.d.key")->type == ColumnLineage::Type::Script);
}

TEST_CASE("lineage: CASE conditions, aggregates, windows, struct access") {
  Session s;
  Table(s, "default.t", {"a", "b", "c", "s"});
  auto l = Analyze(
      "SELECT CASE WHEN a > 0 THEN b ELSE 'x' END AS c1, count(*) AS n, count(1) AS n1, "
      "sum(b) OVER (PARTITION BY c ORDER BY a) AS w, s.f.g AS sf, 42 AS k FROM t",
      s);
  CHECK(Sources(l, "c1") == Strings{"default.t.a", "default.t.b"});
  CHECK(Sources(l, "n").empty());
  CHECK(Sources(l, "n1").empty());
  // Precise: the window function's argument and its PARTITION BY / ORDER BY keys.
  CHECK(Sources(l, "w") == Strings{"default.t.a", "default.t.b", "default.t.c"});
  CHECK(Col(l, "w")->type == ColumnLineage::Type::Expression);
  CHECK(Sources(l, "sf") == Strings{"default.t.s"});
  CHECK(Sources(l, "k").empty());
  CHECK(Col(l, "k")->type == ColumnLineage::Type::Simple);
  CHECK(l.diagnostics.empty());
}

TEST_CASE("lineage: window sources under precise and Hive semantics") {
  Session s;
  Table(s, "ods.orders", {"order_id", "user_id", "amount", "pay_channel"});
  const std::string sql =
      "SELECT rank() OVER (ORDER BY amount DESC) AS r, lag(order_id) OVER w AS prev, "
      "sum(amount) OVER (w2 ROWS 1 PRECEDING) AS s, grouping__id AS gid FROM ods.orders "
      "WINDOW w AS (PARTITION BY user_id ORDER BY pay_channel), w2 AS (w)";
  auto precise = Analyze(sql, s);
  CHECK(Sources(precise, "r") == Strings{"ods.orders.amount"});
  // Named windows, followed through the one they build on.
  CHECK(Sources(precise, "prev") == Strings{"ods.orders.order_id", "ods.orders.pay_channel", "ods.orders.user_id"});
  CHECK(Sources(precise, "s") == Strings{"ods.orders.amount", "ods.orders.pay_channel", "ods.orders.user_id"});
  CHECK(Sources(precise, "gid").empty());  // a virtual column: no source
  // Over a table of unknown schema the keys still name their columns.
  auto open = Analyze("SELECT rank() OVER (PARTITION BY a.p ORDER BY a.o) AS r FROM unknown_t a", s);
  CHECK(Sources(open, "r") == Strings{"default.unknown_t.o", "default.unknown_t.p"});

  // Hive: the whole FROM row, as a SCRIPT dependency; grouping__id still has none.
  s.semantics = Semantics::Hive;
  auto hive = Analyze(sql, s);
  const Strings row{"ods.orders.amount", "ods.orders.order_id", "ods.orders.pay_channel", "ods.orders.user_id"};
  CHECK(Sources(hive, "r") == row);
  CHECK(Sources(hive, "prev") == row);
  CHECK(Col(hive, "r")->type == ColumnLineage::Type::Script);
  CHECK(Sources(hive, "gid").empty());
  CHECK(Sources(Analyze("SELECT rank() OVER (PARTITION BY a.p ORDER BY a.o) AS r FROM unknown_t a", s), "r").empty());
}

TEST_CASE("lineage: a window key may name an earlier select-list alias of a grouped query") {
  // Hive computes the windows after the select list's aggregates: `ORDER BY mf`
  // in the OVER clause reads max(f) (Hive's distinct_windowing_no_cbo test).
  Session s;
  Table(s, "default.over10k", {"si", "f", "mf2"});
  auto l = Analyze(
      "SELECT si, max(f) mf, rank() OVER (PARTITION BY si ORDER BY mf) r FROM over10k GROUP BY si HAVING max(f) > 0",
      s);
  CHECK(l.diagnostics.empty());
  CHECK(Sources(l, "r") == Strings{"default.over10k.f", "default.over10k.si"});
  CHECK(Sources(l, "mf") == Strings{"default.over10k.f"});
  // A column of the FROM clause wins over an alias of the same name, as elsewhere.
  auto column = Analyze("SELECT max(si) f, rank() OVER (ORDER BY f) r FROM over10k GROUP BY f", s);
  CHECK(Sources(column, "r") == Strings{"default.over10k.f"});
  // Without GROUP BY a select alias is no window key (Hive would not take it either).
  auto ungrouped = Analyze("SELECT f + 1 b, rank() OVER (ORDER BY b) r FROM over10k", s);
  CHECK(!ungrouped.diagnostics.empty());
  CHECK(Sources(ungrouped, "r").empty());
  // Only an earlier item: a later alias, or the window's own, is not one.
  auto later = Analyze("SELECT rank() OVER (ORDER BY mx) r, max(f) mx FROM over10k GROUP BY si", s);
  CHECK(!later.diagnostics.empty());
  CHECK(Sources(later, "r").empty());
}

TEST_CASE("lineage: Hive names an unaliased window column <fn>_window_<n>; precise keeps _c<i>") {
  Session s;
  Table(s, "default.t", {"a", "b"});
  const std::string sql = "SELECT a, sum(b) OVER (ORDER BY a) AS x, rank() OVER (ORDER BY b), b + 1 FROM t";
  auto precise = Analyze(sql, s);
  CHECK(Col(precise, "_c2") != nullptr);
  CHECK(Col(precise, "_c3") != nullptr);
  s.semantics = Semantics::Hive;
  auto hive = Analyze(sql, s);
  CHECK(Col(hive, "x") != nullptr);
  CHECK(Col(hive, "rank_window_1") != nullptr);
  CHECK(Col(hive, "_c3") != nullptr);
}

TEST_CASE("lineage: tables read only in subqueries are inputs; their columns are predicates") {
  Session s;
  Table(s, "default.a", {"k", "v"});
  Table(s, "default.b", {"k2", "flag"});
  auto l = Analyze(
      "INSERT INTO d SELECT v FROM a WHERE k IN (SELECT k2 FROM b WHERE flag = 1) "
      "AND EXISTS (SELECT 1 FROM c WHERE c.z = a.k)",
      s);
  CHECK(l.inputs == Strings{"default.a", "default.b", "default.c"});
  CHECK(Sources(l, "default.d.v") == Strings{"default.a.v"});
  Strings preds;
  for (const auto& p : l.predicates) preds.insert(preds.end(), p.sources.begin(), p.sources.end());
  for (const char* want : {"default.a.k", "default.b.k2", "default.b.flag", "default.c.z"})
    CHECK(std::find(preds.begin(), preds.end(), want) != preds.end());
  CHECK(l.diagnostics.empty());  // a.k inside EXISTS is a correlated reference
}

TEST_CASE("lineage: CTE shadowing and a CTE named like the table it reads") {
  Session s;
  Table(s, "default.src", {"key", "value"});
  auto l = Analyze("WITH src AS (SELECT key AS k FROM src) SELECT k FROM src", s);
  CHECK(Sources(l, "k") == Strings{"default.src.key"});
  auto inner = Analyze(
      "WITH q AS (SELECT key FROM src) SELECT * FROM (WITH q AS (SELECT value AS key FROM src) SELECT key FROM q) x",
      s);
  CHECK(Sources(inner, "key") == Strings{"default.src.value"});
  // Column lists rename; a statement-level WITH feeds a FROM-first multi-insert.
  auto multi = Analyze(
      "WITH c (a, b) AS (SELECT key, upper(value) FROM src) "
      "FROM c INSERT INTO x SELECT a INSERT INTO y SELECT b, c.a",
      s);
  CHECK(Sources(multi, "default.x.a") == Strings{"default.src.key"});
  CHECK(Sources(multi, "default.y.b") == Strings{"default.src.value"});
  CHECK(Sources(multi, "default.y.a") == Strings{"default.src.key"});
  CHECK(multi.inputs == Strings{"default.src"});
}

TEST_CASE("lineage: DDL in script order feeds the catalog") {
  Session s;
  Analyze("CREATE TABLE t1 (a INT, b STRING) PARTITIONED BY (ds STRING)", s);
  REQUIRE(s.catalog.Find("default.t1") != nullptr);
  Analyze("CREATE TABLE src (k INT, v STRING)", s);
  auto ins = Analyze("INSERT INTO t1 PARTITION (ds) SELECT v, v, k FROM src", s);
  CHECK(Targets(ins) == Strings{"default.t1.a", "default.t1.b", "default.t1.ds"});
  CHECK(Sources(ins, "default.t1.ds") == Strings{"default.src.k"});

  auto ctas = Analyze("CREATE TABLE t2 AS SELECT k AS x, upper(v) AS y FROM src", s);
  CHECK(ctas.outputs == Strings{"default.t2"});
  CHECK(Sources(ctas, "default.t2.y") == Strings{"default.src.v"});
  REQUIRE(s.catalog.Find("default.t2") != nullptr);
  CHECK(s.catalog.Find("default.t2")->columns.size() == 2);

  Analyze("ALTER TABLE t2 RENAME TO t3", s);
  CHECK(s.catalog.Find("default.t2") == nullptr);
  REQUIRE(s.catalog.Find("default.t3") != nullptr);
  Analyze("ALTER TABLE t3 ADD COLUMNS (z INT)", s);
  CHECK(s.catalog.Find("default.t3")->columns.size() == 3);
  Analyze("ALTER TABLE t3 CHANGE COLUMN x xx BIGINT AFTER y", s);
  CHECK(s.catalog.Find("default.t3")->columns[1].name == "xx");
  Analyze("ALTER TABLE t3 REPLACE COLUMNS (p INT)", s);
  CHECK(s.catalog.Find("default.t3")->columns.size() == 1);
  auto drop = Analyze("DROP TABLE t3", s);
  CHECK(drop.outputs == Strings{"default.t3"});
  CHECK(s.catalog.Find("default.t3") == nullptr);

  Analyze("CREATE TABLE t4 LIKE src", s);
  REQUIRE(s.catalog.Find("default.t4") != nullptr);
  CHECK(s.catalog.Find("default.t4")->columns.size() == 2);
}

TEST_CASE("lineage: views trace through to their base columns") {
  Session s;
  Table(s, "default.src", {"key", "value"});
  auto v = Analyze("CREATE VIEW v1 (k, u) AS SELECT key, upper(value) FROM src", s);
  CHECK(v.outputs == Strings{"default.v1"});
  CHECK(Sources(v, "default.v1.u") == Strings{"default.src.value"});
  auto l = Analyze("INSERT INTO d SELECT u, k FROM v1", s);
  CHECK(l.inputs == Strings{"default.v1"});
  CHECK(Sources(l, "default.d.u") == Strings{"default.src.value"});
  CHECK(Sources(l, "default.d.k") == Strings{"default.src.key"});
}

TEST_CASE("lineage: USE and qualified names") {
  Session s;
  s.current_database = "ods";
  auto l = Analyze("INSERT INTO dw.T SELECT * FROM Events", s);
  CHECK(l.inputs == Strings{"ods.events"});
  CHECK(l.outputs == Strings{"dw.t"});
  Analyze("USE Mart", s);
  CHECK(s.current_database == "mart");
}

TEST_CASE("lineage: directories, LOAD DATA, EXPLAIN, UPDATE, DELETE, MERGE") {
  Session s;
  Table(s, "default.src", {"key", "value"});
  Table(s, "default.tgt", {"id", "val", "note"});
  auto dir = Analyze("INSERT OVERWRITE LOCAL DIRECTORY '/tmp/out' SELECT key FROM src", s);
  CHECK(dir.outputs == Strings{"directory:/tmp/out"});
  CHECK(dir.inputs == Strings{"default.src"});
  auto load = Analyze("LOAD DATA LOCAL INPATH '/x/kv1.txt' OVERWRITE INTO TABLE src", s);
  CHECK(load.outputs == Strings{"default.src"});
  CHECK(load.inputs.empty());
  auto ex = Analyze("EXPLAIN INSERT INTO tgt SELECT key, value, 'x' FROM src", s);
  CHECK(ex.inputs.empty());
  CHECK(ex.outputs.empty());
  CHECK(ex.columns.empty());
  auto up = Analyze("UPDATE tgt SET val = concat(val, note) WHERE id > 3", s);
  CHECK(up.outputs == Strings{"default.tgt"});
  CHECK(Sources(up, "default.tgt.val") == Strings{"default.tgt.note", "default.tgt.val"});
  auto del = Analyze("DELETE FROM tgt WHERE id IN (SELECT key FROM src)", s);
  CHECK(del.outputs == Strings{"default.tgt"});
  CHECK(del.inputs == Strings{"default.src", "default.tgt"});
  auto merge = Analyze(
      "MERGE INTO tgt AS t USING src AS s ON t.id = s.key "
      "WHEN MATCHED THEN UPDATE SET val = s.value "
      "WHEN NOT MATCHED THEN INSERT VALUES (s.key, s.value, 'new')",
      s);
  CHECK(merge.outputs == Strings{"default.tgt"});
  CHECK(merge.inputs == Strings{"default.src", "default.tgt"});
  CHECK(Sources(merge, "default.tgt.val") == Strings{"default.src.value"});
  CHECK(Sources(merge, "default.tgt.id") == Strings{"default.src.key"});
  CHECK(Sources(merge, "default.tgt.note").empty());
}

TEST_CASE("lineage: deep nesting and long chains do not overflow the stack") {
  std::string chain = "SELECT a";
  for (int i = 0; i < 50000; ++i) chain += " + a";
  chain += " AS s FROM t";
  Session s;
  Table(s, "default.t", {"a"});
  Arena arena;
  Diagnostics diags;
  parser::ParseOptions opts;
  ast::Statement* stmt = parser::ParseStatement(chain, arena, opts, diags);
  if (stmt != nullptr) {
    auto l = ComputeLineage(rewrite::RunPipeline(*stmt, arena), s);
    CHECK(Sources(l, "s") == Strings{"default.t.a"});
  }
  std::string unions = "SELECT a FROM t";
  for (int i = 0; i < 5000; ++i) unions += " UNION ALL SELECT a FROM t";
  auto u = Analyze(unions, s);
  CHECK(Sources(u, "a") == Strings{"default.t.a"});
}

TEST_CASE("lineage: a chain of CTEs each read twice stays linear") {
  // Inlining shares each CTE's query between its two references; lineage
  // must analyse it once, or this chain would take 2^150 steps.
  std::string sql = "WITH c0 AS (SELECT a, b FROM t)";
  for (int i = 1; i < 150; ++i)
    sql += ", c" + std::to_string(i) + " AS (SELECT x.a, y.b FROM c" + std::to_string(i - 1) + " x JOIN c" +
           std::to_string(i - 1) + " y ON x.a = y.a)";
  sql += " INSERT INTO d SELECT a, b FROM c149";
  auto l = Analyze(sql);
  CHECK(Sources(l, "default.d.a") == Strings{"default.t.a"});
  CHECK(Sources(l, "default.d.b") == Strings{"default.t.b"});
  CHECK(l.inputs == Strings{"default.t"});
}

TEST_CASE("lineage: nested queries of a FROM-first body do not read the shared FROM") {
  Session s;
  Table(s, "default.src", {"key", "value"});
  auto l = Analyze("FROM src INSERT INTO d SELECT key, (SELECT max(k) FROM (SELECT 1 AS k) z) AS m", s);
  CHECK(Sources(l, "default.d.key") == Strings{"default.src.key"});
  CHECK(Sources(l, "default.d.m").empty());
}

namespace {

// `SELECT (SELECT (... (SELECT a FROM t) ...) FROM t) FROM t`, `levels` deep,
// built by hand: the parser would refuse it before the lineage limit.
ast::Statement* NestedScalarSubqueries(Arena& arena, int levels) {
  auto table = [&] {
    auto* t = arena.New<ast::TableName>();
    auto* id = arena.New<ast::Ident>();
    id->name = "t";
    t->name.parts = std::span<ast::Ident>(id, 1);
    return t;
  };
  auto query = [&](ast::Expr* item_expr) {
    auto* item = arena.New<ast::SelectItem>();
    item->expr = item_expr;
    auto* core = arena.New<ast::SelectCore>();
    core->items = std::span<ast::SelectItem>(item, 1);
    core->from = table();
    auto* q = arena.New<ast::Query>();
    q->body = core;
    return q;
  };
  auto* a = arena.New<ast::ColumnRef>();
  auto* id = arena.New<ast::Ident>();
  id->name = "a";
  a->parts = std::span<ast::Ident>(id, 1);
  ast::Query* q = query(a);
  for (int i = 1; i < levels; ++i) {
    auto* sub = arena.New<ast::SubqueryExpr>();
    sub->query = q;
    q = query(sub);
  }
  auto* body = arena.New<ast::InsertBody>();
  body->query = q;
  auto* stmt = arena.New<ast::QueryStatement>();
  stmt->bodies = std::span<ast::InsertBody>(body, 1);
  return stmt;
}

}  // namespace

TEST_CASE("lineage: 5,000 chained CTEs, each reading the previous one, keep their sources") {
  std::string sql = "WITH c0 AS (SELECT a FROM t)";
  for (int i = 1; i < 5000; ++i)
    sql += ", c" + std::to_string(i) + " AS (SELECT a FROM c" + std::to_string(i - 1) + ")";
  sql += " INSERT INTO x SELECT a FROM c4999";
  auto l = Analyze(sql);
  CHECK(l.diagnostics.empty());
  CHECK(l.inputs == Strings{"default.t"});
  CHECK(Sources(l, "default.x.a") == Strings{"default.t.a"});
}

TEST_CASE("lineage: a CTE chain through IN subqueries is analysed bottom-up; printed predicates stay bounded") {
  std::string sql = "WITH c0 AS (SELECT a FROM t)";
  for (int i = 1; i < 2000; ++i)
    sql +=
        ", c" + std::to_string(i) + " AS (SELECT a FROM u WHERE a IN (SELECT a FROM c" + std::to_string(i - 1) + "))";
  sql += " INSERT INTO x SELECT a FROM c1999";
  auto l = Analyze(sql);
  CHECK(l.diagnostics.empty());
  CHECK(l.inputs == Strings{"default.t", "default.u"});
  CHECK(Sources(l, "default.x.a") == Strings{"default.u.a"});
  REQUIRE(l.predicates.size() == 1999);
  size_t text = 0, elided = 0;
  for (const PredicateLineage& p : l.predicates) {
    text += p.expression.size();
    elided += p.expression == "a IN (SELECT ...)";
  }
  // Printing every subquery in full would be about 2000^2 / 2 queries of text.
  CHECK(text < 30'000'000);
  CHECK(elided > 1000);
  // Short chains still print in full.
  auto shallow = Analyze("WITH c0 AS (SELECT a FROM t) INSERT INTO x SELECT a FROM u WHERE a IN (SELECT a FROM c0)");
  REQUIRE(shallow.predicates.size() == 1);
  CHECK(shallow.predicates[0].expression.find("FROM t") != std::string::npos);
}

TEST_CASE("lineage: FROM subqueries nested as deep as the parser allows") {
  // Derived tables are analysed bottom-up past a small depth: no lineage limit applies.
  const int levels = 440;
  std::string sql = "INSERT INTO x SELECT a FROM ";
  for (int i = 0; i < levels; ++i) sql += "(SELECT a FROM ";
  sql += "t";
  for (int i = 0; i < levels; ++i) sql += ") q" + std::to_string(i);
  auto l = Analyze(sql);
  CHECK(l.diagnostics.empty());
  CHECK(Sources(l, "default.x.a") == Strings{"default.t.a"});
}

TEST_CASE("lineage: 10,000 UNION ALL branches and a 100,000-term AND chain") {
  std::string unions = "INSERT INTO x SELECT a FROM t0";
  for (int i = 1; i < 10000; ++i) unions += " UNION ALL SELECT a FROM t" + std::to_string(i);
  auto u = Analyze(unions);
  CHECK(u.diagnostics.empty());
  CHECK(u.inputs.size() == 10000);
  CHECK(Sources(u, "default.x.a").size() == 10000);

  std::string ands = "INSERT INTO x SELECT a FROM t WHERE b0 = 0";
  for (int i = 1; i < 100000; ++i) ands += " AND b" + std::to_string(i) + " = " + std::to_string(i);
  Session s;
  Table(s, "default.t", {"a"});
  Arena arena;
  Diagnostics diags;
  ast::Statement* stmt = parser::ParseStatement(ands, arena, parser::ParseOptions{}, diags);
  REQUIRE(stmt != nullptr);
  const rewrite::RewriteResult rewritten = rewrite::RunPipeline(*stmt, arena);
  // Unknown columns b0 ... of a known table: 100,000 diagnostics, and the predicate still printed.
  auto l = ComputeLineage(rewritten, s);
  CHECK(Sources(l, "default.x.a") == Strings{"default.t.a"});
  REQUIRE(l.predicates.size() == 0);  // no b column resolves: the predicate has no sources
  CHECK(l.diagnostics.size() == 100000);

  Session open;  // unknown schema: every b resolves to the table
  auto o = ComputeLineage(rewritten, open);
  REQUIRE(o.predicates.size() == 1);
  CHECK(o.predicates[0].sources.size() == 100000);
  CHECK(o.predicates[0].expression.rfind("((b0 = 0) AND (b1 = 1) AND (b2 = 2) AND ", 0) == 0);
}

// Sanitizers grow stack frames several times over: one level of nested
// subqueries costs the resolver ~2 KB of stack in a release build (so the
// 1,000-level limit fits an 8 MB stack four times over) and ~9.4 KB under
// ASan. Under ASan the deep case runs on a thread with a stack to match.
// (GCC says ASan with __SANITIZE_ADDRESS__, clang before 17 only through
// __has_feature.)
#if defined(__SANITIZE_ADDRESS__)
#define HIVELINEAGE_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HIVELINEAGE_TEST_ASAN 1
#endif
#endif
template <typename F>
void OnStackForNesting(F&& body) {
#if defined(HIVELINEAGE_TEST_ASAN)
  pthread_attr_t attr;
  REQUIRE(pthread_attr_init(&attr) == 0);
  REQUIRE(pthread_attr_setstacksize(&attr, size_t{64} << 20) == 0);
  pthread_t thread;
  auto run = [](void* p) -> void* {
    (*static_cast<std::remove_reference_t<F>*>(p))();
    return nullptr;
  };
  REQUIRE(pthread_create(&thread, &attr, run, &body) == 0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
#else
  body();
#endif
}

TEST_CASE("lineage: queries nested past the lineage limit give a warning, not a crash") {
  OnStackForNesting([] {
    Arena arena;
    Session s;
    ast::Statement* ok = NestedScalarSubqueries(arena, kMaxQueryNesting - 5);
    rewrite::RewriteResult rewritten;  // hand-built: nothing for the passes to do
    rewritten.statement = ok;
    auto l = ComputeLineage(rewritten, s);
    CHECK(!HasCode(l, DiagnosticCode::QueryTooDeep));
    CHECK(Sources(l, "_c0") == Strings{"default.t.a"});
    ast::Statement* deep = NestedScalarSubqueries(arena, kMaxQueryNesting + 50);
    rewritten.statement = deep;
    auto d = ComputeLineage(rewritten, s);
    CHECK(HasCode(d, DiagnosticCode::QueryTooDeep));
  });
}

TEST_CASE("column regex: Java syntax rewritten for ECMAScript, whole-name, case-insensitive matches") {
  std::string error;
  CHECK(JavaRegexToEcmaScript("(ds|hr)?+.+", error) == "(?=((ds|hr)?))\\1.+");
  CHECK(JavaRegexToEcmaScript("a*+b", error) == "(?=(a*))\\1b");
  CHECK(JavaRegexToEcmaScript("(x)(?>y+)z", error) == "(x)(?=((?:y+)))\\2z");
  CHECK(JavaRegexToEcmaScript("\\Qa.b\\E|c", error) == "(?:a\\.b)|c");
  CHECK(JavaRegexToEcmaScript("(?<n>ab)\\z", error) == "(ab)$");
  auto matches = [](std::string_view re, std::string_view name) {
    std::string err;
    auto r = ColumnRegex::Compile(re, err);
    REQUIRE_MESSAGE(r != nullptr, err);
    return r->Matches(name);
  };
  // Possessive: `(dt)?+` keeps "dt", leaving nothing for `.+`: Hive's "every column but dt".
  CHECK(!matches("(dt)?+.+", "dt"));
  CHECK(matches("(dt)?+.+", "dtx"));
  CHECK(matches("(dt)?+.+", "order_id"));
  CHECK(!matches("(ds|hr)?+.+", "hr"));
  CHECK(matches("(ds|hr)?+.+", "key"));
  // Greedy would backtrack: the same pattern without `+` matches dt.
  CHECK(matches("(dt)?.+", "dt"));
  CHECK(matches("k.y", "key"));
  CHECK(!matches("k", "key"));  // whole name, not a search
  CHECK(matches("[a-k]e[^x]", "KEY"));
  CHECK(matches("^(key|value)$", "value"));
  CHECK(matches(".*_id", "order_id"));
  CHECK(!matches(".*_id", "order_ids"));
  CHECK(matches("\\w+\\d", "c1"));
  CHECK(matches("a{2,3}+", "aaa"));
  // Invalid or unsupported patterns are errors, never exceptions.
  for (std::string_view bad : {"(ab", "ab)", "*a", "[ab", "a{2", "\\", "(?i:x)", "a[[:alpha:]]", "x**"}) {
    std::string err;
    CHECK_MESSAGE(ColumnRegex::Compile(bad, err) == nullptr, bad);
    CHECK(!err.empty());
  }
  std::string err;
  CHECK(ColumnRegex::Compile(std::string(5000, 'a'), err) == nullptr);
}

TEST_CASE("lineage: regex column specs select matching columns; a bad regex is a diagnostic") {
  Session s;
  parser::ParseOptions regex;
  regex.regex_column_specs = true;
  Table(s, "default.srcpart", {"key", "value"}, {"ds", "hr"});
  auto l = Analyze("CREATE TABLE x AS SELECT `(ds|hr)?+.+` FROM srcpart", s, regex);
  CHECK(Targets(l) == Strings{"default.x.key", "default.x.value"});
  auto k = Analyze("CREATE TABLE y AS SELECT `k.*|h[a-z]` FROM srcpart", s, regex);
  CHECK(Targets(k) == Strings{"default.y.key", "default.y.hr"});
  auto bad = Analyze("CREATE TABLE z AS SELECT `(key` FROM srcpart", s, regex);
  CHECK(Targets(bad).empty());
  CHECK(HasCode(bad, DiagnosticCode::BadColumnRegex, "`(key`"));
}

TEST_CASE("lineage: DDL lists the columns it declares, so the graph knows columns nothing reads") {
  Session s;
  auto l = Analyze("create table d.t (a int, b string) partitioned by (dt string)", s);
  CHECK(l.declared_columns == Strings{"d.t.a", "d.t.b", "d.t.dt"});
  l = Analyze("alter table d.t add columns (c double)", s);
  CHECK(l.declared_columns == Strings{"d.t.a", "d.t.b", "d.t.c", "d.t.dt"});
  // IF NOT EXISTS over a table that exists declares nothing new; queries and renames declare nothing.
  CHECK(Analyze("create table if not exists d.t (x int)", s).declared_columns.empty());
  CHECK(Analyze("insert into d.t select 1, 'x', 2.0, '2024'", s).declared_columns.empty());
  CHECK(Analyze("alter table d.t rename to d.u", s).declared_columns.empty());
}

TEST_CASE("lineage: EXCHANGE PARTITION reads the WITH TABLE and writes the altered table") {
  Session s;
  auto l = Analyze("ALTER TABLE dw.orders EXCHANGE PARTITION (dt='2024-03-01') WITH TABLE stage.orders_new", s);
  CHECK(l.inputs == Strings{"stage.orders_new"});
  CHECK(l.outputs == Strings{"dw.orders"});
  CHECK(l.columns.empty());
  // Other ALTER TABLE actions read nothing.
  CHECK(Analyze("ALTER TABLE dw.orders ADD PARTITION (dt='2024-03-02')", s).inputs.empty());
}

TEST_CASE("lineage: Hive folds a column its WHERE holds to a constant of its type; precise keeps it") {
  Session s;
  CatalogTable src;
  src.name = "default.src";
  for (const auto& [name, type] : {std::pair{"key", "string"}, {"value", "string"}, {"n", "int"}}) {
    CatalogColumn col;
    col.name = name;
    col.type = type;
    src.columns.push_back(col);
  }
  s.catalog.Put(src);
  const std::string sql =
      "SELECT key, value, upper(key) AS uk, n FROM src WHERE key = '238' AND 5 = n AND value IS NOT NULL";
  auto precise = Analyze(sql, s);
  CHECK(Sources(precise, "key") == Strings{"default.src.key"});
  CHECK(Sources(precise, "n") == Strings{"default.src.n"});
  s.semantics = Semantics::Hive;
  auto hive = Analyze(sql, s);
  CHECK(Sources(hive, "key").empty());  // Hive's optimizer writes the constant '238'
  CHECK(Sources(hive, "uk").empty());
  CHECK(Sources(hive, "n").empty());
  CHECK(Sources(hive, "value") == Strings{"default.src.value"});  // IS NOT NULL holds no constant
  // The condition still reads the column.
  REQUIRE(hive.predicates.size() == 1);
  CHECK(hive.predicates[0].sources == Strings{"default.src.key", "default.src.n", "default.src.value"});
  // A string column compared with a number is compared as doubles: not folded. IS NULL folds; through a subquery too.
  auto mixed = Analyze("SELECT t.key FROM (SELECT key FROM src WHERE key = 86) t", s);
  CHECK(Sources(mixed, "key") == Strings{"default.src.key"});
  auto null = Analyze("SELECT t.key FROM (SELECT key FROM src WHERE key IS NULL) t", s);
  CHECK(Sources(null, "key").empty());
}

TEST_CASE("lineage: a select-list UDTF with one alias (explode(x) AS c) names its output") {
  auto l = Analyze("SELECT a.mycol FROM (SELECT explode(arr) AS mycol FROM t) a");
  CHECK(l.diagnostics.empty());
  CHECK(Sources(l, "mycol") == Strings{"default.t.arr"});
}
