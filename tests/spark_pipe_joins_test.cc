// Spark's pipe operators that make a relation (`|> NATURAL JOIN`, `|> SEMI
// JOIN`, `|> PIVOT`, `|> UNPIVOT`), `|> DROP` of a qualified name, the
// one-`|` spelling, result clauses after the last operator, a sampled table or
// subquery with REPEATABLE, and the relations Spark added beside its joins
// (`JOIN ... APPROX NEAREST n BY ...`, `BIN BY (...)`): each parses into typed
// nodes, prints back to text that parses to the same print, and names and
// traces its columns as Spark's plan does.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "dialect_print_check.h"
#include "base/dialect.h"
#include "lineage/lineage.h"
#include "parser/parser.h"
#include "rewrite/pipeline.h"
#include "statement_lineage_lookup.h"

using namespace hivelineage;

namespace {

std::string P(std::string_view sql) {
  return testing::CheckedPrint(sql, Dialect::Spark, {.error_message = false, .other = false, .same_tree = false});
}

bool Rejected(std::string_view sql) { return P(sql) == "ERROR"; }

// The statement's lineage under Spark's names.
lineage::StatementLineage L(const std::string& sql) {
  Arena arena;
  Diagnostics diags;
  parser::ParseOptions o;
  o.dialect = Dialect::Spark;
  ast::Statement* stmt = parser::ParseStatement(sql, arena, o, diags);
  REQUIRE_MESSAGE(stmt != nullptr, (diags.empty() ? std::string("parse failed") : diags[0].message));
  lineage::Session session;
  session.spark_names = true;
  return lineage::ComputeLineage(rewrite::RunPipeline(*stmt, arena), session);
}

std::vector<std::string> Names(const lineage::StatementLineage& l) {
  std::vector<std::string> names;
  for (const auto& c : l.columns) names.push_back(c.target);
  return names;
}

std::vector<std::string> Inputs(const lineage::StatementLineage& l) {
  std::vector<std::string> inputs(l.inputs.begin(), l.inputs.end());
  return inputs;
}

// Two queries whose columns are known: s (k, a, b) and d (k, x).
const std::string kTwo =
    "WITH s AS (SELECT k, a, b FROM ods.src), d AS (SELECT k, x FROM ods.dim) ";

}  // namespace

TEST_CASE("spark pipe joins: NATURAL, SEMI and ANTI joins after |>") {
  CHECK_EQ(P("TABLE t |> NATURAL JOIN u"), "SELECT * FROM t NATURAL JOIN u");
  CHECK_EQ(P("TABLE t |> NATURAL LEFT OUTER JOIN u |> WHERE k = 1"),
           "SELECT * FROM t NATURAL LEFT OUTER JOIN u WHERE (k = 1)");
  CHECK_EQ(P("TABLE t |> SEMI JOIN u USING (k)"), "SELECT * FROM t LEFT SEMI JOIN u USING (k)");
  CHECK_EQ(P("TABLE t |> ANTI JOIN u ON t.k = u.k"), "SELECT * FROM t LEFT ANTI JOIN u ON (t.k = u.k)");
  CHECK(Rejected("TABLE t |> NATURAL JOIN u ON t.k = u.k"));
  CHECK(Rejected("TABLE t |> NATURAL CROSS JOIN u"));
  // A NATURAL join's key once, then each side's other columns; the tables keep their names after it.
  const auto l = L(kTwo + "TABLE s |> NATURAL JOIN d |> SELECT s.*, d.x");
  CHECK_EQ(Names(l), std::vector<std::string>{"k", "a", "b", "x"});
  CHECK_EQ(testing::Sources(l, "x"), std::vector<std::string>{"ods.dim.x"});
  const auto semi = L(kTwo + "TABLE s |> LEFT SEMI JOIN d USING (k)");
  CHECK_EQ(Names(semi), std::vector<std::string>{"k", "a", "b"});
  CHECK_EQ(Inputs(semi), std::vector<std::string>{"ods.dim", "ods.src"});
}

TEST_CASE("spark pipe joins: SELECT right after a join names the joined tables") {
  CHECK_EQ(P("TABLE t |> JOIN u USING (k) |> SELECT t.a, u.b"), "SELECT t.a, u.b FROM t JOIN u USING (k)");
  // After WHERE (or any operator but JOIN and PIVOT) the query before is a subquery.
  CHECK_EQ(P("TABLE t |> WHERE a > 0 |> SELECT a"), "SELECT a FROM (SELECT * FROM t WHERE (a > 0))");
  // With a WINDOW clause, each OVER name is one it defines.
  CHECK_EQ(P("TABLE t |> SELECT sum(a) OVER w WINDOW w AS (PARTITION BY b)"),
           "SELECT sum(a) OVER w FROM t WINDOW w AS (PARTITION BY b)");
  CHECK(Rejected("TABLE t |> SELECT sum(a) OVER w, max(a) OVER v WINDOW w AS (PARTITION BY b)"));
  const auto l = L(kTwo + "TABLE s |> JOIN d USING (k) |> SELECT d.x, s.a");
  CHECK_EQ(Names(l), std::vector<std::string>{"x", "a"});
  CHECK_EQ(testing::Sources(l, "a"), std::vector<std::string>{"ods.src.a"});
}

