// Statement dispatch, USE, EXPLAIN, and the statements that are recognised
// but not modelled (SHOW, DESCRIBE, GRANT, ANALYZE, ...): their tokens are
// skipped bracket-balanced and kept as canonical text. Statements embedded in
// them (CREATE SCHEDULED QUERY ... AS stmt, PREPARE p FROM query) are parsed.
#include "base/strings.h"
#include "parser/parser_impl.h"

namespace hivelineage::parser {

ast::Statement* Parser::ParseStatement() {
  DepthGuard guard(*this);
  if (!guard.ok()) return nullptr;
  if (AtQueryStart() || AtKw(Keyword::Insert)) return ParseQueryStatement();
  const Token& t = Peek();
  if (t.kind != TokenKind::Word) {
    Fail("statement");
    return nullptr;
  }
  const uint32_t begin = t.begin;
  switch (t.keyword) {
    case Keyword::Create:
      return ParseCreate();
    case Keyword::Alter:
      return ParseAlter();
    case Keyword::Drop:
      return ParseDrop();
    case Keyword::Truncate:
      return ParseTruncate();
    case Keyword::Update:
      return ParseUpdate();
    case Keyword::Delete:
      return ParseDelete();
    case Keyword::Merge:
      return ParseMerge();
    case Keyword::Load:
      return ParseLoad();
    case Keyword::Export:
      return ParseExport();
    case Keyword::Import:
      return ParseImport();
    case Keyword::Use:
      return ParseUse();
    case Keyword::Explain:
      return ParseExplain();
    default:
      break;
  }
  if (AtOtherStatementStart()) {
    std::string what = ToLower(Text(t));
    if (what == "desc") what = "describe";
    return ParseOther(arena_.CopyString(what), begin);
  }
  Fail("statement");
  return nullptr;
}

bool Parser::AtOtherStatementStart() const {
  const Token& t = Peek();
  switch (t.keyword) {
    case Keyword::Show:
    case Keyword::Describe:
    case Keyword::Desc:
    case Keyword::Grant:
    case Keyword::Revoke:
    case Keyword::Analyze:
    case Keyword::Msck:
    case Keyword::Lock:
    case Keyword::Unlock:
    case Keyword::Start:
    case Keyword::Commit:
    case Keyword::Rollback:
    case Keyword::Set:
    case Keyword::Abort:
    case Keyword::Kill:
    case Keyword::Repl:
    case Keyword::Reload:
    case Keyword::Prepare:
    case Keyword::Execute:
    case Keyword::Optimize:
    case Keyword::Replace:
    case Keyword::Enable:
    case Keyword::Disable:
      return true;
    case Keyword::None:
      // Hive CLI processors that reach the parser in some scripts.
      return EqualsIgnoreCase(Text(t), "erasure");
    default:
      return false;
  }
}

ast::Statement* Parser::ParseUse() {
  const uint32_t begin = StartOffset();
  Advance();  // USE
  auto* u = arena_.New<ast::UseStatement>();
  if (!ParseAnyName(&u->database)) return nullptr;
  u->span = SpanFrom(begin);
  return u;
}

ast::Statement* Parser::ParseExplain() {
  const uint32_t begin = StartOffset();
  Advance();  // EXPLAIN
  auto* e = arena_.New<ast::ExplainStatement>();
  std::string opts;
  while (At(TokenKind::Word) && !AtStatementStart()) {
    const Keyword kw = Peek().keyword;
    bool option = false;
    switch (kw) {
      case Keyword::Extended:
      case Keyword::Formatted:
      case Keyword::Dependency:
      case Keyword::Cbo:
      case Keyword::Cost:
      case Keyword::Joincost:
      case Keyword::Logical:
      case Keyword::Authorization:
      case Keyword::Reoptimization:
      case Keyword::Locks:
      case Keyword::Ast:
      case Keyword::Debug:
      case Keyword::Vectorization:
      case Keyword::Only:
      case Keyword::Summary:
      case Keyword::Operator:
      case Keyword::Expression:
      case Keyword::Detail:
      case Keyword::Rewrite:
        option = true;
        break;
      case Keyword::Analyze:
        option = !AtKw(Keyword::Table, 1);
        break;
      case Keyword::None:
        option = EqualsIgnoreCase(Text(Peek()), "ddl");
        break;
      default:
        break;
    }
    if (!option) break;
    if (!opts.empty()) opts.push_back(' ');
    opts += ToLower(Text(Peek()));
    Advance();
  }
  if (!opts.empty()) e->options = arena_.CopyString(opts);
  e->inner = ParseStatement();
  if (e->inner == nullptr) return nullptr;
  e->span = SpanFrom(begin);
  return e;
}

ast::Statement* Parser::ParseOther(std::string_view what, uint32_t begin) {
  auto* o = arena_.New<ast::OtherStatement>();
  o->what = what;
  const size_t start = pos_;
  const bool scheduled = what == "create scheduled" || what == "alter scheduled";
  const bool prepare = what == "prepare";
  int depth = 0;
  while (!AtEnd()) {
    const Token& t = Peek();
    if (t.kind == TokenKind::Error) {
      Fail("end of statement");
      return nullptr;
    }
    if (t.kind == TokenKind::LParen || t.kind == TokenKind::LBracket || t.kind == TokenKind::LBrace) ++depth;
    if (t.kind == TokenKind::RParen || t.kind == TokenKind::RBracket || t.kind == TokenKind::RBrace) {
      if (--depth < 0) {
        Fail("end of statement");
        return nullptr;
      }
    }
    const bool embeds = depth == 0 && ((scheduled && t.kind == TokenKind::Word && t.keyword == Keyword::As) ||
                                       (prepare && t.kind == TokenKind::Word && t.keyword == Keyword::From));
    if (embeds && AtStatementStart(1)) {
      Advance();
      o->text = CanonicalText(start, pos_);
      o->inner = ParseStatement();
      if (o->inner == nullptr) return nullptr;
      o->span = SpanFrom(begin);
      return o;
    }
    Advance();
  }
  if (depth != 0) {
    Fail("')'");
    return nullptr;
  }
  o->text = CanonicalText(start, pos_);
  o->span = SpanFrom(begin);
  return o;
}

}  // namespace hivelineage::parser
