// The statement shape the rewrite pipeline asks before each pass: what it
// finds, and that skipping the passes it rules out leaves the same tree as
// running every pass.
#include <doctest/doctest.h>

#include <string>

#include "ast/dump.h"
#include "base/arena.h"
#include "parser/parser.h"
#include "rewrite/pipeline.h"
#include "rewrite/statement_shape.h"
#include "test_support.h"

using namespace hivelineage;

namespace {

rewrite::StatementShape Shape(const std::string& sql) {
  Arena arena;
  Diagnostics diags;
  ast::Statement* stmt = parser::ParseStatement(sql, arena, parser::ParseOptions{}, diags);
  REQUIRE_MESSAGE(stmt != nullptr, sql);
  return rewrite::ShapeOf(*stmt);
}

// The tree after RunPipeline and after every pass run unconditionally, dumped.
// Recursive CTEs are Spark's: `spark:` before the SQL parses it as Spark SQL.
std::pair<std::string, std::string> BothWays(std::string sql) {
  Arena a1, a2;
  Diagnostics diags;
  parser::ParseOptions options;
  if (sql.rfind("spark:", 0) == 0) {
    options.dialect = Dialect::Spark;
    sql = sql.substr(6);
  }
  ast::Statement* s1 = parser::ParseStatement(sql, a1, options, diags);
  ast::Statement* s2 = parser::ParseStatement(sql, a2, options, diags);
  REQUIRE_MESSAGE((s1 != nullptr && s2 != nullptr), sql);
  rewrite::RewriteResult r1, r2;
  rewrite::RunPipeline(*s1, a1, r1);
  for (const rewrite::Pass& p : rewrite::Passes()) p.run(*s2, a2, r2);
  CHECK(r1.sort_keys.size() == r2.sort_keys.size());
  return {ast::Dump(s1), ast::Dump(s2)};
}

}  // namespace

TEST_CASE("rewrite shape: a plain statement gives no pass anything to do") {
  for (const char* sql : {"SELECT a, b + 1 FROM t WHERE a > 1", "INSERT INTO t SELECT a FROM u JOIN v ON u.k = v.k",
                          "CREATE TABLE t (a INT)", "SELECT * FROM (SELECT a FROM t) s"}) {
    const rewrite::StatementShape s = Shape(sql);
    CAPTURE(sql);
    CHECK_FALSE(s.ctes);
    CHECK_FALSE(s.sort_or_limit);
    CHECK_FALSE(s.set_operations);
    CHECK_FALSE(s.expr_subqueries);
  }
}

TEST_CASE("rewrite shape: each part is found where it is written") {
  CHECK(Shape("WITH c AS (SELECT 1 a) SELECT a FROM c").ctes);
  CHECK(Shape("WITH c AS (SELECT 1 a) INSERT INTO t SELECT a FROM c").ctes);  // the statement's WITH
  CHECK(Shape("SELECT * FROM (WITH c AS (SELECT 1 a) SELECT a FROM c) s").ctes);
  CHECK(Shape("EXPLAIN WITH c AS (SELECT 1 a) SELECT a FROM c").ctes);  // inside another statement
  CHECK(Shape("SELECT a FROM t ORDER BY a").sort_or_limit);
  CHECK(Shape("SELECT a FROM (SELECT a FROM t LIMIT 3) s").sort_or_limit);
  CHECK(Shape("SELECT a FROM t DISTRIBUTE BY a").sort_or_limit);
  CHECK(Shape("SELECT a FROM t UNION ALL SELECT a FROM u").set_operations);
  CHECK(Shape("SELECT * FROM (SELECT a FROM t UNION ALL SELECT a FROM u) s").set_operations);
  CHECK(Shape("SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u)").expr_subqueries);
  CHECK(Shape("SELECT (SELECT max(b) FROM u) FROM t").expr_subqueries);
  CHECK(Shape("DELETE FROM t WHERE a IN (SELECT a FROM u)").expr_subqueries);
  CHECK_FALSE(Shape("SELECT a FROM t ORDER BY a").ctes);
  CHECK_FALSE(Shape("SELECT a FROM t UNION ALL SELECT a FROM u").expr_subqueries);
}

TEST_CASE("rewrite shape: the pipeline's tree is the one every pass run gives") {
  for (const char* sql : {
           "SELECT a FROM t",
           "WITH c AS (SELECT a FROM t ORDER BY a LIMIT 2) SELECT * FROM c UNION ALL SELECT a FROM (SELECT a FROM u) x",
           "spark:WITH RECURSIVE r (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT n FROM r",
           "SELECT a FROM t WHERE EXISTS (SELECT b, c FROM u WHERE u.k = t.k) AND a IN (SELECT a, b FROM v)",
           "SELECT * FROM ((SELECT a FROM t) UNION (SELECT a FROM u)) s ORDER BY a",
           "FROM t INSERT OVERWRITE TABLE x SELECT a WHERE a IN (SELECT a FROM u) INSERT INTO y SELECT b SORT BY b",
           "EXPLAIN WITH c AS (SELECT a FROM t) SELECT a FROM c",
           "UPDATE t SET a = 1 WHERE b IN (SELECT b FROM u)",
       }) {
    CAPTURE(sql);
    const auto [pipeline, every] = BothWays(sql);
    CHECK(pipeline == every);
  }
}
