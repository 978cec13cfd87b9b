#include "rewrite/collapse_set_operations.h"

#include <vector>

#include "rewrite/walk.h"

namespace hivelineage::rewrite {

namespace {

using namespace ast;

// A query that is nothing but its body.
bool IsBare(const Query* q) {
  return q != nullptr && q->body != nullptr && q->ctes.empty() && q->order_by.empty() && q->sort_by.empty() &&
         q->cluster_by.empty() && q->distribute_by.empty() && q->limit == nullptr && q->offset == nullptr &&
         q->pruned_sort == nullptr;  // lineage reads the sort keys in the query's own scope
}

// Unwraps parenthesized bare operands.
QueryExpr* Unwrap(QueryExpr* qe) {
  for (int guard = 0; guard < 10000; ++guard) {
    auto* n = DynCast<NestedQuery>(qe);
    if (n == nullptr || !IsBare(n->query)) return qe;
    qe = n->query->body;
  }
  return qe;
}

// `SELECT * FROM (set operation) alias` with nothing else: the set operation.
QueryExpr* StarOverSetOperation(QueryExpr* body) {
  auto* core = DynCast<SelectCore>(body);
  if (core == nullptr || core->items.size() != 1 || core->distinct || core->transform != nullptr ||
      core->where != nullptr || core->group_by != nullptr || core->having != nullptr || core->qualify != nullptr ||
      !core->windows.empty())
    return nullptr;
  auto* star = DynCast<StarExpr>(core->items[0].expr);
  if (star == nullptr || !star->qualifier.empty() || !star->regex.empty()) return nullptr;
  auto* sub = DynCast<SubqueryRef>(core->from);
  if (sub == nullptr || !sub->column_aliases.empty() || !IsBare(sub->query)) return nullptr;
  QueryExpr* inner = Unwrap(sub->query->body);
  return inner->kind == NodeKind::SetOperation ? inner : nullptr;
}

void Collapse(Query& q) {
  // Only when nothing outside the select list could name the derived table's alias.
  const bool outer_bare = q.order_by.empty() && q.sort_by.empty() && q.cluster_by.empty() && q.distribute_by.empty() &&
                          q.limit == nullptr && q.offset == nullptr && q.pruned_sort == nullptr;
  for (int guard = 0; outer_bare && guard < 10000; ++guard) {
    QueryExpr* inner = StarOverSetOperation(q.body);
    if (inner == nullptr) break;
    q.body = inner;
  }
  q.body = Unwrap(q.body);
  // Unwrap operands along the whole chain; the left spine iteratively.
  std::vector<SetOperation*> todo;
  if (auto* op = DynCast<SetOperation>(q.body)) todo.push_back(op);
  while (!todo.empty()) {
    SetOperation* op = todo.back();
    todo.pop_back();
    op->left = Unwrap(op->left);
    op->right = Unwrap(op->right);
    if (auto* l = DynCast<SetOperation>(op->left)) todo.push_back(l);
    if (auto* r = DynCast<SetOperation>(op->right)) todo.push_back(r);
  }
}

}  // namespace

void CollapseSetOperations(ast::Statement& stmt, Arena&) {
  QueryWalker w;
  w.on_query = [](ast::Query& q) { Collapse(q); };
  w.Statement(stmt);
}

}  // namespace hivelineage::rewrite
