#include "rewrite/statement_shape.h"

#include "rewrite/walk.h"

namespace hivelineage::rewrite {

using namespace ast;

StatementShape ShapeOf(ast::Statement& stmt) {
  StatementShape shape;
  QueryWalker w;
  auto statement_ctes = [&](ast::Statement& s) {
    if (auto* qs = DynCast<QueryStatement>(&s); qs != nullptr && !qs->ctes.empty()) shape.ctes = true;
  };
  w.on_query = [&](ast::Query& q) {
    if (!q.ctes.empty()) shape.ctes = true;
    if (!q.order_by.empty() || !q.sort_by.empty() || !q.cluster_by.empty() || !q.distribute_by.empty() ||
        q.limit != nullptr || q.offset != nullptr)
      shape.sort_or_limit = true;
    if (q.body != nullptr && q.body->kind != NodeKind::SelectCore && q.body->kind != NodeKind::ValuesQuery)
      shape.set_operations = true;
  };
  w.take_statement = [&](ast::Statement& inner) {
    statement_ctes(inner);
    w.Statement(inner);
  };
  statement_ctes(stmt);
  w.Statement(stmt);
  shape.expr_subqueries = w.expr_subqueries > 0;
  return shape;
}

}  // namespace hivelineage::rewrite
