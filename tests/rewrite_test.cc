// Rewrite passes, each on its own: before/after SQL through the AST printer,
// and idempotence (a second run changes nothing, compared with ast::Dump).
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "ast/dump.h"
#include "ast/print_sql.h"
#include "base/arena.h"
#include "lexer/script.h"
#include "parser/parser.h"
#include "rewrite/collapse_set_operations.h"
#include "rewrite/inline_ctes.h"
#include "rewrite/pipeline.h"
#include "rewrite/prune_order_limit.h"
#include "rewrite/prune_where_subqueries.h"
#include "test_support.h"

using namespace hivelineage;

namespace {

// Parses `sql`, runs `pass` and returns the printed result; checks that a
// second run leaves the tree unchanged.
std::string Rewrite(rewrite::PassFn pass, const std::string& sql) {
  Arena arena;
  Diagnostics diags;
  ast::Statement* stmt = parser::ParseStatement(sql, arena, parser::ParseOptions{}, diags);
  REQUIRE_MESSAGE(stmt != nullptr, sql);
  rewrite::RewriteResult result;
  pass(*stmt, arena, result);
  const std::string once = ast::Dump(stmt);
  pass(*stmt, arena, result);
  CHECK_MESSAGE(ast::Dump(stmt) == once, "not idempotent: " << sql);
  return ast::PrintStatement(stmt);
}

// The whole pipeline as one pass.
void Pipeline(ast::Statement& stmt, Arena& arena, rewrite::RewriteResult& result) {
  rewrite::RunPipeline(stmt, arena, result);
}

// The printed form of `sql` without any rewrite, for expectations.
std::string Canonical(const std::string& sql) {
  Arena arena;
  Diagnostics diags;
  ast::Statement* stmt = parser::ParseStatement(sql, arena, parser::ParseOptions{}, diags);
  REQUIRE_MESSAGE(stmt != nullptr, sql);
  return ast::PrintStatement(stmt);
}

}  // namespace

TEST_CASE("rewrite inline_ctes: references become derived tables, WITH goes away") {
  CHECK(Rewrite(&rewrite::InlineCtes, "WITH t AS (SELECT a FROM x) SELECT a FROM t") ==
        Canonical("SELECT a FROM (SELECT a FROM x) t"));
  // Column lists and a second reference under another alias.
  CHECK(
      Rewrite(&rewrite::InlineCtes, "WITH c (k) AS (SELECT key FROM src) SELECT c.k FROM c JOIN c AS d ON c.k = d.k") ==
      Canonical("SELECT c.k FROM (SELECT key FROM src) c (k) JOIN (SELECT key FROM src) d (k) ON c.k = d.k"));
  // A later CTE reads an earlier one; a CTE named like a table reads the table.
  CHECK(Rewrite(&rewrite::InlineCtes, "WITH a AS (SELECT 1 AS x), b AS (SELECT x FROM a) SELECT * FROM b") ==
        Canonical("SELECT * FROM (SELECT x FROM (SELECT 1 AS x) a) b"));
  CHECK(Rewrite(&rewrite::InlineCtes, "WITH src AS (SELECT key FROM src) SELECT key FROM src") ==
        Canonical("SELECT key FROM (SELECT key FROM src) src"));
  // An inner WITH shadows the outer one; qualified names are never CTEs.
  CHECK(Rewrite(&rewrite::InlineCtes,
                "WITH q AS (SELECT 1 AS v) SELECT * FROM (WITH q AS (SELECT 2 AS v) SELECT v FROM q) s, db.q") ==
        Canonical("SELECT * FROM (SELECT v FROM (SELECT 2 AS v) q) s, db.q"));
  // A CTE body sees only the CTEs before it: `b` in `a`'s body is the table.
  CHECK(Rewrite(&rewrite::InlineCtes, "WITH a AS (SELECT x FROM b), b AS (SELECT x FROM a) SELECT x FROM b") ==
        Canonical("SELECT x FROM (SELECT x FROM (SELECT x FROM b) a) b"));
  // Statement-level WITH before a FROM-first multi-insert.
  CHECK(Rewrite(&rewrite::InlineCtes,
                "WITH s AS (SELECT k, v FROM src) FROM s INSERT INTO a SELECT k INSERT INTO b SELECT v") ==
        Canonical("FROM (SELECT k, v FROM src) s INSERT INTO a SELECT k INSERT INTO b SELECT v"));
  // Statement-level WITH before INSERT, and CTEs used in WHERE subqueries.
  CHECK(Rewrite(&rewrite::InlineCtes,
                "WITH t AS (SELECT k FROM x) INSERT INTO y SELECT k FROM t WHERE k IN (SELECT k FROM t)") ==
        Canonical("INSERT INTO y SELECT k FROM (SELECT k FROM x) t WHERE k IN (SELECT k FROM (SELECT k FROM x) t)"));
}

