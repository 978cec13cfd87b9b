// Expressions: prefix operators and primaries (literals, names,
// parentheses, EXISTS, Spark's word literals, structs) and string literals.
// The Pratt loop is in parse_expr.cc.
#include <string_view>

#include "base/strings.h"
#include "parser/parser_impl.h"

namespace hivelineage::parser {

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
  // Spark's signed number is one constant: `-10L :: interval second` casts
  // -10, not the cast negated; what follows the number applies to it.
  const bool signed_number = spark() && op == ast::UnaryOp::Minus && At(TokenKind::Number) &&
                             AtKind(TokenKind::Colon, 1) && AtKind(TokenKind::Colon, 2);
  ast::Expr* operand = signed_number ? ParsePrimary() : ParseExpr(ast::PrecedenceOf(op));
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
  if (spark() && (kind == TokenKind::Word || kind == TokenKind::QuotedIdent)) {
    if (AtKind(TokenKind::Arrow, 1)) return ParseLambda();
    if (AtLambdaVariable()) return ParseLambdaVariable();
  }
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
      WarnIfRunTimeName();  // then read as a call of `identifier`
    }
    if (kw == Keyword::None) return ParseNameExpr();
    const bool call = AtKind(TokenKind::LParen, 1);
    if (kw == Keyword::Case) return ParseCase();
    if (kw == Keyword::Cast && call) return ParseCast();
    // Spark's extract('year', x) is a plain call.
    if (kw == Keyword::Extract && call && !(spark() && AtKind(TokenKind::String, 2) && AtKind(TokenKind::Comma, 3)))
      return ParseExtract();
    if (kw == Keyword::Floor && call) return ParseFloor(begin);
    // Spark's exists(xs, x -> ...) is a higher-order function, not a subquery test.
    const bool exists_call = spark() && !AtKw(Keyword::Select, 2) && !AtKw(Keyword::With, 2) &&
                             !AtKind(TokenKind::LParen, 2) && !AtKw(Keyword::From, 2) && !AtKw(Keyword::Values, 2) &&
                             !AtKw(Keyword::Table, 2);
    if (kw == Keyword::Exists && call && !exists_call) return ParseExists();
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
      Warn(t,
           Cat(word, "(a, b) read as a function call; Hive 2 and later need `a ", lexer::KeywordSpelling(kw),
               " b` or set hive.support.sql11.reserved.keywords=false"),
           DiagnosticCode::ReservedWordAsName);
    } else if (spark() && (kw == Keyword::Dec || kw == Keyword::All) && !call) {
      // Spark's DEC and ALL are no reserved words: a column may be named so (`SELECT all, x`).
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
  if (kind == TokenKind::Colon && spark() && Glued() && AtKind(TokenKind::Word, 1)) {
    // Spark's named parameter marker `:name` (bound by EXECUTE IMMEDIATE ... USING e AS name).
    auto* lit = arena_.New<ast::Literal>();
    lit->type = ast::Literal::Type::Parameter;
    lit->text = text_.substr(t.begin, Peek(1).end - t.begin);
    Advance();
    Advance();
    lit->span = SpanFrom(begin);
    return lit;
  }
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

// ---------------------------------------------------------------- Spark's lambdas

size_t Parser::LambdaParamsAt() const {
  const auto name = [&](size_t k) { return AtKind(TokenKind::Word, k) || AtKind(TokenKind::QuotedIdent, k); };
  if (name(0) && AtKind(TokenKind::Arrow, 1)) return 1;
  if (!At(TokenKind::LParen)) return 0;
  // Spark's form in parentheses names two parameters or more.
  size_t k = 1, params = 0;
  while (name(k)) {
    ++params;
    if (AtKind(TokenKind::Comma, k + 1)) {
      k += 2;
      continue;
    }
    if (AtKind(TokenKind::RParen, k + 1) && AtKind(TokenKind::Arrow, k + 2) && params >= 2) return k + 2;
    return 0;
  }
  return 0;
}

/// lambda ::= name '->' expr | '(' name (',' name)+ ')' '->' expr   (Spark only; an argument of a call)
ast::Expr* Parser::ParseLambda() {
  const uint32_t begin = StartOffset();
  std::vector<ast::Ident> params;
  const bool paren = Accept(TokenKind::LParen);
  do {
    params.push_back(MakeIdent(Peek()));
    Advance();
  } while (paren && Accept(TokenKind::Comma));
  if ((paren && !Expect(TokenKind::RParen)) || !Expect(TokenKind::Arrow)) return nullptr;
  // The body names the parameters as LambdaVariable nodes, never as columns.
  const size_t outer = lambda_params_.size();
  for (const ast::Ident& p : params) lambda_params_.push_back(p.name);
  ast::Expr* body = ParseExpr();
  lambda_params_.resize(outer);
  if (body == nullptr) return nullptr;
  auto* l = arena_.New<ast::LambdaExpr>();
  l->params = arena_.CopyOf(params);
  l->body = body;
  l->span = SpanFrom(begin);
  return l;
}

bool Parser::AtLambdaVariable() const {
  if (lambda_params_.empty() || AtKind(TokenKind::LParen, 1)) return false;
  const Token& t = Peek();
  std::string_view name = Text(t);
  if (t.kind == TokenKind::QuotedIdent && name.size() >= 2) name = name.substr(1, name.size() - 2);
  else if (t.kind != TokenKind::Word) return false;
  for (std::string_view p : lambda_params_)
    if (EqualsIgnoreCase(p, name)) return true;
  return false;
}

/// lambda_variable ::= name ('.' name)*   (a parameter of an enclosing lambda, then struct fields)
ast::Expr* Parser::ParseLambdaVariable() {
  const uint32_t begin = StartOffset();
  ListBuilder<ast::Ident> parts(idents_);
  parts.Push(MakeIdent(Peek()));
  Advance();
  while (At(TokenKind::Dot) && AtAnyName(1)) {
    Advance();
    parts.Push(MakeIdent(Peek()));
    Advance();
  }
  auto* v = arena_.New<ast::LambdaVariable>();
  v->parts = parts.Finish(arena_);
  v->span = SpanFrom(begin);
  return v;
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
  if (spark() && LambdaParamsAt() > 0) return ParseLambda();
  if (AtKw(Keyword::Select, 1) || AtKw(Keyword::With, 1)) return ParseSubqueryParens(begin);
  // Spark's scalar subquery may be any query: `(VALUES (1) t(c) |> SELECT c)`, `(FROM t SELECT a)`, `(TABLE t)`.
  if (spark() && (AtKw(Keyword::Values, 1) || AtKw(Keyword::From, 1) ||
                  (AtKw(Keyword::Table, 1) && !AtKind(TokenKind::LParen, 2))))
    return ParseSubqueryParens(begin);
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
///   (Spark also: expr [AS name] (',' expr [AS name])+ ')', which is named_struct(...))
ast::Expr* Parser::ParseStructRest(ast::Expr* first, uint32_t begin) {
  ListBuilder<ast::Expr*> fields(exprs_);
  fields.Push(first);
  std::vector<ast::Ident> names;  // Spark's `(0 AS sum, 0 AS n)`: the field names, empty where none
  bool named = false;
  auto name_field = [&] {
    if (!spark() || !AtKw(Keyword::As)) return true;
    Advance();
    names.resize(fields.size());
    named = true;
    return ParseAnyName(&names.back());
  };
  if (!name_field()) return nullptr;
  while (Accept(TokenKind::Comma)) {
    ast::Expr* e = ParseExpr();
    if (e == nullptr) return nullptr;
    fields.Push(e);
    if (!name_field()) return nullptr;
  }
  if (named && fields.size() < 2) {
    Fail("','");  // Spark's row of named values has two or more
    return nullptr;
  }
  if (!Expect(TokenKind::RParen)) return nullptr;
  if (named) {
    // As struct(x AS a, ...): named_struct('a', x, ...), and prints so.
    auto* f = arena_.New<ast::FunctionCall>();
    ast::Ident struct_name;
    struct_name.name = "struct";
    f->name = arena_.CopyOf(std::vector<ast::Ident>{struct_name});
    f->args = fields.Finish(arena_);
    if (!NameStructFields(f, names)) return nullptr;
    f->span = SpanFrom(begin);
    return f;
  }
  auto* s = arena_.New<ast::StructExpr>();
  s->fields = fields.Finish(arena_);
  s->span = SpanFrom(begin);
  return s;
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

}  // namespace hivelineage::parser
