// Spark SQL's FROM clauses and select lists (docs/dialects.md): NATURAL joins,
// `*` over USING / NATURAL joins, PIVOT / UNPIVOT, `* EXCEPT (...)`. Each is
// parsed into typed nodes, prints back to text that parses to the same print,
// and has lineage over a catalog that declares the tables.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "catalog_support.h"
#include "ast/dump.h"
#include "ast/print_sql.h"
#include "base/dialect.h"
#include "lineage/catalog.h"
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

struct Result {
  lineage::StatementLineage lineage;
  std::vector<std::string> names;     // the output columns, in order
  std::vector<std::string> warnings;  // diagnostics' messages
};

// Lineage under Spark over a catalog of t1(a, b, c), t2(a, c, d), sales(yr, course, earnings),
// wide(id, x1, x2, y1, y2).
Result Analyze(const std::string& sql) {
  Arena arena;
  Diagnostics diags;
  ast::Statement* stmt = parser::ParseStatement(sql, arena, testing::DialectOptions(Dialect::Spark), diags);
  REQUIRE_MESSAGE(stmt != nullptr, (diags.empty() ? std::string("parse failed") : diags[0].message));
  lineage::Session session;
  session.spark_names = true;
  session.catalog.Put(testing::CatalogTable("default.t1", {"a", "b", "c"}));
  session.catalog.Put(testing::CatalogTable("default.t2", {"a", "c", "d"}));
  session.catalog.Put(testing::CatalogTable("default.sales", {"yr", "course", "earnings"}));
  session.catalog.Put(testing::CatalogTable("default.wide", {"id", "x1", "x2", "y1", "y2"}));
  Result r;
  r.lineage = lineage::ComputeLineage(rewrite::RunPipeline(*stmt, arena), session);
  for (const auto& c : r.lineage.columns) r.names.push_back(c.target);
  for (const Diagnostic& d : r.lineage.diagnostics) r.warnings.push_back(d.message);
  return r;
}

using Names = std::vector<std::string>;

}  // namespace

TEST_CASE("spark from: NATURAL joins parse, print and round-trip; Hive reads no NATURAL") {
  CHECK_EQ(P("SELECT * FROM t1 NATURAL JOIN t2"), "SELECT * FROM t1 NATURAL JOIN t2");
  CHECK_EQ(P("SELECT * FROM t1 natural inner join t2"), "SELECT * FROM t1 NATURAL JOIN t2");
  CHECK_EQ(P("SELECT * FROM t1 NATURAL LEFT OUTER JOIN t2 NATURAL FULL JOIN t3"),
           "SELECT * FROM t1 NATURAL LEFT OUTER JOIN t2 NATURAL FULL JOIN t3");
  CHECK_EQ(P("SELECT * FROM t1 x NATURAL RIGHT JOIN t2 y"), "SELECT * FROM t1 AS x NATURAL RIGHT JOIN t2 AS y");
  CHECK_EQ(P("SELECT * FROM t1 SEMI JOIN t2 ON t1.a = t2.a"), "SELECT * FROM t1 LEFT SEMI JOIN t2 ON (t1.a = t2.a)");
  // Spark rejects NATURAL CROSS JOIN and a NATURAL join with a condition.
  CHECK_EQ(P("SELECT * FROM t1 NATURAL CROSS JOIN t2"), "ERROR");
  CHECK_EQ(P("SELECT * FROM t1 NATURAL JOIN t2 ON t1.a = t2.a"), "ERROR");
  // Under Hive `natural` stays a table alias.
  CHECK_EQ(P("SELECT * FROM t1 natural JOIN t2", Dialect::Hive), "SELECT * FROM t1 AS natural JOIN t2");
}