TEST_CASE("spark pipe joins: PIVOT and UNPIVOT after |>") {
  CHECK_EQ(P("TABLE t |> PIVOT (sum(e) FOR c IN ('x', 'y'))"), "SELECT * FROM t PIVOT (sum(e) FOR c IN ('x', 'y'))");
  CHECK_EQ(P("SELECT a, c, e FROM t |> PIVOT (sum(e) AS s FOR c IN (1 AS one))"),
           "SELECT * FROM (SELECT a, c, e FROM t) PIVOT (sum(e) AS s FOR c IN (1 AS one))");
  CHECK_EQ(P("TABLE t |> UNPIVOT INCLUDE NULLS (v FOR n IN (a, b))"),
           "SELECT * FROM t UNPIVOT INCLUDE NULLS (v FOR n IN (a, b))");
  CHECK(Rejected("TABLE t |> PIVOT (sum(e) FOR c IN (1)) PIVOT (sum(e) FOR c IN (1))"));
  CHECK(Rejected("TABLE t |> PIVOT (sum(e) FOR c IN (1)) UNPIVOT (v FOR n IN (a))"));
  CHECK(Rejected("TABLE t |> UNPIVOT (v FOR n IN (a)) PIVOT (sum(e) FOR c IN (1))"));
  CHECK(Rejected("TABLE t |> PIVOT (sum(e) FOR c)"));
  const auto pivot = L(kTwo + "TABLE s |> PIVOT (sum(b) FOR a IN (1 AS one, 2 AS two))");
  CHECK_EQ(Names(pivot), std::vector<std::string>{"k", "one", "two"});
  CHECK_EQ(testing::Sources(pivot, "two"), std::vector<std::string>{"ods.src.a", "ods.src.b"});
  const auto unpivot = L(kTwo + "TABLE s |> UNPIVOT (v FOR n IN (a, b))");
  CHECK_EQ(Names(unpivot), std::vector<std::string>{"k", "n", "v"});
  CHECK_EQ(testing::Sources(unpivot, "v"), std::vector<std::string>{"ods.src.a", "ods.src.b"});
}

TEST_CASE("spark pipe joins: a `|` before a pipe operator's words is `|>`") {
  CHECK_EQ(P("TABLE t\n| SELECT a, b\n| WHERE a > 0"), "SELECT * FROM (SELECT a, b FROM t) WHERE (a > 0)");
  CHECK_EQ(P("FROM t | EXTEND a + 1 AS c"), "SELECT *, (a + 1) AS c FROM (SELECT * FROM t)");
  CHECK_EQ(P("SELECT 1 | extend y"), "SELECT *, y FROM (SELECT 1)");
  CHECK_EQ(P("TABLE t | LEFT OUTER JOIN u USING (k) | ORDER BY k"),
           "SELECT * FROM (SELECT * FROM t LEFT OUTER JOIN u USING (k)) ORDER BY k");
  // Before anything else it is a bitwise or (a call of left() too).
  CHECK_EQ(P("SELECT a | b, a | left(b, 1) FROM t"), "SELECT (a | b), (a | left(b, 1)) FROM t");
  CHECK(Rejected("TABLE t | GROUP BY a"));
  const auto l = L(kTwo + "TABLE s\n| SELECT a, b\n| EXTEND a + b AS c");
  CHECK_EQ(Names(l), std::vector<std::string>{"a", "b", "c"});
  CHECK_EQ(testing::Sources(l, "c"), std::vector<std::string>{"ods.src.a", "ods.src.b"});
}

TEST_CASE("spark pipe joins: result clauses after the last operator are the whole query's") {
  CHECK_EQ(P("TABLE t |> ORDER BY a DESC ORDER BY b"),
           "SELECT * FROM (SELECT * FROM (SELECT * FROM t) ORDER BY a DESC) ORDER BY b");
  CHECK_EQ(P("TABLE t |> SORT BY a DISTRIBUTE BY a"),
           "SELECT * FROM (SELECT * FROM (SELECT * FROM t) SORT BY a) DISTRIBUTE BY a");
  CHECK_EQ(P("TABLE t |> WHERE a > 0 LIMIT 3"), "SELECT * FROM (SELECT * FROM t WHERE (a > 0)) LIMIT 3");
  CHECK(Rejected("TABLE t |> WHERE a > 0 LIMIT 3 ORDER BY a"));
  const auto l = L(kTwo + "TABLE s |> SELECT a, b ORDER BY a");
  CHECK_EQ(Names(l), std::vector<std::string>{"a", "b"});
}

