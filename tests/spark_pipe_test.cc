// Spark's pipe operators (`q |> ...`, docs/dialects.md): each parses into
// typed nodes, prints back to text that parses to the same print, gives the
// output names Spark's plan gives, and carries lineage through; what Spark's
// grammar rejects after `|>` is rejected.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "dialect_print_check.h"
#include "ast/print_sql.h"
#include "base/dialect.h"
#include "lineage/lineage.h"
#include "parser/parser.h"
#include "rewrite/pipeline.h"
#include "statement_lineage_lookup.h"

using namespace hivelineage;

namespace {

parser::ParseOptions Spark() {
  parser::ParseOptions o;
  o.dialect = Dialect::Spark;
  return o;
}

std::string P(std::string_view sql) {
  return testing::CheckedPrint(sql, Dialect::Spark, {.error_message = false, .other = false, .same_tree = false});
}

bool Rejected(std::string_view sql) { return P(sql) == "ERROR"; }

// The statement's lineage under Spark's names.
lineage::StatementLineage L(const std::string& sql) {
  Arena arena;
  Diagnostics diags;
  ast::Statement* stmt = parser::ParseStatement(sql, arena, Spark(), diags);
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

// A query over ods.src whose columns are known (a, b, c).
const std::string kSrc = "WITH s AS (SELECT a, b, c FROM ods.src) FROM s ";

}  // namespace

TEST_CASE("spark pipe: WHERE and JOIN extend `SELECT * FROM sources` in place") {
  CHECK_EQ(P("FROM t |> WHERE a > 1"), "SELECT * FROM t WHERE (a > 1)");
  CHECK_EQ(P("FROM t |> JOIN u ON t.k = u.k |> WHERE u.x = 1"), "SELECT * FROM t JOIN u ON (t.k = u.k) WHERE (u.x = 1)");
  CHECK_EQ(P("TABLE t |> LEFT OUTER JOIN u USING (k)"), "SELECT * FROM t LEFT OUTER JOIN u USING (k)");
  CHECK_EQ(P("TABLE t |> CROSS JOIN u"), "SELECT * FROM t CROSS JOIN u");
  // After any other operator (or `|> AS`), the query before is a subquery.
  CHECK_EQ(P("SELECT a FROM t |> JOIN u ON a = u.k"), "SELECT * FROM (SELECT a FROM t) JOIN u ON (a = u.k)");
  CHECK_EQ(P("TABLE t |> AS x |> JOIN u ON x.k = u.k"), "SELECT * FROM (SELECT * FROM t) AS x JOIN u ON (x.k = u.k)");
  CHECK_EQ(P("FROM t |> WHERE a > 1 |> WHERE b > 1"), "SELECT * FROM (SELECT * FROM t WHERE (a > 1)) WHERE (b > 1)");
  // One join per operator, never a comma.
  CHECK(Rejected("TABLE t |> INNER JOIN u INNER JOIN v"));
  CHECK(Rejected("TABLE t |> , u"));
  // JOIN adds the joined table's columns.
  const auto l = L(kSrc + "|> JOIN (SELECT k, x FROM ods.dim) d ON s.a = d.k");
  CHECK_EQ(Names(l), std::vector<std::string>{"a", "b", "c", "k", "x"});
  CHECK_EQ(testing::Sources(l, "x"), std::vector<std::string>{"ods.dim.x"});
}

TEST_CASE("spark pipe: SET replaces a column in place, DROP leaves columns out") {
  CHECK_EQ(P("TABLE t |> SET x = 1, y = a + b"), "SELECT * FROM t |> SET x = 1, y = (a + b)");
  CHECK_EQ(P("TABLE t |> DROP x, y |> AS s |> DROP z"), "SELECT * FROM t |> DROP x, y |> AS s |> DROP z");
  CHECK_EQ(P("SELECT * FROM (SELECT * FROM t |> DROP x) s"), "SELECT * FROM (SELECT * FROM t |> DROP x) AS s");
  CHECK(Rejected("TABLE t |> SET x = 1 AS z"));
  CHECK(Rejected("TABLE t |> SET s.x = 1"));
  CHECK(Rejected("TABLE t |> DROP"));
  const auto set = L(kSrc + "|> SET b = a + c");
  CHECK_EQ(Names(set), std::vector<std::string>{"a", "b", "c"});
  CHECK_EQ(testing::Sources(set, "b"), std::vector<std::string>{"ods.src.a", "ods.src.c"});
  const auto drop = L(kSrc + "|> DROP b |> SELECT *");
  CHECK_EQ(Names(drop), std::vector<std::string>{"a", "c"});
  CHECK_EQ(testing::Sources(drop, "c"), std::vector<std::string>{"ods.src.c"});
}

TEST_CASE("spark pipe: set operations over the query before") {
  CHECK_EQ(P("TABLE t |> UNION ALL TABLE u"), "(SELECT * FROM t) UNION ALL SELECT * FROM u");
  CHECK_EQ(P("TABLE t |> EXCEPT DISTINCT (SELECT a FROM u) |> WHERE a > 0"),
           "SELECT * FROM ((SELECT * FROM t) EXCEPT DISTINCT (SELECT a FROM u)) WHERE (a > 0)");
  CHECK_EQ(P("TABLE t |> INTERSECT TABLE u"), "(SELECT * FROM t) INTERSECT SELECT * FROM u");
  CHECK_EQ(P("TABLE t |> MINUS ALL TABLE u"), "(SELECT * FROM t) MINUS ALL SELECT * FROM u");
  const auto l = L(kSrc + "|> UNION ALL (SELECT x, y, z FROM ods.other)");
  CHECK_EQ(Names(l), std::vector<std::string>{"a", "b", "c"});
  CHECK_EQ(testing::Sources(l, "b"), std::vector<std::string>{"ods.other.y", "ods.src.b"});
}

TEST_CASE("spark pipe: TABLESAMPLE with Spark's sample methods only") {
  CHECK_EQ(P("TABLE t |> TABLESAMPLE (10 PERCENT) REPEATABLE (0)"), "SELECT * FROM t |> TABLESAMPLE (10 PERCENT)");
  CHECK_EQ(P("TABLE t |> TABLESAMPLE (5 ROWS) |> TABLESAMPLE (BUCKET 1 OUT OF 2)"),
           "SELECT * FROM t |> TABLESAMPLE (5 ROWS) |> TABLESAMPLE (BUCKET 1 OUT OF 2)");
  CHECK(Rejected("TABLE t |> TABLESAMPLE ()"));
  CHECK(Rejected("TABLE t |> TABLESAMPLE (-10 PERCENT)"));
  CHECK(Rejected("TABLE t |> TABLESAMPLE (200 PERCENT)"));
  CHECK(Rejected("TABLE t |> TABLESAMPLE (BUCKET 3 OUT OF 2)"));
  CHECK(Rejected("TABLE t |> TABLESAMPLE (200b)"));
  CHECK(Rejected("TABLE t |> TABLESAMPLE (200)"));
  const auto l = L(kSrc + "|> TABLESAMPLE (1 PERCENT)");
  CHECK_EQ(Names(l), std::vector<std::string>{"a", "b", "c"});
}

TEST_CASE("spark pipe: SELECT with DISTINCT, GROUP BY, WINDOW; AGGREGATE keys by name and position") {
  CHECK_EQ(P("TABLE t |> SELECT DISTINCT a"), "SELECT DISTINCT a FROM t");
  CHECK_EQ(P("TABLE t |> SELECT a, sum(b) AS s GROUP BY a"), "SELECT a, sum(b) AS s FROM t GROUP BY a");
  CHECK_EQ(P("TABLE t |> SELECT a, sum(b) OVER w WINDOW w AS (PARTITION BY a)"),
           "SELECT a, sum(b) OVER w FROM t WINDOW w AS (PARTITION BY a)");
  CHECK(Rejected("TABLE t |> WHERE sum(b) OVER w = 1 WINDOW w AS (PARTITION BY a)"));
  CHECK_EQ(P("TABLE t |> AGGREGATE sum(b) GROUP BY a + 1 AS k"),
           "SELECT (a + 1) AS k, sum(b) FROM (SELECT * FROM t) GROUP BY (a + 1)");
  CHECK_EQ(P("SELECT 1 AS x, 2 AS y |> AGGREGATE sum(y) GROUP BY 1"),
           "SELECT x, sum(y) FROM (SELECT 1 AS x, 2 AS y) GROUP BY x");
  CHECK(Rejected("TABLE t |> AGGREGATE sum(b) GROUP BY 1"));  // the columns of `TABLE t` are not written
  CHECK(Rejected("TABLE t |> AGGREGATE sum(b) GROUP BY ALL"));
  CHECK(Rejected("TABLE t |> AGGREGATE sum(b) GROUP BY ROLLUP (a)"));
  CHECK(Rejected("TABLE t |> AGGREGATE sum(b) GROUP BY a GROUPING SETS (a)"));
  CHECK(Rejected("TABLE t |> AGGREGATE sum(b), grouping(a) GROUP BY a"));
  CHECK(Rejected("TABLE t |> AGGREGATE sum(b) OVER () GROUP BY a"));
  CHECK(Rejected("TABLE t |> AGGREGATE"));
  const auto l = L("SELECT a, b, c FROM ods.src |> AGGREGATE sum(c) GROUP BY 2, a AS k");
  CHECK_EQ(Names(l), std::vector<std::string>{"b", "k", "sum(c)"});
  CHECK_EQ(testing::Sources(l, "sum(c)"), std::vector<std::string>{"ods.src.c"});
}

TEST_CASE("spark pipe: one result clause per operator") {
  CHECK_EQ(P("TABLE t |> LIMIT 2 OFFSET 1"), "SELECT * FROM (SELECT * FROM t) LIMIT 2 OFFSET 1");
  CHECK_EQ(P("TABLE t |> DISTRIBUTE BY a SORT BY a"), "SELECT * FROM (SELECT * FROM t) DISTRIBUTE BY a SORT BY a");
  CHECK_EQ(P("TABLE t |> CLUSTER BY a"), "SELECT * FROM (SELECT * FROM t) CLUSTER BY a");
  CHECK(Rejected("TABLE t |> ORDER BY a LIMIT 1"));
  CHECK(Rejected("TABLE t |> ORDER BY a SORT BY a"));
  CHECK(Rejected("TABLE t |> AS 1 + 2"));
  CHECK(Rejected("TABLE t |> AS u, v"));
}