TEST_CASE("rewrite prune_order_limit: ORDER BY / SORT BY / LIMIT go, windows stay") {
  CHECK(Rewrite(&rewrite::PruneOrderLimit, "SELECT a FROM t ORDER BY b LIMIT 10") == Canonical("SELECT a FROM t"));
  CHECK(Rewrite(&rewrite::PruneOrderLimit,
                "INSERT INTO d SELECT * FROM (SELECT a FROM t DISTRIBUTE BY a SORT BY a) s CLUSTER BY a") ==
        Canonical("INSERT INTO d SELECT * FROM (SELECT a FROM t) s"));
  CHECK(Rewrite(&rewrite::PruneOrderLimit, "SELECT rank() OVER (PARTITION BY a ORDER BY b) FROM t LIMIT 1") ==
        Canonical("SELECT rank() OVER (PARTITION BY a ORDER BY b) FROM t"));
}

TEST_CASE("rewrite collapse_set_operations: nested branches and SELECT * over a union") {
  CHECK(Rewrite(&rewrite::CollapseSetOperations, "SELECT * FROM (SELECT a FROM x UNION ALL SELECT b FROM y) u") ==
        Canonical("SELECT a FROM x UNION ALL SELECT b FROM y"));
  // One level: a parenthesised branch splices in where the rows stay the same.
  CHECK(Rewrite(&rewrite::CollapseSetOperations,
                "SELECT a FROM x UNION ALL (SELECT b FROM y UNION ALL SELECT c FROM z)") ==
        Canonical("SELECT a FROM x UNION ALL SELECT b FROM y UNION ALL SELECT c FROM z"));
  CHECK(Rewrite(&rewrite::CollapseSetOperations,
                "((SELECT a FROM x EXCEPT SELECT b FROM y) UNION SELECT c FROM z) INTERSECT SELECT d FROM w") ==
        Canonical("SELECT a FROM x EXCEPT SELECT b FROM y UNION SELECT c FROM z INTERSECT SELECT d FROM w"));
  // Not where it would change them: UNION DISTINCT over UNION ALL, EXCEPT on the right.
  CHECK(Rewrite(&rewrite::CollapseSetOperations,
                "SELECT a FROM x UNION (SELECT b FROM y UNION ALL (SELECT c FROM z UNION ALL SELECT d FROM w))") ==
        Canonical("SELECT a FROM x UNION (SELECT b FROM y UNION ALL SELECT c FROM z UNION ALL SELECT d FROM w)"));
  CHECK(Rewrite(&rewrite::CollapseSetOperations, "SELECT a FROM x EXCEPT (SELECT b FROM y EXCEPT SELECT c FROM z)") ==
        Canonical("SELECT a FROM x EXCEPT (SELECT b FROM y EXCEPT SELECT c FROM z)"));
  CHECK(Rewrite(&rewrite::CollapseSetOperations, "(SELECT a FROM x) UNION (SELECT b FROM y)") ==
        Canonical("SELECT a FROM x UNION SELECT b FROM y"));
  // A branch with its own LIMIT, a filtered outer query: kept.
  CHECK(Rewrite(&rewrite::CollapseSetOperations, "SELECT a FROM x UNION ALL (SELECT b FROM y LIMIT 1)") ==
        Canonical("SELECT a FROM x UNION ALL (SELECT b FROM y LIMIT 1)"));
  CHECK(Rewrite(&rewrite::CollapseSetOperations,
                "SELECT * FROM (SELECT a FROM x UNION ALL SELECT b FROM y) u WHERE a > 1") ==
        Canonical("SELECT * FROM (SELECT a FROM x UNION ALL SELECT b FROM y) u WHERE a > 1"));
}

