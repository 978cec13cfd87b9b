// Spark SQL's expressions (docs/dialects.md): lambdas, VARIANT paths, grouping
// analytics mixed with plain keys, ORDER BY ALL, ILIKE, struct field names,
// substring ... FROM, spatial types. Each parses into typed nodes under
// --dialect spark, prints back to text that parses to the same print, stays
// rejected under Hive, and its lineage is computed on the tree.
#include <doctest/doctest.h>

#include <string>

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
  return testing::CheckedPrint(sql, d, {.error_message = true, .other = false, .same_tree = false});
}

bool Rejected(std::string_view sql, Dialect d) { return P(sql, d).starts_with("ERROR"); }

lineage::StatementLineage Lineage(const std::string& sql) { return testing::DialectLineage(sql); }

using Names = std::vector<std::string>;

}  // namespace

TEST_CASE("spark: lambdas in higher-order functions") {
  CHECK_EQ(P("SELECT transform(xs, x -> x + 1) FROM t"), "SELECT transform(xs, x -> (x + 1)) FROM t");
  CHECK_EQ(P("SELECT aggregate(xs, 0, (acc, x) -> acc + x, acc -> acc * 10) FROM t"),
           "SELECT aggregate(xs, 0, (acc, x) -> (acc + x), acc -> (acc * 10)) FROM t");
  CHECK_EQ(P("SELECT filter(xs, x -> x.a > 0), exists(xs, x -> x IS NULL) FROM t"),
           "SELECT filter(xs, x -> (x.a > 0)), `exists`(xs, x -> x IS NULL) FROM t");
  CHECK_EQ(P("SELECT map_filter(m, (k, v) -> k > v), zip_with(a, b, (x, y) -> x || y) FROM t"),
           "SELECT map_filter(m, (k, v) -> (k > v)), zip_with(a, b, (x, y) -> (x || y)) FROM t");
  // A parameter may be named like a keyword; a nested lambda sees the outer parameters.
  CHECK_EQ(P("SELECT transform(ys, all -> all * all) FROM t"), "SELECT transform(ys, `all` -> (`all` * `all`)) FROM t");
  CHECK_EQ(P("SELECT transform(xss, xs -> transform(xs, x -> x + size(xs))) FROM t"),
           "SELECT transform(xss, xs -> transform(xs, x -> (x + size(xs)))) FROM t");
  CHECK(Rejected("SELECT transform(xs, x -> x + 1) FROM t", Dialect::Hive));
  CHECK(Rejected("SELECT transform(xs, (x) -> x + 1) FROM t", Dialect::Spark));  // one parameter takes no parentheses
}

TEST_CASE("spark: a lambda's parameters are no columns; the other names of its body are sources") {
  const auto l = Lineage("INSERT INTO dw.r SELECT transform(xs, x -> x + k) AS v, "
                         "aggregate(xs, 0, (acc, x) -> acc + x.w) AS s FROM ods.t");
  CHECK_EQ(testing::Sources(l, "dw.r.v"), Names{"ods.t.k", "ods.t.xs"});
  CHECK_EQ(testing::Sources(l, "dw.r.s"), Names{"ods.t.xs"});
}

TEST_CASE("spark: VARIANT paths v:a.b[0], v:['x'], then ::") {
  CHECK_EQ(P("SELECT v:a.b[0], v:['x'], v:[0].id, v:`f-n`::string FROM t"),
           "SELECT v:a.b[0], v:['x'], v:[0].id, CAST(v:`f-n` AS string) FROM t");
  CHECK_EQ(P("SELECT (v:a)::double, typeof(v:price), v:scores[0]::int + 1 FROM t"),
           "SELECT CAST(v:a AS double), typeof(v:price), (CAST(v:scores[0] AS int) + 1) FROM t");
  // A subscript that is no constant follows the path, in parentheses.
  CHECK_EQ(P("SELECT (v:a)[i] FROM t"), "SELECT (v:a)[i] FROM t");
  CHECK(Rejected("SELECT v:a FROM t", Dialect::Hive));
  const auto l = Lineage("INSERT INTO dw.r SELECT v:a.b[0]::int AS x, s.a.b AS y FROM ods.t");
  CHECK_EQ(testing::Sources(l, "dw.r.x"), Names{"ods.t.v"});
  CHECK_EQ(testing::Sources(l, "dw.r.y"), Names{"ods.t.s"});
}

