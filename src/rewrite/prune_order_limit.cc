#include "rewrite/prune_order_limit.h"

#include "rewrite/walk.h"

namespace hivelineage::rewrite {

void PruneOrderLimit(ast::Statement& stmt, Arena&) {
  QueryWalker w;
  w.on_query = [](ast::Query& q) {
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