TEST_CASE("spark pipe joins: a sampled table or subquery with REPEATABLE, a scalar subquery of any query") {
  CHECK_EQ(P("TABLE t |> JOIN u TABLESAMPLE (50 PERCENT) REPEATABLE (3) v USING (k)"),
           "SELECT * FROM t JOIN u TABLESAMPLE(50 PERCENT) AS v USING (k)");
  // `*` over a sampled subquery is what `|> TABLESAMPLE` makes, and prints so.
  CHECK_EQ(P("SELECT * FROM (SELECT 1 AS k) TABLESAMPLE (1 ROWS) REPEATABLE (0) v"),
           "SELECT 1 AS k |> AS v |> TABLESAMPLE (1 ROWS)");
  CHECK_EQ(P("SELECT k FROM (SELECT 1 AS k) TABLESAMPLE (1 ROWS) v"),
           "SELECT k FROM (SELECT 1 AS k) TABLESAMPLE(1 ROWS) AS v");
  CHECK_EQ(P("SELECT (VALUES (0) v(c) |> SELECT c) AS r"), "SELECT (SELECT c FROM (VALUES (0)) AS v(c)) AS r");
  CHECK_EQ(P("SELECT (TABLE t) AS r"), "SELECT (SELECT * FROM t) AS r");
  const auto l = L(kTwo + "SELECT * FROM (TABLE s) TABLESAMPLE (10 PERCENT) REPEATABLE (1) z");
  CHECK_EQ(Names(l), std::vector<std::string>{"k", "a", "b"});
  CHECK_EQ(testing::Sources(l, "b"), std::vector<std::string>{"ods.src.b"});
}

TEST_CASE("spark pipe joins: |> DROP of a qualified column or of a struct's field") {
  CHECK_EQ(P("TABLE t |> AS u |> DROP u.x, y"), "SELECT * FROM t |> AS u |> DROP x, y");
  CHECK_EQ(P("TABLE t |> DROP t.x"), "SELECT * FROM t |> DROP x");
  CHECK_EQ(P("TABLE t |> DROP s.f, s.g.h"), "SELECT * FROM t |> DROP s.f, s.g.h");
  CHECK(Rejected("TABLE t |> DROP s."));
  CHECK(Rejected("TABLE t |> SET s.f = 1"));
  // A field leaves its column in, with its sources; a qualified column goes.
  const auto field = L("SELECT a, named_struct('f', b, 'g', c) AS s FROM ods.src |> DROP s.f");
  CHECK_EQ(Names(field), std::vector<std::string>{"a", "s"});
  CHECK_EQ(testing::Sources(field, "s"), std::vector<std::string>{"ods.src.b", "ods.src.c"});
  const auto column = L(kTwo + "TABLE s |> AS q |> DROP q.a");
  CHECK_EQ(Names(column), std::vector<std::string>{"k", "b"});
}

