// The rewrite pipeline: the passes lineage runs over, in order.
//
//   inline_ctes            WITH t AS (q) ... FROM t        => ... FROM (q) t
//   prune_order_limit      ... ORDER BY / SORT BY / LIMIT  => (dropped)
//   collapse_set_operations nested UNION branches          => one chain
//   prune_where_subqueries EXISTS (SELECT a, b ...)        => EXISTS (SELECT 1 ...)
//
// Passes restructure nodes in place or allocate new ones in the statement's
// arena; each is idempotent, so running the pipeline twice equals once.
#pragma once

#include <span>
#include <string_view>

#include "ast/ast.h"
#include "base/arena.h"

namespace hivelineage::rewrite {

using PassFn = void (*)(ast::Statement&, Arena&);
struct Pass {
  std::string_view name;
  PassFn run;
};

// The passes in pipeline order.
std::span<const Pass> Passes();

// Runs every pass in order.
void RunPipeline(ast::Statement& stmt, Arena& arena);

}  // namespace hivelineage::rewrite
