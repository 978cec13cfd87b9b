#include "rewrite/prune_order_limit.h"

#include "rewrite/walk.h"

namespace hivelineage::rewrite {

void PruneOrderLimit(ast::Statement& stmt, Arena& arena) {
  QueryWalker w;
  w.on_query = [&arena](ast::Query& q) {
    // The sort keys move to q.pruned_sort for lineage's Clause::Sort; a second
    // run finds nothing left to move and keeps them.
    if (!q.order_by.empty() || !q.sort_by.empty() || !q.cluster_by.empty() || !q.distribute_by.empty()) {
      ast::Query* kept = arena.New<ast::Query>();
      kept->span = q.span;
      kept->order_by = q.order_by;
      kept->cluster_by = q.cluster_by;
      kept->distribute_by = q.distribute_by;
      kept->sort_by = q.sort_by;
      q.pruned_sort = kept;
    }
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
