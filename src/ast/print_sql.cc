// The SQL printer (see print_sql.h for the rules).
#include "ast/print_sql.h"

#include <vector>

#include "ast/precedence.h"
#include "base/diagnostic.h"
#include "lexer/lexer.h"
#include "lexer/token.h"

namespace hivelineage::ast {

// Defined with AppendIdent below.
bool IsLoneVariable(std::string_view name);
void AppendBackquoted(std::string& out, std::string_view name);

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
      return Precedence::Primary;
  }
  return Precedence::Primary;
}

bool IsNameChar(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; }

bool SimpleName(std::string_view name) {
  if (name.empty() || (name[0] >= '0' && name[0] <= '9') || name[0] == '_') return false;
  for (char c : name)
    if (!IsNameChar(c)) return false;
  return true;
}

// Keywords that would start another form before `(`: as a function's name
// they print in backquotes.
constexpr lexer::KeywordSet kQuotedFunctionNames{
    lexer::Keyword::In,       lexer::Keyword::Values,    lexer::Keyword::Using,     lexer::Keyword::Over,
    lexer::Keyword::As,       lexer::Keyword::Select,    lexer::Keyword::From,      lexer::Keyword::Where,
    lexer::Keyword::Join,     lexer::Keyword::Table,     lexer::Keyword::Partition, lexer::Keyword::Tablesample,
    lexer::Keyword::When,     lexer::Keyword::Then,      lexer::Keyword::Else,      lexer::Keyword::End,
    lexer::Keyword::And,      lexer::Keyword::Or,        lexer::Keyword::Is,        lexer::Keyword::Between,
    lexer::Keyword::Like,     lexer::Keyword::Rlike,     lexer::Keyword::Regexp,    lexer::Keyword::On,
    lexer::Keyword::Union,    lexer::Keyword::Intersect, lexer::Keyword::Except,    lexer::Keyword::Minus,
    lexer::Keyword::Group,    lexer::Keyword::Order,     lexer::Keyword::Having,    lexer::Keyword::Window,
    lexer::Keyword::With,     lexer::Keyword::Into,      lexer::Keyword::By,        lexer::Keyword::Distinct,
    lexer::Keyword::Case,     lexer::Keyword::Cast,      lexer::Keyword::Extract,   lexer::Keyword::Exists,
    lexer::Keyword::Interval, lexer::Keyword::Not,       lexer::Keyword::Null,      lexer::Keyword::True,
    lexer::Keyword::False,
};

// Function names: keywords print bare unless they would start another form.
bool FunctionNameNeedsQuotes(std::string_view name) {
  return !SimpleName(name) || kQuotedFunctionNames.contains(lexer::LookupKeyword(name));
}

std::string Upper(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
  return out;
}

class Printer {
 public:
  std::string out;

  void Name(std::string_view n) { AppendIdent(out, n); }
  void Name(const Ident& id) { AppendIdent(out, id.name); }
  void Names(List<Ident> parts) {
    for (size_t i = 0; i < parts.size(); ++i) {
      if (i > 0) out += '.';
      Name(parts[i]);
    }
  }
  // A column named by a lone ${...} came from backquotes: unquoted, it would
  // read back as a variable left in the text.
  void ColumnNames(List<Ident> parts) {
    if (!parts.empty() && IsLoneVariable(parts[0].name)) {
      AppendBackquoted(out, parts[0].name);
      for (size_t i = 1; i < parts.size(); ++i) {
        out += '.';
        Name(parts[i]);
      }
      return;
    }
    Names(parts);
  }
  void Qualified(const QualifiedName& q) { Names(q.parts); }
  void IdentList(List<Ident> ids) {
    out += '(';
    for (size_t i = 0; i < ids.size(); ++i) {
      if (i > 0) out += ", ";
      Name(ids[i]);
    }
    out += ')';
  }

  // ------------------------------------------------------------ expressions

  // `e`, in parentheses when it binds more loosely than `required`.
  void Expr(const ast::Expr* e, Precedence required = Precedence::Lowest) {
    if (e == nullptr) {
      out += "NULL";
      return;
    }
    const bool paren = Prec(e) < required;
    if (paren) out += '(';
    ExprInner(e);
    if (paren) out += ')';
  }

  void Exprs(List<ast::Expr*> es) {
    for (size_t i = 0; i < es.size(); ++i) {
      if (i > 0) out += ", ";
      Expr(es[i]);
    }
  }

