#include "rewrite/prune_order_limit.h"

#include "rewrite/walk.h"

namespace hivelineage::rewrite {

void PruneOrderLimit(ast::Statement& stmt, Arena&, RewriteResult& result) {
  QueryWalker w;
  w.on_query = [&result](ast::Query& q) {
    // The sort keys go to the result for lineage's Clause::Sort; a second run
    // finds nothing left to move and keeps them.
    if (!q.order_by.empty() || !q.sort_by.empty() || !q.cluster_by.empty() || !q.distribute_by.empty())
      result.sort_keys[&q] = SortKeys{q.order_by, q.cluster_by, q.distribute_by, q.sort_by};
    q.order_by = {};
    q.sort_by = {};
    q.cluster_by = {};
    q.distribute_by = {};
    q.limit = nullptr;
    q.offset = nullptr;
  };
  w.Statement(stmt);
}

}  // namespace hivelineage::rewrite
