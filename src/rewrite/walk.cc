#include "rewrite/walk.h"

#include <vector>

#include "absl/container/inlined_vector.h"
#include "lineage/expr_children.h"

namespace hivelineage::rewrite {

using namespace ast;

void ForEachSubquerySlot(Expr* root, const std::function<void(Query*&)>& f) {
  if (root == nullptr || root->kind == NodeKind::ColumnRef || root->kind == NodeKind::Literal) return;
  absl::InlinedVector<Expr*, 32> stack{root};
  while (!stack.empty()) {
    Expr* e = stack.back();
    stack.pop_back();
    switch (e->kind) {
      case NodeKind::InSubqueryExpr:
        f(static_cast<InSubqueryExpr*>(e)->query);
        break;
      case NodeKind::ExistsExpr:
        f(static_cast<ExistsExpr*>(e)->query);
        break;
      case NodeKind::SubqueryExpr:
        f(static_cast<SubqueryExpr*>(e)->query);
        break;
      default:
        break;
    }
    lineage::ForEachChild(e, [&](const Expr* c) { stack.push_back(const_cast<Expr*>(c)); });
  }
}

void QueryWalker::Expr(ast::Expr* e) {
  ForEachSubquerySlot(e, [&](ast::Query*& q) { Query(q); });
}

bool QueryWalker::FirstVisit(const ast::Query* q) {
  // Few queries per statement: a short list beats hashing until it grows.
  if (seen_.empty()) {
    for (const ast::Query* s : seen_small_)
      if (s == q) return false;
    if (seen_small_.size() < 16) {
      seen_small_.push_back(q);
      return true;
    }
    seen_.insert(seen_small_.begin(), seen_small_.end());
  }
  return seen_.insert(q).second;
}

void QueryWalker::Query(ast::Query* q) {
  if (q == nullptr || !FirstVisit(q)) return;
  if (take_query) return take_query(*q);
  pending_.push_back(q);
  if (draining_) return;
  draining_ = true;
  while (!pending_.empty()) {
    ast::Query* next = pending_.back();
    pending_.pop_back();
    Visit(next);
  }
  draining_ = false;
}

void QueryWalker::Visit(ast::Query* q) {
  if (on_query) on_query(*q);
  for (Cte& c : q->ctes) Query(c.query);
  QueryExpr(q->body);
}

void QueryWalker::QueryExpr(ast::QueryExpr* qe) {
  while (qe != nullptr) {
    switch (qe->kind) {
      case NodeKind::SelectCore: {
        auto* core = static_cast<SelectCore*>(qe);
        if (on_core) on_core(*core);
        TableRef(core->from);
        for (SelectItem& item : core->items) Expr(item.expr);
        if (core->transform != nullptr)
          for (ast::Expr* a : core->transform->args) Expr(a);
        Expr(core->where);
        if (core->group_by != nullptr)
          for (ast::Expr* g : core->group_by->items) Expr(g);
        Expr(core->having);
        Expr(core->qualify);
        return;
      }
      case NodeKind::SetOperation: {
        auto* op = static_cast<SetOperation*>(qe);
        QueryExpr(op->right);  // right operands are shallow; the left spine is the loop
        qe = op->left;
        continue;
      }
      case NodeKind::NestedQuery:
        return Query(static_cast<NestedQuery*>(qe)->query);
      case NodeKind::ValuesQuery:
        for (auto& row : static_cast<ValuesQuery*>(qe)->rows)
          for (ast::Expr* v : row) Expr(v);
        return;
      default:
        return;
    }
  }
}

void QueryWalker::TableRef(ast::TableRef*& first) {
  ast::TableRef** slot = &first;
  while (*slot != nullptr) {
    ast::TableRef* ref = *slot;
    switch (ref->kind) {
      case NodeKind::TableName:
        if (on_table_name) on_table_name(*slot);
        return;
      case NodeKind::JoinRef: {
        auto* j = static_cast<JoinRef*>(ref);
        TableRef(j->right);
        Expr(j->on);
        slot = &j->left;
        continue;
      }
      case NodeKind::LateralViewRef: {
        auto* lv = static_cast<LateralViewRef*>(ref);
        Expr(lv->udtf);
        slot = &lv->source;
        continue;
      }
      case NodeKind::SubqueryRef:
        return Query(static_cast<SubqueryRef*>(ref)->query);
      case NodeKind::TableFunctionRef: {
        auto* f = static_cast<TableFunctionRef*>(ref);
        for (ast::Expr* a : f->args) Expr(a);
        slot = &f->input;
        continue;
      }
      default:
        return;
    }
  }
}

void QueryWalker::Statement(ast::Statement& stmt) {
  switch (stmt.kind) {
    case NodeKind::QueryStatement: {
      auto& s = static_cast<QueryStatement&>(stmt);
      for (Cte& c : s.ctes) Query(c.query);
      TableRef(s.from);
      for (InsertBody& b : s.bodies) Query(b.query);
      return;
    }
    case NodeKind::CreateTableStatement:
      return Query(static_cast<CreateTableStatement&>(stmt).as_query);
    case NodeKind::CreateViewStatement:
      return Query(static_cast<CreateViewStatement&>(stmt).query);
    case NodeKind::UpdateStatement: {
      auto& s = static_cast<UpdateStatement&>(stmt);
      for (Assignment& a : s.assignments) Expr(a.value);
      return Expr(s.where);
    }
    case NodeKind::DeleteStatement:
      return Expr(static_cast<DeleteStatement&>(stmt).where);
    case NodeKind::MergeStatement: {
      auto& s = static_cast<MergeStatement&>(stmt);
      TableRef(s.source);
      Expr(s.on);
      for (MergeClause& c : s.clauses) {
        Expr(c.condition);
        for (Assignment& a : c.assignments) Expr(a.value);
        for (ast::Expr* v : c.insert_values) Expr(v);
      }
      return;
    }
    case NodeKind::ExplainStatement:
      if (auto* inner = static_cast<ExplainStatement&>(stmt).inner) Statement(*inner);
      return;
    default:
      return;
  }
}

}  // namespace hivelineage::rewrite