TEST_CASE("spark from: * over NATURAL and USING joins lists the shared columns once, first") {
  const Result n = Analyze("SELECT * FROM t1 NATURAL JOIN t2");
  CHECK_EQ(n.names, Names{"a", "c", "b", "d"});
  CHECK_EQ(testing::Sources(n.lineage, "a"), Names{"default.t1.a"});
  CHECK_EQ(testing::Sources(n.lineage, "d"), Names{"default.t2.d"});
  CHECK(n.warnings.empty());
  const Result u = Analyze("SELECT * FROM t1 JOIN t2 USING (c)");
  // (a target column is listed once by name: the two `a`s are one)
  CHECK_EQ(u.names, Names{"c", "a", "b", "d"});
  // An unqualified key is the join's one column: no ambiguity.
  const Result k = Analyze("SELECT a, t2.a AS a2, d FROM t1 NATURAL RIGHT JOIN t2");
  CHECK(k.warnings.empty());
  CHECK_EQ(testing::Sources(k.lineage, "a"), Names{"default.t2.a"});
  CHECK_EQ(testing::Sources(k.lineage, "a2"), Names{"default.t2.a"});
  const Result f = Analyze("SELECT a FROM t1 NATURAL FULL JOIN t2");
  CHECK_EQ(testing::Sources(f.lineage, "a"), Names{"default.t1.a", "default.t2.a"});
  // A parenthesised join with an alias is the join's columns under that name.
  CHECK_EQ(P("SELECT j.a FROM (t1 NATURAL JOIN t2) j"), "SELECT j.a FROM (SELECT * FROM t1 NATURAL JOIN t2) AS j");
  const Result aliased = Analyze("SELECT j.* FROM (t1 JOIN t2 USING (a)) AS j");
  CHECK_EQ(aliased.names, Names{"a", "b", "c", "d"});
  // `t1.*` still lists t1's own columns.
  CHECK_EQ(Analyze("SELECT t1.* FROM t1 NATURAL JOIN t2").names, Names{"a", "b", "c"});
  // Chained: the second join's keys come first.
  CHECK_EQ(Analyze("SELECT * FROM t1 JOIN t2 USING (a) JOIN sales ON sales.yr = t1.b").names,
           Names{"a", "b", "c", "d", "yr", "course", "earnings"});
}

TEST_CASE("spark from: NATURAL JOIN over a table of unknown columns says so") {
  const Result r = Analyze("SELECT * FROM t1 NATURAL JOIN ods.unknown");
  REQUIRE_FALSE(r.warnings.empty());
  bool said = false;
  for (const std::string& w : r.warnings) said = said || w.find("NATURAL JOIN") != std::string::npos;
  CHECK(said);
}

TEST_CASE("spark from: PIVOT and UNPIVOT parse, print and round-trip") {
  CHECK_EQ(P("SELECT * FROM sales PIVOT (sum(earnings) FOR course IN ('a', 'b'))"),
           "SELECT * FROM sales PIVOT (sum(earnings) FOR course IN ('a', 'b'))");
  CHECK_EQ(P("SELECT * FROM (SELECT * FROM sales) PIVOT (sum(earnings) s, avg(earnings) AS a FOR (course, yr) "
             "IN (('a', 2012) AS c1, ('b', 2013) c2)) AS pv JOIN t1 ON pv.c1_s = t1.a"),
           "SELECT * FROM (SELECT * FROM sales) PIVOT (sum(earnings) AS s, avg(earnings) AS a FOR (course, yr) "
           "IN (('a', 2012) AS c1, ('b', 2013) AS c2)) AS pv JOIN t1 ON (pv.c1_s = t1.a)");
  CHECK_EQ(P("SELECT * FROM wide UNPIVOT INCLUDE NULLS ((x, y) FOR k IN ((x1, y1) AS one, (x2, y2) AS two))"),
           "SELECT * FROM wide UNPIVOT INCLUDE NULLS ((x, y) FOR k IN ((x1, y1) AS one, (x2, y2) AS two))");
  CHECK_EQ(P("SELECT * FROM wide UNPIVOT (x FOR k IN (x1, x2 AS b)) u"),
           "SELECT * FROM wide UNPIVOT (x FOR k IN (x1, x2 AS b)) AS u");
  // A PIVOT on a join's right side keeps its parentheses.
  CHECK_EQ(P("SELECT * FROM t1 JOIN (sales PIVOT (sum(earnings) FOR course IN ('a'))) ON true"),
           "SELECT * FROM t1 JOIN (sales PIVOT (sum(earnings) FOR course IN ('a'))) ON TRUE");
  // Under Hive `pivot` is a table alias, and `(...)` after it an error.
  CHECK_EQ(P("SELECT * FROM sales PIVOT (sum(earnings) FOR course IN ('a'))", Dialect::Hive), "ERROR");
}

