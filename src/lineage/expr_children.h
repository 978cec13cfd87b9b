// Direct child expressions of an expression node (subquery bodies excluded:
// callers decide what a subquery contributes).
#pragma once

#include "ast/ast.h"

namespace hivelineage::lineage {

struct ChildOptions {
  bool window_spec = true;  // PARTITION BY / ORDER BY of an OVER clause
};

template <typename F>
void ForEachChild(const ast::Expr* e, F&& f, ChildOptions options = {}) {
  using namespace ast;
  auto each = [&](const Expr* c) {
    if (c != nullptr) f(c);
  };
  switch (e->kind) {
    case NodeKind::Literal:
    case NodeKind::ColumnRef:
    case NodeKind::StarExpr:
    case NodeKind::ExistsExpr:
    case NodeKind::SubqueryExpr:
      return;
    case NodeKind::FieldAccess:
      return each(static_cast<const FieldAccess*>(e)->base);
    case NodeKind::Subscript: {
      auto* s = static_cast<const Subscript*>(e);
      each(s->base);
      return each(s->index);
    }
    case NodeKind::UnaryExpr:
      return each(static_cast<const UnaryExpr*>(e)->operand);
    case NodeKind::BinaryExpr: {
      auto* b = static_cast<const BinaryExpr*>(e);
      each(b->lhs);
      return each(b->rhs);
    }
    case NodeKind::IsExpr:
      return each(static_cast<const IsExpr*>(e)->operand);
    case NodeKind::BetweenExpr: {
      auto* b = static_cast<const BetweenExpr*>(e);
      each(b->value);
      each(b->low);
      return each(b->high);
    }
    case NodeKind::InListExpr: {
      auto* in = static_cast<const InListExpr*>(e);
      each(in->value);
      for (const Expr* i : in->items) each(i);
      return;
    }
    case NodeKind::InSubqueryExpr:
      return each(static_cast<const InSubqueryExpr*>(e)->value);
    case NodeKind::LikeExpr: {
      auto* l = static_cast<const LikeExpr*>(e);
      each(l->value);
      for (const Expr* p : l->patterns) each(p);
      return;
    }
    case NodeKind::CaseExpr: {
      auto* c = static_cast<const CaseExpr*>(e);
      each(c->operand);
      for (const WhenClause& w : c->whens) {
        each(w.condition);
        each(w.result);
      }
      return each(c->else_result);
    }
    case NodeKind::CastExpr: {
      auto* c = static_cast<const CastExpr*>(e);
      each(c->operand);
      return each(c->format);
    }
    case NodeKind::FunctionCall: {
      auto* fn = static_cast<const FunctionCall*>(e);
      for (const Expr* a : fn->args) each(a);
      for (const OrderItem& o : fn->within_group) each(o.expr);
      if (fn->over != nullptr && options.window_spec) {
        for (const Expr* p : fn->over->partition_by) each(p);
        for (const OrderItem& o : fn->over->order_by) each(o.expr);
      }
      return;
    }
    case NodeKind::IntervalExpr:
      return each(static_cast<const IntervalExpr*>(e)->value);
    case NodeKind::ExtractExpr:
      return each(static_cast<const ExtractExpr*>(e)->operand);
    case NodeKind::StructExpr:
      for (const Expr* c : static_cast<const StructExpr*>(e)->fields) each(c);
      return;
    default:
      return;  // not an expression
  }
}

}  // namespace hivelineage::lineage
