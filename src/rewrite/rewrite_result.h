// What the rewrite passes hand to lineage besides the rewritten tree: facts a
// pass took out of the tree that lineage still reports, keyed by the node
// they were taken from. Passes fill it as they run (RunPipeline); lineage
// reads it and never looks for what a pass removed in the tree itself.
#pragma once

#include "absl/container/flat_hash_map.h"
#include "ast/ast.h"

namespace hivelineage::rewrite {

// The ORDER BY / CLUSTER BY / DISTRIBUTE BY / SORT BY lists prune_order_limit
// removed from one query. They decide which rows go where and in what order,
// never a value: lineage reports their columns as one Clause::Sort predicate.
struct SortKeys {
  ast::List<ast::OrderItem> order_by;
  ast::List<ast::Expr*> cluster_by;
  ast::List<ast::Expr*> distribute_by;
  ast::List<ast::OrderItem> sort_by;
};

struct RewriteResult {
  // The rewritten statement (in the arena the passes ran with).
  const ast::Statement* statement = nullptr;
  // Sort keys by the query they were removed from.
  absl::flat_hash_map<const ast::Query*, SortKeys> sort_keys;

  // The sort keys removed from `q`, null when it had none.
  const SortKeys* SortKeysOf(const ast::Query* q) const {
    auto it = sort_keys.find(q);
    return it == sort_keys.end() ? nullptr : &it->second;
  }
};

}  // namespace hivelineage::rewrite
