// Parser core: the entry point, the token cursor, furthest-failure errors,
// names and canonical token text.
#include "parser/parser.h"

#include <algorithm>

#include "base/strings.h"
#include "lexer/lexer.h"
#include "parser/parser_impl.h"
#include "parser/spark_checks.h"

namespace hivelineage::parser {

Parser::Parser(std::string_view text, std::vector<Token>& tokens, Arena& arena, const ParseOptions& options)
    : text_(text), tokens_(tokens), toks_(tokens.data()), last_(tokens.size() - 1), arena_(arena), options_(options) {}

Parser::Scratch& Parser::ThreadScratch() {
  // Nested ParseStatement calls on one thread would share it; the parser
  // never calls itself that way, and stacks are LIFO anyway.
  thread_local Scratch scratch;
  return scratch;
}

// ---------------------------------------------------------------- errors

bool Parser::Expect(TokenKind k) {
  if (Accept(k)) return true;
  Fail(lexer::TokenKindName(k));
  return false;
}

bool Parser::ExpectKw(Keyword kw) {
  if (AcceptKw(kw)) return true;
  Fail(lexer::KeywordSpelling(kw));
  return false;
}

void Parser::Fail(std::string_view what) {
  if (!has_err_ || pos_ > err_pos_) {
    has_err_ = true;
    err_pos_ = pos_;
    err_what_ = what;
  }
}

bool Parser::TooDeep() {
  if (!too_deep_) {
    too_deep_ = true;
    too_deep_pos_ = pos_;
  }
  return false;
}

std::string Parser::ErrorMessage() const {
  if (too_deep_) return "nesting too deep";
  if (!has_err_) return "syntax error";
  const Token& t = tokens_[std::min(err_pos_, tokens_.size() - 1)];
  std::string found;
  if (t.kind == TokenKind::Eof || t.kind == TokenKind::String || t.kind == TokenKind::Error) {
    found = lexer::TokenKindName(t.kind);  // "end of statement", "string literal", "invalid token"
  } else {
    std::string_view s = Text(t);
    if (s.size() > 40) s = s.substr(0, 40);
    found = Cat("'", s, "'");
  }
  return Cat("expected ", err_what_, ", found ", found);
}

DiagnosticCode Parser::ErrorCode() const {
  return too_deep_ ? DiagnosticCode::NestingTooDeep : DiagnosticCode::SyntaxError;
}

Span Parser::ErrorSpan() const {
  const size_t i = std::min(too_deep_ ? too_deep_pos_ : err_pos_, tokens_.size() - 1);
  return Span{tokens_[i].begin, tokens_[i].end};
}

// ---------------------------------------------------------------- names

namespace {
// The SQL:2011 reserved words that are names again under
// hive.support.sql11.reserved.keywords=false (Hive's rule
// sql11ReservedKeywordsUsedAsIdentifier, Hive 1.2 to 2.1).
constexpr lexer::KeywordSet kSql11Names{
    Keyword::All,       Keyword::Alter,     Keyword::Array,      Keyword::As,        Keyword::Authorization,
    Keyword::Between,   Keyword::Bigint,    Keyword::Binary,     Keyword::Boolean,   Keyword::Both,
    Keyword::By,        Keyword::Create,    Keyword::Cube,       Keyword::CurrentDate, Keyword::CurrentTimestamp,
    Keyword::Cursor,    Keyword::Date,      Keyword::Decimal,    Keyword::Delete,    Keyword::Describe,
    Keyword::Double,    Keyword::Drop,      Keyword::Exists,     Keyword::External,  Keyword::False,
    Keyword::Fetch,     Keyword::Float,     Keyword::For,        Keyword::Full,      Keyword::Grant,
    Keyword::Group,     Keyword::Grouping,  Keyword::Import,     Keyword::In,        Keyword::Inner,
    Keyword::Insert,    Keyword::Int,       Keyword::Intersect,  Keyword::Into,      Keyword::Is,
    Keyword::Lateral,   Keyword::Left,      Keyword::Like,       Keyword::Local,     Keyword::NoneKw,
    Keyword::Null,      Keyword::Of,        Keyword::Order,      Keyword::Out,       Keyword::Outer,
    Keyword::Partition, Keyword::Percent,   Keyword::Procedure,  Keyword::Range,     Keyword::Reads,
    Keyword::Revoke,    Keyword::Right,     Keyword::Rollup,     Keyword::Row,       Keyword::Rows,
    Keyword::Set,       Keyword::Smallint,  Keyword::Table,      Keyword::Timestamp, Keyword::To,
    Keyword::Trigger,   Keyword::True,      Keyword::Truncate,   Keyword::Union,     Keyword::Update,
    Keyword::User,      Keyword::Using,     Keyword::Values,     Keyword::With,      Keyword::Regexp,
    Keyword::Rlike,     Keyword::Primary,   Keyword::Foreign,    Keyword::Constraint, Keyword::References,
};

// Reserved words that real scripts use as column and table names (old Hive
// accepted them) and that cannot mean anything else where a column or table
// name is expected: read as names there, with a warning.
constexpr lexer::KeywordSet kNameLikeReserved{
    Keyword::User,     Keyword::Date,     Keyword::Timestamp, Keyword::Time,   Keyword::Start,
    Keyword::Current,  Keyword::Percent,  Keyword::Conf,      Keyword::Sync,   Keyword::More,
    Keyword::Less,     Keyword::Commit,   Keyword::Rollback,  Keyword::Only,   Keyword::Cursor,
    Keyword::Trigger,  Keyword::Procedure, Keyword::Reads,    Keyword::Precision, Keyword::Exchange,
    Keyword::Force,    Keyword::Database, Keyword::Column,
};
}  // namespace

bool Parser::IsReservedHere(Keyword kw) const {
  if (kw == Keyword::None || !lexer::IsReserved(kw)) return false;
  return !(options_.sql11_keywords_as_names && kSql11Names.contains(kw));
}

bool Parser::AtIdent(size_t k) const {
  const Token& t = Peek(k);
  if (t.kind == TokenKind::Word) return !IsReservedHere(t.keyword);
  return t.kind == TokenKind::QuotedIdent || t.kind == TokenKind::Variable;
}

bool Parser::AtPlainIdent(size_t k) const {
  const Token& t = Peek(k);
  if (t.kind == TokenKind::Word) return t.keyword == Keyword::None || !lexer::IsReserved(t.keyword);
  return t.kind == TokenKind::QuotedIdent || t.kind == TokenKind::Variable;
}

bool Parser::ReservedAsName() {
  const Token& t = Peek();
  if (t.kind != TokenKind::Word || !kNameLikeReserved.contains(t.keyword) || !IsReservedHere(t.keyword))
    return false;
  const std::string word = ToLower(Text(t));
  Warn(t,
       options_.sql11_keywords_as_names || !kSql11Names.contains(t.keyword)
           ? Cat("reserved word '", word, "' read as a name; Hive 2 and later need it backquoted: `", word, "`")
           : Cat("reserved word '", word, "' read as a name; Hive needs it backquoted (`", word,
                 "`) or set hive.support.sql11.reserved.keywords=false"),
       DiagnosticCode::ReservedWordAsName);
  return true;
}

void Parser::Warn(const Token& at, std::string message, DiagnosticCode code) {
  // A speculative parse may pass the same token twice: one warning per token.
  for (const Diagnostic& d : warnings_)
    if (d.span.begin == at.begin) return;
  warnings_.push_back(Diagnostic{Severity::Warning, Span{at.begin, at.end}, std::move(message), code});
}

bool Parser::AtAnyName(size_t k) const {
  const TokenKind kind = Peek(k).kind;
  return kind == TokenKind::Word || kind == TokenKind::QuotedIdent || kind == TokenKind::Variable;
}

std::string_view Parser::Lowered(std::string_view s) {
  bool upper = false;
  for (char c : s) upper |= (c >= 'A' && c <= 'Z');
  if (!upper) return s;
  char* p = static_cast<char*>(arena_.Allocate(s.size(), 1));
  for (size_t i = 0; i < s.size(); ++i) p[i] = AsciiLower(s[i]);
  return {p, s.size()};
}

ast::Ident Parser::MakeIdent(const Token& t) {
  ast::Ident id;
  id.span = Span{t.begin, t.end};
  std::string_view s = Text(t);
  if (t.kind == TokenKind::QuotedIdent) {
    id.quoted = true;
    const char q = s[0] == '[' ? ']' : s[0];  // SQL Server's [name] closes with ]
    std::string_view inner = s.size() >= 2 ? s.substr(1, s.size() - 2) : std::string_view();
    const char dq[2] = {q, q};
    if (inner.find(std::string_view(dq, 2)) == std::string_view::npos) {
      id.name = inner;
    } else {
      std::string out;
      for (size_t i = 0; i < inner.size(); ++i) {
        out.push_back(inner[i]);
        if (inner[i] == q && i + 1 < inner.size() && inner[i + 1] == q) ++i;
      }
      id.name = arena_.CopyString(out);
    }
  } else if (t.kind == TokenKind::Word) {
    id.name = (t.flags & lexer::kNoUpper) ? s : Lowered(s);
  } else {
    id.name = s;
  }
  return id;
}

/// ident ::= word | `quoted` | ${var}   (not a reserved word)
bool Parser::ParseIdent(ast::Ident* out) {
  if (!AtIdent()) {
    Fail("identifier");
    return false;
  }
  *out = MakeIdent(Peek());
  Advance();
  return true;
}

/// name ::= word | `quoted` | ${var}   (reserved words too: after `.` or AS)
bool Parser::ParseAnyName(ast::Ident* out) {
  if (!AtAnyName()) {
    Fail("identifier");
    return false;
  }
  *out = MakeIdent(Peek());
  Advance();
  return true;
}

/// qualified_name ::= ident ('.' name)*   (`db.tbl` in one pair of backquotes splits when asked)
/// identifier_clause ::= IDENTIFIER '(' 'text' (['||'] 'text')* ')'   (Spark; a constant string, folded)
size_t Parser::IdentifierClauseTokens() const {
  if (!AtWord("identifier") || !AtKind(TokenKind::LParen, 1) || !AtKind(TokenKind::String, 2)) return 0;
  size_t k = 3;
  while (true) {
    if (AtKind(TokenKind::PipePipe, k) && AtKind(TokenKind::String, k + 1))
      k += 2;
    else if (AtKind(TokenKind::String, k))
      k += 1;
    else
      break;
  }
  return AtKind(TokenKind::RParen, k) ? k + 1 : 0;
}

bool Parser::AtIdentifierClause() const { return IdentifierClauseTokens() > 0; }

void Parser::WarnIfRunTimeName() {
  if (spark() && AtWord("identifier") && AtKind(TokenKind::LParen, 1) && !AtIdentifierClause())
    Warn(Peek(), "IDENTIFIER(expr): the name is computed at run time, so what it names is unknown",
         DiagnosticCode::NameNotConstant);
}

// named_argument_prefix: (identifier | quoted_identifier) '=>'   (the two characters glued)
bool Parser::AcceptArgumentName(ast::Ident* name) {
  if (!AtKind(TokenKind::Equal, 1) || !AtKind(TokenKind::Greater, 2) || !Glued(1) ||
      !(At(TokenKind::Word) || At(TokenKind::QuotedIdent)))
    return false;
  *name = MakeIdent(Peek());
  Advance();
  Advance();  // =
  Advance();  // >
  return true;
}

bool Parser::ParseQualifiedName(ast::QualifiedName* out, bool split_quoted_dots) {
  const uint32_t begin = StartOffset();
  ListBuilder<ast::Ident> parts(idents_);
  auto add = [&](const Token& t) {
    ast::Ident id = MakeIdent(t);
    // Hive reads `db.t` as two names; Spark never splits a back-quoted name.
    if (split_quoted_dots && !spark() && id.quoted && id.name.find('.') != std::string_view::npos) {
      for (const std::string_view name : lexer::SplitQuotedDots(id.name)) {
        ast::Ident piece = id;
        piece.name = name;
        parts.Push(piece);
      }
    } else {
      parts.Push(id);
    }
  };
  if (spark() && AtIdentifierClause()) {
    // Spark's IDENTIFIER('db.t') (or 'db.' || 't'): the name the string spells, as if written in backquotes.
    const size_t n = IdentifierClauseTokens();
    std::string text;
    for (size_t k = 2; k + 1 < n; ++k)
      if (AtKind(TokenKind::String, k)) text += lexer::UnescapeString(Text(Peek(k)));
    const Span span{Peek(2).begin, Peek(n - 2).end};
    for (const std::string& part : lexer::SplitNameText(text)) {
      ast::Ident id;
      id.name = arena_.CopyString(part);
      id.span = span;
      id.quoted = true;
      parts.Push(id);
    }
    for (size_t i = 0; i < n; ++i) Advance();
    out->parts = parts.Finish(arena_);
    out->span = SpanFrom(begin);
    return true;
  }
  // Spark reserves GROUPING only before its '(': `FROM grouping` names a table.
  const bool spark_name = spark() && AtKw(Keyword::Grouping) && !AtKind(TokenKind::LParen, 1);
  if (!spark_name && !AtIdent() && !ReservedAsName()) {
    Fail("table name");
    return false;
  }
  add(Peek());
  Advance();
  while (At(TokenKind::Dot) && AtAnyName(1)) {
    Advance();
    add(Peek());
    Advance();
  }
  out->parts = parts.Finish(arena_);
  out->span = SpanFrom(begin);
  return true;
}

/// names ::= '(' name (',' name)* ')'
bool Parser::ParseIdentList(ast::List<ast::Ident>* out) {
  if (!Expect(TokenKind::LParen)) return false;
  ListBuilder<ast::Ident> ids(idents_);
  do {
    ast::Ident id;
    if (!ParseAnyName(&id)) return false;
    ids.Push(id);
  } while (Accept(TokenKind::Comma));
  if (!Expect(TokenKind::RParen)) return false;
  *out = ids.Finish(arena_);
  return true;
}

/// string_value ::= 'text'   (unescaped)
std::string_view Parser::ParseStringValue() {
  if (!At(TokenKind::String)) {
    Fail("string literal");
    return {};
  }
  std::string s = lexer::UnescapeString(Text(Peek()));
  Advance();
  if (s.empty()) return std::string_view("", 0);
  return arena_.CopyString(s);
}

// ---------------------------------------------------------------- token text

namespace {
bool IsNameLike(TokenKind k) { return k == TokenKind::Word || k == TokenKind::QuotedIdent || k == TokenKind::Variable; }
}  // namespace

void Parser::AppendCanonical(std::string& out, size_t begin, size_t end) {
  for (size_t i = begin; i < end; ++i) {
    const Token& t = tokens_[i];
    if (i > begin) {
      const Token& p = tokens_[i - 1];
      bool space = true;
      if (p.kind == TokenKind::LParen || t.kind == TokenKind::RParen || t.kind == TokenKind::Comma) space = false;
      if (t.kind == TokenKind::Dot && IsNameLike(p.kind) && i + 1 < end &&
          (IsNameLike(tokens_[i + 1].kind) || tokens_[i + 1].kind == TokenKind::Star))
        space = false;
      if (p.kind == TokenKind::Dot && IsNameLike(t.kind) && i >= begin + 2 && IsNameLike(tokens_[i - 2].kind))
        space = false;
      if (p.kind == TokenKind::Dot && t.kind == TokenKind::Star && i >= begin + 2 && IsNameLike(tokens_[i - 2].kind))
        space = false;
      if (space) out.push_back(' ');
    }
    if (t.kind == TokenKind::Word && t.keyword != Keyword::None) {
      out.append(lexer::KeywordSpelling(t.keyword));
    } else {
      out.append(Text(t));
    }
  }
}

std::string_view Parser::CanonicalText(size_t begin, size_t end) {
  scratch_.clear();
  AppendCanonical(scratch_, begin, end);
  return arena_.CopyString(scratch_);
}

bool Parser::SkipBalanced() {
  // Iterative: a counter, not recursion, so deep brackets are harmless.
  int depth = 0;
  do {
    const TokenKind k = Peek().kind;
    if (k == TokenKind::Eof) {
      Fail("')'");
      return false;
    }
    if (k == TokenKind::LParen || k == TokenKind::LBracket || k == TokenKind::LBrace) ++depth;
    if (k == TokenKind::RParen || k == TokenKind::RBracket || k == TokenKind::RBrace) --depth;
    Advance();
  } while (depth > 0);
  return true;
}

bool Parser::SkipOptionToken(std::string_view what) {
  if (At(TokenKind::LParen)) return SkipBalanced();
  if (At(TokenKind::Error)) {
    Fail(what);
    return false;
  }
  Advance();
  return true;
}

bool Parser::SkipOptionsText(size_t end, std::string_view what, std::string_view* text) {
  const size_t start = pos_;
  while (pos_ < end && !AtEnd())
    if (!SkipOptionToken(what)) return false;
  if (pos_ > start) *text = CanonicalText(start, pos_);
  return true;
}

namespace {
// Words that start a clause or a join, never an expression: after LIMIT they make LIMIT a name.
constexpr lexer::KeywordSet kClauseWords{
    Keyword::Where, Keyword::Group,  Keyword::Having,  Keyword::Order,     Keyword::Window,    Keyword::Join,
    Keyword::Inner, Keyword::Left,   Keyword::Right,   Keyword::Full,      Keyword::Cross,     Keyword::Semi,
    Keyword::Anti,  Keyword::Lateral, Keyword::Union,  Keyword::Except,    Keyword::Intersect, Keyword::Minus,
    Keyword::Limit, Keyword::Offset, Keyword::On,      Keyword::Using,     Keyword::Sort,      Keyword::Cluster,
    Keyword::Distribute, Keyword::Tablesample, Keyword::As, Keyword::Insert, Keyword::Select, Keyword::From,
    Keyword::Qualify, Keyword::Into};
}  // namespace

// Spark's LIMIT / OFFSET take any constant expression (`LIMIT CAST(1 AS INT)`, `LIMIT 1 + 1`):
// token k starts one unless it ends the source or starts a clause.
bool Parser::AtSparkCount(size_t k) const {
  const Token& t = Peek(k);
  if (t.kind == TokenKind::Word) return !kClauseWords.contains(t.keyword);
  return t.kind != TokenKind::Eof && t.kind != TokenKind::Semicolon && t.kind != TokenKind::Comma &&
         t.kind != TokenKind::RParen && t.kind != TokenKind::Pipe;
}

bool Parser::AtImplicitAlias() const {
  // A reserved word is an alias only after AS, whatever the settings.
  if (!AtPlainIdent()) return false;
  const Token& t = Peek();
  if (t.kind != TokenKind::Word) return true;
  // LIMIT / OFFSET start the clause when a count follows: a number, a
  // variable, a parameter, or a parenthesised expression (as the printer
  // writes `LIMIT 10 % 3`).
  const TokenKind next = Peek(1).kind;
  if (spark() && (t.keyword == Keyword::Limit || t.keyword == Keyword::Offset) && AtKw(Keyword::All, 1))
    return false;  // Spark's LIMIT ALL
  if (spark() && (t.keyword == Keyword::Limit || t.keyword == Keyword::Offset)) return !AtSparkCount(1);
  if (t.keyword == Keyword::Limit)
    return !(next == TokenKind::Number || next == TokenKind::Variable || next == TokenKind::Question ||
             next == TokenKind::LParen);
  if (t.keyword == Keyword::Offset)
    return !(next == TokenKind::Number || next == TokenKind::Variable || next == TokenKind::LParen);
  if (t.keyword == Keyword::Sort || t.keyword == Keyword::Distribute || t.keyword == Keyword::Cluster)
    return !AtKw(Keyword::By, 1);
  // Spark's PIVOT (...), NATURAL JOIN, SEMI / ANTI JOIN, APPROX | EXACT NEAREST, BIN BY (...).
  if (spark() && (AtPivot() || AtNaturalJoin() || AtNearestBy() || AtBinBy() ||
                  ((t.keyword == Keyword::Semi || t.keyword == Keyword::Anti) && AtKw(Keyword::Join, 1))))
    return false;
  return true;
}

namespace {
constexpr lexer::KeywordSet kQueryStarts{Keyword::Select, Keyword::With, Keyword::From,
                                         Keyword::Values, Keyword::Map,  Keyword::Reduce};
// Statements other than queries the parser models (see ParseStatement).
constexpr lexer::KeywordSet kStatementStarts{Keyword::Insert, Keyword::Create, Keyword::Alter, Keyword::Drop,
                                             Keyword::Update, Keyword::Delete, Keyword::Merge, Keyword::Truncate,
                                             Keyword::Load,   Keyword::Export, Keyword::Import};
}  // namespace

bool Parser::AtQueryStart(size_t k) const {
  const Token& t = Peek(k);
  // Spark's `TABLE t` (not Hive's `TABLE(VALUES ...)` source).
  if (spark() && t.kind == TokenKind::Word && t.keyword == Keyword::Table && !AtKind(TokenKind::LParen, k + 1))
    return true;
  return t.kind == TokenKind::LParen || (t.kind == TokenKind::Word && kQueryStarts.contains(t.keyword));
}

bool Parser::AtStatementStart(size_t k) const {
  if (AtQueryStart(k)) return true;
  const Token& t = Peek(k);
  return t.kind == TokenKind::Word && kStatementStarts.contains(t.keyword);
}

// ---------------------------------------------------------------- entry

/// top ::= statement EOF
ast::Statement* Parser::ParseTop() {
  ast::Statement* s = ParseStatement();
  if (s == nullptr) return nullptr;
  if (!AtEnd()) {
    Fail("end of statement");
    return nullptr;
  }
  if (too_deep_) return nullptr;
  return s;
}

namespace {
// Hints are legal only after SELECT and MERGE; elsewhere Hive rejects them and
// we drop them so they cannot disturb the grammar.
void DropStrayHints(std::vector<Token>& toks) {
  size_t w = 0;
  for (size_t r = 0; r < toks.size(); ++r) {
    if (toks[r].kind == TokenKind::Hint) {
      const bool legal = w > 0 && toks[w - 1].kind == TokenKind::Word &&
                         (toks[w - 1].keyword == Keyword::Select || toks[w - 1].keyword == Keyword::Merge);
      if (!legal) continue;
    }
    toks[w++] = toks[r];
  }
  toks.resize(w);
}

// `text`'s tokens, in a vector each thread reuses.
std::vector<Token>& Lex(std::string_view text, const ParseOptions& options, Diagnostics& diags, bool* lex_error) {
  thread_local std::vector<Token> tokens;
  tokens.clear();
  const lexer::TokenizeSummary lexed = lexer::Tokenize(text, options.lex, tokens, diags);
  *lex_error = lexed.has_error;
  if (lexed.has_hint) DropStrayHints(tokens);
  return tokens;
}
}  // namespace

ast::Statement* ParseStatement(std::string_view text, Arena& arena, const ParseOptions& options, Diagnostics& diags) {
  bool lex_error = false;
  std::vector<Token>& tokens = Lex(text, options, diags, &lex_error);
  Parser p(text, tokens, arena, options);
  ast::Statement* stmt = p.ParseTop();
  if (stmt == nullptr) {
    diags.push_back(Diagnostic{Severity::Error, p.ErrorSpan(), p.ErrorMessage(), p.ErrorCode()});
    return nullptr;
  }
  if (lex_error) return nullptr;
  if (options.dialect == Dialect::Spark && !CheckSparkStatement(*stmt, text, diags)) return nullptr;
  for (Diagnostic& d : p.warnings_) diags.push_back(std::move(d));
  return stmt;
}

ast::Statement* ParseStatementIf(std::string_view text, Arena& arena, const ParseOptions& options, Diagnostics& diags,
                                 absl::FunctionRef<bool(std::span<const lexer::Token>)> worth) {
  bool lex_error = false;
  std::vector<Token>& tokens = Lex(text, options, diags, &lex_error);
  if (lex_error || !worth(tokens)) return nullptr;
  Parser p(text, tokens, arena, options);
  ast::Statement* stmt = p.ParseTop();
  if (stmt == nullptr) return nullptr;
  // What Spark rejects teaches nothing either (its error is the main pass's to report).
  Diagnostics rejected;
  if (options.dialect == Dialect::Spark && !CheckSparkStatement(*stmt, text, rejected)) return nullptr;
  for (Diagnostic& d : p.warnings_) diags.push_back(std::move(d));
  return stmt;
}

StatementKind StatementKindOf(const ast::Statement* stmt) {
  if (stmt == nullptr) return StatementKind::Other;
  switch (stmt->stmt_kind()) {
    case ast::StmtKind::QueryStatement: {
      const auto* q = static_cast<const ast::QueryStatement*>(stmt);
      for (const ast::InsertBody& b : q->bodies)
        if (b.target != nullptr) return StatementKind::Insert;
      return StatementKind::Query;
    }
    case ast::StmtKind::CreateTableStatement:
      return static_cast<const ast::CreateTableStatement*>(stmt)->as_query != nullptr ? StatementKind::Ctas
                                                                                      : StatementKind::CreateTable;
    case ast::StmtKind::CreateViewStatement:
      return StatementKind::CreateView;
    case ast::StmtKind::MergeStatement:
      return StatementKind::Merge;
    case ast::StmtKind::UpdateStatement:
      return StatementKind::Update;
    case ast::StmtKind::DeleteStatement:
      return StatementKind::Delete;
    case ast::StmtKind::UseStatement:
      return StatementKind::Use;
    case ast::StmtKind::ExplainStatement:
      return StatementKind::Explain;
    case ast::StmtKind::DropStatement:
      return StatementKind::Drop;
    case ast::StmtKind::AlterTableStatement:
      return StatementKind::Alter;
    case ast::StmtKind::TruncateStatement:
      return StatementKind::Truncate;
    case ast::StmtKind::LoadDataStatement:
      return StatementKind::Load;
    case ast::StmtKind::ExportStatement:
      return StatementKind::Export;
    case ast::StmtKind::ImportStatement:
      return StatementKind::Import;
    case ast::StmtKind::ExecuteImmediateStatement:
      // Spark runs the statement a constant string spells.
      return StatementKindOf(static_cast<const ast::ExecuteImmediateStatement*>(stmt)->inner);
    case ast::StmtKind::SetStatement:
    case ast::StmtKind::DescribeStatement:
    case ast::StmtKind::ShowStatement:
    case ast::StmtKind::UtilityStatement:
    case ast::StmtKind::DeclareVariableStatement:
    case ast::StmtKind::CreateFunctionStatement:
    case ast::StmtKind::OtherStatement:
      return StatementKind::Other;
  }
  return StatementKind::Other;
}

void ApplySetting(std::string_view key, std::string_view value, ParseOptions& options) {
  if (EqualsIgnoreCase(key, "hive.support.sql11.reserved.keywords")) {
    if (EqualsIgnoreCase(value, "false")) options.sql11_keywords_as_names = true;
    if (EqualsIgnoreCase(value, "true")) options.sql11_keywords_as_names = false;
    return;
  }
  if (options.dialect == Dialect::Spark && EqualsIgnoreCase(key, "spark.sql.ansi.doubleQuotedIdentifiers")) {
    // Spark's ANSI setting: "x" names a column or table for the rest of the script.
    if (EqualsIgnoreCase(value, "true")) options.lex.double_quoted_identifiers = true;
    if (EqualsIgnoreCase(value, "false")) options.lex.double_quoted_identifiers = false;
    return;
  }
  if (options.dialect == Dialect::Spark && EqualsIgnoreCase(key, "spark.sql.legacy.viewSchemaBindingMode")) {
    if (EqualsIgnoreCase(value, "true")) options.spark_view_schema_binding = true;
    if (EqualsIgnoreCase(value, "false")) options.spark_view_schema_binding = false;
    return;
  }
  if (options.dialect == Dialect::Spark && EqualsIgnoreCase(key, "spark.sql.parser.quotedRegexColumnNames")) {
    // Spark's back-quoted names in a select item are column regexes for the rest of the script.
    if (EqualsIgnoreCase(value, "true")) options.regex_column_specs = true;
    if (EqualsIgnoreCase(value, "false")) options.regex_column_specs = false;
    return;
  }
  if (!EqualsIgnoreCase(key, "hive.support.quoted.identifiers")) return;
  if (EqualsIgnoreCase(value, "none")) {
    options.regex_column_specs = true;
    options.lex.double_quoted_identifiers = false;
  } else if (EqualsIgnoreCase(value, "column")) {
    options.regex_column_specs = false;
    options.lex.double_quoted_identifiers = false;
  } else if (EqualsIgnoreCase(value, "standard")) {
    options.regex_column_specs = false;
    options.lex.double_quoted_identifiers = true;
  }
}

}  // namespace hivelineage::parser
