// The rewrite pipeline: the passes lineage runs over, in order.
//
//   inline_ctes             WITH t AS (q) ... FROM t         => ... FROM (q) t
//   prune_order_limit       ... ORDER BY / SORT BY / LIMIT   => (dropped; the sort keys to the result)
//   collapse_set_operations a UNION ALL (b UNION ALL c)      => one SetOperationChain [a, b, c]
//   prune_where_subqueries  EXISTS (SELECT a, b ...)         => EXISTS (SELECT 1 ...)
//
// Passes restructure nodes in place or allocate new ones in the statement's
// arena, and record in the RewriteResult what lineage still needs of what
// they removed; each is idempotent, so running the pipeline twice equals once.
// Lineage (lineage::ComputeLineage) takes the RewriteResult: it runs on the
// rewritten tree only and relies on every pass having run.
#pragma once

#include <span>
#include <string_view>

#include "ast/ast.h"
#include "base/arena.h"
#include "rewrite/rewrite_result.h"
#include "rewrite/statement_shape.h"

namespace hivelineage::rewrite {

using PassFn = void (*)(ast::Statement&, Arena&, RewriteResult&);
struct Pass {
  std::string_view name;
  PassFn run;
  // Whether the pass could change a statement of this shape (statement_shape.h).
  bool (*needed)(const StatementShape&);
};

// The passes in pipeline order.
std::span<const Pass> Passes();

// Runs every pass in order (those the statement's shape says have nothing to
// do are skipped); `stmt` is rewritten in place.
RewriteResult RunPipeline(ast::Statement& stmt, Arena& arena);
// The same, adding to `result` (running twice with the same result equals once).
void RunPipeline(ast::Statement& stmt, Arena& arena, RewriteResult& result);

}  // namespace hivelineage::rewrite
