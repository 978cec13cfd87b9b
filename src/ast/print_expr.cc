// The printer: expressions, function calls and window specs (see print_sql.h).
#include <vector>

#include "ast/printer.h"

namespace hivelineage::ast {

namespace {

// The level of an expression as printed: the loosest operator at its top.
Precedence Prec(const Expr* e) {
  switch (e->expr_kind()) {
    case ExprKind::UnaryExpr:
      return PrecedenceOf(static_cast<const UnaryExpr*>(e)->op);
    case ExprKind::IsExpr:
      return Precedence::Is;
    case ExprKind::BetweenExpr:
    case ExprKind::InListExpr:
    case ExprKind::InSubqueryExpr:
    case ExprKind::LikeExpr:
      return Precedence::Comparison;
    case ExprKind::BinaryExpr:  // printed in parentheses of its own
    case ExprKind::Literal:
    case ExprKind::ColumnRef:
    case ExprKind::StarExpr:
    case ExprKind::FieldAccess:
    case ExprKind::Subscript:
    case ExprKind::ExistsExpr:
    case ExprKind::SubqueryExpr:
    case ExprKind::CaseExpr:
    case ExprKind::CastExpr:
    case ExprKind::FunctionCall:
    case ExprKind::IntervalExpr:
    case ExprKind::ExtractExpr:
    case ExprKind::StructExpr:
    case ExprKind::LambdaVariable:
      return Precedence::Primary;
    case ExprKind::LambdaExpr:  // its body runs to the end of the argument
      return Precedence::Lowest;
    case ExprKind::VariantPathExpr:  // `(v:a)[i]`, `(v:a).b` keep their parentheses: the path would take them
      return Precedence::Unary;
  }
  return Precedence::Primary;
}

}  // namespace

// `e`, in parentheses when it binds more loosely than `required`.
void Printer::Expr(const ast::Expr* e, Precedence required) {
  if (e == nullptr) {
    out += "NULL";
    return;
  }
  const bool paren = Prec(e) < required;
  if (paren) out += '(';
  ExprInner(e);
  if (paren) out += ')';
}

void Printer::Exprs(List<ast::Expr*> es) {
  for (size_t i = 0; i < es.size(); ++i) {
    if (i > 0) out += ", ";
    Expr(es[i]);
  }
}

void Printer::Binary(const BinaryExpr* b) {
  const Precedence level = PrecedenceOf(b->op);
  std::vector<const BinaryExpr*> spine{b};
  while (true) {
    const auto* l = DynCast<BinaryExpr>(spine.back()->lhs);
    if (l == nullptr) break;
    // Same-level left chains share one pair of parentheses (not comparisons,
    // which do not chain); other left operands are printed recursively, and
    // their depth is bounded by the parser's nesting limit.
    if (PrecedenceOf(l->op) != level || level == Precedence::Comparison) break;
    spine.push_back(l);
  }
  out += '(';
  Expr(spine.back()->lhs, level == Precedence::Comparison ? Tighter(level) : level);
  for (size_t i = spine.size(); i-- > 0;) {
    out += ' ';
    out += BinaryOpSpelling(spine[i]->op);
    out += ' ';
    Expr(spine[i]->rhs, Tighter(level));
  }
  out += ')';
}

void Printer::Literal(const ast::Literal* l) {
  switch (l->type) {
    case Literal::Type::Typed:
      out += Upper(l->type_name);
      out += ' ';
      out += l->text;
      return;
    case Literal::Type::Charset:
      out += l->type_name;
      out += ' ';
      out += l->text;
      return;
    case Literal::Type::String:
    case Literal::Type::Number:
    case Literal::Type::Boolean:
    case Literal::Type::Null:
    case Literal::Type::Variable:
    case Literal::Type::Parameter:
    case Literal::Type::CurrentDate:
    case Literal::Type::CurrentTimestamp:
      out += l->text;
      return;
  }
}

void Printer::Function(const FunctionCall* f) {
  for (size_t i = 0; i < f->name.size(); ++i) {
    if (i > 0) out += '.';
    const std::string_view name = f->name[i].name;
    if (FunctionNameNeedsQuotes(name) ||
        (in_grouping_items && f->name.size() == 1 && (name == "cube" || name == "rollup")))
      Name(f->name[i]);
    else
      out += f->name[i].name;
  }
  out += '(';
  if (f->star) out += '*';
  if (f->distinct) out += "DISTINCT ";
  Exprs(f->args);
  out += ')';
  if (!f->within_group.empty()) {
    out += " WITHIN GROUP (ORDER BY ";
    OrderItems(f->within_group);
    out += ')';
  }
  if (f->nulls == FunctionCall::Nulls::Ignore) out += " IGNORE NULLS";
  if (f->nulls == FunctionCall::Nulls::Respect) out += " RESPECT NULLS";
  if (f->over != nullptr) {
    out += " OVER ";
    const WindowSpec* w = f->over;
    if (!w->base.name.empty() && w->partition_by.empty() && w->order_by.empty() && w->frame == nullptr) {
      Name(w->base);
    } else {
      out += '(';
      WindowBody(w);
      out += ')';
    }
  }
}

void Printer::OrderItems(List<OrderItem> items) {
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += ", ";
    Expr(items[i].expr);
    if (items[i].direction == OrderItem::Direction::Asc) out += " ASC";
    if (items[i].direction == OrderItem::Direction::Desc) out += " DESC";
    if (items[i].nulls == OrderItem::Nulls::First) out += " NULLS FIRST";
    if (items[i].nulls == OrderItem::Nulls::Last) out += " NULLS LAST";
  }
}

