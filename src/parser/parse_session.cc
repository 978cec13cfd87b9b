// Spark's session statements: configuration (SET / RESET / SET TIME ZONE),
// session variables (DECLARE VARIABLE, SET VAR) and EXECUTE IMMEDIATE, whose
// constant SQL string is parsed as the statement it spells so that lineage
// sees that statement's tables (Spark's plan is the string's plan).
#include "base/strings.h"
#include "lexer/lexer.h"
#include "parser/parser_impl.h"

namespace hivelineage::parser {

size_t Parser::StartIndex(uint32_t begin) const {
  size_t i = pos_;
  while (i > 0 && TokenAt(i).begin > begin) --i;
  return i;
}

std::string_view Parser::RawText(size_t begin, size_t end) const {
  if (end <= begin) return {};
  const uint32_t from = TokenAt(begin).begin;
  const uint32_t to = TokenAt(end - 1).end;
  return text_.substr(from, to - from);
}

/// any_qualified_name ::= IDENTIFIER('name') | name ('.' name)*   (reserved words too)
bool Parser::ParseAnyQualifiedName(ast::QualifiedName* out) {
  if (AtIdentifierClause()) return ParseQualifiedName(out, true);
  const uint32_t begin = StartOffset();
  ListBuilder<ast::Ident> parts(idents_);
  do {
    ast::Ident id;
    if (!ParseAnyName(&id)) return false;
    parts.Push(id);
  } while (At(TokenKind::Dot) && AtAnyName(1) && (Advance(), true));
  out->parts = parts.Finish(arena_);
  out->span = SpanFrom(begin);
  return true;
}

/// spark_set ::= SET
///             | SET (VAR | VARIABLE) any_qualified_name '=' expr (',' any_qualified_name '=' expr)*
///             | SET (VAR | VARIABLE) '(' any_qualified_name (',' any_qualified_name)* ')' '=' '(' query ')'
///             | SET TIME ZONE (LOCAL | 'zone' | interval)
///             | SET key ['=' value]          (key and value: any tokens, kept as written)
/// spark_reset ::= RESET [key]
ast::Statement* Parser::ParseSparkSet() {
  const uint32_t begin = StartOffset();
  const bool reset = AtWord("reset");
  Advance();  // SET / RESET
  auto* s = arena_.New<ast::SetStatement>();
  if (reset) {
    s->form = ast::SetStatement::Form::Reset;
    s->key = RawText(pos_, last_);
    pos_ = last_;
  } else if ((AtWord("var") || AtWord("variable")) && !AtKind(TokenKind::Equal, 1)) {
    s->form = ast::SetStatement::Form::Variable;
    s->variable_keyword = AtWord("var") ? "var" : "variable";
    Advance();
    std::vector<ast::QualifiedName> names_stack;
    ListBuilder<ast::QualifiedName> names(names_stack);
    if (Accept(TokenKind::LParen)) {
      do {
        ast::QualifiedName n;
        if (!ParseAnyQualifiedName(&n)) return nullptr;
        names.Push(n);
      } while (Accept(TokenKind::Comma));
      if (!Expect(TokenKind::RParen) || !Expect(TokenKind::Equal) || !Expect(TokenKind::LParen)) return nullptr;
      s->query = ParseQuery();
      if (s->query == nullptr || !Expect(TokenKind::RParen)) return nullptr;
    } else {
      ListBuilder<ast::Expr*> values(exprs_);
      do {
        ast::QualifiedName n;
        if (!ParseAnyQualifiedName(&n) || !Expect(TokenKind::Equal)) return nullptr;
        names.Push(n);
        const bool saved = allow_default_;
        allow_default_ = true;
        ast::Expr* e = ParseExpr();
        allow_default_ = saved;
        if (e == nullptr) return nullptr;
        values.Push(e);
      } while (Accept(TokenKind::Comma));
      s->values = values.Finish(arena_);
    }
    s->variables = names.Finish(arena_);
  } else if (AtKw(Keyword::Time) && AtKw(Keyword::Zone, 1)) {
    s->form = ast::SetStatement::Form::TimeZone;
    Advance();
    Advance();
    if (AtEnd()) {
      Fail("time zone");
      return nullptr;
    }
    s->value = RawText(pos_, last_);
    pos_ = last_;
  } else {
    s->form = ast::SetStatement::Form::Config;
    size_t eq = pos_;
    while (eq < last_ && TokenAt(eq).kind != TokenKind::Equal) ++eq;
    s->key = RawText(pos_, eq);
    if (eq < last_) {
      s->has_value = true;
      s->value = RawText(eq + 1, last_);
    }
    pos_ = last_;
  }
  for (size_t i = 0; i < last_; ++i)
    if (TokenAt(i).kind == TokenKind::Error) {
      pos_ = i;
      Fail("end of statement");
      return nullptr;
    }
  s->span = SpanFrom(begin);
  return s;
}

/// declare_variable ::= DECLARE [OR REPLACE] [VAR | VARIABLE] any_qualified_name [type] [(DEFAULT | '=') expr]
ast::Statement* Parser::ParseDeclareVariable() {
  const uint32_t begin = StartOffset();
  Advance();  // DECLARE
  auto* d = arena_.New<ast::DeclareVariableStatement>();
  if (AtKw(Keyword::Or) && AtKw(Keyword::Replace, 1)) {
    Advance();
    Advance();
    d->or_replace = true;
  }
  // VAR / VARIABLE is the keyword unless it is the variable's own name.
  if ((AtWord("var") || AtWord("variable")) && AtAnyName(1)) {
    d->variable_keyword = AtWord("var") ? "var" : "variable";
    Advance();
  }
  if (!ParseAnyQualifiedName(&d->name)) return nullptr;
  if (At(TokenKind::Comma)) {
    // Several variables in one DECLARE: not modelled yet, kept as text.
    pos_ = StartIndex(begin);
    return ParseOther("declare", begin);
  }
  if (!AtEnd() && !AtKw(Keyword::Default) && !At(TokenKind::Equal) && !ParseType(&d->type)) return nullptr;
  if (AtKw(Keyword::Default) || At(TokenKind::Equal)) {
    d->default_keyword = AtKw(Keyword::Default);
    Advance();
    d->default_value = ParseExpr();
    if (d->default_value == nullptr) return nullptr;
  }
  d->span = SpanFrom(begin);
  return d;
}

/// execute_immediate ::= EXECUTE IMMEDIATE expr [INTO any_qualified_name (',' any_qualified_name)*]
///                       [USING expr [AS name] (',' expr [AS name])*]   (INTO and USING in either order)
ast::Statement* Parser::ParseExecuteImmediate() {
  const uint32_t begin = StartOffset();
  Advance();  // EXECUTE
  Advance();  // IMMEDIATE
  auto* e = arena_.New<ast::ExecuteImmediateStatement>();
  const size_t sql_token = pos_;
  e->sql = ParseExpr();
  if (e->sql == nullptr) return nullptr;
  bool into = false, using_args = false;
  while (true) {
    if (!into && AtKw(Keyword::Into)) {
      into = true;
      Advance();
      std::vector<ast::QualifiedName> names_stack;
      ListBuilder<ast::QualifiedName> names(names_stack);
      do {
        ast::QualifiedName n;
        if (!ParseAnyQualifiedName(&n)) return nullptr;
        names.Push(n);
      } while (Accept(TokenKind::Comma));
      e->into = names.Finish(arena_);
    } else if (!using_args && AtKw(Keyword::Using)) {
      using_args = true;
      Advance();
      ListBuilder<ast::SelectItem> items(select_items_);
      do {
        ast::SelectItem item;
        const uint32_t item_begin = StartOffset();
        item.expr = ParseExpr();
        if (item.expr == nullptr) return nullptr;
        if (AcceptKw(Keyword::As) && !ParseAnyName(&item.alias)) return nullptr;
        item.span = SpanFrom(item_begin);
        items.Push(item);
      } while (Accept(TokenKind::Comma));
      e->using_args = items.Finish(arena_);
    } else {
      break;
    }
  }
  // One constant string: parse the statement it spells.
  const auto* lit = ast::DynCast<ast::Literal>(e->sql);
  if (lit != nullptr && lit->type == ast::Literal::Type::String && pos_ > sql_token &&
      TokenAt(sql_token).kind == TokenKind::String && TokenAt(sql_token + 1).kind != TokenKind::String)
    e->inner = ParseEmbeddedStatement(TokenAt(sql_token));
  e->span = SpanFrom(begin);
  return e;
}

ast::Statement* Parser::ParseEmbeddedStatement(const Token& string_token) {
  const std::string_view quoted = Text(string_token);
  if (quoted.size() < 2 || (quoted[0] != '\'' && quoted[0] != '"')) return nullptr;
  const std::string_view raw = quoted.substr(1, quoted.size() - 2);
  // Only a string without escapes: its tokens then lie in this statement's
  // text, so the inner statement's spans point into the file like any other.
  if (lexer::UnescapeString(quoted) != raw) {
    Warn(string_token, "EXECUTE IMMEDIATE: a string with escapes is not analysed; lineage of the statement it spells is unknown",
         DiagnosticCode::EmbeddedSqlNotRead);
    return nullptr;
  }
  const uint32_t offset = string_token.begin + 1;
  std::vector<Token> tokens;
  Diagnostics lex_diags;
  const lexer::TokenizeSummary lexed = lexer::Tokenize(raw, options_.lex, tokens, lex_diags);
  for (Token& t : tokens) {
    t.begin += offset;
    t.end += offset;
  }
  ast::Statement* inner = nullptr;
  std::string error;
  if (!lexed.has_error) {
    Parser nested(text_, tokens, arena_, options_);
    nested.depth_ = depth_;
    inner = nested.ParseTop();
    if (inner == nullptr) {
      error = nested.ErrorMessage();
    } else {
      for (Diagnostic& d : nested.warnings_) warnings_.push_back(std::move(d));
    }
  } else {
    error = lex_diags.empty() ? "invalid token" : lex_diags.front().message;
  }
  if (inner == nullptr)
    Warn(string_token, Cat("EXECUTE IMMEDIATE: the string does not parse (", error, "); lineage of it is unknown"),
         DiagnosticCode::EmbeddedSqlNotRead);
  return inner;
}

}  // namespace hivelineage::parser
