// Pass: collapse set operations into one level.
//
// Every set operation becomes an ast::SetOperationChain: its branches in
// order, each joined to those before it by its operator. Parenthesised bare
// operands (no WITH, ORDER BY, LIMIT, ...) are unwrapped and their branches
// spliced in wherever that keeps the rows: always on the left (set operations
// run left to right), on the right when every operator is the same UNION or
// INTERSECT; otherwise they stay a parenthesised branch, collapsed in turn.
// A query that only selects `*` from a derived set operation becomes that set
// operation:
//   SELECT a FROM x UNION ALL (SELECT b FROM y UNION ALL SELECT c FROM z)
//   => SELECT a FROM x UNION ALL SELECT b FROM y UNION ALL SELECT c FROM z
//   SELECT a FROM x UNION (SELECT b FROM y UNION ALL SELECT c FROM z)
//   => (unchanged: three branches in two levels)
//   SELECT * FROM (SELECT a FROM x UNION ALL SELECT b FROM y) u
//   => SELECT a FROM x UNION ALL SELECT b FROM y
// Lineage reads only chains: output column i of a chain reads column i of
// every branch. Idempotent.
#pragma once

#include "ast/ast.h"
#include "base/arena.h"
#include "rewrite/rewrite_result.h"

namespace hivelineage::rewrite {

void CollapseSetOperations(ast::Statement& stmt, Arena& arena, RewriteResult& result);

}  // namespace hivelineage::rewrite