TEST_CASE("spark from: PIVOT output names and lineage") {
  const Result one = Analyze("SELECT * FROM sales PIVOT (sum(earnings) FOR course IN ('dotNET', 'Java' AS j))");
  CHECK_EQ(one.names, Names{"yr", "dotnet", "j"});
  CHECK_EQ(testing::Sources(one.lineage, "yr"), Names{"default.sales.yr"});
  CHECK_EQ(testing::Sources(one.lineage, "j"), Names{"default.sales.course", "default.sales.earnings"});
  const Result two =
      Analyze("SELECT * FROM sales PIVOT (sum(earnings) AS s, max(yr) FOR course IN ('a', 'b'))");
  CHECK_EQ(two.names, Names{"a_s", "a_max(yr)", "b_s", "b_max(yr)"});
  CHECK_EQ(testing::Sources(two.lineage, "b_max(yr)"), Names{"default.sales.course", "default.sales.yr"});
  // Tuples and arrays are named as Spark prints them.
  const Result tuple =
      Analyze("SELECT * FROM sales PIVOT (sum(earnings) FOR (course, yr) IN (('a', 2012), ('b', array(1, 2))))");
  CHECK_EQ(tuple.names, Names{"{a, 2012}", "{b, [1, 2]}"});
}

TEST_CASE("spark from: UNPIVOT output names and lineage") {
  const Result u = Analyze("SELECT * FROM wide UNPIVOT (x FOR k IN (x1, x2))");
  CHECK_EQ(u.names, Names{"id", "y1", "y2", "k", "x"});
  CHECK(testing::Sources(u.lineage, "k").empty());
  CHECK_EQ(testing::Sources(u.lineage, "x"), Names{"default.wide.x1", "default.wide.x2"});
  const Result m = Analyze("SELECT * FROM wide UNPIVOT ((x, y) FOR k IN ((x1, y1) AS one, (x2, y2) AS two))");
  CHECK_EQ(m.names, Names{"id", "k", "x", "y"});
  CHECK_EQ(testing::Sources(m.lineage, "y"), Names{"default.wide.y1", "default.wide.y2"});
}

TEST_CASE("spark from: LATERAL table functions") {
  CHECK_EQ(P("SELECT * FROM t1, LATERAL range(3) t2(c)"), "SELECT * FROM t1, LATERAL `range`(3) AS t2(c)");
  CHECK_EQ(P("SELECT * FROM t1 JOIN LATERAL range(3) r ON true"),
           "SELECT * FROM t1 JOIN LATERAL `range`(3) AS r ON TRUE");
  CHECK_EQ(P("SELECT * FROM LATERAL explode(array(1, 2))"), "SELECT * FROM LATERAL explode(array(1, 2))");
  // After a comma, one of Spark's generators is a LATERAL VIEW: its columns are named and read.
  CHECK_EQ(P("SELECT * FROM t1, LATERAL posexplode(array(t1.a, t1.b)) AS g(p, v)"),
           "SELECT * FROM t1 LATERAL VIEW posexplode(array(t1.a, t1.b)) g AS p, v");
  const Result g = Analyze("SELECT * FROM t1, LATERAL explode(array(a, b)) g(v)");
  CHECK_EQ(g.names, Names{"a", "b", "c", "v"});
  CHECK_EQ(testing::Sources(g.lineage, "v"), Names{"default.t1.a", "default.t1.b"});
  CHECK_EQ(Analyze("SELECT * FROM t1, LATERAL explode(array(a, b))").names, Names{"a", "b", "c", "col"});
  // Hive's LATERAL VIEW is unchanged under Spark.
  CHECK_EQ(P("SELECT c FROM t1 LATERAL VIEW explode(x) v AS c"), "SELECT c FROM t1 LATERAL VIEW explode(x) v AS c");
}