void Printer::Sep(bool& first) {
  if (!first) out += ' ';
  first = false;
}

void Printer::Partitioning(const WindowSpec* w, bool& first) {
  if (!w->partition_by.empty()) {
    Sep(first);
    switch (w->style) {
      case WindowSpec::Style::PartitionOrder:
        out += "PARTITION BY ";
        break;
      case WindowSpec::Style::DistributeSort:
        out += "DISTRIBUTE BY ";
        break;
      case WindowSpec::Style::Cluster:
        out += "CLUSTER BY ";
        break;
    }
    Exprs(w->partition_by);
  }
  if (!w->order_by.empty()) {
    Sep(first);
    out += w->style == WindowSpec::Style::DistributeSort ? "SORT BY " : "ORDER BY ";
    OrderItems(w->order_by);
  }
}

void Printer::Bound(const FrameBound& b) {
  switch (b.type) {
    case FrameBound::Type::UnboundedPreceding:
      out += "UNBOUNDED PRECEDING";
      return;
    case FrameBound::Type::UnboundedFollowing:
      out += "UNBOUNDED FOLLOWING";
      return;
    case FrameBound::Type::CurrentRow:
      out += "CURRENT ROW";
      return;
    case FrameBound::Type::Preceding:
      Expr(b.offset, Tighter(Precedence::And));
      out += " PRECEDING";
      return;
    case FrameBound::Type::Following:
      Expr(b.offset, Tighter(Precedence::And));
      out += " FOLLOWING";
      return;
  }
}

void Printer::WindowBody(const WindowSpec* w) {
  bool first = true;
  if (!w->base.name.empty()) {
    Sep(first);
    Name(w->base);
  }
  Partitioning(w, first);
  if (w->frame != nullptr) {
    Sep(first);
    out += w->frame->unit == WindowFrame::Unit::Rows ? "ROWS " : "RANGE ";
    if (w->frame->has_end) {
      out += "BETWEEN ";
      Bound(w->frame->start);
      out += " AND ";
      Bound(w->frame->end);
    } else {
      Bound(w->frame->start);
    }
  }
}

void Printer::Postfix(const ast::Expr* e) {
  // Iterative over chains of subscripts / field accesses.
  std::vector<const ast::Expr*> chain;
  const ast::Expr* base = e;
  while (true) {
    if (const auto* s = DynCast<Subscript>(base)) {
      chain.push_back(base);
      base = s->base;
    } else if (const auto* f = DynCast<FieldAccess>(base)) {
      chain.push_back(base);
      base = f->base;
    } else {
      break;
    }
  }
  // `2.x` would lex as the number `2.` then `x`: a number before a field
  // access keeps parentheses, `(2).x` (found by the round-trip fuzzer).
  const auto* lit = DynCast<ast::Literal>(base);
  if (lit != nullptr && lit->type == ast::Literal::Type::Number && !chain.empty() &&
      chain.back()->kind == NodeKind::FieldAccess) {
    out += '(';
    Expr(base);
    out += ')';
  } else {
    Expr(base, Precedence::Postfix);
  }
  for (size_t i = chain.size(); i-- > 0;) {
    if (const auto* s = DynCast<Subscript>(chain[i])) {
      out += '[';
      Expr(s->index);
      out += ']';
    } else {
      out += '.';
      Name(static_cast<const FieldAccess*>(chain[i])->field);
    }
  }
}

