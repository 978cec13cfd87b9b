// Expressions: the special forms: INTERVAL and its units, CASE, CAST,
// EXTRACT, FLOOR ... TO, TRIM ... FROM.
#include <string_view>
#include <utility>

#include "parser/parser_impl.h"

namespace hivelineage::parser {

namespace {

// The interval units, singular and plural, and the unit each names.
constexpr std::pair<Keyword, std::string_view> kIntervalUnits[] = {
    {Keyword::Year, "year"},      {Keyword::Years, "year"},    {Keyword::Month, "month"},
    {Keyword::Months, "month"},   {Keyword::Day, "day"},       {Keyword::Days, "day"},
    {Keyword::Hour, "hour"},      {Keyword::Hours, "hour"},    {Keyword::Minute, "minute"},
    {Keyword::Minutes, "minute"}, {Keyword::Second, "second"}, {Keyword::Seconds, "second"},
};

// Spark's further units, singular and plural (words, not keywords).
constexpr std::string_view kSparkIntervalUnits[] = {"week", "millisecond", "microsecond", "nanosecond"};

// "day" for DAY or DAYS (Spark also "week" for WEEK or WEEKS, ...); empty for a word that is no interval unit.
std::string_view IntervalUnit(const Parser& p, size_t k) {
  const Token& t = p.Peek(k);
  if (t.kind != TokenKind::Word) return {};
  for (const auto& [kw, unit] : kIntervalUnits)
    if (t.keyword == kw) return unit;
  if (p.spark()) {
    const std::string_view word = p.Text(t);
    for (std::string_view unit : kSparkIntervalUnits)
      if (EqualsIgnoreCase(word, unit) ||
          (word.size() == unit.size() + 1 && EqualsIgnoreCase(word.substr(0, unit.size()), unit) &&
           (word.back() == 's' || word.back() == 'S')))
        return unit;
  }
  return {};
}

}  // namespace

bool Parser::AtIntervalUnit(size_t k) const { return !IntervalUnit(*this, k).empty(); }

/// interval_unit ::= YEAR[S] | MONTH[S] | DAY[S] | HOUR[S] | MINUTE[S] | SECOND[S]
///   (Spark also: WEEK[S] | MILLISECOND[S] | MICROSECOND[S] | NANOSECOND[S])
std::string_view Parser::ParseIntervalUnit() {
  const std::string_view unit = IntervalUnit(*this, 0);
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

/// interval ::= INTERVAL ('text' | number | ${var} | '(' expr ')' | (+ | -) (number | 'text'))
///              interval_unit [TO interval_unit]
///              (Spark also: (['+' | '-'] (number | 'text') interval_unit)* after the first unit)
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
  // Spark's INTERVAL 1 YEAR 2 MONTHS: the sum of one interval per unit, and prints so. A later
  // value may have its sign (`INTERVAL 1 DAY -1 HOUR`).
  auto at_value = [&](size_t k) {
    return (AtKind(TokenKind::Number, k) || AtKind(TokenKind::String, k)) && AtIntervalUnit(k + 1);
  };
  while (spark() && (at_value(0) || ((At(TokenKind::Minus) || At(TokenKind::Plus)) && at_value(1)))) {
    const uint32_t pbegin = StartOffset();
    const bool signed_value = !At(TokenKind::Number) && !At(TokenKind::String);
    const bool minus = At(TokenKind::Minus);
    if (signed_value) Advance();
    const uint32_t lbegin = StartOffset();
    auto* lit = arena_.New<ast::Literal>();
    lit->type = At(TokenKind::Number) ? ast::Literal::Type::Number : ast::Literal::Type::String;
    lit->text = Text(Peek());
    Advance();
    lit->span = SpanFrom(lbegin);
    ast::Expr* part_value = lit;
    if (signed_value) {
      auto* u = arena_.New<ast::UnaryExpr>();
      u->op = minus ? ast::UnaryOp::Minus : ast::UnaryOp::Plus;
      u->operand = lit;
      u->span = SpanFrom(pbegin);
      part_value = u;
    }
    auto* sum = arena_.New<ast::BinaryExpr>();
    sum->op = ast::BinaryOp::Add;
    sum->lhs = interval;
    sum->rhs = MaybeInterval(part_value, pbegin);
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

}  // namespace hivelineage::parser