TEST_CASE("spark from: SELECT * EXCEPT (...)") {
  CHECK_EQ(P("SELECT * EXCEPT (a, s.f) FROM t1"), "SELECT * EXCEPT (a, s.f) FROM t1");
  CHECK_EQ(P("SELECT t1.* except(b) FROM t1"), "SELECT t1.* EXCEPT (b) FROM t1");
  CHECK_EQ(P("SELECT * EXCEPT () FROM t1"), "ERROR");
  // A set operation after `*` is still one.
  CHECK(P("SELECT * FROM t1 EXCEPT (SELECT * FROM t2)").starts_with("SELECT * FROM t1 EXCEPT"));
  CHECK_EQ(Analyze("SELECT * EXCEPT (b) FROM t1").names, Names{"a", "c"});
  CHECK_EQ(Analyze("SELECT t1.* EXCEPT (a), t2.* EXCEPT (t2.d) FROM t1 JOIN t2 ON t1.a = t2.a").names,
           Names{"b", "c", "a"});
}

TEST_CASE("spark from: a table's column alias list renames its columns in order") {
  CHECK_EQ(P("SELECT x.p FROM t1 AS x(p, q, r)"), "SELECT x.p FROM (SELECT * FROM t1) AS x(p, q, r)");
  CHECK_EQ(P("SELECT * FROM db.t1 x (p, q) WHERE p = 1"),
           "SELECT * FROM (SELECT * FROM db.t1) AS x(p, q) WHERE (p = 1)");
  // Hive reads no column list after a table's alias.
  CHECK_EQ(P("SELECT * FROM t1 AS x(p, q)", Dialect::Hive), "ERROR");
  const Result r = Analyze("SELECT * FROM t1 AS x(p, q, r)");
  CHECK_EQ(r.names, Names{"p", "q", "r"});
  CHECK_EQ(testing::Sources(r.lineage, "q"), Names{"default.t1.b"});
  CHECK(r.warnings.empty());
  // A shorter list renames the first columns; the rest keep their names.
  const Result s = Analyze("SELECT x.p, c FROM t2 x(p) JOIN t1 USING (c)");
  CHECK_EQ(s.names, Names{"p", "c"});
  CHECK_EQ(testing::Sources(s.lineage, "p"), Names{"default.t2.a"});
  // Over a table of unknown schema which column each name renames is unknown: said, not guessed.
  const Result u = Analyze("SELECT x.p FROM ods.unknown AS x(p, q)");
  CHECK_EQ(u.names, Names{"p"});
  CHECK(testing::Sources(u.lineage, "p").empty());
  bool said = false;
  for (const std::string& w : u.warnings) said = said || w.find("column list of x") != std::string::npos;
  CHECK(said);
}