TEST_CASE("spark nearest-by join: APPROX | EXACT NEAREST [n] BY SIMILARITY | DISTANCE") {
  CHECK_EQ(P("SELECT * FROM a JOIN b APPROX NEAREST 3 BY DISTANCE abs(a.x - b.y)"),
           "SELECT * FROM a JOIN b APPROX NEAREST 3 BY DISTANCE abs((a.x - b.y))");
  CHECK_EQ(P("SELECT * FROM a p LEFT OUTER JOIN b q EXACT NEAREST BY SIMILARITY -p.x * q.y"),
           "SELECT * FROM a AS p LEFT OUTER JOIN b AS q EXACT NEAREST BY SIMILARITY (-p.x * q.y)");
  CHECK_EQ(P("SELECT * FROM a INNER JOIN b APPROX NEAREST 100000 BY DISTANCE x - y WHERE x > 0"),
           "SELECT * FROM a JOIN b APPROX NEAREST 100000 BY DISTANCE (x - y) WHERE (x > 0)");
  CHECK(Rejected("SELECT * FROM a RIGHT OUTER JOIN b APPROX NEAREST 1 BY DISTANCE x - y"));
  CHECK(Rejected("SELECT * FROM a NATURAL JOIN b APPROX NEAREST 1 BY DISTANCE x - y"));
  CHECK(Rejected("SELECT * FROM a JOIN b APPROX NEAREST 0 BY DISTANCE x - y"));
  CHECK(Rejected("SELECT * FROM a JOIN b APPROX NEAREST 100001 BY DISTANCE x - y"));
  CHECK(Rejected("SELECT * FROM a JOIN b APPROX NEAREST 1 BY CLOSENESS x - y"));
  CHECK(Rejected("SELECT * FROM a JOIN b APPROX NEAREST 1 BY DISTANCE"));
  // Under Hive `approx` is the right side's alias.
  CHECK_EQ(testing::CheckedPrint("SELECT * FROM a JOIN b approx", Dialect::Hive,
                                 {.error_message = false, .other = false, .same_tree = false}),
           "SELECT * FROM a JOIN b AS approx");
  // Both sides' columns; the ranking reads as a join condition, not into any column.
  const auto l = L(kTwo + "SELECT * FROM s JOIN (SELECT x FROM d) e APPROX NEAREST 2 BY SIMILARITY -abs(s.a - e.x)");
  CHECK_EQ(Names(l), std::vector<std::string>{"k", "a", "b", "x"});
  CHECK_EQ(testing::Sources(l, "b"), std::vector<std::string>{"ods.src.b"});
  CHECK_EQ(Inputs(l), std::vector<std::string>{"ods.dim", "ods.src"});
  const auto left = L(kTwo + "SELECT s.k AS sk, d.x FROM s LEFT JOIN d EXACT NEAREST BY DISTANCE abs(s.b - d.x)");
  CHECK_EQ(Names(left), std::vector<std::string>{"sk", "x"});
  CHECK_EQ(testing::Sources(left, "sk"), std::vector<std::string>{"ods.src.k"});
}

TEST_CASE("spark bin by: the source's columns, then bin_start, bin_end, bin_distribute_ratio") {
  CHECK_EQ(P("SELECT * FROM m BIN BY (RANGE s TO e BIN WIDTH INTERVAL '5' MINUTE)"),
           "SELECT * FROM m BIN BY (RANGE s TO e BIN WIDTH INTERVAL '5' MINUTE)");
  CHECK_EQ(P("SELECT * FROM m BIN BY (RANGE s TO e BIN WIDTH INTERVAL '1' HOUR ALIGN TO TIMESTAMP '2024-01-01' "
             "DISTRIBUTE UNIFORM (v, w) BIN_START AS ws BIN_END AS we BIN_DISTRIBUTE_RATIO AS r) AS b"),
           "SELECT * FROM m BIN BY (RANGE s TO e BIN WIDTH INTERVAL '1' HOUR ALIGN TO TIMESTAMP '2024-01-01' "
           "DISTRIBUTE UNIFORM (v, w) BIN_START AS ws BIN_END AS we BIN_DISTRIBUTE_RATIO AS r) AS b");
  CHECK(Rejected("SELECT * FROM m BIN BY (RANGE s TO e)"));
  CHECK(Rejected("SELECT * FROM m BIN BY (RANGE s BIN WIDTH INTERVAL '1' HOUR)"));
  CHECK(Rejected("SELECT * FROM m BIN BY (RANGE s TO e BIN WIDTH INTERVAL '1' HOUR BIN_END AS x BIN_START AS y)"));
  const std::string m = "WITH m AS (SELECT s, e, v FROM ods.meter) ";
  const auto l = L(m + "SELECT * FROM m BIN BY (RANGE s TO e BIN WIDTH INTERVAL '5' MINUTE DISTRIBUTE UNIFORM (v))");
  CHECK_EQ(Names(l), std::vector<std::string>{"s", "e", "v", "bin_start", "bin_end", "bin_distribute_ratio"});
  CHECK_EQ(testing::Sources(l, "v"), std::vector<std::string>{"ods.meter.v"});
  CHECK_EQ(testing::Sources(l, "bin_end"), std::vector<std::string>{"ods.meter.e", "ods.meter.s"});
  // Without an alias the source keeps its name; with one, every column is the alias's.
  const auto named = L(m + "SELECT m.v, ws FROM m BIN BY (RANGE s TO e BIN WIDTH INTERVAL '5' MINUTE "
                           "BIN_START AS ws)");
  CHECK_EQ(Names(named), std::vector<std::string>{"v", "ws"});
  CHECK_EQ(testing::Sources(named, "ws"), std::vector<std::string>{"ods.meter.e", "ods.meter.s"});
  const auto aliased = L(m + "SELECT b.* FROM m BIN BY (RANGE s TO e BIN WIDTH INTERVAL '5' MINUTE) b");
  CHECK_EQ(Names(aliased), std::vector<std::string>{"s", "e", "v", "bin_start", "bin_end", "bin_distribute_ratio"});
}
