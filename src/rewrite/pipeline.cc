#include "rewrite/pipeline.h"

#include "rewrite/collapse_set_operations.h"
#include "rewrite/inline_ctes.h"
#include "rewrite/prune_order_limit.h"
#include "rewrite/prune_where_subqueries.h"
#include "rewrite/recursive_ctes.h"

namespace hivelineage::rewrite {

namespace {
// ORDER BY / LIMIT go before collapsing: a LIMIT keeps a branch from being unwrapped.
// A recursive CTE's reference to itself is read before inlining, which would take it for a table.
constexpr Pass kPasses[] = {
    {"recursive_ctes", &ReadRecursiveCtes},
    {"inline_ctes", &InlineCtes},
    {"prune_order_limit", &PruneOrderLimit},
    {"collapse_set_operations", &CollapseSetOperations},
    {"prune_where_subqueries", &PruneWhereSubqueries},
};
}  // namespace

std::span<const Pass> Passes() { return kPasses; }

RewriteResult RunPipeline(ast::Statement& stmt, Arena& arena) {
  RewriteResult result;
  RunPipeline(stmt, arena, result);
  return result;
}

void RunPipeline(ast::Statement& stmt, Arena& arena, RewriteResult& result) {
  result.statement = &stmt;
  for (const Pass& p : kPasses) p.run(stmt, arena, result);
}

}  // namespace hivelineage::rewrite
