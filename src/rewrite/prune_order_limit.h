// Pass: drop ORDER BY, SORT BY, CLUSTER BY, DISTRIBUTE BY, LIMIT and OFFSET
// from every query. They change which rows flow and in what order, never
// which columns a value comes from, so lineage does not need them:
//   SELECT a FROM t ORDER BY b LIMIT 10        => SELECT a FROM t
//   INSERT ... SELECT * FROM (SELECT a FROM t DISTRIBUTE BY a SORT BY a) s
//   => INSERT ... SELECT * FROM (SELECT a FROM t) s
// Window specs (OVER (PARTITION BY ... ORDER BY ...)) are kept. Idempotent.
// The sort keys removed go to RewriteResult::sort_keys: lineage records them
// as Clause::Sort predicates (which rows go where, in what order).
#pragma once

#include "ast/ast.h"
#include "base/arena.h"
#include "rewrite/rewrite_result.h"

namespace hivelineage::rewrite {

void PruneOrderLimit(ast::Statement& stmt, Arena& arena, RewriteResult& result);

}  // namespace hivelineage::rewrite
