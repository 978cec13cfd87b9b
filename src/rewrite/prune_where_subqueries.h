// Pass: reduce subqueries in WHERE / HAVING / QUALIFY to what lineage reads.
//
// A filtering subquery contributes no column to the projection: only its
// tables (inputs) and the columns it compares or filters on (predicate
// sources). Its select list is pruned to that: EXISTS selects a constant, IN
// keeps the single compared item, and nested ORDER BY / LIMIT are gone (see
// prune_order_limit). FROM, WHERE, GROUP BY and HAVING stay, so inputs and
// predicate columns are unchanged:
//   SELECT a FROM t WHERE EXISTS (SELECT x, upper(y) FROM u WHERE u.k = t.k)
//   => SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.k = t.k)
//   SELECT a FROM t WHERE a IN (SELECT DISTINCT x FROM u)
//   => SELECT a FROM t WHERE a IN (SELECT x FROM u)
// Subqueries in the select list (scalar subqueries) are kept whole: their
// columns flow into the projection. Lineage resolves what is left: a column
// or table named only in a pruned select list is not read. Idempotent.
#pragma once

#include "ast/ast.h"
#include "base/arena.h"
#include "rewrite/rewrite_result.h"

namespace hivelineage::rewrite {

void PruneWhereSubqueries(ast::Statement& stmt, Arena& arena, RewriteResult& result);

}  // namespace hivelineage::rewrite