TEST_CASE("spark: ROLLUP, CUBE and GROUPING SETS among plain GROUP BY items") {
  CHECK_EQ(P("SELECT a, b, count(1) FROM t GROUP BY a, GROUPING SETS ((a, b), (a), ())"),
           "SELECT a, b, count(1) FROM t GROUP BY a, b GROUPING SETS ((a, a, b), (a, a), (a))");
  CHECK_EQ(P("SELECT a, b, c FROM t GROUP BY c, ROLLUP(a, b)"),
           "SELECT a, b, c FROM t GROUP BY c, a, b GROUPING SETS ((c, a, b), (c, a), (c))");
  CHECK_EQ(P("SELECT a, b FROM t GROUP BY CUBE(a, b), a"),
           "SELECT a, b FROM t GROUP BY a, b GROUPING SETS ((a, b, a), (a, a), (b, a), (a))");
  CHECK_EQ(P("SELECT a, b FROM t GROUP BY GROUPING SETS (ROLLUP(a, b), (b))"),
           "SELECT a, b FROM t GROUP BY a, b GROUPING SETS ((a, b), (a), (), (b))");
  // Hive's forms keep their trees.
  CHECK_EQ(P("SELECT a FROM t GROUP BY ROLLUP(a, b)"), "SELECT a FROM t GROUP BY ROLLUP(a, b)");
  CHECK_EQ(P("SELECT a FROM t GROUP BY a, b GROUPING SETS ((a), (b))"),
           "SELECT a FROM t GROUP BY a, b GROUPING SETS ((a), (b))");
  const auto l = Lineage("INSERT INTO dw.r SELECT a, grouping(b) AS g, count(1) AS n FROM ods.t GROUP BY a, CUBE(b)");
  CHECK_EQ(testing::Sources(l, "dw.r.a"), Names{"ods.t.a"});
  CHECK_EQ(testing::Sources(l, "dw.r.g"), Names{"ods.t.b"});
}

TEST_CASE("spark: ORDER BY ALL") {
  CHECK_EQ(P("SELECT a, b FROM t ORDER BY ALL"), "SELECT a, b FROM t ORDER BY ALL");
  CHECK_EQ(P("SELECT * FROM t ORDER BY all desc nulls first LIMIT 2"),
           "SELECT * FROM t ORDER BY ALL DESC NULLS FIRST LIMIT 2");
  CHECK(Rejected("SELECT a FROM t ORDER BY ALL", Dialect::Hive));
}

TEST_CASE("spark: ILIKE, LIKE ANY / SOME / ALL") {
  CHECK_EQ(P("SELECT a ILIKE '%x', a NOT ILIKE 'y%' FROM t"), "SELECT a ILIKE '%x', a NOT ILIKE 'y%' FROM t");
  CHECK_EQ(P("SELECT a ILIKE ANY ('%x', 'y'), a NOT LIKE SOME ('z'), a ILIKE ALL ('q') FROM t"),
           "SELECT a ILIKE ANY ('%x', 'y'), a NOT LIKE ANY ('z'), a ILIKE ALL ('q') FROM t");
  CHECK(Rejected("SELECT a ILIKE 'x' FROM t", Dialect::Hive));
}

TEST_CASE("spark: struct(x AS a), substring(s FROM p FOR n), extract('year', d), GEOMETRY(4326)") {
  CHECK_EQ(P("SELECT struct(a + 1 AS aa, b, 2) FROM t"), "SELECT named_struct('aa', (a + 1), 'b', b, 'col3', 2) FROM t");
  CHECK(Rejected("SELECT struct(t.*, a AS x) FROM t", Dialect::Spark));
  CHECK_EQ(P("SELECT substring(s FROM 2 FOR 3), substr(s FROM -3) FROM t"),
           "SELECT substring(s, 2, 3), substring(s, -3) FROM t");  // substr ... FROM is substring
  CHECK(Rejected("SELECT substr(s FROM 2) FROM t", Dialect::Hive));
  CHECK(P("SELECT extract('year', d) FROM t").find("('year', d)") != std::string::npos);
  CHECK_EQ(P("SELECT CAST(g AS GEOMETRY(4326)), g::GEOGRAPHY(ANY) FROM t"),
           "SELECT CAST(g AS geometry(4326)), CAST(g AS geography(any)) FROM t");
}