TEST_CASE("spark from: VALUES without parentheses, SELECT (*), LIMIT's constant expressions, an item named FROM") {
  // Each value without parentheses is a row of its own; the name after the last is the table's.
  CHECK_EQ(P("SELECT * FROM VALUES 1, 2, 3 AS v(n)"), "SELECT * FROM (VALUES (1), (2), (3)) AS v(n)");
  CHECK_EQ(P("VALUES 1, 2"), "VALUES (1), (2)");
  CHECK_EQ(Analyze("SELECT * FROM VALUES 4, 5 AS v(n)").names, Names{"n"});
  CHECK_EQ(P("SELECT (*) FROM t1"), "SELECT * FROM t1");
  CHECK_EQ(Analyze("SELECT (*) FROM t1").names, Names{"a", "b", "c"});
  // LIMIT / OFFSET after a table take any expression; a clause word after them leaves them a name.
  CHECK_EQ(P("SELECT * FROM t1 LIMIT CAST(2 AS INT)"), "SELECT * FROM t1 LIMIT (CAST(2 AS int))");
  CHECK_EQ(P("SELECT * FROM t1 LIMIT -1"), "SELECT * FROM t1 LIMIT (-1)");
  CHECK_EQ(P("SELECT * FROM t1 LIMIT a > 3"), "SELECT * FROM t1 LIMIT (a > 3)");
  CHECK_EQ(P("SELECT * FROM t1 OFFSET 1 + 1"), "SELECT * FROM t1 OFFSET (1 + 1)");
  CHECK_EQ(P("SELECT limit.a FROM t1 limit WHERE limit.a = 1"),
           "SELECT limit.a FROM t1 AS limit WHERE (limit.a = 1)");
  const Result f = Analyze("SELECT count(*) FROM FROM t1");
  CHECK_EQ(f.names, Names{"from"});
}

TEST_CASE("spark from: a star argument is named by the columns it covers and reads them") {
  CHECK_EQ(P("SELECT coalesce(* EXCEPT (a, b)) FROM t1"), "SELECT coalesce(* EXCEPT (a, b)) FROM t1");
  CHECK_EQ(P("SELECT array(t1.* except(c)) FROM t1"), "SELECT array(t1.* EXCEPT (c)) FROM t1");
  const Result r = Analyze("SELECT array(*), greatest(t2.*), count(t1.*), count(*), coalesce(* EXCEPT (b, c)) "
                           "FROM t1 JOIN t2 USING (a)");
  CHECK_EQ(r.names, Names{"array(a, b, c, c, d)", "greatest(a, c, d)", "count(a, b, c)", "count(1)", "coalesce(a, d)"});
  CHECK_EQ(testing::Sources(r.lineage, "array(a, b, c, c, d)"),
           Names{"default.t1.a", "default.t1.b", "default.t1.c", "default.t2.a", "default.t2.c", "default.t2.d"});
  CHECK(testing::Sources(r.lineage, "count(1)").empty());
  CHECK_EQ(testing::Sources(r.lineage, "coalesce(a, d)"),
           Names{"default.t1.a", "default.t2.a", "default.t2.d"});
  CHECK_EQ(Analyze("SELECT count(a, b) FROM t1").names, Names{"count(a, b)"});
  CHECK_EQ(Analyze("SELECT 5 IN (*) FROM t2").names, Names{"(5 in (a, c, d))"});
}

TEST_CASE("spark from: GROUPING names a table where no '(' follows") {
  CHECK_EQ(P("SELECT a FROM grouping GROUP BY a GROUPING SETS ((a))"),
           "SELECT a FROM `grouping` GROUP BY a GROUPING SETS ((a))");
  CHECK_EQ(P("SELECT a FROM grouping", Dialect::Hive), "ERROR");
}

TEST_CASE("spark from: `*` over LEFT SEMI / LEFT ANTI JOIN lists the left side only; the ON condition reads both") {
  // Spark's semi and anti joins return the left side's rows and columns: the
  // right side is seen by the join condition alone.
  for (const char* kind : {"LEFT SEMI", "LEFT ANTI", "SEMI", "ANTI"}) {
    const Result r = Analyze(std::string("SELECT * FROM t1 ") + kind + " JOIN t2 ON t1.a = t2.a AND t2.d > 0");
    CHECK_EQ(r.names, Names{"a", "b", "c"});
    const Result sub = Analyze(std::string("SELECT * FROM t1 ") + kind +
                               " JOIN t2 ON t1.a = t2.a AND EXISTS (SELECT 1 FROM sales WHERE yr = t1.b)");
    CHECK_EQ(sub.names, Names{"a", "b", "c"});
  }
  // Any other join's `*` lists both sides.
  CHECK_EQ(Analyze("SELECT * FROM t1 JOIN wide ON t1.a = wide.id").names,
           Names{"a", "b", "c", "id", "x1", "x2", "y1", "y2"});
}
