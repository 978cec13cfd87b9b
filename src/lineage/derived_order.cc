#include "lineage/derived_order.h"

#include "absl/container/inlined_vector.h"
#include "lineage/expr_children.h"

namespace hivelineage::lineage {

namespace {

using namespace ast;

// One pending node of the walk: exactly one pointer is set.
struct Item {
  const Query* query = nullptr;
  const QueryExpr* body = nullptr;
  const TableRef* from = nullptr;
  const Expr* expr = nullptr;
};

class Walk {
 public:
  explicit Walk(std::vector<const Query*>& out) : out_(out) {}

  void Run(const Query* root) {
    Push(Item{.query = root});
    while (!todo_.empty()) {
      Item it = todo_.back();
      todo_.pop_back();
      if (it.query != nullptr) {
        Push(Item{.body = it.query->body});
      } else if (it.body != nullptr) {
        QueryBody(it.body);
      } else if (it.from != nullptr) {
        From(it.from);
      } else if (it.expr != nullptr) {
        Expression(it.expr);
      }
    }
  }

 private:
  // The work list is a stack: push in reverse so the leftmost item is taken first.
  void Push(Item it) { todo_.push_back(it); }
  void PushExpr(const Expr* e) {
    if (e != nullptr && e->kind != NodeKind::ColumnRef && e->kind != NodeKind::Literal) Push(Item{.expr = e});
  }
  void PushExprs(std::span<Expr* const> list) {
    for (size_t i = list.size(); i-- > 0;) PushExpr(list[i]);
  }

  void QueryBody(const QueryExpr* qe) {
    switch (qe->kind) {
      case NodeKind::SelectCore: {
        auto* core = static_cast<const SelectCore*>(qe);
        PushExpr(core->qualify);
        PushExpr(core->having);
        if (core->group_by != nullptr) {
          for (size_t i = core->group_by->grouping_sets.size(); i-- > 0;) PushExprs(core->group_by->grouping_sets[i]);
          PushExprs(core->group_by->items);
        }
        PushExpr(core->where);
        for (size_t i = core->items.size(); i-- > 0;) PushExpr(core->items[i].expr);
        if (core->transform != nullptr) PushExprs(core->transform->args);
        if (core->from != nullptr) Push(Item{.from = core->from});
        return;
      }
      case NodeKind::SetOperation: {
        auto* op = static_cast<const SetOperation*>(qe);
        if (op->right != nullptr) Push(Item{.body = op->right});
        if (op->left != nullptr) Push(Item{.body = op->left});
        return;
      }
      case NodeKind::NestedQuery:
        if (auto* q = static_cast<const NestedQuery*>(qe)->query) Push(Item{.query = q});
        return;
      case NodeKind::ValuesQuery: {
        auto& rows = static_cast<const ValuesQuery*>(qe)->rows;
        for (size_t i = rows.size(); i-- > 0;) PushExprs(rows[i]);
        return;
      }
      default:
        return;
    }
  }

  void From(const TableRef* ref) {
    switch (ref->kind) {
      case NodeKind::SubqueryRef:
        if (auto* q = static_cast<const SubqueryRef*>(ref)->query) out_.push_back(q);
        return;
      case NodeKind::JoinRef: {
        auto* j = static_cast<const JoinRef*>(ref);
        PushExprs(j->unique_keys_right);
        PushExprs(j->unique_keys_left);
        PushExpr(j->on);
        if (j->right != nullptr) Push(Item{.from = j->right});
        if (j->left != nullptr) Push(Item{.from = j->left});
        return;
      }
      case NodeKind::LateralViewRef: {
        auto* lv = static_cast<const LateralViewRef*>(ref);
        PushExpr(lv->udtf);
        if (lv->source != nullptr) Push(Item{.from = lv->source});
        return;
      }
      case NodeKind::TableFunctionRef: {
        auto* f = static_cast<const TableFunctionRef*>(ref);
        if (f->partitioning != nullptr) PushExprs(f->partitioning->partition_by);
        PushExprs(f->args);
        if (f->input != nullptr) Push(Item{.from = f->input});
        return;
      }
      case NodeKind::ValuesRef:
        if (auto* v = static_cast<const ValuesRef*>(ref)->values) Push(Item{.body = v});
        return;
      case NodeKind::TableName:
        if (auto* s = static_cast<const TableName*>(ref)->sample) PushExprs(s->on);
        return;
      default:
        return;
    }
  }

  // Subqueries inside an expression are part of the query (they may be
  // correlated); their derived tables are collected like the query's own.
  void Expression(const Expr* root) {
    absl::InlinedVector<const Expr*, 16> stack{root};
    while (!stack.empty()) {
      const Expr* e = stack.back();
      stack.pop_back();
      switch (e->kind) {
        case NodeKind::InSubqueryExpr:
          if (auto* q = static_cast<const InSubqueryExpr*>(e)->query) Push(Item{.query = q});
          break;
        case NodeKind::ExistsExpr:
          if (auto* q = static_cast<const ExistsExpr*>(e)->query) Push(Item{.query = q});
          break;
        case NodeKind::SubqueryExpr:
          if (auto* q = static_cast<const SubqueryExpr*>(e)->query) Push(Item{.query = q});
          break;
        default:
          break;
      }
      ForEachChild(e, [&](const Expr* c) { stack.push_back(c); });
    }
  }

  std::vector<const Query*>& out_;
  std::vector<Item> todo_;
};

}  // namespace

void DirectDerivedTables(const Query* q, std::vector<const Query*>& out) {
  if (q != nullptr) Walk(out).Run(q);
}

}  // namespace hivelineage::lineage