  void Binary(const BinaryExpr* b) {
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

  void Literal(const ast::Literal* l) {
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

  void Function(const FunctionCall* f) {
    for (size_t i = 0; i < f->name.size(); ++i) {
      if (i > 0) out += '.';
      if (FunctionNameNeedsQuotes(f->name[i].name))
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

  void OrderItems(List<OrderItem> items) {
    for (size_t i = 0; i < items.size(); ++i) {
      if (i > 0) out += ", ";
      Expr(items[i].expr);
      if (items[i].direction == OrderItem::Direction::Asc) out += " ASC";
      if (items[i].direction == OrderItem::Direction::Desc) out += " DESC";
      if (items[i].nulls == OrderItem::Nulls::First) out += " NULLS FIRST";
      if (items[i].nulls == OrderItem::Nulls::Last) out += " NULLS LAST";
    }
  }

  void Sep(bool& first) {
    if (!first) out += ' ';
    first = false;
  }

  void Partitioning(const WindowSpec* w, bool& first) {
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

  void Bound(const FrameBound& b) {
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

  void WindowBody(const WindowSpec* w) {
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

  void Postfix(const ast::Expr* e) {
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

  void ExprInner(const ast::Expr* e) {
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
        }
        if (l->quantifier != LikeExpr::Quantifier::None) {
          out += l->quantifier == LikeExpr::Quantifier::Any ? "ANY (" : "ALL (";
          Exprs(l->patterns);
          out += ')';
        } else if (!l->patterns.empty()) {
          Expr(l->patterns[0], Tighter(Precedence::Comparison));
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
    }
  }

  // ------------------------------------------------------------ queries

  void Query(const ast::Query* q) {
    if (q == nullptr) return;
    if (!q->ctes.empty()) {
      Ctes(q->ctes);
      out += ' ';
    }
    QueryExpr(q->body);
    Trailing(q);
  }

  void Ctes(List<Cte> ctes) {
    out += "WITH ";
    for (size_t i = 0; i < ctes.size(); ++i) {
      if (i > 0) out += ", ";
      Name(ctes[i].name);
      if (!ctes[i].columns.empty()) {
        out += ' ';
        IdentList(ctes[i].columns);
      }
      out += " AS (";
      Query(ctes[i].query);
      out += ')';
    }
  }

  void Trailing(const ast::Query* q) {
    if (!q->order_by.empty()) {
      out += " ORDER BY ";
      OrderItems(q->order_by);
    }
    if (!q->cluster_by.empty()) {
      out += " CLUSTER BY ";
      Exprs(q->cluster_by);
    }
    if (!q->distribute_by.empty()) {
      out += " DISTRIBUTE BY ";
      Exprs(q->distribute_by);
    }
    if (!q->sort_by.empty()) {
      out += " SORT BY ";
      OrderItems(q->sort_by);
    }
    if (q->limit != nullptr) {
      out += " LIMIT ";
      Count(q->limit);
      if (q->offset != nullptr) {
        out += " OFFSET ";
        Count(q->offset);
      }
    } else if (q->offset != nullptr) {  // Spark's OFFSET without LIMIT
      out += " OFFSET ";
      Count(q->offset);
    }
  }

  // A LIMIT / OFFSET count in parentheses unless it starts with what makes
  // LIMIT a clause (a number, a variable, `?`, `(`), so that it does not read
  // back as an alias named LIMIT (found by the round-trip fuzzer: `LIMIT 0, 0lect`).
  void Count(const ast::Expr* e) {
    const size_t at = out.size();
    Expr(e);
    const char first = at < out.size() ? out[at] : '(';
    if (first == '(' || first == '$' || first == '?' || (first >= '0' && first <= '9')) return;
    out.insert(at, 1, '(');
    out += ')';
  }

  // ` UNION ALL `, with spaces around.
  void SetOperator(SetOperation::Op op, SetOperation::Quantifier quantifier) {
    switch (op) {
      case SetOperation::Op::Union:
        out += " UNION";
        break;
      case SetOperation::Op::Intersect:
        out += " INTERSECT";
        break;
      case SetOperation::Op::Except:
        out += " EXCEPT";
        break;
      case SetOperation::Op::Minus:
        out += " MINUS";
        break;
    }
    if (quantifier == SetOperation::Quantifier::All) out += " ALL";
    if (quantifier == SetOperation::Quantifier::Distinct) out += " DISTINCT";
    out += ' ';
  }

  void QueryExpr(const ast::QueryExpr* b) {
    if (b == nullptr) return;
    switch (b->query_expr_kind()) {
      case QueryExprKind::SelectCore:
        Select(static_cast<const SelectCore*>(b));
        return;
      case QueryExprKind::SetOperation: {
        std::vector<const SetOperation*> spine;
        const ast::QueryExpr* cur = b;
        while (const auto* s = DynCast<SetOperation>(cur)) {
          spine.push_back(s);
          cur = s->left;
        }
        QueryExpr(cur);
        for (size_t i = spine.size(); i-- > 0;) {
          const SetOperation* s = spine[i];
          SetOperator(s->op, s->quantifier);
          if (s->right != nullptr && s->right->kind == NodeKind::SetOperation) {
            out += '(';
            QueryExpr(s->right);
            out += ')';
          } else {
            QueryExpr(s->right);
          }
        }
        return;
      }
      case QueryExprKind::SetOperationChain: {
        const auto& branches = static_cast<const SetOperationChain*>(b)->branches;
        for (size_t i = 0; i < branches.size(); ++i) {
          if (i > 0) SetOperator(branches[i].op, branches[i].quantifier);
          QueryExpr(branches[i].query);
        }
        return;
      }
      case QueryExprKind::ValuesQuery:
        Values(static_cast<const ValuesQuery*>(b));
        return;
      case QueryExprKind::NestedQuery:
        out += '(';
        Query(static_cast<const NestedQuery*>(b)->query);
        out += ')';
        return;
    }
  }

  void Values(const ValuesQuery* v) {
    out += "VALUES ";
    for (size_t r = 0; r < v->rows.size(); ++r) {
      if (r > 0) out += ", ";
      out += '(';
      for (size_t i = 0; i < v->rows[r].size(); ++i) {
        if (i > 0) out += ", ";
        Expr(v->rows[r][i]);
        if (r == 0 && i < v->first_row_aliases.size() && !v->first_row_aliases[i].name.empty()) {
          out += " AS ";
          Name(v->first_row_aliases[i]);
        }
      }
      out += ')';
    }
  }

  void ColumnDefs(List<ColumnDef> defs) {
    for (size_t i = 0; i < defs.size(); ++i) {
      if (i > 0) out += ", ";
      ColumnDef(defs[i]);
    }
  }

  void ColumnDef(const ast::ColumnDef& d) {
    Name(d.name);
    if (!d.type.text.empty()) {
      out += ' ';
      out += d.type.text;
    }
    if (!d.comment.empty()) {
      out += " COMMENT ";
      AppendQuotedString(out, d.comment);
    }
  }

  void TransformClause(const ScriptTransform* t) {
    switch (t->style) {
      case ScriptTransform::Style::Transform:
        out += "TRANSFORM(";
        Exprs(t->args);
        out += ')';
        break;
      case ScriptTransform::Style::Map:
        out += "MAP ";
        Exprs(t->args);
        break;
      case ScriptTransform::Style::Reduce:
        out += "REDUCE ";
        Exprs(t->args);
        break;
    }
    if (!t->input_format.empty()) {
      out += ' ';
      out += t->input_format;
    }
    out += " USING ";
    AppendQuotedString(out, t->script);
    if (!t->outputs.empty()) {
      out += " AS ";
      if (t->parenthesized_outputs) out += '(';
      ColumnDefs(t->outputs);
      if (t->parenthesized_outputs) out += ')';
    }
    if (!t->output_format.empty()) {
      out += ' ';
      out += t->output_format;
    }
  }

  static const LateralViewRef* LegacyLateral(const ast::TableRef* t) {
    // A lateral-view chain whose bottom source is null (FROM-first body).
    const ast::TableRef* cur = t;
    while (const auto* lv = DynCast<LateralViewRef>(cur)) {
      if (lv->source == nullptr) return static_cast<const LateralViewRef*>(t);
      cur = lv->source;
    }
    return nullptr;
  }

  void Select(const SelectCore* c) {
    if (c->transform != nullptr && c->transform->style != ScriptTransform::Style::Transform) {
      TransformClause(c->transform);
    } else {
      out += "SELECT ";
      if (!c->hint.empty()) {
        out += c->hint;
        out += ' ';
      }
      if (c->distinct) out += "DISTINCT ";
      if (c->transform != nullptr) {
        TransformClause(c->transform);
      } else {
        for (size_t i = 0; i < c->items.size(); ++i) {
          if (i > 0) out += ", ";
          const SelectItem& it = c->items[i];
          Expr(it.expr);
          if (!it.aliases.empty()) {
            out += " AS ";
            IdentList(it.aliases);
          } else if (!it.alias.name.empty()) {
            out += " AS ";
            Name(it.alias);
          }
        }
      }
    }
    if (c->from != nullptr) {
      if (LegacyLateral(c->from) != nullptr) {
        TableRef(c->from);
      } else {
        out += " FROM ";
        TableRef(c->from);
      }
    }
    if (c->where != nullptr) {
      out += " WHERE ";
      Expr(c->where);
    }
    if (c->group_by != nullptr) GroupBy(c->group_by);
    if (c->having != nullptr) {
      out += " HAVING ";
      Expr(c->having);
    }
    if (!c->windows.empty()) {
      out += " WINDOW ";
      for (size_t i = 0; i < c->windows.size(); ++i) {
        if (i > 0) out += ", ";
        Name(c->windows[i].name);
        out += " AS (";
        WindowBody(c->windows[i].spec);
        out += ')';
      }
    }
    if (c->qualify != nullptr) {
      out += " QUALIFY ";
      Expr(c->qualify);
    }
  }

  void GroupBy(const ast::GroupBy* g) {
    out += " GROUP BY ";
    using M = GroupBy::Modifier;
    if (g->modifier == M::RollupFunc || g->modifier == M::CubeFunc) {
      out += g->modifier == M::RollupFunc ? "ROLLUP(" : "CUBE(";
      Exprs(g->items);
      out += ')';
      return;
    }
    if (g->modifier == M::All) {
      out += "ALL";
      return;
    }
    if (g->items.empty()) {
      if (g->modifier != M::GroupingSets) out += "()";
    } else {
      Exprs(g->items);
    }
    if (g->modifier == M::Rollup) out += " WITH ROLLUP";
    if (g->modifier == M::Cube) out += " WITH CUBE";
    if (g->modifier == M::GroupingSets) {
      out += g->items.empty() ? "GROUPING SETS (" : " GROUPING SETS (";
      for (size_t i = 0; i < g->grouping_sets.size(); ++i) {
        if (i > 0) out += ", ";
        out += '(';
        Exprs(g->grouping_sets[i]);
        out += ')';
      }
      out += ')';
    }
  }

  // ------------------------------------------------------------ FROM

  void Alias(const Ident& alias, List<Ident> columns) {
    if (alias.name.empty()) return;
    out += " AS ";
    Name(alias);
    if (!columns.empty()) IdentList(columns);
  }

  void TableRef(const ast::TableRef* t) {
    if (t == nullptr) return;
    switch (t->table_ref_kind()) {
      case TableRefKind::TableName: {
        const auto* n = static_cast<const TableName*>(t);
        Qualified(n->name);
        if (n->sample != nullptr) {
          out += " TABLESAMPLE(";
          out += n->sample->text;
          out += ')';
        }
        if (n->as_of != nullptr) {
          out += n->as_of_version ? " FOR SYSTEM_VERSION AS OF " : " FOR SYSTEM_TIME AS OF ";
          Expr(n->as_of);
        }
        Alias(n->alias, {});
        return;
      }
      case TableRefKind::SubqueryRef: {
        const auto* s = static_cast<const SubqueryRef*>(t);
        if (s->lateral) out += "LATERAL ";
        out += '(';
        Query(s->query);
        out += ')';
        Alias(s->alias, s->column_aliases);
        return;
      }
      case TableRefKind::ValuesRef: {
        const auto* v = static_cast<const ValuesRef*>(t);
        out += '(';
        Values(v->values);
        out += ')';
        Alias(v->alias, v->column_aliases);
        return;
      }
      case TableRefKind::TableFunctionRef: {
        const auto* f = static_cast<const TableFunctionRef*>(t);
        Name(f->name);
        if (f->input == nullptr) {  // Spark's table-valued function: `range(10) t`
          out += '(';
          Exprs(f->args);
          out += ')';
          Alias(f->alias, {});
          return;
        }
        out += "(ON ";
        TableRef(f->input);
        if (f->partitioning != nullptr) {
          bool first = false;
          Partitioning(f->partitioning, first);
        }
        if (!f->args.empty()) {
          out += ", ";
          Exprs(f->args);
        }
        out += ')';
        Alias(f->alias, {});
        return;
      }
      case TableRefKind::JoinRef:
        Join(static_cast<const JoinRef*>(t));
        return;
      case TableRefKind::LateralViewRef:
        Lateral(static_cast<const LateralViewRef*>(t));
        return;
    }
  }

  void JoinSide(const ast::TableRef* t) {
    if (t != nullptr && t->kind == NodeKind::JoinRef) {
      out += '(';
      TableRef(t);
      out += ')';
    } else {
      TableRef(t);
    }
  }

  void UniqueSide(const ast::TableRef* t, bool preserve, List<ast::Expr*> keys) {
    if (preserve) out += "PRESERVE ";
    TableRef(t);
    out += " (";
    Exprs(keys);
    out += ')';
  }

  void Join(const JoinRef* j) {
    std::vector<const JoinRef*> spine;
    const ast::TableRef* cur = j;
    while (const auto* jj = DynCast<JoinRef>(cur)) {
      spine.push_back(jj);
      cur = jj->left;
    }
    const JoinRef* bottom = spine.back();
    if (bottom->join_kind == JoinKind::UniqueJoin) {
      out += "UNIQUEJOIN ";
      UniqueSide(cur, bottom->preserve_left, bottom->unique_keys_left);
    } else {
      TableRef(cur);
    }
    for (size_t i = spine.size(); i-- > 0;) {
      const JoinRef* s = spine[i];
      switch (s->join_kind) {
        case JoinKind::Comma:
          out += ", ";
          break;
        case JoinKind::UniqueJoin:
          out += ", ";
          UniqueSide(s->right, s->preserve_right, s->unique_keys_right);
          continue;
        case JoinKind::Inner:
          out += " JOIN ";
          break;
        case JoinKind::Left:
          out += s->outer_keyword ? " LEFT OUTER JOIN " : " LEFT JOIN ";
          break;
        case JoinKind::Right:
          out += s->outer_keyword ? " RIGHT OUTER JOIN " : " RIGHT JOIN ";
          break;
        case JoinKind::Full:
          out += s->outer_keyword ? " FULL OUTER JOIN " : " FULL JOIN ";
          break;
        case JoinKind::LeftSemi:
          out += " LEFT SEMI JOIN ";
          break;
        case JoinKind::LeftAnti:
          out += " LEFT ANTI JOIN ";
          break;
        case JoinKind::Cross:
          out += " CROSS JOIN ";
          break;
      }
      JoinSide(s->right);
      if (s->on != nullptr) {
        out += " ON ";
        Expr(s->on);
      } else if (!s->using_columns.empty()) {
        out += " USING ";
        IdentList(s->using_columns);
      }
    }
  }

  void Lateral(const LateralViewRef* lv) {
    std::vector<const LateralViewRef*> chain;
    const ast::TableRef* cur = lv;
    while (const auto* l = DynCast<LateralViewRef>(cur)) {
      chain.push_back(l);
      cur = l->source;
    }
    TableRef(cur);
    for (size_t i = chain.size(); i-- > 0;) {
      const LateralViewRef* l = chain[i];
      // After a join, `, LATERAL VIEW` keeps the view on the whole join.
      if (i == chain.size() - 1 && cur != nullptr && cur->kind == NodeKind::JoinRef) out += ',';
      if (l->values != nullptr) {
        out += " LATERAL TABLE(";
        Values(l->values->values);
        out += ')';
        Alias(l->values->alias, l->values->column_aliases);
        continue;
      }
      out += l->outer ? " LATERAL VIEW OUTER " : " LATERAL VIEW ";
      Expr(l->udtf);
      if (!l->table_alias.name.empty()) {
        out += ' ';
        Name(l->table_alias);
      }
      if (!l->column_aliases.empty()) {
        out += " AS ";
        for (size_t k = 0; k < l->column_aliases.size(); ++k) {
          if (k > 0) out += ", ";
          Name(l->column_aliases[k]);
        }
      }
    }
  }

  // ------------------------------------------------------------ statements

  void Partition(const PartitionSpec* p) {
    if (p == nullptr) return;
    out += "PARTITION (";
    for (size_t i = 0; i < p->items.size(); ++i) {
      if (i > 0) out += ", ";
      Name(p->items[i].key);
      if (p->items[i].value != nullptr) {
        out += ' ';
        out += p->items[i].op;
        out += ' ';
        Expr(p->items[i].value, Tighter(Precedence::Comparison));
      }
    }
    out += ')';
  }

  void Target(const InsertTarget* t) {
    if (t->type == InsertTarget::Type::Directory) {
      out += t->local ? "INSERT OVERWRITE LOCAL DIRECTORY " : "INSERT OVERWRITE DIRECTORY ";
      if (!t->path_text.empty())
        out += t->path_text;
      else
        AppendQuotedString(out, t->path);
      if (!t->storage_text.empty()) {
        out += ' ';
        out += t->storage_text;
      }
      return;
    }
    out += t->overwrite ? "INSERT OVERWRITE " : "INSERT INTO ";
    if (t->table_keyword) out += "TABLE ";
    Qualified(t->table);
    if (t->partition != nullptr) {
      out += ' ';
      Partition(t->partition);
    }
    if (t->if_not_exists) out += " IF NOT EXISTS";
    if (!t->columns.empty()) {
      out += ' ';
      IdentList(t->columns);
    }
  }

  void Assignments(List<Assignment> as) {
    for (size_t i = 0; i < as.size(); ++i) {
      if (i > 0) out += ", ";
      Name(as[i].column);
      out += " = ";
      Expr(as[i].value);
    }
  }

  // `[WITH ...] [FROM src] [INSERT ...] query ...`
  void Print(const QueryStatement* q) {
    bool first = true;
    if (!q->ctes.empty()) {
      Ctes(q->ctes);
      first = false;
    }
    if (q->from != nullptr) {
      Sep(first);
      out += "FROM ";
      TableRef(q->from);
    }
    for (const InsertBody& b : q->bodies) {
      if (b.target != nullptr) {
        Sep(first);
        Target(b.target);
      }
      Sep(first);
      Query(b.query);
    }
  }

  // `CREATE [TEMPORARY] [EXTERNAL] TABLE ... [AS query]`
  void Print(const CreateTableStatement* c) {
    out += "CREATE ";
    if (c->temporary) out += "TEMPORARY ";
    if (c->transactional) out += "TRANSACTIONAL ";
    if (c->external) out += "EXTERNAL ";
    if (c->managed) out += "MANAGED ";
    out += "TABLE ";
    if (c->if_not_exists) out += "IF NOT EXISTS ";
    Qualified(c->name);
    if (!c->like.parts.empty()) {
      out += " LIKE ";
      Qualified(c->like);
    }
    if (!c->columns.empty()) {
      out += " (";
      ColumnDefs(c->columns);
      out += ')';
    }
    if (!c->comment.empty()) {
      out += " COMMENT ";
      AppendQuotedString(out, c->comment);
    }
    if (!c->partition_columns.empty()) {
      out += " PARTITIONED BY (";
      ColumnDefs(c->partition_columns);
      out += ')';
    }
    if (!c->options_text.empty()) {
      out += ' ';
      out += c->options_text;
    }
    if (c->as_query != nullptr) {
      out += " AS ";
      Query(c->as_query);
    }
  }

  // `CREATE [OR REPLACE] [MATERIALIZED] VIEW ... AS query`, `ALTER VIEW v AS query`
  void Print(const CreateViewStatement* v) {
    if (v->cache != CreateViewStatement::Cache::No) {
      out += v->cache == CreateViewStatement::Cache::Lazy ? "CACHE LAZY TABLE " : "CACHE TABLE ";
    } else if (v->is_alter) {
      out += "ALTER VIEW ";
    } else {
      out += "CREATE ";
      if (v->or_replace) out += "OR REPLACE ";
      if (v->global) out += "GLOBAL ";
      if (v->temporary) out += "TEMPORARY ";
      if (v->materialized) out += "MATERIALIZED ";
      out += "VIEW ";
      if (v->if_not_exists) out += "IF NOT EXISTS ";
    }
    if (v->cache != CreateViewStatement::Cache::No) {
      Qualified(v->name);
      if (!v->options_text.empty()) {
        out += ' ';
        out += v->options_text;
      }
      out += " AS ";
      Query(v->query);
      return;
    }
    Qualified(v->name);
    if (!v->columns.empty()) {
      out += " (";
      ColumnDefs(v->columns);
      out += ')';
    }
    if (!v->options_text.empty()) {
      out += ' ';
      out += v->options_text;
    }
    out += " AS ";
    Query(v->query);
  }

  // `ALTER TABLE|VIEW|MATERIALIZED VIEW t [PARTITION (...)] action`
  void Print(const AlterTableStatement* a) {
    switch (a->object) {
      case AlterTableStatement::Object::Table:
        out += "ALTER TABLE ";
        break;
      case AlterTableStatement::Object::View:
        out += "ALTER VIEW ";
        break;
      case AlterTableStatement::Object::MaterializedView:
        out += "ALTER MATERIALIZED VIEW ";
        break;
    }
    Qualified(a->name);
    if (a->partition != nullptr) {
      out += ' ';
      Partition(a->partition);
    }
    AlterAction(a);
  }

  // What an ALTER TABLE does, after the table name and partition.
  void AlterAction(const AlterTableStatement* a) {
    using Act = AlterTableStatement::Action;
    switch (a->action) {
      case Act::RenameTo:
        out += " RENAME TO ";
        Qualified(a->new_name);
        break;
      case Act::AddColumns:
      case Act::ReplaceColumns:
        out += a->action == Act::AddColumns ? " ADD COLUMNS (" : " REPLACE COLUMNS (";
        ColumnDefs(a->columns);
        out += ')';
        break;
      case Act::ChangeColumn:
        out += " CHANGE COLUMN ";
        Name(a->old_column);
        out += ' ';
        if (!a->columns.empty()) ColumnDef(a->columns[0]);
        if (a->first) out += " FIRST";
        if (!a->after_column.name.empty()) {
          out += " AFTER ";
          Name(a->after_column);
        }
        break;
      case Act::ExchangePartition:
        out += " EXCHANGE ";
        if (!a->partitions.empty()) Partition(&a->partitions[0]);
        out += " WITH TABLE ";
        Qualified(a->new_name);
        break;
      case Act::AddPartition:
      case Act::DropPartition:
        out += a->action == Act::AddPartition ? " ADD" : " DROP";
        for (size_t i = 0; i < a->partitions.size(); ++i) {
          out += (i > 0 && a->action == Act::DropPartition) ? ", " : " ";
          Partition(&a->partitions[i]);
        }
        break;
      case Act::RenamePartition:
        if (a->partitions.size() == 2) {
          out += ' ';
          Partition(&a->partitions[0]);
          out += " RENAME TO ";
          Partition(&a->partitions[1]);
        }
        break;
      case Act::Rebuild:
        out += " REBUILD";
        break;
      case Act::Other:
        if (!a->rest_text.empty()) {
          out += ' ';
          out += a->rest_text;
        }
        break;
    }
  }

  // `DROP object [IF EXISTS] name [PURGE] [CASCADE]`
  void Print(const DropStatement* d) {
    out += "DROP ";
    out += Upper(d->object);
    out += ' ';
    if (d->if_exists) out += "IF EXISTS ";
    Qualified(d->name);
    if (d->purge) out += " PURGE";
    if (d->cascade) out += " CASCADE";
  }

  // `TRUNCATE TABLE t [PARTITION (...)]`
  void Print(const TruncateStatement* t) {
    out += "TRUNCATE TABLE ";
    Qualified(t->table);
    if (t->partition != nullptr) {
      out += ' ';
      Partition(t->partition);
    }
  }

  // `LOAD DATA [LOCAL] INPATH 'p' [OVERWRITE] INTO TABLE t ...`
  void Print(const LoadDataStatement* l) {
    out += l->local ? "LOAD DATA LOCAL INPATH " : "LOAD DATA INPATH ";
    AppendQuotedString(out, l->path);
    if (l->overwrite) out += " OVERWRITE";
    out += " INTO TABLE ";
    Qualified(l->table);
    if (l->partition != nullptr) {
      out += ' ';
      Partition(l->partition);
    }
    if (!l->options_text.empty()) {
      out += ' ';
      out += l->options_text;
    }
  }

  // `EXPORT TABLE t [PARTITION (...)] TO 'p'`
  void Print(const ExportStatement* e) {
    out += "EXPORT TABLE ";
    Qualified(e->table);
    if (e->partition != nullptr) {
      out += ' ';
      Partition(e->partition);
    }
    out += " TO ";
    AppendQuotedString(out, e->path);
    if (!e->options_text.empty()) {
      out += ' ';
      out += e->options_text;
    }
  }

  // `IMPORT [EXTERNAL] [TABLE t [PARTITION (...)]] FROM 'p' [LOCATION 'l']`
  void Print(const ImportStatement* i) {
    out += "IMPORT ";
    if (i->external) out += "EXTERNAL ";
    if (!i->table.parts.empty()) {
      out += "TABLE ";
      Qualified(i->table);
      if (i->partition != nullptr) {
        out += ' ';
        Partition(i->partition);
      }
      out += ' ';
    }
    out += "FROM ";
    AppendQuotedString(out, i->path);
    if (!i->location.empty()) {
      out += " LOCATION ";
      AppendQuotedString(out, i->location);
    }
  }

  // `UPDATE t SET c = e, ... [WHERE cond]`
  void Print(const UpdateStatement* u) {
    out += "UPDATE ";
    Qualified(u->table);
    out += " SET ";
    Assignments(u->assignments);
    if (u->where != nullptr) {
      out += " WHERE ";
      Expr(u->where);
    }
  }

  // `DELETE FROM t [WHERE cond]`
  void Print(const DeleteStatement* d) {
    out += "DELETE FROM ";
    Qualified(d->table);
    if (d->where != nullptr) {
      out += " WHERE ";
      Expr(d->where);
    }
  }

  // `MERGE INTO t [AS a] USING src ON cond WHEN ...`
  void Print(const MergeStatement* m) {
    out += "MERGE ";
    if (!m->hint.empty()) {
      out += m->hint;
      out += ' ';
    }
    out += "INTO ";
    Qualified(m->target);
    if (!m->target_alias.name.empty()) {
      out += " AS ";
      Name(m->target_alias);
    }
    out += " USING ";
    TableRef(m->source);
    out += " ON ";
    Expr(m->on);
    for (const MergeClause& c : m->clauses) MergeWhen(c);
  }

  // ` WHEN [NOT] MATCHED [AND cond] THEN UPDATE SET ... | DELETE | INSERT ... VALUES (...)`
  void MergeWhen(const MergeClause& c) {
    out += c.matched ? " WHEN MATCHED" : " WHEN NOT MATCHED";
    if (c.condition != nullptr) {
      out += " AND ";
      Expr(c.condition);
    }
    out += " THEN ";
    switch (c.action) {
      case MergeClause::Action::Update:
        out += "UPDATE SET ";
        Assignments(c.assignments);
        break;
      case MergeClause::Action::Delete:
        out += "DELETE";
        break;
      case MergeClause::Action::Insert:
        out += "INSERT ";
        if (!c.insert_columns.empty()) {
          IdentList(c.insert_columns);
          out += ' ';
        }
        out += "VALUES (";
        Exprs(c.insert_values);
        out += ')';
        break;
    }
  }

  // `EXPLAIN [options] statement`
  void Print(const ExplainStatement* e) {
    out += "EXPLAIN ";
    if (!e->options.empty()) {
      out += Upper(e->options);
      out += ' ';
    }
    Statement(e->inner);
  }

  // `USE db`
  void Print(const UseStatement* u) {
    out += "USE ";
    Name(u->database);
  }

  // A statement kept as text, and the statement inside it.
  void Print(const OtherStatement* o) {
    out += o->text;
    if (o->inner != nullptr) {
      out += ' ';
      Statement(o->inner);
    }
  }

  void Statement(const ast::Statement* s) {
    if (s == nullptr) return;
    switch (s->stmt_kind()) {
      case StmtKind::QueryStatement:
        return Print(static_cast<const QueryStatement*>(s));
      case StmtKind::CreateTableStatement:
        return Print(static_cast<const CreateTableStatement*>(s));
      case StmtKind::CreateViewStatement:
        return Print(static_cast<const CreateViewStatement*>(s));
      case StmtKind::AlterTableStatement:
        return Print(static_cast<const AlterTableStatement*>(s));
      case StmtKind::DropStatement:
        return Print(static_cast<const DropStatement*>(s));
      case StmtKind::TruncateStatement:
        return Print(static_cast<const TruncateStatement*>(s));
      case StmtKind::LoadDataStatement:
        return Print(static_cast<const LoadDataStatement*>(s));
      case StmtKind::ExportStatement:
        return Print(static_cast<const ExportStatement*>(s));
      case StmtKind::ImportStatement:
        return Print(static_cast<const ImportStatement*>(s));
      case StmtKind::UseStatement:
        return Print(static_cast<const UseStatement*>(s));
      case StmtKind::UpdateStatement:
        return Print(static_cast<const UpdateStatement*>(s));
      case StmtKind::DeleteStatement:
        return Print(static_cast<const DeleteStatement*>(s));
      case StmtKind::MergeStatement:
        return Print(static_cast<const MergeStatement*>(s));
      case StmtKind::ExplainStatement:
        return Print(static_cast<const ExplainStatement*>(s));
      case StmtKind::OtherStatement:
        return Print(static_cast<const OtherStatement*>(s));
    }
  }
};

}  // namespace

// A word the lexer reads back as one name although it is not a simple one:
// a name with a variable left in it (tbl_${suffix}, db_${env:a.b}). Printed
// as written, since in backquotes a table name splits at its dots.
// The kind of the one token `name` lexes to, or Error when it is not one token.
lexer::TokenKind LoneTokenKind(std::string_view name) {
  std::vector<lexer::Token> tokens;
  Diagnostics diags;
  lexer::Tokenize(name, lexer::LexOptions{}, tokens, diags);
  if (diags.empty() && tokens.size() == 2 && tokens[0].begin == 0 && tokens[0].end == name.size() &&
      tokens[1].kind == lexer::TokenKind::Eof)
    return tokens[0].kind;
  return lexer::TokenKind::Error;
}

bool IsLoneVariable(std::string_view name) {
  return name.starts_with("${") && LoneTokenKind(name) == lexer::TokenKind::Variable;
}

bool WordWithVariable(std::string_view name) {
  if (name.find("${") == std::string_view::npos) return false;
  // Unquoted words are read in lower case, except inside ${...} which the lexer
  // keeps as written: a capital outside a variable came from backquotes.
  int depth = 0;
  for (size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (c == '$' && i + 1 < name.size() && name[i + 1] == '{') {
      ++depth;
      ++i;
    } else if (c == '}' && depth > 0) {
      --depth;
    } else if (depth == 0 && c >= 'A' && c <= 'Z') {
      return false;
    }
  }
  const lexer::TokenKind kind = LoneTokenKind(name);
  return kind == lexer::TokenKind::Word || kind == lexer::TokenKind::Variable;
}

bool IdentNeedsQuotes(std::string_view name) {
  if (WordWithVariable(name)) return false;
  if (!SimpleName(name)) return true;
  const lexer::Keyword kw = lexer::LookupKeyword(name);
  return kw != lexer::Keyword::None && lexer::IsReserved(kw);
}

void AppendBackquoted(std::string& out, std::string_view name) {
  out += '`';
  for (char c : name) {
    if (c == '`') out += '`';
    out += c;
  }
  out += '`';
}

void AppendIdent(std::string& out, std::string_view name) {
  if (IdentNeedsQuotes(name))
    AppendBackquoted(out, name);
  else
    out += name;
}

void AppendQuotedString(std::string& out, std::string_view value) {
  out += '\'';
  for (char c : value) {
    if (c == '\\' || c == '\'') out += '\\';
    out += c;
  }
  out += '\'';
}

std::string PrintExpr(const Expr* e) {
  Printer p;
  p.Expr(e);
  return std::move(p.out);
}

std::string PrintQuery(const Query* q) {
  Printer p;
  p.Query(q);
  return std::move(p.out);
}

std::string PrintTableRef(const TableRef* t) {
  Printer p;
  p.TableRef(t);
  return std::move(p.out);
}

std::string PrintStatement(const Statement* s) {
  Printer p;
  p.Statement(s);
  return std::move(p.out);
}

}  // namespace hivelineage::ast
