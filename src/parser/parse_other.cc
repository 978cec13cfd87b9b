// Statement dispatch, USE, EXPLAIN, and the statements that are recognised
// but not modelled (SHOW, DESCRIBE, GRANT, ANALYZE, ...): their tokens are
// skipped bracket-balanced and kept as canonical text. Statements embedded in
// them (CREATE SCHEDULED QUERY ... AS stmt, PREPARE p FROM query) are parsed.
#include "base/strings.h"
#include "parser/parser_impl.h"

namespace hivelineage::parser {

/// statement ::= query_statement | create | alter | drop | truncate | update | delete | merge
///             | load | export | import | use | explain | other_statement
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
  // The statements a keyword starts (queries and INSERT are above).
  using StatementParser = ast::Statement* (Parser::*)();
  static constexpr std::pair<Keyword, StatementParser> kStatements[] = {
      {Keyword::Create, &Parser::ParseCreate}, {Keyword::Alter, &Parser::ParseAlter},
      {Keyword::Drop, &Parser::ParseDrop},     {Keyword::Truncate, &Parser::ParseTruncate},
      {Keyword::Update, &Parser::ParseUpdate}, {Keyword::Delete, &Parser::ParseDelete},
      {Keyword::Merge, &Parser::ParseMerge},   {Keyword::Load, &Parser::ParseLoad},
      {Keyword::Export, &Parser::ParseExport}, {Keyword::Import, &Parser::ParseImport},
      {Keyword::Use, &Parser::ParseUse},       {Keyword::Explain, &Parser::ParseExplain},
  };
  if (spark()) {
    // Spark's utility statements, typed (parse_session.cc, parse_catalog_utility.cc).
    if (t.keyword == Keyword::Set || AtWord("reset")) return ParseSparkSet();
    if (t.keyword == Keyword::Describe || t.keyword == Keyword::Desc) return ParseSparkDescribe();
    if (t.keyword == Keyword::Show) return ParseSparkShow();
    if (t.keyword == Keyword::Use) return ParseSparkUse();
    if (AtWord("declare")) return ParseDeclareVariable();
    if (t.keyword == Keyword::Execute && AtWord("immediate", 1)) return ParseExecuteImmediate();
    for (std::string_view verb : {"analyze", "refresh", "uncache"})
      if (AtWord(verb)) {
        Advance();
        return ParseSparkUtility(verb, begin);
      }
    if (AtKw(Keyword::Comment) && AtKw(Keyword::On, 1)) {
      Advance();
      Advance();
      return ParseSparkUtility("comment on", begin);
    }
  }
  for (const auto& [keyword, parse] : kStatements)
    if (t.keyword == keyword) return (this->*parse)();
  if (spark()) {
    if (t.keyword == Keyword::Cache) return ParseSparkCache();
    // Spark's statements that name no lineage, and its SQL scripting, kept as text.
    static constexpr std::string_view kSparkOther[] = {"clear", "list",    "add",   "call",   "begin",
                                                       "for",   "while",   "repeat", "loop",  "if",
                                                       "iterate", "leave", "signal", "resignal"};
    for (std::string_view word : kSparkOther)
      if (AtWord(word)) return ParseOther(word, begin);
  }
  if (AtOtherStatementStart()) {
    std::string what = ToLower(Text(t));
    if (what == "desc") what = "describe";
    return ParseOther(arena_.CopyString(what), begin);
  }
  Fail("statement");
  return nullptr;
}

namespace {
// Statements recognised but not modelled, kept as text (OtherStatement).
constexpr lexer::KeywordSet kOtherStatementStarts{
    Keyword::Show,    Keyword::Describe, Keyword::Desc,    Keyword::Grant,  Keyword::Revoke,  Keyword::Analyze,
    Keyword::Msck,    Keyword::Lock,     Keyword::Unlock,  Keyword::Start,  Keyword::Commit,  Keyword::Rollback,
    Keyword::Set,     Keyword::Abort,    Keyword::Kill,    Keyword::Repl,   Keyword::Reload,  Keyword::Prepare,
    Keyword::Execute, Keyword::Optimize, Keyword::Replace, Keyword::Enable, Keyword::Disable,
};

// EXPLAIN's options (EXPLAIN ANALYZE too, unless ANALYZE TABLE follows; and DDL).
constexpr lexer::KeywordSet kExplainOptions{
    Keyword::Extended,       Keyword::Formatted, Keyword::Dependency, Keyword::Cbo,
    Keyword::Cost,           Keyword::Joincost,  Keyword::Logical,    Keyword::Authorization,
    Keyword::Reoptimization, Keyword::Locks,     Keyword::Ast,        Keyword::Debug,
    Keyword::Vectorization,  Keyword::Only,      Keyword::Summary,    Keyword::Operator,
    Keyword::Expression,     Keyword::Detail,    Keyword::Rewrite,
};
}  // namespace

bool Parser::AtOtherStatementStart() const {
  const Token& t = Peek();
  // Hive CLI processors that reach the parser in some scripts.
  if (t.keyword == Keyword::None) return EqualsIgnoreCase(Text(t), "erasure");
  return kOtherStatementStarts.contains(t.keyword);
}

/// use ::= USE name
ast::Statement* Parser::ParseUse() {
  const uint32_t begin = StartOffset();
  Advance();  // USE
  auto* u = arena_.New<ast::UseStatement>();
  if (!ParseAnyName(&u->database)) return nullptr;
  u->span = SpanFrom(begin);
  return u;
}

/// explain ::= EXPLAIN [explain_option]* statement
ast::Statement* Parser::ParseExplain() {
  const uint32_t begin = StartOffset();
  Advance();  // EXPLAIN
  auto* e = arena_.New<ast::ExplainStatement>();
  std::string opts;
  while (At(TokenKind::Word) && !AtStatementStart()) {
    const Keyword kw = Peek().keyword;
    const bool option = kExplainOptions.contains(kw) || (kw == Keyword::Analyze && !AtKw(Keyword::Table, 1)) ||
                        (kw == Keyword::None && EqualsIgnoreCase(Text(Peek()), "ddl"));
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

/// other_statement ::= word token*   (bracket-balanced, kept as text; a statement after
///                     `CREATE SCHEDULED QUERY ... AS` or `PREPARE p FROM` is parsed)
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
