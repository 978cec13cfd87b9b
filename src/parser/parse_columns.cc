// The pieces that describe a table's columns: column definitions (CREATE
// TABLE, ALTER TABLE ADD COLUMNS, TRANSFORM ... AS), their types, and
// PARTITION specs.
#include "ast/print_sql.h"
#include "base/strings.h"
#include "parser/parser_impl.h"

namespace hivelineage::parser {

namespace {
// The comparisons a PARTITION spec item may use (ALTER TABLE DROP PARTITION (ds < '...')).
constexpr lexer::TokenKindSet kPartitionComparisons{
    TokenKind::Equal, TokenKind::EqualEqual, TokenKind::NotEqual, TokenKind::BangEqual,
    TokenKind::Less,  TokenKind::LessEqual,  TokenKind::Greater,  TokenKind::GreaterEqual,
};
}  // namespace

/// partition_spec ::= PARTITION '(' name [op expr] (',' name [op expr])* ')'
///   op ::= = | == | <> | != | < | <= | > | >= | LIKE   (the value is absent for a dynamic partition)
bool Parser::ParsePartitionSpec(ast::PartitionSpec** out) {
  const uint32_t begin = StartOffset();
  Advance();  // PARTITION
  if (!Expect(TokenKind::LParen)) return false;
  ListBuilder<ast::PartitionItem> items(partition_items_);
  do {
    ast::PartitionItem it;
    if (!ParseAnyName(&it.key)) return false;
    if (kPartitionComparisons.contains(Peek().kind)) it.op = lexer::PunctSpelling(Peek().kind);
    if (AtKw(Keyword::Like)) it.op = "LIKE";
    if (!it.op.empty()) {
      Advance();
      it.value = ParseExpr(ast::Precedence::Comparison);
      if (it.value == nullptr) return false;
    }
    items.Push(it);
  } while (Accept(TokenKind::Comma));
  if (!Expect(TokenKind::RParen)) return false;
  auto* spec = arena_.New<ast::PartitionSpec>();
  spec->items = items.Finish(arena_);
  spec->span = SpanFrom(begin);
  *out = spec;
  return true;
}

/// column_defs ::= '(' [(column_def | table_constraint) (',' ...)*] ')'
/// (table constraints are skipped)
bool Parser::ParseColumnDefs(ast::List<ast::ColumnDef>* out, bool types_required) {
  if (!Expect(TokenKind::LParen)) return false;
  ListBuilder<ast::ColumnDef> defs(column_defs_);
  if (!At(TokenKind::RParen)) {
    do {
      // Table constraints are skipped.
      if (AtKw(Keyword::Primary) || AtKw(Keyword::Constraint) || AtKw(Keyword::Foreign) ||
          (AtKw(Keyword::Unique) && AtKind(TokenKind::LParen, 1)) ||
          (AtKw(Keyword::Check) && AtKind(TokenKind::LParen, 1))) {
        while (!At(TokenKind::Comma) && !At(TokenKind::RParen)) {
          if (AtEnd()) {
            Fail("')'");
            return false;
          }
          if (At(TokenKind::LParen)) {
            if (!SkipBalanced()) return false;
          } else {
            Advance();
          }
        }
        continue;
      }
      ast::ColumnDef d;
      if (!ParseColumnDef(&d, types_required)) return false;
      defs.Push(d);
    } while (Accept(TokenKind::Comma));
  }
  if (!Expect(TokenKind::RParen)) return false;
  *out = defs.Finish(arena_);
  return true;
}

/// column_def ::= name [type] [column_constraint | COMMENT 'text']*
/// (constraints are skipped; the type is required where `type_required`)
bool Parser::ParseColumnDef(ast::ColumnDef* d, bool type_required) {
  const uint32_t begin = StartOffset();
  if (!ParseAnyName(&d->name)) return false;
  const bool has_type = At(TokenKind::Word) && !AtKw(Keyword::Comment);
  if (has_type) {
    if (!ParseType(&d->type)) return false;
  } else if (type_required) {
    Fail("type");
    return false;
  }
  // Column constraints are skipped; COMMENT is kept.
  while (!At(TokenKind::Comma) && !At(TokenKind::RParen)) {
    if (AtEnd()) {
      Fail("')'");
      return false;
    }
    if (AtKw(Keyword::Comment) && AtKind(TokenKind::String, 1)) {
      Advance();
      d->comment = ParseStringValue();
      continue;
    }
    if (At(TokenKind::LParen)) {
      if (!SkipBalanced()) return false;
    } else {
      Advance();
    }
  }
  d->span = SpanFrom(begin);
  return true;
}

/// type ::= word ['(' number (',' number)* ')'] | (ARRAY | MAP | UNIONTYPE) '<' type (',' type)* '>'
///        | STRUCT '<' name ':' type [COMMENT 'text'] (',' ...)* '>' | DOUBLE PRECISION
///        | TIMESTAMP WITH LOCAL TIME ZONE   (kept as canonical lower-case text)
bool Parser::ParseType(ast::TypeName* out) {
  const uint32_t begin = StartOffset();
  scratch_.clear();
  if (!AppendType(scratch_)) return false;
  out->text = arena_.CopyString(scratch_);
  out->span = SpanFrom(begin);
  return true;
}

/// type (see ParseType), appended to `out` as canonical text
// Nested types recurse, each level through DepthGuard.
bool Parser::AppendType(std::string& out) {
  DepthGuard guard(*this);
  if (!guard.ok()) return false;
  if (!At(TokenKind::Word)) {
    Fail("type");
    return false;
  }
  const Keyword kw = Peek().keyword;
  for (char c : Text(Peek())) out.push_back(AsciiLower(c));
  Advance();
  if (kw == Keyword::Array || kw == Keyword::Map || kw == Keyword::Uniontype) {
    if (!Expect(TokenKind::Less)) return false;
    out.push_back('<');
    do {
      if (out.back() != '<') out.push_back(',');
      if (!AppendType(out)) return false;
    } while (Accept(TokenKind::Comma));
    if (!Expect(TokenKind::Greater)) return false;
    out.push_back('>');
    return true;
  }
  if (kw == Keyword::Struct) {
    if (!Expect(TokenKind::Less)) return false;
    out.push_back('<');
    do {
      if (out.back() != '<') out.push_back(',');
      ast::Ident field;
      if (!ParseAnyName(&field)) return false;
      ast::AppendIdent(out, field.name);
      if (!Expect(TokenKind::Colon)) return false;
      out.push_back(':');
      if (!AppendType(out)) return false;
      if (AtKw(Keyword::Comment) && AtKind(TokenKind::String, 1)) {
        Advance();
        out.append(" comment ");
        out.append(Text(Peek()));
        Advance();
      }
    } while (Accept(TokenKind::Comma));
    if (!Expect(TokenKind::Greater)) return false;
    out.push_back('>');
    return true;
  }
  if (kw == Keyword::Double) {
    AcceptKw(Keyword::Precision);
    return true;
  }
  if (kw == Keyword::Timestamp) {
    if (AtKw(Keyword::With) && AtKw(Keyword::Local, 1)) {
      Advance();
      Advance();
      if (!ExpectKw(Keyword::Time) || !ExpectKw(Keyword::Zone)) return false;
      out.append(" with local time zone");
    }
    return true;
  }
  if (At(TokenKind::LParen)) {
    Advance();
    out.push_back('(');
    do {
      if (out.back() != '(') out.push_back(',');
      if (!At(TokenKind::Number)) {
        Fail("number");
        return false;
      }
      out.append(Text(Peek()));
      Advance();
    } while (Accept(TokenKind::Comma));
    if (!Expect(TokenKind::RParen)) return false;
    out.push_back(')');
  }
  return true;
}

}  // namespace hivelineage::parser
