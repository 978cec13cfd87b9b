#include "lineage/spark_names.h"

#include "ast/print_sql.h"
#include "base/strings.h"
#include "lexer/lexer.h"

namespace hivelineage::lineage {
namespace {

using namespace ast;

std::string Upper(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
  return out;
}

// A number as Spark prints its value: the suffix dropped, a float or double
// written with a fraction (`1F` is 1.0).
std::string NumberName(std::string_view text) {
  std::string t(text);
  bool floating = false;
  if (t.size() > 2 && EqualsIgnoreCase(t.substr(t.size() - 2), "bd")) {
    t.resize(t.size() - 2);
  } else if (!t.empty()) {
    const char c = AsciiLower(t.back());
    if (c == 'l' || c == 's' || c == 'y') t.pop_back();
    if (c == 'f' || c == 'd') {
      t.pop_back();
      floating = true;
    }
  }
  if (floating && t.find_first_of(".eE") == std::string::npos) t += ".0";
  // An integer's value: `07` is 7.
  if (t.find_first_not_of("0123456789") == std::string::npos) {
    const size_t nonzero = t.find_first_not_of('0');
    t = nonzero == std::string::npos ? "0" : t.substr(nonzero);
  }
  return t;
}

// Spark names an operator as Hive writes it (ast::BinaryOpSpelling), except
// where its analyzer normalises the spelling: `==` is `=`, `<>` is `!=`,
// `DIV` is `div`.
std::string_view BinarySpelling(BinaryOp op) {
  if (op == BinaryOp::EqEq) return "=";
  if (op == BinaryOp::NotEq) return "!=";
  if (op == BinaryOp::IntDiv) return "div";
  return BinaryOpSpelling(op);
}

void Name(const Expr* e, std::string& out);

void Names(List<Expr*> es, std::string& out) {
  for (size_t i = 0; i < es.size(); ++i) {
    if (i > 0) out += ", ";
    Name(es[i], out);
  }
}

void Name(const Expr* e, std::string& out) {
  if (e == nullptr) return;
  switch (e->expr_kind()) {
    case ExprKind::Literal: {
      const auto* l = static_cast<const Literal*>(e);
      switch (l->type) {
        case Literal::Type::String:
          out += lexer::UnescapeString(l->text);
          return;
        case Literal::Type::Number:
          out += NumberName(l->text);
          return;
        case Literal::Type::Boolean:
          out += ToLower(l->text);
          return;
        case Literal::Type::Null:
          out += "NULL";
          return;
        case Literal::Type::Typed:
          if (l->type_name == "x") {  // a binary literal: X'..', the digits upper case, no space
            out += 'X';
            out += Upper(l->text);
            return;
          }
          out += Upper(l->type_name);
          out += ' ';
          out += l->text;
          return;
        case Literal::Type::CurrentDate:
          out += "current_date()";
          return;
        case Literal::Type::CurrentTimestamp:
          out += "current_timestamp()";
          return;
        case Literal::Type::Charset:
        case Literal::Type::Variable:
        case Literal::Type::Parameter:
          out += l->text;
          return;
      }
      return;
    }
    case ExprKind::ColumnRef: {
      const auto* c = static_cast<const ColumnRef*>(e);
      if (!c->parts.empty()) out += c->parts.back().name;
      return;
    }
    case ExprKind::FieldAccess: {
      const auto* f = static_cast<const FieldAccess*>(e);
      Name(f->base, out);
      out += '.';
      out += f->field.name;
      return;
    }
    case ExprKind::Subscript: {
      const auto* s = static_cast<const Subscript*>(e);
      Name(s->base, out);
      out += '[';
      Name(s->index, out);
      out += ']';
      return;
    }
    case ExprKind::UnaryExpr: {
      const auto* u = static_cast<const UnaryExpr*>(e);
      switch (u->op) {
        case UnaryOp::Not:
          out += "(NOT ";
          Name(u->operand, out);
          out += ')';
          return;
        case UnaryOp::Minus:
          if (const auto* lit = DynCast<Literal>(u->operand); lit && lit->type == Literal::Type::Number) {
            out += '-';  // a negative number is a literal of its own
            Name(lit, out);
            return;
          }
          out += "(- ";
          Name(u->operand, out);
          out += ')';
          return;
        case UnaryOp::Plus:
          out += "(+ ";
          Name(u->operand, out);
          out += ')';
          return;
        case UnaryOp::BitNot:
          out += '~';
          Name(u->operand, out);
          return;
      }
      return;
    }
    case ExprKind::BinaryExpr: {
      const auto* b = static_cast<const BinaryExpr*>(e);
      if (b->op == BinaryOp::Concat) {
        out += "concat(";
        Name(b->lhs, out);
        out += ", ";
        Name(b->rhs, out);
        out += ')';
        return;
      }
      const bool negate = b->op == BinaryOp::NotEq || b->op == BinaryOp::BangEq;
      out += negate ? "(NOT (" : "(";
      Name(b->lhs, out);
      out += ' ';
      out += negate ? "=" : BinarySpelling(b->op);
      out += ' ';
      Name(b->rhs, out);
      out += negate ? "))" : ")";
      return;
    }
    case ExprKind::IsExpr: {
      const auto* i = static_cast<const IsExpr*>(e);
      out += '(';
      Name(i->operand, out);
      out += i->negated ? " IS NOT " : " IS ";
      out += i->what == IsExpr::What::Null   ? "NULL"
             : i->what == IsExpr::What::True  ? "true"
             : i->what == IsExpr::What::False ? "false"
                                               : "UNKNOWN";
      out += ')';
      return;
    }
    case ExprKind::BetweenExpr: {
      const auto* b = static_cast<const BetweenExpr*>(e);
      if (b->negated) out += "(NOT ";
      out += "((";
      Name(b->value, out);
      out += " >= ";
      Name(b->low, out);
      out += ") AND (";
      Name(b->value, out);
      out += " <= ";
      Name(b->high, out);
      out += "))";
      if (b->negated) out += ')';
      return;
    }
    case ExprKind::InListExpr: {
      const auto* i = static_cast<const InListExpr*>(e);
      if (i->negated) out += "(NOT ";
      out += '(';
      Name(i->value, out);
      out += " IN (";
      Names(i->items, out);
      out += "))";
      if (i->negated) out += ')';
      return;
    }
    case ExprKind::CaseExpr: {
      const auto* c = static_cast<const CaseExpr*>(e);
      out += "CASE";
      if (c->operand != nullptr) {
        out += ' ';
        Name(c->operand, out);
      }
      for (const WhenClause& w : c->whens) {
        out += " WHEN ";
        Name(w.condition, out);
        out += " THEN ";
        Name(w.result, out);
      }
      if (c->else_result != nullptr) {
        out += " ELSE ";
        Name(c->else_result, out);
      }
      out += " END";
      return;
    }
    case ExprKind::CastExpr: {
      const auto* c = static_cast<const CastExpr*>(e);
      out += "CAST(";
      Name(c->operand, out);
      out += " AS ";
      for (char ch : Upper(c->type.text))
        if (ch != ' ') out += ch;
      out += ')';
      return;
    }
    case ExprKind::IntervalExpr: {
      // INTERVAL '2' YEAR: the value quoted, the unit upper case.
      const auto* i = static_cast<const IntervalExpr*>(e);
      const auto* lit = DynCast<Literal>(i->value);
      if (lit == nullptr || i->unit.empty() ||
          (lit->type != Literal::Type::Number && lit->type != Literal::Type::String))
        break;
      out += "INTERVAL '";
      out += lit->type == Literal::Type::String ? lexer::UnescapeString(lit->text) : std::string(lit->text);
      out += "' ";
      out += Upper(i->unit);
      if (!i->to_unit.empty()) {
        out += " TO ";
        out += Upper(i->to_unit);
      }
      return;
    }
    case ExprKind::FunctionCall: {
      const auto* f = static_cast<const FunctionCall*>(e);
      if (f->over != nullptr) break;  // a window's name: as printed
      if (f->name.size() == 1 && EqualsIgnoreCase(f->name[0].name, "if") && f->args.size() == 3 && !f->distinct) {
        out += "(IF(";  // Spark writes its IF in parentheses
        Names(f->args, out);
        out += "))";
        return;
      }
      if (!f->name.empty()) out += ToLower(f->name.back().name);
      out += '(';
      if (f->star) {
        out += '1';  // count(*) is count(1)
      } else {
        if (f->distinct) out += "DISTINCT ";
        Names(f->args, out);
      }
      out += ')';
      return;
    }
    case ExprKind::StructExpr:
    case ExprKind::LambdaExpr:
    case ExprKind::LambdaVariable:
    case ExprKind::VariantPathExpr:
    case ExprKind::StarExpr:
    case ExprKind::InSubqueryExpr:
    case ExprKind::ExistsExpr:
    case ExprKind::SubqueryExpr:
    case ExprKind::LikeExpr:
    case ExprKind::ExtractExpr:
      break;
  }
  out += PrintExpr(e);
}

}  // namespace

std::string SparkExprName(const Expr* e) {
  std::string out;
  Name(e, out);
  return out;
}

}  // namespace hivelineage::lineage
