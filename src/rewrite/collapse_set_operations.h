// Pass: collapse set operations into one level.
//
// A parenthesized operand of UNION / INTERSECT / EXCEPT that is a plain query
// (no WITH, ORDER BY, LIMIT, ...) is replaced by its body, so nested branches
// become operands of one chain whose output column i reads column i of every
// branch; and a query that only selects `*` from a derived set operation is
// replaced by that set operation:
//   SELECT a FROM x UNION ALL (SELECT b FROM y UNION ALL SELECT c FROM z)
//   => SELECT a FROM x UNION ALL SELECT b FROM y UNION ALL SELECT c FROM z
//   SELECT * FROM (SELECT a FROM x UNION ALL SELECT b FROM y) u
//   => SELECT a FROM x UNION ALL SELECT b FROM y
// The operator tree keeps its shape (mixed UNION / UNION ALL keep their
// grouping), so the rows are unchanged. Idempotent.
#pragma once

#include "ast/ast.h"
#include "base/arena.h"

namespace hivelineage::rewrite {

void CollapseSetOperations(ast::Statement& stmt, Arena& arena);

}  // namespace hivelineage::rewrite
