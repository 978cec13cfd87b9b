// Expressions: one Pratt loop over Hive's precedence levels
// (ast/precedence.h), its infix operators (IN, LIKE, BETWEEN right-hand
// sides) and expression lists. Prefix forms and primaries are in
// parse_primary.cc, special forms (CASE, CAST, EXTRACT, FLOOR ... TO,
// TRIM ... FROM, INTERVAL) in parse_special_forms.cc, function calls and
// window specs in parse_call.cc, types in parse_columns.cc.
//
// Left-associative chains iterate in the loop; only prefix operators and
// parentheses recurse, each through DepthGuard. Postfix-like wrappers (IS,
// subscripts, ...) are counted too, so no chain can build a tree deeper than
// max_depth except the binary left spines, which every tree walker iterates.
#include <array>

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
  // Spark's `v:a.b[0]`: a path into a semi-structured value.
  if (p.spark() && t.kind == TokenKind::Colon && (p.AtAnyName(1) || p.AtKind(TokenKind::LBracket, 1)))
    return FormInfix(Infix::Form::VariantPath, Precedence::Postfix);
  if (p.spark() && t.kind != TokenKind::Word) {
    if (p.AtPipe()) return Infix{};  // `|>` ends the expression
    // Spark ranks `||` with `+` and `-`: `'a' || 1 + 2` is `('a' || 1) + 2`.
    if (t.kind == TokenKind::PipePipe) {
      Infix in = kInfixByToken[static_cast<size_t>(t.kind)];
      in.level = Precedence::Additive;
      return in;
    }
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
  // Spark spells NOT also `!`: `a ! IN (...)`, `a ! BETWEEN ...`, `a ! LIKE p`.
  const bool not_word = t.keyword == Keyword::Not || (p.spark() && t.kind == TokenKind::Bang);
  if (t.kind != TokenKind::Word && !not_word) return kInfixByToken[static_cast<size_t>(t.kind)];
  if (p.spark() && t.keyword == Keyword::None && p.AtWord("ilike"))  // Spark's case-insensitive LIKE
    return FormInfix(Infix::Form::Like, Precedence::Comparison, ast::LikeExpr::Op::ILike);
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
  if (not_word) {
    // NOT IN / NOT BETWEEN / NOT LIKE / NOT RLIKE / NOT REGEXP
    const Token& n = p.Peek(1);
    if (n.kind != TokenKind::Word) return Infix{};
    if (p.spark() && p.AtWord("ilike", 1)) {
      Infix in = FormInfix(Infix::Form::Like, Precedence::Comparison, ast::LikeExpr::Op::ILike);
      in.negated = true;
      in.tokens = 2;
      return in;
    }
    Infix in = kInfixByKeyword[static_cast<size_t>(n.keyword)];
    if (in.form != Infix::Form::In && in.form != Infix::Form::Between && in.form != Infix::Form::Like) return Infix{};
    in.negated = true;
    in.tokens = 2;
    return in;
  }
  return kInfixByKeyword[static_cast<size_t>(t.keyword)];
}

}  // namespace

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
    case F::VariantPath: {
      // `v:a.b` is a path into v (the ':' is taken).
      auto* v = arena_.New<ast::VariantPathExpr>();
      v->base = lhs;
      if (!ParseVariantPath(&v->path)) return nullptr;
      v->span = SpanFrom(begin);
      return v;
    }
    case F::Collate: {
      // `x COLLATE name` is collate(x, 'name'), and prints so.
      ast::Ident collation;
      if (!ParseCollationName(&collation)) return nullptr;
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
      e->negated = AcceptKw(Keyword::Not) || (spark() && Accept(TokenKind::Bang));  // Spark: `IS ! NULL`
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

/// variant_path ::= (name | bracket) ('.' name | bracket)*   (after Spark's ':')
///   bracket ::= '[' (number | string | '*') ']'
/// Its canonical text is the tokens as written, without spaces.
bool Parser::ParseVariantPath(std::string_view* out) {
  std::string text;
  const auto bracket = [&] {
    if (!At(TokenKind::LBracket) || !AtKind(TokenKind::RBracket, 2)) return false;
    if (!AtKind(TokenKind::Number, 1) && !AtKind(TokenKind::String, 1) && !AtKind(TokenKind::Star, 1)) return false;
    Append(text, "[", Text(Peek(1)), "]");
    Advance();
    Advance();
    Advance();
    return true;
  };
  const auto name = [&] {
    if (!AtAnyName()) return false;
    text += Text(Peek());
    Advance();
    return true;
  };
  if (!name() && !bracket()) {
    Fail("path");
    return false;
  }
  while (true) {
    if (At(TokenKind::Dot) && AtAnyName(1)) {
      Advance();
      text += '.';
      name();
    } else if (!bracket()) {
      break;
    }
  }
  *out = arena_.CopyString(text);
  return true;
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

/// like_rhs ::= (ANY | ALL) '(' exprs ')' | expr   (after [NOT] LIKE | RLIKE | REGEXP; Spark: ILIKE)
///   (Spark also: SOME '(' exprs ')', which is ANY; expr ESCAPE 'c' after LIKE | ILIKE)
ast::Expr* Parser::ParseLikeRhs(ast::Expr* lhs, ast::LikeExpr::Op op, bool negated, uint32_t begin) {
  auto* e = arena_.New<ast::LikeExpr>();
  e->op = op;
  e->negated = negated;
  e->value = lhs;
  if ((AtKw(Keyword::Any) || AtKw(Keyword::All) || (spark() && AtKw(Keyword::Some))) &&
      AtKind(TokenKind::LParen, 1)) {
    e->quantifier = AtKw(Keyword::All) ? ast::LikeExpr::Quantifier::All : ast::LikeExpr::Quantifier::Any;
    Advance();
    Advance();
    if (!ParseExprList(&e->patterns) || !Expect(TokenKind::RParen)) return nullptr;
  } else {
    ast::Expr* p = ParseExpr(ast::Precedence::Comparison);
    if (p == nullptr) return nullptr;
    ast::Expr** arr = static_cast<ast::Expr**>(arena_.Allocate(sizeof(ast::Expr*), alignof(ast::Expr*)));
    arr[0] = p;
    e->patterns = {arr, 1};
    // Spark's `a LIKE p ESCAPE '#'` (LIKE and ILIKE): the escape character's literal is kept as written.
    if (spark() && (op == ast::LikeExpr::Op::Like || op == ast::LikeExpr::Op::ILike) && AtWord("escape") &&
        AtKind(TokenKind::String, 1)) {
      Advance();
      e->escape = Text(Peek());
      Advance();
    }
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

// ---------------------------------------------------------------- expression lists

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