TEST_CASE("rewrite prune_where_subqueries: filtering subqueries keep what predicates read") {
  CHECK(Rewrite(&rewrite::PruneWhereSubqueries,
                "SELECT a FROM t WHERE EXISTS (SELECT x, upper(y) FROM u WHERE u.k = t.k)") ==
        Canonical("SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.k = t.k)"));
  CHECK(Rewrite(&rewrite::PruneWhereSubqueries, "SELECT a FROM t WHERE a IN (SELECT DISTINCT x FROM u)") ==
        Canonical("SELECT a FROM t WHERE a IN (SELECT x FROM u)"));
  // HAVING may name a select alias: the select list stays.
  CHECK(Rewrite(&rewrite::PruneWhereSubqueries,
                "SELECT a FROM t WHERE EXISTS (SELECT count(*) c FROM u GROUP BY k HAVING c > 1)") ==
        Canonical("SELECT a FROM t WHERE EXISTS (SELECT count(*) c FROM u GROUP BY k HAVING c > 1)"));
  // Scalar subqueries in the select list feed the projection: untouched.
  CHECK(Rewrite(&rewrite::PruneWhereSubqueries, "SELECT (SELECT max(x) FROM u) AS m FROM t") ==
        Canonical("SELECT (SELECT max(x) FROM u) AS m FROM t"));
}

TEST_CASE("rewrite pipeline: passes in order, idempotent as a whole") {
  REQUIRE(rewrite::Passes().size() == 5);
  CHECK(rewrite::Passes()[0].name == "recursive_ctes");
  CHECK(rewrite::Passes()[1].name == "inline_ctes");
  CHECK(Rewrite(&Pipeline,
                "WITH u AS (SELECT a FROM x UNION ALL SELECT b FROM y) "
                "INSERT INTO d SELECT * FROM u WHERE EXISTS (SELECT z FROM w ORDER BY z) ORDER BY a LIMIT 5") ==
        Canonical("INSERT INTO d SELECT * FROM (SELECT a FROM x UNION ALL SELECT b FROM y) u "
                  "WHERE EXISTS (SELECT 1 FROM w)"));
}

TEST_CASE("rewrite pipeline: running twice equals once on every statement of corpus/scripts") {
  // (The corpus suite does the same on Hive's q-tests.)
  size_t checked = 0;
  std::string differing;
  for (const auto& entry : std::filesystem::directory_iterator(testing::SourceDir() / "corpus" / "scripts")) {
    SourceFile file(entry.path().string(), testing::ReadFile(entry.path()));
    lexer::Variables vars;
    Diagnostics diags;
    for (const lexer::StatementText& st : lexer::SplitScript(file, vars, diags)) {
      if (st.command != lexer::CommandKind::None) continue;
      Arena arena;
      Diagnostics pd;
      ast::Statement* stmt = parser::ParseStatement(st.text(), arena, parser::ParseOptions{}, pd);
      if (stmt == nullptr) continue;
      rewrite::RewriteResult result = rewrite::RunPipeline(*stmt, arena);
      const std::string once = ast::Dump(stmt);
      rewrite::RunPipeline(*stmt, arena, result);
      ++checked;
      if (ast::Dump(stmt) != once && differing.empty()) differing = std::string(st.text());
    }
  }
  CHECK(checked > 80);
  CHECK_MESSAGE(differing.empty(), "first differing statement: " << differing);
}
