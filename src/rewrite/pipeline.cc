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
    {"recursive_ctes", &ReadRecursiveCtes, [](const StatementShape& s) { return s.ctes; }},
    {"inline_ctes", &InlineCtes, [](const StatementShape& s) { return s.ctes; }},
    {"prune_order_limit", &PruneOrderLimit, [](const StatementShape& s) { return s.sort_or_limit; }},
    {"collapse_set_operations", &CollapseSetOperations, [](const StatementShape& s) { return s.set_operations; }},
    {"prune_where_subqueries", &PruneWhereSubqueries, [](const StatementShape& s) { return s.expr_subqueries; }},
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
  const StatementShape shape = ShapeOf(stmt);
  for (const Pass& p : kPasses)
    if (p.needed(shape)) p.run(stmt, arena, result);
}

}  // namespace hivelineage::rewrite
