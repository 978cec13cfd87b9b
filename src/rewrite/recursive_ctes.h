// Pass: read Spark's recursive CTEs (WITH RECURSIVE).
//
// Inside a recursive CTE's body, a one-part table name naming the CTE itself
// is no table: it stands for the rows made so far, which start as the anchor
// (the first branch of the body's UNION) and grow through the recursive
// branches. Each such reference becomes a derived table over the anchor, under
// the CTE's column names:
//   WITH RECURSIVE r(n) AS (SELECT a FROM x UNION ALL SELECT n + 1 FROM r) ...
//   => WITH RECURSIVE r(n) AS (SELECT a FROM x UNION ALL SELECT n + 1 FROM (SELECT a FROM x) r (n)) ...
// so the tables read are the branches' real tables and each column's lineage
// is the union of both branches' (one step of the recursion is unrolled: a
// column fed by another column of the recursion sees that column's anchor
// sources). Runs before inline_ctes, which then inlines the CTE as any other.
// A body without a set operation has no anchor: its names are left alone.
#pragma once

#include "ast/ast.h"
#include "base/arena.h"
#include "rewrite/rewrite_result.h"

namespace hivelineage::rewrite {

void ReadRecursiveCtes(ast::Statement& stmt, Arena& arena, RewriteResult& result);

}  // namespace hivelineage::rewrite