void Printer::ExprInner(const ast::Expr* e) {
  switch (e->expr_kind()) {
    case ExprKind::Literal:
      Literal(static_cast<const ast::Literal*>(e));
      return;
    case ExprKind::ColumnRef:
      ColumnNames(static_cast<const ColumnRef*>(e)->parts);
      return;
    case ExprKind::StarExpr: {
      const auto* s = static_cast<const StarExpr*>(e);
      Names(s->qualifier);
      if (!s->qualifier.empty()) out += '.';
      if (!s->regex.empty()) {
        out += '`';
        out += s->regex;
        out += '`';
      } else {
        out += '*';
      }
      if (!s->except_columns.empty()) {
        out += " EXCEPT (";  // Spark's `f(* EXCEPT (c))`
        for (size_t i = 0; i < s->except_columns.size(); ++i) {
          if (i > 0) out += ", ";
          Name(s->except_columns[i]);
        }
        out += ')';
      }
      return;
    }
    case ExprKind::FieldAccess:
    case ExprKind::Subscript:
      Postfix(e);
      return;
    case ExprKind::UnaryExpr: {
      const auto* u = static_cast<const UnaryExpr*>(e);
      switch (u->op) {
        case UnaryOp::Not: {
          const auto* inner = DynCast<UnaryExpr>(u->operand);
          out += "NOT ";
          Expr(u->operand, inner != nullptr && inner->op == UnaryOp::Not ? Precedence::Not
                                                                         : Tighter(Precedence::Not));  // NOT NOT a
          return;
        }
        case UnaryOp::Minus:
          out += '-';
          break;
        case UnaryOp::Plus:
          out += '+';
          break;
        case UnaryOp::BitNot:
          out += '~';
          break;
      }
      // Prefix operators chain without parentheses (- -a, not -(-a)): the
      // parentheses would count as nesting and could pass the parser's
      // depth limit on reparse. A space keeps `- -a` from reading as `--`.
      if (const auto* inner = DynCast<UnaryExpr>(u->operand); inner != nullptr && inner->op != UnaryOp::Not) {
        out += ' ';
        Expr(u->operand, Precedence::Unary);
        return;
      }
      Expr(u->operand, Tighter(Precedence::Unary));
      return;
    }
    case ExprKind::BinaryExpr:
      Binary(static_cast<const BinaryExpr*>(e));
      return;
    case ExprKind::IsExpr: {
      const auto* i = static_cast<const IsExpr*>(e);
      Expr(i->operand, Tighter(Precedence::Is));
      out += i->negated ? " IS NOT " : " IS ";
      switch (i->what) {
        case IsExpr::What::Null:
          out += "NULL";
          break;
        case IsExpr::What::True:
          out += "TRUE";
          break;
        case IsExpr::What::False:
          out += "FALSE";
          break;
        case IsExpr::What::Unknown:
          out += "UNKNOWN";
          break;
      }
      return;
    }
    case ExprKind::BetweenExpr: {
      const auto* b = static_cast<const BetweenExpr*>(e);
      Expr(b->value, Tighter(Precedence::Comparison));
      out += b->negated ? " NOT BETWEEN " : " BETWEEN ";
      Expr(b->low, Tighter(Precedence::Comparison));
      out += " AND ";
      Expr(b->high, Tighter(Precedence::Comparison));
      return;
    }
    case ExprKind::InListExpr: {
      const auto* i = static_cast<const InListExpr*>(e);
      Expr(i->value, Tighter(Precedence::Comparison));
      out += i->negated ? " NOT IN (" : " IN (";
      Exprs(i->items);
      out += ')';
      return;
    }
    case ExprKind::InSubqueryExpr: {
      const auto* i = static_cast<const InSubqueryExpr*>(e);
      Expr(i->value, Tighter(Precedence::Comparison));
      out += i->negated ? " NOT IN (" : " IN (";
      Query(i->query);
      out += ')';
      return;
    }
    case ExprKind::ExistsExpr:
      out += "EXISTS (";
      Query(static_cast<const ExistsExpr*>(e)->query);
      out += ')';
      return;
    case ExprKind::SubqueryExpr: {
      const auto* s = static_cast<const SubqueryExpr*>(e);
      switch (s->quantifier) {
        case SubqueryExpr::Quantifier::None:
          break;
        case SubqueryExpr::Quantifier::Any:
          out += "ANY ";
          break;
        case SubqueryExpr::Quantifier::Some:
          out += "SOME ";
          break;
        case SubqueryExpr::Quantifier::All:
          out += "ALL ";
          break;
      }
      out += '(';
      Query(s->query);
      out += ')';
      return;
    }
    case ExprKind::LikeExpr: {
      const auto* l = static_cast<const LikeExpr*>(e);
      Expr(l->value, Tighter(Precedence::Comparison));
      out += l->negated ? " NOT " : " ";
      switch (l->op) {
        case LikeExpr::Op::Like:
          out += "LIKE ";
          break;
        case LikeExpr::Op::RLike:
          out += "RLIKE ";
          break;
        case LikeExpr::Op::Regexp:
          out += "REGEXP ";
          break;
        case LikeExpr::Op::ILike:
          out += "ILIKE ";
          break;
      }
      if (l->quantifier != LikeExpr::Quantifier::None) {
        out += l->quantifier == LikeExpr::Quantifier::Any ? "ANY (" : "ALL (";
        Exprs(l->patterns);
        out += ')';
      } else if (!l->patterns.empty()) {
        Expr(l->patterns[0], Tighter(Precedence::Comparison));
      }
      if (!l->escape.empty()) {
        out += " ESCAPE ";
        out += l->escape;
      }
      return;
    }
    case ExprKind::CaseExpr: {
      const auto* c = static_cast<const CaseExpr*>(e);
      out += "CASE";
      if (c->operand != nullptr) {
        out += ' ';
        Expr(c->operand);
      }
      for (const WhenClause& w : c->whens) {
        out += " WHEN ";
        Expr(w.condition);
        out += " THEN ";
        Expr(w.result);
      }
      if (c->else_result != nullptr) {
        out += " ELSE ";
        Expr(c->else_result);
      }
      out += " END";
      return;
    }
    case ExprKind::CastExpr: {
      const auto* c = static_cast<const CastExpr*>(e);
      out += "CAST(";
      Expr(c->operand);
      out += " AS ";
      out += c->type.text;
      if (c->format != nullptr) {
        out += " FORMAT ";
        Expr(c->format);
      }
      out += ')';
      return;
    }
    case ExprKind::FunctionCall:
      Function(static_cast<const FunctionCall*>(e));
      return;
    case ExprKind::IntervalExpr: {
      const auto* i = static_cast<const IntervalExpr*>(e);
      out += "INTERVAL ";
      const auto* lit = DynCast<ast::Literal>(i->value);
      const auto* un = DynCast<UnaryExpr>(i->value);
      if (lit != nullptr && (lit->type == Literal::Type::String || lit->type == Literal::Type::Number ||
                             lit->type == Literal::Type::Variable)) {
        Literal(lit);
      } else if (un != nullptr && un->op != UnaryOp::Not && un->op != UnaryOp::BitNot &&
                 DynCast<ast::Literal>(un->operand) != nullptr) {
        out += un->op == UnaryOp::Minus ? '-' : '+';
        Literal(static_cast<const ast::Literal*>(un->operand));
      } else {
        out += '(';
        Expr(i->value);
        out += ')';
      }
      if (i->unit.empty()) return;  // Spark's INTERVAL '1 day 2 hours': the units in the string
      out += ' ';
      out += Upper(i->unit);
      if (!i->to_unit.empty()) {
        out += " TO ";
        out += Upper(i->to_unit);
      }
      return;
    }
    case ExprKind::ExtractExpr: {
      const auto* x = static_cast<const ExtractExpr*>(e);
      if (x->is_floor) {
        out += "FLOOR(";
        Expr(x->operand);
        out += " TO ";
        out += Upper(x->unit);
      } else {
        out += "EXTRACT(";
        out += Upper(x->unit);
        out += " FROM ";
        Expr(x->operand);
      }
      out += ')';
      return;
    }
    case ExprKind::StructExpr: {
      const auto* s = static_cast<const StructExpr*>(e);
      out += s->fields.size() == 1 ? "struct(" : "(";
      Exprs(s->fields);
      out += ')';
      return;
    }
    case ExprKind::LambdaExpr: {
      // `x -> body`; several parameters in parentheses: `(acc, x) -> body`.
      const auto* l = static_cast<const LambdaExpr*>(e);
      if (l->params.size() == 1) {
        Name(l->params[0]);
      } else {
        IdentList(l->params);
      }
      out += " -> ";
      Expr(l->body);
      return;
    }
    case ExprKind::LambdaVariable:
      Names(static_cast<const LambdaVariable*>(e)->parts);
      return;
    case ExprKind::VariantPathExpr: {
      const auto* v = static_cast<const VariantPathExpr*>(e);
      Expr(v->base, Precedence::Primary);
      out += ':';
      out += v->path;
      return;
    }
  }
}

}  // namespace hivelineage::ast
