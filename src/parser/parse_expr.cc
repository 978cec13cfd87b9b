// Expressions: one Pratt loop over Hive's precedence levels
// (ast/precedence.h), prefix forms, special forms (CASE, CAST,
// EXTRACT, FLOOR ... TO, TRIM ... FROM, INTERVAL), function calls and
// window specs. Types are in parse_columns.cc.
//
// Left-associative chains iterate in the loop; only prefix operators and
// parentheses recurse, each through DepthGuard. Postfix-like wrappers (IS,
// subscripts, ...) are counted too, so no chain can build a tree deeper than
// max_depth except the binary left spines, which every tree walker iterates.
#include <array>

#include "ast/print_sql.h"
#include "base/strings.h"
#include "parser/parser_impl.h"

namespace hivelineage::parser {

using ast::BinaryOp;

namespace {

using ast::Precedence;

constexpr Infix BinaryInfix(BinaryOp op) {
  Infix in;
  in.form = Infix::Form::Binary;
  in.level = ast::PrecedenceOf(op);
  in.op = op;
  return in;
}

constexpr Infix FormInfix(Infix::Form form, Precedence level, ast::LikeExpr::Op like = ast::LikeExpr::Op::Like) {
  Infix in;
  in.form = form;
  in.level = level;
  in.like = like;
  return in;
}

// The operators a punctuation token starts.
constexpr std::array<Infix, lexer::kTokenKindCount> kInfixByToken = [] {
  std::array<Infix, lexer::kTokenKindCount> t{};
  auto set = [&](TokenKind k, Infix in) { t[static_cast<size_t>(k)] = in; };
  set(TokenKind::Equal, BinaryInfix(BinaryOp::Eq));
  set(TokenKind::EqualEqual, BinaryInfix(BinaryOp::EqEq));
  set(TokenKind::NullSafeEqual, BinaryInfix(BinaryOp::NullSafeEq));
  set(TokenKind::NotEqual, BinaryInfix(BinaryOp::NotEq));
  set(TokenKind::BangEqual, BinaryInfix(BinaryOp::BangEq));
  set(TokenKind::Less, BinaryInfix(BinaryOp::Less));
  set(TokenKind::LessEqual, BinaryInfix(BinaryOp::LessEq));
  set(TokenKind::Greater, BinaryInfix(BinaryOp::Greater));
  set(TokenKind::GreaterEqual, BinaryInfix(BinaryOp::GreaterEq));
  set(TokenKind::Pipe, BinaryInfix(BinaryOp::BitOr));
  set(TokenKind::Ampersand, BinaryInfix(BinaryOp::BitAnd));
  set(TokenKind::PipePipe, BinaryInfix(BinaryOp::Concat));
  set(TokenKind::Plus, BinaryInfix(BinaryOp::Add));
  set(TokenKind::Minus, BinaryInfix(BinaryOp::Sub));
  set(TokenKind::Star, BinaryInfix(BinaryOp::Mul));
  set(TokenKind::Slash, BinaryInfix(BinaryOp::Div));
  set(TokenKind::Percent, BinaryInfix(BinaryOp::Mod));
  set(TokenKind::Caret, BinaryInfix(BinaryOp::BitXor));
  set(TokenKind::Dot, FormInfix(Infix::Form::Dot, Precedence::Postfix));
  set(TokenKind::LBracket, FormInfix(Infix::Form::Subscript, Precedence::Postfix));
  return t;
}();

// The operators a keyword starts (but IS, which needs the words after it).
constexpr std::array<Infix, static_cast<size_t>(Keyword::kCount)> kInfixByKeyword = [] {
  std::array<Infix, static_cast<size_t>(Keyword::kCount)> t{};
  auto set = [&](Keyword k, Infix in) { t[static_cast<size_t>(k)] = in; };
  set(Keyword::Or, BinaryInfix(BinaryOp::Or));
  set(Keyword::And, BinaryInfix(BinaryOp::And));
  set(Keyword::Div, BinaryInfix(BinaryOp::IntDiv));
  set(Keyword::In, FormInfix(Infix::Form::In, Precedence::Comparison));
  set(Keyword::Between, FormInfix(Infix::Form::Between, Precedence::Comparison));
  set(Keyword::Like, FormInfix(Infix::Form::Like, Precedence::Comparison));
  set(Keyword::Rlike, FormInfix(Infix::Form::Like, Precedence::Comparison, ast::LikeExpr::Op::RLike));
  set(Keyword::Regexp, FormInfix(Infix::Form::Like, Precedence::Comparison, ast::LikeExpr::Op::Regexp));
  return t;
}();

// Classifies the token at the cursor as an infix/postfix operator. Kept out
// of ParseExpr so the recursive frame stays small (sanitizer builds give
// every temporary its own stack slot).
[[gnu::noinline]] Infix PeekInfix(const Parser& p) {
  const Token& t = p.Peek();
  // `x::type` casts (Spark's and PostgreSQL's); glued: `: :` is no cast.
  if ((p.spark() || p.postfix_casts()) && t.kind == TokenKind::Colon && p.AtKind(TokenKind::Colon, 1) && p.Glued()) {
    Infix in = FormInfix(Infix::Form::SparkCast, Precedence::Postfix);
    in.tokens = 2;
    return in;
  }
  if (p.spark() && t.kind != TokenKind::Word) {
    if (p.AtPipe()) return Infix{};  // `|>` ends the expression
    // `a << b`, `a >> b`, `a >>> b` shift (Spark binds them between `&` and
    // `+`). Their tokens are glued: `> >` stays two operators.
    if ((t.kind == TokenKind::Greater || t.kind == TokenKind::Less) && p.AtKind(t.kind, 1) && p.Glued()) {
      Infix in = FormInfix(Infix::Form::Shift, Precedence::Concat);
      in.tokens = 2;
      in.function = t.kind == TokenKind::Less ? "shiftleft" : "shiftright";
      if (t.kind == TokenKind::Greater && p.AtKind(TokenKind::Greater, 2) && p.Glued(1)) {
        in.tokens = 3;
        in.function = "shiftrightunsigned";
      }
      return in;
    }
  }
  if (t.kind != TokenKind::Word) return kInfixByToken[static_cast<size_t>(t.kind)];
  if (p.spark() && t.keyword == Keyword::None && p.AtWord("collate") && p.AtAnyName(1))
    return FormInfix(Infix::Form::Collate, Precedence::Postfix);
  if (t.keyword == Keyword::Is) {
    // IS [NOT] DISTINCT FROM compares; any other IS tests (IsExpr).
    size_t k = 1;
    const bool neg = p.AtKw(Keyword::Not, k);
    if (neg) ++k;
    if (p.AtKw(Keyword::Distinct, k) && p.AtKw(Keyword::From, k + 1)) {
      Infix in = BinaryInfix(neg ? BinaryOp::IsNotDistinctFrom : BinaryOp::IsDistinctFrom);
      in.tokens = static_cast<uint8_t>(k + 2);
      return in;
    }
    return FormInfix(Infix::Form::Is, Precedence::Is);
  }
  if (t.keyword == Keyword::Not) {
    // NOT IN / NOT BETWEEN / NOT LIKE / NOT RLIKE / NOT REGEXP
    const Token& n = p.Peek(1);
    if (n.kind != TokenKind::Word) return Infix{};
    Infix in = kInfixByKeyword[static_cast<size_t>(n.keyword)];
    if (in.form != Infix::Form::In && in.form != Infix::Form::Between && in.form != Infix::Form::Like) return Infix{};
    in.negated = true;
    in.tokens = 2;
    return in;
  }
  return kInfixByKeyword[static_cast<size_t>(t.keyword)];
}

}  // namespace

namespace {

// The interval units, singular and plural, and the unit each names.
constexpr std::pair<Keyword, std::string_view> kIntervalUnits[] = {
    {Keyword::Year, "year"},      {Keyword::Years, "year"},    {Keyword::Month, "month"},
    {Keyword::Months, "month"},   {Keyword::Day, "day"},       {Keyword::Days, "day"},
    {Keyword::Hour, "hour"},      {Keyword::Hours, "hour"},    {Keyword::Minute, "minute"},
    {Keyword::Minutes, "minute"}, {Keyword::Second, "second"}, {Keyword::Seconds, "second"},
};

// "day" for DAY or DAYS; empty for a word that is no interval unit.
std::string_view IntervalUnit(const Token& t) {
  if (t.kind != TokenKind::Word) return {};
  for (const auto& [kw, unit] : kIntervalUnits)
    if (t.keyword == kw) return unit;
  return {};
}

}  // namespace

bool Parser::AtIntervalUnit(size_t k) const { return !IntervalUnit(Peek(k)).empty(); }

/// interval_unit ::= YEAR[S] | MONTH[S] | DAY[S] | HOUR[S] | MINUTE[S] | SECOND[S]
std::string_view Parser::ParseIntervalUnit() {
  const std::string_view unit = IntervalUnit(Peek());
  if (unit.empty()) {
    Fail("interval unit");
    return {};
  }
  Advance();
  return unit;
}

/// interval_tail ::= [interval_unit [TO interval_unit]]   (after a value: `2 DAYS`, `(x) HOUR`)
ast::Expr* Parser::MaybeInterval(ast::Expr* value, uint32_t begin) {
  if (!AtIntervalUnit()) return value;
  auto* e = arena_.New<ast::IntervalExpr>();
  e->value = value;
  e->unit = ParseIntervalUnit();
  if (AtKw(Keyword::To) && AtIntervalUnit(1)) {
    Advance();
    e->to_unit = ParseIntervalUnit();
  }
  e->span = SpanFrom(begin);
  return e;
}

/// string ::= 'text' ('text')*   (adjacent strings concatenate)
ast::Literal* Parser::ParseStringLiteral() {
  const uint32_t begin = StartOffset();
  if (!At(TokenKind::String)) {
    Fail("string literal");
    return nullptr;
  }
  while (At(TokenKind::String)) Advance();  // 'a' 'b' concatenate
  auto* lit = arena_.New<ast::Literal>();
  lit->type = ast::Literal::Type::String;
  lit->span = SpanFrom(begin);
  lit->text = text_.substr(lit->span.begin, lit->span.size());
  return lit;
}

// ---------------------------------------------------------------- Pratt loop

/// expr ::= prefix (infix_op expr | postfix)*
/// (the Pratt loop: an operator binds while its level, ast/precedence.h, is above `min`)
ast::Expr* Parser::ParseExpr(Precedence min) {
  DepthGuard guard(*this);
  if (!guard.ok()) return nullptr;
  const uint32_t begin = StartOffset();
  // `*` and `t.*` stand alone (a select item, an argument), never as an
  // operand: Hive rejects `* * 5`, which would not even print back the same.
  if (At(TokenKind::Star) && min != Precedence::Lowest) {
    Fail("expression");
    return nullptr;
  }
  ast::Expr* lhs = ParsePrefix();
  if (lhs == nullptr) return nullptr;
  if (lhs->kind == ast::NodeKind::StarExpr) {
    const Infix in = PeekInfix(*this);
    if (in.form != Infix::Form::None && in.level > min) {
      Fail("end of expression");
      return nullptr;
    }
    return lhs;
  }
  Precedence last = Precedence::Lowest;  // the level just applied (a < b < c is an error)
  int wraps = 0;                         // non-binary wrappers applied in this loop
  while (true) {
    const Infix in = PeekInfix(*this);
    if (in.form == Infix::Form::None || in.level <= min) break;
    if (in.level == Precedence::Comparison && last == Precedence::Comparison) {
      Fail("end of expression");  // `a < b < c`: comparisons do not chain in Hive
      return nullptr;
    }
    last = in.level;
    if (in.form != Infix::Form::Binary && ++wraps > options_.max_depth) {
      TooDeep();
      return nullptr;
    }
    for (int i = 0; i < in.tokens; ++i) Advance();
    lhs = ApplyInfix(lhs, in, begin);
    if (lhs == nullptr) return nullptr;
  }
  return lhs;
}

/// infix_rhs ::= expr | (ANY | SOME | ALL) '(' query ')'   (after a binary operator)
///             | [NOT] (NULL | TRUE | FALSE | UNKNOWN)     (after IS)
///             | in_rhs | like_rhs | between_rhs | name (after '.') | expr ']' (after '[')
ast::Expr* Parser::ApplyInfix(ast::Expr* lhs, Infix in, uint32_t begin) {
  using F = Infix::Form;
  switch (in.form) {
    case F::SparkCast: {
      // `x::type` is CAST(x AS type), and prints so.
      auto* c = arena_.New<ast::CastExpr>();
      c->operand = lhs;
      if (!ParseType(&c->type)) return nullptr;
      c->span = SpanFrom(begin);
      return c;
    }
    case F::Collate: {
      // `x COLLATE name` is collate(x, 'name'), and prints so.
      ast::Ident collation;
      if (!ParseAnyName(&collation)) return nullptr;
      auto* name = arena_.New<ast::Literal>();
      name->type = ast::Literal::Type::String;
      name->text = arena_.CopyString(Cat("'", collation.name, "'"));
      name->span = collation.span;
      auto* f = arena_.New<ast::FunctionCall>();
      ast::Ident fn;
      fn.name = "collate";
      f->name = arena_.CopyOf(std::vector<ast::Ident>{fn});
      f->args = arena_.CopyOf(std::vector<ast::Expr*>{lhs, name});
      f->span = SpanFrom(begin);
      return f;
    }
    case F::Shift: {
      // `a >> b` is shiftright(a, b), and prints so.
      ast::Expr* rhs = ParseExpr(in.level);
      if (rhs == nullptr) return nullptr;
      auto* f = arena_.New<ast::FunctionCall>();
      ast::Ident name;
      name.name = in.function;
      f->name = arena_.CopyOf(std::vector<ast::Ident>{name});
      f->args = arena_.CopyOf(std::vector<ast::Expr*>{lhs, rhs});
      f->span = SpanFrom(begin);
      return f;
    }
    case F::Binary: {
      ast::Expr* rhs = nullptr;
      const uint32_t rhs_begin = StartOffset();
      if (in.level == Precedence::Equality || in.level == Precedence::Comparison) {
        // Quantified comparison: `x > ANY (SELECT ...)`.
        ast::SubqueryExpr::Quantifier q = ast::SubqueryExpr::Quantifier::None;
        if (AtKw(Keyword::Any)) q = ast::SubqueryExpr::Quantifier::Any;
        if (AtKw(Keyword::Some)) q = ast::SubqueryExpr::Quantifier::Some;
        if (AtKw(Keyword::All)) q = ast::SubqueryExpr::Quantifier::All;
        if (q != ast::SubqueryExpr::Quantifier::None && AtKind(TokenKind::LParen, 1)) {
          Advance();
          auto* sub = static_cast<ast::SubqueryExpr*>(ParseSubqueryParens(rhs_begin));
          if (sub == nullptr) return nullptr;
          sub->quantifier = q;
          rhs = sub;
        }
      }
      if (rhs == nullptr) rhs = ParseExpr(in.level);
      if (rhs == nullptr) return nullptr;
      auto* b = arena_.New<ast::BinaryExpr>();
      b->op = in.op;
      b->lhs = lhs;
      b->rhs = rhs;
      b->span = SpanFrom(begin);
      lhs = b;
      break;
    }
    case F::Is: {
      auto* e = arena_.New<ast::IsExpr>();
      e->operand = lhs;
      e->negated = AcceptKw(Keyword::Not);
      if (AcceptKw(Keyword::Null))
        e->what = ast::IsExpr::What::Null;
      else if (AcceptKw(Keyword::True))
        e->what = ast::IsExpr::What::True;
      else if (AcceptKw(Keyword::False))
        e->what = ast::IsExpr::What::False;
      else if (AcceptKw(Keyword::Unknown))
        e->what = ast::IsExpr::What::Unknown;
      else {
        Fail("NULL, TRUE, FALSE or UNKNOWN");
        return nullptr;
      }
      e->span = SpanFrom(begin);
      lhs = e;
      break;
    }
    case F::In:
      lhs = ParseInRhs(lhs, in.negated, begin);
      break;
    case F::Like:
      lhs = ParseLikeRhs(lhs, in.like, in.negated, begin);
      break;
    case F::Between:
      lhs = ParseBetweenRhs(lhs, in.negated, begin);
      break;
    case F::Dot: {
      ast::Ident field;
      if (!ParseAnyName(&field)) return nullptr;
      if (auto* col = ast::DynCast<ast::ColumnRef>(lhs)) {
        ast::Ident* parts = static_cast<ast::Ident*>(
            arena_.Allocate(sizeof(ast::Ident) * (col->parts.size() + 1), alignof(ast::Ident)));
        for (size_t i = 0; i < col->parts.size(); ++i) parts[i] = col->parts[i];
        parts[col->parts.size()] = field;
        auto* c = arena_.New<ast::ColumnRef>();
        c->parts = {parts, col->parts.size() + 1};
        c->span = SpanFrom(begin);
        lhs = c;
      } else {
        auto* f = arena_.New<ast::FieldAccess>();
        f->base = lhs;
        f->field = field;
        f->span = SpanFrom(begin);
        lhs = f;
      }
      break;
    }
    case F::Subscript: {
      auto* s = arena_.New<ast::Subscript>();
      s->base = lhs;
      s->index = ParseExpr();
      if (s->index == nullptr || !Expect(TokenKind::RBracket)) return nullptr;
      s->span = SpanFrom(begin);
      lhs = s;
      break;
    }
    case F::None:
      break;
  }
  return lhs;
}

/// in_rhs ::= '(' query ')' | '(' [exprs] ')'   (after [NOT] IN)
ast::Expr* Parser::ParseInRhs(ast::Expr* lhs, bool negated, uint32_t begin) {
  if (!Expect(TokenKind::LParen)) return nullptr;
  if ((AtKw(Keyword::Select) || AtKw(Keyword::With)) ||
      (At(TokenKind::LParen) && (AtKw(Keyword::Select, 1) || AtKw(Keyword::With, 1)))) {
    auto* e = arena_.New<ast::InSubqueryExpr>();
    e->value = lhs;
    e->negated = negated;
    e->query = ParseQuery();
    if (e->query == nullptr || !Expect(TokenKind::RParen)) return nullptr;
    e->span = SpanFrom(begin);
    return e;
  }
  auto* e = arena_.New<ast::InListExpr>();
  e->value = lhs;
  e->negated = negated;
  if (!At(TokenKind::RParen)) {
    if (!ParseExprList(&e->items)) return nullptr;
  }
  if (!Expect(TokenKind::RParen)) return nullptr;
  e->span = SpanFrom(begin);
  return e;
}

/// like_rhs ::= (ANY | ALL) '(' exprs ')' | expr   (after [NOT] LIKE | RLIKE | REGEXP)
ast::Expr* Parser::ParseLikeRhs(ast::Expr* lhs, ast::LikeExpr::Op op, bool negated, uint32_t begin) {
  auto* e = arena_.New<ast::LikeExpr>();
  e->op = op;
  e->negated = negated;
  e->value = lhs;
  if ((AtKw(Keyword::Any) || AtKw(Keyword::All)) && AtKind(TokenKind::LParen, 1)) {
    e->quantifier = AtKw(Keyword::Any) ? ast::LikeExpr::Quantifier::Any : ast::LikeExpr::Quantifier::All;
    Advance();
    Advance();
    if (!ParseExprList(&e->patterns) || !Expect(TokenKind::RParen)) return nullptr;
  } else {
    ast::Expr* p = ParseExpr(ast::Precedence::Comparison);
    if (p == nullptr) return nullptr;
    ast::Expr** arr = static_cast<ast::Expr**>(arena_.Allocate(sizeof(ast::Expr*), alignof(ast::Expr*)));
    arr[0] = p;
    e->patterns = {arr, 1};
  }
  e->span = SpanFrom(begin);
  return e;
}

/// between_rhs ::= expr AND expr   (after [NOT] BETWEEN; the bounds bind above AND)
ast::Expr* Parser::ParseBetweenRhs(ast::Expr* lhs, bool negated, uint32_t begin) {
  auto* e = arena_.New<ast::BetweenExpr>();
  e->value = lhs;
  e->negated = negated;
  e->low = ParseExpr(ast::Precedence::Comparison);
  if (e->low == nullptr || !ExpectKw(Keyword::And)) return nullptr;
  e->high = ParseExpr(ast::Precedence::Comparison);
  if (e->high == nullptr) return nullptr;
  e->span = SpanFrom(begin);
  return e;
}

// ---------------------------------------------------------------- prefix

/// prefix ::= (- | + | ~ | ! | NOT) expr | primary
ast::Expr* Parser::ParsePrefix() {
  const Token& t = Peek();
  const uint32_t begin = t.begin;
  ast::UnaryOp op;
  if (t.kind == TokenKind::Minus) {
    op = ast::UnaryOp::Minus;
  } else if (t.kind == TokenKind::Plus) {
    op = ast::UnaryOp::Plus;
  } else if (t.kind == TokenKind::Tilde) {
    op = ast::UnaryOp::BitNot;
  } else if (t.kind == TokenKind::Bang || (t.kind == TokenKind::Word && t.keyword == Keyword::Not)) {
    op = ast::UnaryOp::Not;
  } else {
    return ParsePrimary();
  }
  Advance();
  ast::Expr* operand = ParseExpr(ast::PrecedenceOf(op));
  if (operand == nullptr) return nullptr;
  auto* u = arena_.New<ast::UnaryExpr>();
  u->op = op;
  u->operand = operand;
  u->span = SpanFrom(begin);
  return u;
}

namespace {
// Keywords that never start a function call even when followed by `(`.
constexpr lexer::KeywordSet kNeverCalls{
    Keyword::In,     Keyword::Values,    Keyword::Using,  Keyword::Over,  Keyword::As,        Keyword::Select,
    Keyword::From,   Keyword::Where,     Keyword::Join,   Keyword::Table, Keyword::Partition, Keyword::Tablesample,
    Keyword::When,   Keyword::Then,      Keyword::Else,   Keyword::End,   Keyword::And,       Keyword::Or,
    Keyword::Is,     Keyword::Between,   Keyword::Like,   Keyword::On,
    Keyword::Union,  Keyword::Intersect, Keyword::Except, Keyword::Minus, Keyword::Group,     Keyword::Order,
    Keyword::Having, Keyword::Window,    Keyword::With,   Keyword::Into,  Keyword::By,        Keyword::Distinct,
};
}  // namespace

/// primary ::= paren_expr | literal | name_expr | special_form | *
ast::Expr* Parser::ParsePrimary() {
  if (At(TokenKind::LParen)) return ParseParenExpr();
  return ParsePrimaryOther();
}

/// primary ::= literal | name_expr | CASE ... | CAST (...) | EXTRACT (...) | FLOOR (...)
///           | EXISTS (...) | INTERVAL ... | TRUE | FALSE | NULL | DATE | TIMESTAMP '...'
///           | CURRENT_DATE | CURRENT_TIMESTAMP | DEFAULT | ? | ${var} | *
ast::Expr* Parser::ParsePrimaryOther() {
  const Token& t = Peek();
  const uint32_t begin = t.begin;
  auto literal = [&](ast::Literal::Type type, std::string_view text) {
    auto* lit = arena_.New<ast::Literal>();
    lit->type = type;
    lit->text = text;
    Advance();
    lit->span = SpanFrom(begin);
    return lit;
  };
  const TokenKind kind = t.kind;
  if (kind == TokenKind::Word) {
    // A keyword that starts a form of its own; any other word is a name.
    const Keyword kw = t.keyword;
    if (spark()) {
      if (ast::Expr* e = ParseSparkWordLiteral()) return e;
      if (AtIdentifierClause()) {
        // IDENTIFIER('t.c') names a column, or a function when a call follows.
        ast::QualifiedName name;
        if (!ParseQualifiedName(&name, false)) return nullptr;
        if (At(TokenKind::LParen)) return ParseFunctionRest(name.parts, begin);
        auto* c = arena_.New<ast::ColumnRef>();
        c->parts = name.parts;
        c->span = SpanFrom(begin);
        return c;
      }
    }
    if (kw == Keyword::None) return ParseNameExpr();
    const bool call = AtKind(TokenKind::LParen, 1);
    if (kw == Keyword::Case) return ParseCase();
    if (kw == Keyword::Cast && call) return ParseCast();
    if (kw == Keyword::Extract && call) return ParseExtract();
    if (kw == Keyword::Floor && call) return ParseFloor(begin);
    if (kw == Keyword::Exists && call) return ParseExists();
    if (kw == Keyword::Interval) return ParseIntervalKeyword();
    if (kw == Keyword::True || kw == Keyword::False)
      return literal(ast::Literal::Type::Boolean, lexer::KeywordSpelling(kw));
    if (kw == Keyword::Null) return literal(ast::Literal::Type::Null, "NULL");
    if ((kw == Keyword::Date || kw == Keyword::Timestamp || kw == Keyword::Timestamplocaltz) &&
        AtKind(TokenKind::String, 1)) {
      auto* lit = arena_.New<ast::Literal>();
      lit->type = ast::Literal::Type::Typed;
      lit->type_name = kw == Keyword::Date ? "date" : kw == Keyword::Timestamp ? "timestamp" : "timestamplocaltz";
      Advance();
      lit->text = Text(Peek());
      Advance();
      lit->span = SpanFrom(begin);
      return lit;
    }
    if (kw == Keyword::CurrentDate && !call) return literal(ast::Literal::Type::CurrentDate, "CURRENT_DATE");
    if (kw == Keyword::CurrentTimestamp && !call)
      return literal(ast::Literal::Type::CurrentTimestamp, "CURRENT_TIMESTAMP");
    if (kw == Keyword::Default && allow_default_ &&
        (AtKind(TokenKind::Comma, 1) || AtKind(TokenKind::RParen, 1) || AtKind(TokenKind::Eof, 1) ||
         AtKw(Keyword::Where, 1)))
      return literal(ast::Literal::Type::Variable, "DEFAULT");
    if (call && (kw == Keyword::Regexp || kw == Keyword::Rlike) && IsReservedHere(kw)) {
      // regexp(s, p) is Hive 1's spelling of `s REGEXP p`; Hive 2 and later reject it.
      const std::string word = ToLower(Text(t));
      Warn(t, Cat(word, "(a, b) read as a function call; Hive 2 and later need `a ", lexer::KeywordSpelling(kw),
                  " b` or set hive.support.sql11.reserved.keywords=false"));
    } else if (IsReservedHere(kw) && !(call && !kNeverCalls.contains(kw)) && !ReservedAsName()) {
      Fail("expression");
      return nullptr;
    }
    return ParseNameExpr();
  }
  if (kind == TokenKind::QuotedIdent) return ParseNameExpr();
  if (kind == TokenKind::Number && spark() && AtKind(TokenKind::Word, 1) && Glued() &&
      IsSparkNumberSuffix(Text(Peek(1)))) {
    // Spark's `1.5F`, `2.0D`, `1.0BD`: the suffix the lexer leaves after a fraction.
    Advance();
    return MaybeInterval(literal(ast::Literal::Type::Number, text_.substr(begin, Peek().end - begin)), begin);
  }
  if (kind == TokenKind::Number || kind == TokenKind::ByteLength)
    return MaybeInterval(literal(ast::Literal::Type::Number, Text(t)), begin);
  if (kind == TokenKind::String) return MaybeInterval(ParseStringLiteral(), begin);
  if (kind == TokenKind::Variable) {
    if (AtKind(TokenKind::LParen, 1) || AtKind(TokenKind::Dot, 1)) return ParseNameExpr();
    return MaybeInterval(literal(ast::Literal::Type::Variable, Text(t)), begin);
  }
  if (kind == TokenKind::Charset) {
    auto* lit = arena_.New<ast::Literal>();
    lit->type = ast::Literal::Type::Charset;
    lit->type_name = Lowered(Text(t));
    Advance();
    if (!At(TokenKind::String) && !At(TokenKind::Number) && !At(TokenKind::Word)) {
      Fail("string literal");
      return nullptr;
    }
    lit->text = Text(Peek());
    Advance();
    lit->span = SpanFrom(begin);
    return lit;
  }
  if (kind == TokenKind::Question) return literal(ast::Literal::Type::Parameter, Text(t));
  if (kind == TokenKind::LParen) return ParseParenExpr();
  if (kind == TokenKind::Star) {
    Advance();
    auto* s = arena_.New<ast::StarExpr>();
    s->span = SpanFrom(begin);
    return s;
  }
  Fail("expression");
  return nullptr;
}

namespace {
// `F`, `D`, `BD`, `L`, `S`, `Y` (any case): what Spark allows after a number.
bool SparkNumberSuffix(std::string_view s) {
  return EqualsIgnoreCase(s, "f") || EqualsIgnoreCase(s, "d") || EqualsIgnoreCase(s, "bd") ||
         EqualsIgnoreCase(s, "l") || EqualsIgnoreCase(s, "s") || EqualsIgnoreCase(s, "y");
}

// Spark's words that type the string after them: X'..' and the typed literals HiveQL has not.
constexpr std::string_view kSparkTypedLiterals[] = {"x", "timestamp_ntz", "timestamp_ltz", "time", "binary"};
}  // namespace

bool Parser::IsSparkNumberSuffix(std::string_view s) const { return SparkNumberSuffix(s); }

/// spark_word_literal ::= digits ('F' | 'D' | ...)        (one word: `10F`)
///                      | (X | TIMESTAMP_NTZ | TIMESTAMP_LTZ | TIME | BINARY) 'text'
/// (Spark only; nullptr, with nothing consumed, when the word is none of them)
ast::Expr* Parser::ParseSparkWordLiteral() {
  const Token& t = Peek();
  const uint32_t begin = t.begin;
  const std::string_view word = Text(t);
  if (!word.empty() && word[0] >= '0' && word[0] <= '9') {
    size_t digits = 0;
    while (digits < word.size() && word[digits] >= '0' && word[digits] <= '9') ++digits;
    if (!SparkNumberSuffix(word.substr(digits))) return nullptr;
    auto* lit = arena_.New<ast::Literal>();
    lit->type = ast::Literal::Type::Number;
    lit->text = word;
    Advance();
    lit->span = SpanFrom(begin);
    return MaybeInterval(lit, begin);
  }
  if (!AtKind(TokenKind::String, 1)) return nullptr;
  for (std::string_view type : kSparkTypedLiterals) {
    if (!EqualsIgnoreCase(word, type)) continue;
    auto* lit = arena_.New<ast::Literal>();
    lit->type = ast::Literal::Type::Typed;
    lit->type_name = type;
    Advance();
    lit->text = Text(Peek());
    Advance();
    lit->span = SpanFrom(begin);
    return lit;
  }
  return nullptr;
}

/// exists ::= EXISTS '(' query ')'
ast::Expr* Parser::ParseExists() {
  const uint32_t begin = StartOffset();
  Advance();  // EXISTS
  Advance();  // (
  auto* e = arena_.New<ast::ExistsExpr>();
  e->query = ParseQuery();
  if (e->query == nullptr || !Expect(TokenKind::RParen)) return nullptr;
  e->span = SpanFrom(begin);
  return e;
}

/// name_expr ::= name ('.' name)* ['.' '*' | '(' function_rest | outer_join_mark]
ast::Expr* Parser::ParseNameExpr() {
  const uint32_t begin = StartOffset();
  ListBuilder<ast::Ident> parts(idents_);
  parts.Push(MakeIdent(Peek()));
  Advance();
  while (At(TokenKind::Dot)) {
    if (AtKind(TokenKind::Star, 1)) {
      Advance();
      Advance();
      auto* s = arena_.New<ast::StarExpr>();
      s->qualifier = parts.Finish(arena_);
      s->span = SpanFrom(begin);
      return s;
    }
    if (!AtAnyName(1)) break;
    Advance();
    parts.Push(MakeIdent(Peek()));
    Advance();
  }
  const bool outer_join_mark = AcceptOuterJoinMark();  // Oracle's `b.x(+)`: the column itself
  if (!outer_join_mark && At(TokenKind::LParen)) {
    ast::List<ast::Ident> name = parts.Finish(arena_);
    return ParseFunctionRest(name, begin);
  }
  auto* c = arena_.New<ast::ColumnRef>();
  c->parts = parts.Finish(arena_);
  c->span = SpanFrom(begin);
  return c;
}

/// subquery ::= '(' query ')'
ast::Expr* Parser::ParseSubqueryParens(uint32_t begin) {
  if (!Expect(TokenKind::LParen)) return nullptr;
  auto* e = arena_.New<ast::SubqueryExpr>();
  e->query = ParseQuery();
  if (e->query == nullptr || !Expect(TokenKind::RParen)) return nullptr;
  e->span = SpanFrom(begin);
  return e;
}

/// paren_expr ::= '(' query ')' | '(' expr ')' [interval_unit] | '(' expr ',' struct_rest
ast::Expr* Parser::ParseParenExpr() {
  const uint32_t begin = StartOffset();
  if (AtKw(Keyword::Select, 1) || AtKw(Keyword::With, 1)) return ParseSubqueryParens(begin);
  Advance();  // (
  // `*` stands for a whole select item or argument, never for a value in
  // parentheses: Hive rejects f((*)), and f(*) would mean something else.
  if (At(TokenKind::Star)) {
    Fail("expression");
    return nullptr;
  }
  ast::Expr* first = ParseExpr();
  if (first == nullptr) return nullptr;
  if (Accept(TokenKind::RParen)) return MaybeInterval(first, begin);
  return ParseStructRest(first, begin);
}

/// struct_rest ::= expr (',' expr)* ')'   (after '(' expr ',': a struct value)
ast::Expr* Parser::ParseStructRest(ast::Expr* first, uint32_t begin) {
  ListBuilder<ast::Expr*> fields(exprs_);
  fields.Push(first);
  while (Accept(TokenKind::Comma)) {
    ast::Expr* e = ParseExpr();
    if (e == nullptr) return nullptr;
    fields.Push(e);
  }
  if (!Expect(TokenKind::RParen)) return nullptr;
  auto* s = arena_.New<ast::StructExpr>();
  s->fields = fields.Finish(arena_);
  s->span = SpanFrom(begin);
  return s;
}

/// interval ::= INTERVAL ('text' | number | ${var} | '(' expr ')' | (+ | -) (number | 'text'))
///              interval_unit [TO interval_unit]
ast::Expr* Parser::ParseIntervalKeyword() {
  const uint32_t begin = StartOffset();
  Advance();  // INTERVAL
  ast::Expr* value = nullptr;
  const uint32_t vbegin = StartOffset();
  if (At(TokenKind::String)) {
    value = ParseStringLiteral();
  } else if (At(TokenKind::Number) || At(TokenKind::Variable)) {
    auto* lit = arena_.New<ast::Literal>();
    lit->type = At(TokenKind::Number) ? ast::Literal::Type::Number : ast::Literal::Type::Variable;
    lit->text = Text(Peek());
    Advance();
    lit->span = SpanFrom(vbegin);
    value = lit;
  } else if (Accept(TokenKind::LParen)) {
    value = ParseExpr();
    if (value == nullptr || !Expect(TokenKind::RParen)) return nullptr;
  } else if (At(TokenKind::Minus) || At(TokenKind::Plus)) {
    const bool minus = At(TokenKind::Minus);
    Advance();
    if (!At(TokenKind::Number) && !At(TokenKind::String)) {
      Fail("number");
      return nullptr;
    }
    auto* lit = arena_.New<ast::Literal>();
    lit->type = At(TokenKind::Number) ? ast::Literal::Type::Number : ast::Literal::Type::String;
    lit->text = Text(Peek());
    const uint32_t lb = StartOffset();
    Advance();
    lit->span = SpanFrom(lb);
    auto* u = arena_.New<ast::UnaryExpr>();
    u->op = minus ? ast::UnaryOp::Minus : ast::UnaryOp::Plus;
    u->operand = lit;
    u->span = SpanFrom(vbegin);
    value = u;
  } else {
    Fail("interval value");
    return nullptr;
  }
  if (value == nullptr) return nullptr;
  if (spark() && !AtIntervalUnit() && value->kind == ast::NodeKind::Literal &&
      static_cast<ast::Literal*>(value)->type == ast::Literal::Type::String) {
    // Spark's INTERVAL '1 day 2 hours': the units are in the string.
    auto* e = arena_.New<ast::IntervalExpr>();
    e->value = value;
    e->span = SpanFrom(begin);
    return e;
  }
  if (!AtIntervalUnit()) {
    Fail("interval unit");
    return nullptr;
  }
  ast::Expr* interval = MaybeInterval(value, begin);
  // Spark's INTERVAL 1 YEAR 2 MONTHS: the sum of one interval per unit, and prints so.
  while (spark() && (At(TokenKind::Number) || At(TokenKind::String)) && AtIntervalUnit(1)) {
    const uint32_t pbegin = StartOffset();
    auto* lit = arena_.New<ast::Literal>();
    lit->type = At(TokenKind::Number) ? ast::Literal::Type::Number : ast::Literal::Type::String;
    lit->text = Text(Peek());
    Advance();
    lit->span = SpanFrom(pbegin);
    auto* sum = arena_.New<ast::BinaryExpr>();
    sum->op = ast::BinaryOp::Add;
    sum->lhs = interval;
    sum->rhs = MaybeInterval(lit, pbegin);
    sum->span = SpanFrom(begin);
    interval = sum;
  }
  return interval;
}

/// case ::= CASE [expr] (WHEN expr THEN expr)+ [ELSE expr] END
ast::Expr* Parser::ParseCase() {
  const uint32_t begin = StartOffset();
  Advance();  // CASE
  auto* c = arena_.New<ast::CaseExpr>();
  if (!AtKw(Keyword::When)) {
    c->operand = ParseExpr();
    if (c->operand == nullptr) return nullptr;
  }
  ListBuilder<ast::WhenClause> whens(whens_);
  while (AcceptKw(Keyword::When)) {
    ast::WhenClause w;
    w.condition = ParseExpr();
    if (w.condition == nullptr || !ExpectKw(Keyword::Then)) return nullptr;
    w.result = ParseExpr();
    if (w.result == nullptr) return nullptr;
    whens.Push(w);
  }
  if (whens.size() == 0) {
    Fail("WHEN");
    return nullptr;
  }
  if (AcceptKw(Keyword::Else)) {
    c->else_result = ParseExpr();
    if (c->else_result == nullptr) return nullptr;
  }
  if (!ExpectKw(Keyword::End)) return nullptr;
  c->whens = whens.Finish(arena_);
  c->span = SpanFrom(begin);
  return c;
}

/// cast ::= CAST '(' expr AS type [FORMAT expr] ')'
ast::Expr* Parser::ParseCast() {
  const uint32_t begin = StartOffset();
  Advance();  // CAST
  Advance();  // (
  auto* c = arena_.New<ast::CastExpr>();
  c->operand = ParseExpr();
  if (c->operand == nullptr || !ExpectKw(Keyword::As)) return nullptr;
  if (!ParseType(&c->type)) return nullptr;
  if (AcceptKw(Keyword::Format)) {
    c->format = ParseExpr();
    if (c->format == nullptr) return nullptr;
  }
  if (!Expect(TokenKind::RParen)) return nullptr;
  c->span = SpanFrom(begin);
  return c;
}

/// extract ::= EXTRACT '(' name FROM expr ')'
ast::Expr* Parser::ParseExtract() {
  const uint32_t begin = StartOffset();
  Advance();  // EXTRACT
  Advance();  // (
  auto* e = arena_.New<ast::ExtractExpr>();
  if (!AtAnyName()) {
    Fail("date part");
    return nullptr;
  }
  e->unit = Lowered(Text(Peek()));
  Advance();
  if (!ExpectKw(Keyword::From)) return nullptr;
  e->operand = ParseExpr();
  if (e->operand == nullptr || !Expect(TokenKind::RParen)) return nullptr;
  e->span = SpanFrom(begin);
  return e;
}

/// floor ::= FLOOR '(' expr TO name ')' | FLOOR '(' exprs ')'   (the second a plain call)
ast::Expr* Parser::ParseFloor(uint32_t begin) {
  ast::Ident name = MakeIdent(Peek());
  Advance();  // FLOOR
  Advance();  // (
  ast::Expr* arg = ParseExpr();
  if (arg == nullptr) return nullptr;
  if (AcceptKw(Keyword::To)) {
    auto* e = arena_.New<ast::ExtractExpr>();
    e->is_floor = true;
    e->operand = arg;
    if (!AtAnyName()) {
      Fail("date part");
      return nullptr;
    }
    e->unit = Lowered(Text(Peek()));
    Advance();
    if (!Expect(TokenKind::RParen)) return nullptr;
    e->span = SpanFrom(begin);
    return e;
  }
  ListBuilder<ast::Expr*> args(exprs_);
  args.Push(arg);
  while (Accept(TokenKind::Comma)) {
    ast::Expr* a = ParseExpr();
    if (a == nullptr) return nullptr;
    args.Push(a);
  }
  if (!Expect(TokenKind::RParen)) return nullptr;
  auto* f = arena_.New<ast::FunctionCall>();
  ast::Ident* n = arena_.New<ast::Ident>(name);
  f->name = {n, 1};
  f->args = args.Finish(arena_);
  f->span = SpanFrom(begin);
  return f;
}

/// trim ::= TRIM '(' [LEADING | TRAILING | BOTH] [expr] FROM expr ')'
// `trim([LEADING|TRAILING|BOTH] [chars] FROM s)` becomes ltrim/rtrim/trim(s, chars).
ast::Expr* Parser::ParseTrim(const ast::Ident& name, uint32_t begin) {
  // Cursor is after `(`.
  std::string_view fn = "trim";
  if (AcceptKw(Keyword::Leading))
    fn = "ltrim";
  else if (AcceptKw(Keyword::Trailing))
    fn = "rtrim";
  else
    AcceptKw(Keyword::Both);
  ast::Expr* chars = nullptr;
  if (!AtKw(Keyword::From)) {
    chars = ParseExpr();
    if (chars == nullptr) return nullptr;
  }
  if (!ExpectKw(Keyword::From)) return nullptr;
  ast::Expr* s = ParseExpr();
  if (s == nullptr || !Expect(TokenKind::RParen)) return nullptr;
  auto* f = arena_.New<ast::FunctionCall>();
  ast::Ident* n = arena_.New<ast::Ident>(name);
  n->name = fn;
  n->quoted = false;
  f->name = {n, 1};
  ast::Expr** args = static_cast<ast::Expr**>(arena_.Allocate(2 * sizeof(ast::Expr*), alignof(ast::Expr*)));
  args[0] = s;
  args[1] = chars;
  f->args = {args, chars != nullptr ? 2u : 1u};
  f->span = SpanFrom(begin);
  return f;
}

/// function_rest ::= '(' ['*' | [DISTINCT | ALL] expr [IGNORE | RESPECT NULLS] (',' ...)*] ')'
///                   [WITHIN GROUP '(' ORDER BY sort_items ')'] [(IGNORE | RESPECT) NULLS]
///                   [OVER ('(' window_spec ')' | name)]
///                   (Spark also: [FILTER '(' WHERE expr ')'] after the arguments)
ast::Expr* Parser::ParseFunctionRest(ast::List<ast::Ident> name, uint32_t begin) {
  Advance();  // (
  if (name.size() == 1 && name[0].name == "trim" && !name[0].quoted) {
    bool special = AtKw(Keyword::Leading) || AtKw(Keyword::Trailing) || AtKw(Keyword::Both) || AtKw(Keyword::From);
    if (!special) {
      // trim('x' FROM s): look for a top-level FROM before the closing paren.
      int depth = 0;
      for (size_t k = 0; k < 64; ++k) {
        const Token& t = Peek(k);
        if (t.kind == TokenKind::Eof) break;
        if (t.kind == TokenKind::LParen) ++depth;
        if (t.kind == TokenKind::RParen && depth-- == 0) break;
        if (depth == 0 && t.kind == TokenKind::Word && t.keyword == Keyword::From) {
          special = true;
          break;
        }
      }
    }
    if (special) return ParseTrim(name[0], begin);
  }
  auto* f = arena_.New<ast::FunctionCall>();
  f->name = name;
  if (At(TokenKind::Star) && AtKind(TokenKind::RParen, 1)) {
    Advance();
    f->star = true;
  } else if (!At(TokenKind::RParen)) {
    if (AcceptKw(Keyword::Distinct))
      f->distinct = true;
    else if (AtKw(Keyword::All) && !AtKind(TokenKind::RParen, 1))
      Advance();
    ListBuilder<ast::Expr*> args(exprs_);
    do {
      // Spark's named argument `name => value`: the value is the argument (the name is not kept).
      if (spark() && AtKind(TokenKind::Equal, 1) && AtKind(TokenKind::Greater, 2) && Glued(1) &&
          (At(TokenKind::Word) || At(TokenKind::QuotedIdent))) {
        Advance();
        Advance();
        Advance();
      }
      ast::Expr* a = ParseExpr();
      if (a == nullptr) return nullptr;
      args.Push(a);
      if ((AtKw(Keyword::Ignore) || AtKw(Keyword::Respect)) && AtKw(Keyword::Nulls, 1)) {
        f->nulls = AtKw(Keyword::Ignore) ? ast::FunctionCall::Nulls::Ignore : ast::FunctionCall::Nulls::Respect;
        Advance();
        Advance();
      }
    } while (Accept(TokenKind::Comma));
    f->args = args.Finish(arena_);
  }
  if (!Expect(TokenKind::RParen)) return nullptr;
  if (spark() && AtWord("filter") && AtKind(TokenKind::LParen, 1) && AtKw(Keyword::Where, 2)) {
    // Spark's `agg(x) FILTER (WHERE c)` is agg(if(c, x, NULL)) (count(*): count(if(c, 1, NULL))), and prints so.
    Advance();
    Advance();
    Advance();
    ast::Expr* cond = ParseExpr();
    if (cond == nullptr || !Expect(TokenKind::RParen)) return nullptr;
    auto* null = arena_.New<ast::Literal>();
    null->type = ast::Literal::Type::Null;
    null->text = "NULL";
    ast::Ident if_name;
    if_name.name = "if";
    std::vector<ast::Expr*> args;
    if (f->star) {
      auto* one = arena_.New<ast::Literal>();
      one->type = ast::Literal::Type::Number;
      one->text = "1";
      args.push_back(one);
      f->star = false;
    } else {
      args.assign(f->args.begin(), f->args.end());
    }
    if (args.empty()) {
      Fail("argument");
      return nullptr;
    }
    auto* guarded = arena_.New<ast::FunctionCall>();
    guarded->name = arena_.CopyOf(std::vector<ast::Ident>{if_name});
    guarded->args = arena_.CopyOf(std::vector<ast::Expr*>{cond, args[0], null});
    guarded->span = SpanFrom(begin);
    args[0] = guarded;
    f->args = arena_.CopyOf(args);
  }
  if (AtKw(Keyword::Within) && AtKw(Keyword::Group, 1)) {
    Advance();
    Advance();
    if (!Expect(TokenKind::LParen) || !ExpectKw(Keyword::Order) || !ExpectKw(Keyword::By)) return nullptr;
    if (!ParseOrderItems(&f->within_group) || !Expect(TokenKind::RParen)) return nullptr;
  }
  if ((AtKw(Keyword::Ignore) || AtKw(Keyword::Respect)) && AtKw(Keyword::Nulls, 1)) {
    f->nulls = AtKw(Keyword::Ignore) ? ast::FunctionCall::Nulls::Ignore : ast::FunctionCall::Nulls::Respect;
    Advance();
    Advance();
  }
  if (AcceptKw(Keyword::Over)) {
    const uint32_t wbegin = StartOffset();
    if (Accept(TokenKind::LParen)) {
      f->over = ParseWindowSpecBody(wbegin);
      if (f->over == nullptr) return nullptr;
    } else {
      auto* w = arena_.New<ast::WindowSpec>();
      if (!ParseIdent(&w->base)) return nullptr;
      w->span = SpanFrom(wbegin);
      f->over = w;
    }
  }
  f->span = SpanFrom(begin);
  return f;
}

// ---------------------------------------------------------------- windows

/// window_spec ::= [name] partition_order [window_frame] ')'   (after '(')
ast::WindowSpec* Parser::ParseWindowSpecBody(uint32_t begin) {
  auto* w = arena_.New<ast::WindowSpec>();
  if (AtPlainIdent() &&
      !((AtKw(Keyword::Distribute) || AtKw(Keyword::Sort) || AtKw(Keyword::Cluster)) && AtKw(Keyword::By, 1))) {
    w->base = MakeIdent(Peek());
    Advance();
  }
  if (!ParsePartitionOrder(w)) return nullptr;
  if (AtKw(Keyword::Rows) || AtKw(Keyword::Range)) {
    if (!ParseWindowFrame(&w->frame)) return nullptr;
  }
  if (!Expect(TokenKind::RParen)) return nullptr;
  w->span = SpanFrom(begin);
  return w;
}

/// partition_order ::= [(PARTITION | DISTRIBUTE | CLUSTER) BY exprs] [(ORDER | SORT) BY sort_items]
bool Parser::ParsePartitionOrder(ast::WindowSpec* w) {
  if (AtKw(Keyword::Partition) && AtKw(Keyword::By, 1)) {
    Advance();
    Advance();
    if (!ParseExprListMaybeParen(&w->partition_by)) return false;
  } else if (AtKw(Keyword::Distribute) && AtKw(Keyword::By, 1)) {
    Advance();
    Advance();
    w->style = ast::WindowSpec::Style::DistributeSort;
    if (!ParseExprListMaybeParen(&w->partition_by)) return false;
  } else if (AtKw(Keyword::Cluster) && AtKw(Keyword::By, 1)) {
    Advance();
    Advance();
    w->style = ast::WindowSpec::Style::Cluster;
    if (!ParseExprListMaybeParen(&w->partition_by)) return false;
  }
  if (AtKw(Keyword::Order) && AtKw(Keyword::By, 1)) {
    Advance();
    Advance();
    if (!ParseOrderItems(&w->order_by)) return false;
  } else if (AtKw(Keyword::Sort) && AtKw(Keyword::By, 1)) {
    Advance();
    Advance();
    if (w->partition_by.empty()) w->style = ast::WindowSpec::Style::DistributeSort;
    if (!ParseOrderItems(&w->order_by)) return false;
  }
  return true;
}

/// window_frame ::= (ROWS | RANGE) (BETWEEN frame_bound AND frame_bound | frame_bound)
bool Parser::ParseWindowFrame(ast::WindowFrame** out) {
  auto* f = arena_.New<ast::WindowFrame>();
  f->unit = AtKw(Keyword::Rows) ? ast::WindowFrame::Unit::Rows : ast::WindowFrame::Unit::Range;
  Advance();
  if (AcceptKw(Keyword::Between)) {
    f->has_end = true;
    if (!ParseFrameBound(&f->start) || !ExpectKw(Keyword::And) || !ParseFrameBound(&f->end)) return false;
  } else if (!ParseFrameBound(&f->start)) {
    return false;
  }
  *out = f;
  return true;
}

/// frame_bound ::= UNBOUNDED (PRECEDING | FOLLOWING) | CURRENT ROW | expr (PRECEDING | FOLLOWING)
bool Parser::ParseFrameBound(ast::FrameBound* out) {
  using T = ast::FrameBound::Type;
  if (AcceptKw(Keyword::Unbounded)) {
    if (AcceptKw(Keyword::Preceding))
      out->type = T::UnboundedPreceding;
    else if (AcceptKw(Keyword::Following))
      out->type = T::UnboundedFollowing;
    else {
      Fail("PRECEDING or FOLLOWING");
      return false;
    }
    return true;
  }
  if (AtKw(Keyword::Current) && AtKw(Keyword::Row, 1)) {
    Advance();
    Advance();
    out->type = T::CurrentRow;
    return true;
  }
  out->offset = ParseExpr(ast::Precedence::And);
  if (out->offset == nullptr) return false;
  if (AcceptKw(Keyword::Preceding))
    out->type = T::Preceding;
  else if (AcceptKw(Keyword::Following))
    out->type = T::Following;
  else {
    Fail("PRECEDING or FOLLOWING");
    return false;
  }
  return true;
}

/// sort_items ::= expr [ASC | DESC] [NULLS (FIRST | LAST)] (',' ...)*
bool Parser::ParseOrderItems(ast::List<ast::OrderItem>* out) {
  ListBuilder<ast::OrderItem> items(order_items_);
  do {
    ast::OrderItem it;
    it.expr = ParseExpr();
    if (it.expr == nullptr) return false;
    if (AcceptKw(Keyword::Asc))
      it.direction = ast::OrderItem::Direction::Asc;
    else if (AcceptKw(Keyword::Desc))
      it.direction = ast::OrderItem::Direction::Desc;
    if (AtKw(Keyword::Nulls)) {
      Advance();
      if (AcceptKw(Keyword::First))
        it.nulls = ast::OrderItem::Nulls::First;
      else if (AcceptKw(Keyword::Last))
        it.nulls = ast::OrderItem::Nulls::Last;
      else {
        Fail("FIRST or LAST");
        return false;
      }
    }
    items.Push(it);
  } while (AcceptListComma());
  *out = items.Finish(arena_);
  return true;
}

bool Parser::AcceptListComma() {
  if (!At(TokenKind::Comma)) return false;
  if (ptf_partitioning_ && AtAnyName(1) && AtKind(TokenKind::LParen, 2)) return false;
  Advance();
  return true;
}

/// exprs ::= expr (',' expr)*
bool Parser::ParseExprList(ast::List<ast::Expr*>* out) {
  ListBuilder<ast::Expr*> items(exprs_);
  do {
    ast::Expr* e = ParseExpr();
    if (e == nullptr) return false;
    items.Push(e);
  } while (AcceptListComma());
  *out = items.Finish(arena_);
  return true;
}

/// exprs_maybe_paren ::= exprs | '(' exprs ')'   (the parentheses group, they make no struct)
bool Parser::ParseExprListMaybeParen(ast::List<ast::Expr*>* out) {
  const bool paren = At(TokenKind::LParen);
  if (!ParseExprList(out)) return false;
  if (paren && out->size() == 1) {
    if (auto* s = ast::DynCast<ast::StructExpr>((*out)[0])) *out = s->fields;
  }
  return true;
}

}  // namespace hivelineage::parser
