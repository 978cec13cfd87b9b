#include "rewrite/walk.h"

#include <vector>

#include "absl/container/inlined_vector.h"
#include "ast/children.h"

namespace hivelineage::rewrite {

using namespace ast;

void ForEachSubquerySlot(Expr* root, const std::function<void(Query*&)>& f) {
  if (root == nullptr || root->kind == NodeKind::ColumnRef || root->kind == NodeKind::Literal) return;
  absl::InlinedVector<Expr*, 32> stack{root};
  auto push = [&](Expr*& c) { stack.push_back(c); };
  while (!stack.empty()) {
    Expr* e = stack.back();
    stack.pop_back();
    VisitChildren(*e, Overloaded{push, [&](Query*& q) { f(q); }, [&](WindowSpec*& w) { VisitChildren(*w, push); }});
  }
}

void QueryWalker::Expr(ast::Expr* e) {
  ForEachSubquerySlot(e, [&](ast::Query*& q) {
    ++expr_subqueries;
    Query(q);
  });
}

void QueryWalker::Window(ast::WindowSpec& w) {
  VisitChildren(w, [&](ast::Expr*& e) { Expr(e); });
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
  VisitChildren(*q, Overloaded{[&](ast::Query*& c) { Query(c); }, [&](ast::QueryExpr*& body) { QueryExpr(body); },
                               [&](ast::Expr*& e) { Expr(e); }});
}

void QueryWalker::QueryExpr(ast::QueryExpr* root) {
  // Set-operation chains nest on the left and can be long: a work list, not recursion.
  absl::InlinedVector<ast::QueryExpr*, 8> todo;
  if (root != nullptr) todo.push_back(root);
  while (!todo.empty()) {
    ast::QueryExpr* qe = todo.back();
    todo.pop_back();
    if (auto* core = DynCast<SelectCore>(qe); core != nullptr && on_core) on_core(*core);
    VisitChildren(*qe, Overloaded{[&](ast::QueryExpr*& c) { todo.push_back(c); }, [&](ast::Query*& c) { Query(c); },
                                  [&](ast::TableRef*& from) { TableRef(from); }, [&](ast::Expr*& e) { Expr(e); },
                                  [&](ast::WindowSpec*& w) { Window(*w); }});
  }
}

void QueryWalker::TableChild(ast::TableRef*& slot, std::vector<ast::TableRef*>& pending) {
  if (slot->kind != NodeKind::TableName) {
    pending.push_back(slot);
    return;
  }
  VisitChildren(*slot, [&](ast::Expr*& e) { Expr(e); });  // TABLESAMPLE ... ON, FOR SYSTEM_TIME AS OF
  if (on_table_name) on_table_name(slot);
}

void QueryWalker::TableRef(ast::TableRef*& first) {
  // Joins and lateral views nest on the left and can be long: a work list.
  std::vector<ast::TableRef*> pending;
  if (first != nullptr) TableChild(first, pending);
  while (!pending.empty()) {
    ast::TableRef* ref = pending.back();
    pending.pop_back();
    VisitChildren(*ref, Overloaded{[&](ast::TableRef*& c) { TableChild(c, pending); },
                                   [&](ast::Query*& c) { Query(c); }, [&](ast::QueryExpr*& c) { QueryExpr(c); },
                                   [&](ast::Expr*& e) { Expr(e); }, [&](ast::WindowSpec*& w) { Window(*w); }});
  }
}

void QueryWalker::Statement(ast::Statement& stmt) {
  VisitChildren(stmt, Overloaded{[&](ast::Query*& q) { Query(q); }, [&](ast::TableRef*& from) { TableRef(from); },
                                 [&](ast::Expr*& e) { Expr(e); },
                                 [&](ast::Statement*& inner) {
                                   if (take_statement)
                                     take_statement(*inner);
                                   else
                                     Statement(*inner);
                                 }});
}

}  // namespace hivelineage::rewrite
