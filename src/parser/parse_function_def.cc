// Spark's CREATE FUNCTION: a SQL function (parameters, RETURNS, a body that
// is an expression or a query, parsed so that what it reads is typed), or
// the class form shared with Hive (`AS 'class' USING JAR 'x'`).
#include "base/strings.h"
#include "parser/parser_impl.h"

namespace hivelineage::parser {

/// function_param ::= (name | IDENTIFIER('name')) type [NOT NULL] [DEFAULT expr] [COMMENT 'text']
///   (a RETURNS TABLE column takes no DEFAULT)
bool Parser::ParseFunctionParam(ast::FunctionParam* out, bool allow_default) {
  const uint32_t begin = StartOffset();
  if (AtIdentifierClause()) {
    ast::QualifiedName n;
    if (!ParseQualifiedName(&n, false)) return false;
    if (n.parts.size() != 1) {
      Fail("parameter name");
      return false;
    }
    out->name = n.parts[0];
  } else if (!ParseAnyName(&out->name)) {
    return false;
  }
  if (!ParseType(&out->type)) return false;
  while (true) {
    if (AtKw(Keyword::Not) && AtKw(Keyword::Null, 1) && !out->not_null) {
      Advance();
      Advance();
      out->not_null = true;
    } else if (allow_default && AtKw(Keyword::Default) && out->default_value == nullptr) {
      Advance();
      out->default_value = ParseExpr();
      if (out->default_value == nullptr) return false;
    } else if (AtKw(Keyword::Comment) && out->comment.empty()) {
      Advance();
      if (!At(TokenKind::String)) {
        Fail("string literal");
        return false;
      }
      out->comment = Text(Peek());
      Advance();
    } else {
      break;
    }
  }
  out->span = SpanFrom(begin);
  return true;
}

bool Parser::ParseFunctionParams(ast::List<ast::FunctionParam>* out, bool allow_default, bool allow_empty) {
  if (!Expect(TokenKind::LParen)) return false;
  std::vector<ast::FunctionParam> stack;
  ListBuilder<ast::FunctionParam> params(stack);
  if (!At(TokenKind::RParen) || !allow_empty) {
    do {
      ast::FunctionParam p;
      if (!ParseFunctionParam(&p, allow_default)) return false;
      params.Push(p);
    } while (Accept(TokenKind::Comma));
  }
  if (!Expect(TokenKind::RParen)) return false;
  *out = params.Finish(arena_);
  return true;
}

/// spark_create_function ::= CREATE [OR REPLACE] [TEMP | TEMPORARY] FUNCTION [IF NOT EXISTS] object_name
///     ( AS 'class' [USING resource (',' resource)*]
///     | '(' [function_param (',' function_param)*] ')'
///       [RETURNS (type | TABLE ['(' function_param (',' function_param)* ')'])]
///       characteristic* RETURN (query | expr) )
/// characteristic ::= LANGUAGE SQL | [NOT] DETERMINISTIC | COMMENT 'text' | CONTAINS SQL
///                  | READS SQL DATA | MODIFIES SQL DATA | SQL SECURITY ...   (kept as text)
/// (after CREATE and its modifiers, at FUNCTION)
ast::Statement* Parser::ParseCreateFunction(uint32_t begin, bool or_replace, bool temporary) {
  Advance();  // FUNCTION
  auto* f = arena_.New<ast::CreateFunctionStatement>();
  f->or_replace = or_replace;
  f->temporary = temporary;
  if (AtKw(Keyword::If) && AtKw(Keyword::Not, 1) && AtKw(Keyword::Exists, 2)) {
    Advance();
    Advance();
    Advance();
    f->if_not_exists = true;
  }
  if (!ParseObjectName(&f->name, true)) return nullptr;
  if (AcceptKw(Keyword::As)) {
    if (!At(TokenKind::String)) {
      Fail("class name");
      return nullptr;
    }
    f->class_name = Text(Peek());
    Advance();
    if (AtKw(Keyword::Using)) {
      const size_t start = pos_;
      Advance();
      do {
        if (!At(TokenKind::Word) || !AtKind(TokenKind::String, 1)) {
          Fail("JAR, FILE or ARCHIVE 'path'");
          return nullptr;
        }
        Advance();
        Advance();
      } while (Accept(TokenKind::Comma));
      f->resources = CanonicalText(start, pos_);
    }
    f->span = SpanFrom(begin);
    return f;
  }
  if (!ParseFunctionParams(&f->params, /*allow_default=*/true, /*allow_empty=*/true)) return nullptr;
  if (AtWord("returns")) {
    Advance();
    if (AtKw(Keyword::Table) && !AtKw(Keyword::Table, 1)) {
      Advance();
      f->returns = ast::CreateFunctionStatement::Returns::Table;
      if (At(TokenKind::LParen) &&
          !ParseFunctionParams(&f->return_columns, /*allow_default=*/false, /*allow_empty=*/false))
        return nullptr;
    } else {
      f->returns = ast::CreateFunctionStatement::Returns::Type;
      if (!ParseType(&f->return_type)) return nullptr;
    }
  }
  const size_t characteristics = pos_;
  while (!AtEnd() && !AtWord("return")) {
    if (!SkipOptionToken("RETURN")) return nullptr;
  }
  if (pos_ > characteristics) f->characteristics = CanonicalText(characteristics, pos_);
  if (!AtWord("return")) {
    Fail("RETURN");
    return nullptr;
  }
  Advance();
  // RETURN (SELECT ...) is an expression (a scalar subquery) unless more query follows.
  const size_t body = pos_;
  if (!AtQueryStart() || At(TokenKind::LParen)) {
    f->return_expr = ParseExpr();
    if (f->return_expr == nullptr || !AtEnd()) {
      if (TokenAt(body).kind != TokenKind::LParen) {
        if (f->return_expr == nullptr) {
          pos_ = StartIndex(begin);  // kept as text, as above
          return ParseOther(temporary ? "create temporary function" : "create function", begin);
        }
        f->span = SpanFrom(begin);
        return f;  // the caller reports what follows
      }
      f->return_expr = nullptr;
      pos_ = body;
    }
  }
  if (f->return_expr == nullptr) {
    f->return_query = ParseQuery();
    if (f->return_query == nullptr) {
      // A body in syntax the expression parser does not read yet (lambdas,
      // TRY_CAST, ...): the statement is kept as text, as before it was typed.
      pos_ = StartIndex(begin);
      return ParseOther(temporary ? "create temporary function" : "create function", begin);
    }
  }
  f->span = SpanFrom(begin);
  return f;
}

}  // namespace hivelineage::parser
