// The parser's internal state, shared by the parse_*.cc files.
//
// One Parser object parses one statement. It walks a token vector with a
// cursor; parse functions return nullptr (or false) after recording what they
// expected, and the furthest such failure becomes the statement's diagnostic
// ("expected X, found Y"). Recursion per nesting level goes through DepthGuard
// so hostile input ends in "nesting too deep", never a stack overflow;
// left-associative chains (AND, UNION, joins) are loops, not recursion.
// Lists are built on per-type scratch stacks and copied into the arena once
// complete, so parsing does no per-item heap allocation.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_set.h"

#include "ast/ast.h"
#include "ast/precedence.h"
#include "base/strings.h"
#include "base/arena.h"
#include "lexer/token.h"
#include "parser/parser.h"

namespace hivelineage::parser {

using lexer::Keyword;
using lexer::Token;
using lexer::TokenKind;

// Builds one arena list on a shared scratch stack (LIFO, so nested lists work).
template <typename T>
class ListBuilder {
 public:
  explicit ListBuilder(std::vector<T>& stack) : stack_(stack), mark_(stack.size()) {}
  ~ListBuilder() { stack_.resize(mark_); }
  ListBuilder(const ListBuilder&) = delete;
  ListBuilder& operator=(const ListBuilder&) = delete;

  void Push(const T& v) { stack_.push_back(v); }
  size_t size() const { return stack_.size() - mark_; }
  T& at(size_t i) { return stack_[mark_ + i]; }
  ast::List<T> Finish(Arena& arena) {
    const size_t n = stack_.size() - mark_;
    if (n == 0) return {};
    T* p = static_cast<T*>(arena.Allocate(sizeof(T) * n, alignof(T)));
    for (size_t i = 0; i < n; ++i) new (p + i) T(stack_[mark_ + i]);
    stack_.resize(mark_);
    return {p, n};
  }

 private:
  std::vector<T>& stack_;
  size_t mark_;
};

// An infix or postfix operator at the cursor (PeekInfix), for ApplyInfix.
struct Infix {
  // SparkCast: `x::type`; Shift: Spark's `<<`, `>>`, `>>>` (a call of shiftleft, ...).
  // Collate: Spark's `x COLLATE name` (a call of collate).
  // VariantPath: Spark's `v:a.b[0]`.
  enum class Form : uint8_t {
    None,
    Binary,
    Is,
    In,
    Like,
    Between,
    Dot,
    Subscript,
    SparkCast,
    Shift,
    Collate,
    VariantPath
  } form = Form::None;
  std::string_view function;  // Shift: the function it calls
  ast::Precedence level = ast::Precedence::Lowest;
  ast::BinaryOp op = ast::BinaryOp::Or;  // Binary
  bool negated = false;                  // NOT IN / NOT LIKE / NOT BETWEEN
  ast::LikeExpr::Op like = ast::LikeExpr::Op::Like;
  uint8_t tokens = 1;  // how many tokens the operator spans
};

// `*` as the one select item of a query, then `more` (parse_query.cc).
ast::List<ast::SelectItem> StarItems(Arena& arena, ast::List<ast::SelectItem> more = {});

class Parser {
 public:
  Parser(std::string_view text, std::vector<Token>& tokens, Arena& arena, const ParseOptions& options);

  // Parses the whole statement; nullptr on failure (see ErrorMessage()).
  ast::Statement* ParseTop();
  // The furthest failure, "expected X, found Y" or "nesting too deep".
  std::string ErrorMessage() const;
  DiagnosticCode ErrorCode() const;  // NestingTooDeep or SyntaxError, as ErrorMessage says
  Span ErrorSpan() const;

  // ---- token cursor (parser.cc)
  // Tokens never change during a parse, so the cursor works on a cached
  // pointer and the Eof index rather than reloading the vector each time.
  const Token& Peek(size_t k = 0) const {
    const size_t i = pos_ + k;
    return toks_[i < last_ ? i : last_];
  }
  const Token& TokenAt(size_t i) const { return toks_[i < last_ ? i : last_]; }
  const Token& Prev() const { return toks_[pos_ > 0 ? pos_ - 1 : 0]; }
  bool At(TokenKind k) const { return Peek().kind == k; }
  bool AtKw(Keyword kw, size_t k = 0) const {
    const Token& t = Peek(k);
    return t.kind == TokenKind::Word && t.keyword == kw;
  }
  bool AtKind(TokenKind kind, size_t k) const { return Peek(k).kind == kind; }
  bool AtEnd() const { return At(TokenKind::Eof); }
  void Advance() {
    if (pos_ < last_) ++pos_;
  }
  bool Accept(TokenKind k) {
    if (!At(k)) return false;
    Advance();
    return true;
  }
  bool AcceptKw(Keyword kw) {
    if (!AtKw(kw)) return false;
    Advance();
    return true;
  }
  bool Expect(TokenKind k);
  bool ExpectKw(Keyword kw);
  // Records "expected `what`" at the current token if it is the furthest failure.
  void Fail(std::string_view what);
  bool TooDeep();
  std::string_view Text(const Token& t) const { return text_.substr(t.begin, t.end - t.begin); }
  Span SpanFrom(uint32_t begin) const { return Span{begin, Prev().end > begin ? Prev().end : begin}; }
  uint32_t StartOffset() const { return Peek().begin; }

  // ---- names (parser.cc)
  // A word that is reserved under the current settings (hive.support.sql11.reserved.keywords).
  bool IsReservedHere(Keyword kw) const;
  // Spark SQL's syntax is on (ParseOptions::dialect; docs/dialects.md).
  bool spark() const { return options_.dialect == Dialect::Spark; }
  // A source database's SQL (ParseOptions::postfix_casts, outer_join_marks).
  bool postfix_casts() const { return options_.postfix_casts; }
  // Takes Oracle's outer-join mark `(+)` after a column when outer_join_marks is on.
  bool AcceptOuterJoinMark();
  // Reads SQL Server's TOP clause after SELECT [DISTINCT] when select_top is on; false on a syntax error.
  bool SkipTopClause();
  // Token k is the unquoted word `w` (any case), keyword or not.
  bool AtWord(std::string_view w, size_t k = 0) const {
    const Token& t = Peek(k);
    return t.kind == TokenKind::Word && t.end - t.begin == w.size() && EqualsIgnoreCase(Text(t), w);
  }
  // Token k ends where token k+1 begins (`::`, `>>`, `=>`, `10.0F` are two tokens glued).
  bool Glued(size_t k = 0) const { return Peek(k).end == Peek(k + 1).begin; }
  bool AtIdent(size_t k = 0) const;       // a name where one is required: not reserved here
  bool AtPlainIdent(size_t k = 0) const;  // a name where one is optional: never a reserved word
  // True, with a warning, at a reserved word real scripts use as a name
  // (user, date, start, ...); for places where only a name can stand.
  bool ReservedAsName();
  void Warn(const Token& at, std::string message, DiagnosticCode code);
  bool AtAnyName(size_t k = 0) const;  // also reserved words (after `.` / `AS`)
  ast::Ident MakeIdent(const Token& t);
  bool ParseIdent(ast::Ident* out);    // non-reserved only
  bool ParseAnyName(ast::Ident* out);  // reserved allowed
  bool ParseQualifiedName(ast::QualifiedName* out, bool split_quoted_dots);
  bool ParseIdentList(ast::List<ast::Ident>* out);  // `( a, b )`
  std::string_view ParseStringValue();              // unescaped, arena copy; empty + Fail on error
  // Lower-cases a word into the arena (no copy when already lower case).
  std::string_view Lowered(std::string_view s);
  // Canonical text of tokens [begin, end): keywords upper case, single spaces.
  std::string_view CanonicalText(size_t begin, size_t end);
  void AppendCanonical(std::string& out, size_t begin, size_t end);
  // Skips to the matching close of the bracket at the cursor; false at Eof.
  bool SkipBalanced();
  // Skips one token of a clause kept as text, a bracketed group whole; false
  // on an unclosed bracket or (after Fail(what)) an error token.
  bool SkipOptionToken(std::string_view what);
  // Skips such tokens up to index `end` (or Eof), keeping their canonical
  // text in *text when there are any.
  bool SkipOptionsText(size_t end, std::string_view what, std::string_view* text);
  // True when an alias may start at the cursor (identifier that does not
  // begin a clause, such as `limit 10` or `sort by`).
  bool AtImplicitAlias() const;
  bool AtSparkCount(size_t k) const;  // Spark: token k starts LIMIT / OFFSET's count
  bool AtQueryStart(size_t k = 0) const;  // SELECT, WITH, FROM, VALUES, MAP, REDUCE, (…
  bool AtStatementStart(size_t k = 0) const;

  // ---- expressions (parse_expr.cc)
  // An expression whose operators all bind more tightly than `min`.
  ast::Expr* ParseExpr(ast::Precedence min = ast::Precedence::Lowest);
  ast::Expr* ParsePrefix();
  ast::Expr* ParsePrimary();
  [[gnu::noinline]] ast::Expr* ParsePrimaryOther();
  [[gnu::noinline]] ast::Expr* ParseStructRest(ast::Expr* first, uint32_t begin);
  [[gnu::noinline]] ast::Expr* ApplyInfix(ast::Expr* lhs, Infix in, uint32_t begin);
  ast::Expr* ParseParenExpr();
  ast::Expr* ParseNameExpr();
  // Spark's lambdas (parse_primary.cc): `x -> body`, `(a, b) -> body`.
  size_t LambdaParamsAt() const;  // how many tokens the parameters take before `->` (0: no lambda here)
  ast::Expr* ParseLambda();
  ast::Expr* ParseLambdaVariable();  // a parameter of an enclosing lambda, with its `.field`s
  bool AtLambdaVariable() const;
  bool NameStructFields(ast::FunctionCall* f, const std::vector<ast::Ident>& names);  // parse_call.cc
  bool AtAggregateFilter() const;                                            // parse_call.cc
  bool AtSparkWithoutTimeZone() const;                                       // parse_columns.cc
  bool ParseCollationName(ast::Ident* out);                                  // parse_columns.cc
  bool ApplyAggregateFilter(ast::FunctionCall* f, uint32_t begin);          // parse_call.cc
  // Spark's `v:path` (after ':'): the path's canonical text.
  bool ParseVariantPath(std::string_view* out);
  // Spark's GROUP BY with ROLLUP / CUBE / GROUPING SETS among other items (parse_select.cc).
  bool AtSparkGroupingMix() const;
  bool AtSparkTransformCall() const;
  bool ParseSparkGroupingMix(ast::GroupBy* g);
  bool ParseGroupingElement(std::vector<std::vector<ast::Expr*>>* sets, int depth);
  ast::Expr* ParseFunctionRest(ast::List<ast::Ident> name, uint32_t begin);
  ast::Expr* ParseRegexColumnArgument();
  ast::Expr* ParseSparkWordLiteral();
  bool IsSparkNumberSuffix(std::string_view s) const;
  ast::Expr* ParseExists();
  ast::Expr* ParseCase();
  ast::Expr* ParseCast();
  ast::Expr* ParseExtract();
  ast::Expr* ParseFloor(uint32_t begin);
  ast::Expr* ParseTrim(const ast::Ident& name, uint32_t begin);
  ast::Expr* ParseIntervalKeyword();
  ast::Expr* MaybeInterval(ast::Expr* value, uint32_t begin);
  ast::Expr* ParseInRhs(ast::Expr* lhs, bool negated, uint32_t begin);
  ast::Expr* ParseLikeRhs(ast::Expr* lhs, ast::LikeExpr::Op op, bool negated, uint32_t begin);
  ast::Expr* ParseBetweenRhs(ast::Expr* lhs, bool negated, uint32_t begin);
  ast::Expr* ParseSubqueryParens(uint32_t begin);  // `( query )` -> SubqueryExpr
  bool AtIntervalUnit(size_t k = 0) const;
  std::string_view ParseIntervalUnit();
  ast::WindowSpec* ParseWindowSpecBody(uint32_t begin);  // after `(`, through `)`
  bool ParsePartitionOrder(ast::WindowSpec* w);          // PARTITION/DISTRIBUTE/CLUSTER BY, ORDER/SORT BY
  bool ParseWindowFrame(ast::WindowFrame** out);
  bool ParseFrameBound(ast::FrameBound* out);
  bool ParseOrderItems(ast::List<ast::OrderItem>* out);
  bool ParseExprList(ast::List<ast::Expr*>* out);  // e, e, ...
  bool AcceptListComma();
  // `e, e` or `(e, e)` (a parenthesized list is split into its items).
  bool ParseExprListMaybeParen(ast::List<ast::Expr*>* out);
  ast::Literal* ParseStringLiteral();

  // ---- queries (parse_query.cc)
  ast::Query* ParseQuery();
  ast::Query* ParseQueryWithCtes(ast::List<ast::Cte> ctes, uint32_t begin);
  bool ParseCtes(ast::List<ast::Cte>* out);
  ast::QueryExpr* ParseSetExpr();
  ast::QueryExpr* ParseQueryPrimary();
  ast::ValuesQuery* ParseValues();
  bool ParseTrailingClauses(ast::Query* q);

  // ---- SELECT blocks (parse_select.cc)
  ast::SelectCore* ParseSelectCore(bool from_first);
  ast::SelectCore* ParseMapReduce(bool from_first);
  bool ParseSelectRest(ast::SelectCore* core, bool from_first);
  void ParseSelectQuantifier(ast::SelectCore* core);
  bool ParseSelectItems(ast::SelectCore* core);
  bool ParseStarExcept(ast::SelectItem* item);  // Spark's `* EXCEPT (a, b)`
  bool ParseSelectItem(ast::SelectItem* item);
  ast::ScriptTransform* ParseTransformTail(ast::ScriptTransform* t);
  bool ParseScriptFormat(Keyword reader_or_writer, std::string_view* text);
  bool ParseGroupBy(ast::GroupBy** out);
  bool ParseNamedWindows(ast::List<ast::NamedWindow>* out);

  // ---- FROM clauses (parse_from.cc)
  ast::TableRef* ParseFromClause();  // the table references after FROM
  ast::TableRef* ParseJoinedSource();
  ast::TableRef* ParseJoinsAfter(ast::TableRef* left, uint32_t begin);
  ast::TableRef* ParseTableSource();
  ast::ValuesRef* ParseTableValues();  // `TABLE ( VALUES ... ) [alias [(cols)]]`
  ast::TableRef* ParseTableNameRef();
  bool ParseTemporalClause(ast::TableName* t);  // Spark's VERSION / TIMESTAMP AS OF (parse_time_travel.cc)
  ast::TableRef* ParseParenSource();
  // `(SELECT * FROM inner)` as a derived table: Spark's renamed sources (`t AS x(a, b)`, `(a JOIN b) j`).
  ast::SubqueryRef* StarDerivedTable(ast::TableRef* inner);
  ast::TableRef* ParseLateralViews(ast::TableRef* source);
  ast::TableRef* ParseUniqueJoin();
  ast::TableRef* ParsePtf();
  ast::TableFunctionRef* ParseSparkTableFunction(uint32_t begin);
  // Spark's PIVOT / UNPIVOT clause after `source`; AtPivot: one starts here.
  bool AtPivot(size_t k = 0) const;
  ast::TableRef* ParsePivot(ast::TableRef* source);
  bool ParsePivotItems(ast::List<ast::SelectItem>* out);
  bool ParsePivotNames(ast::List<ast::Ident>* out);
  // Spark's NATURAL before a join: token k is NATURAL and a join's words follow.
  bool AtNaturalJoin(size_t k = 0) const;
  bool ParseTableAlias(ast::Ident* alias, ast::List<ast::Ident>* columns);
  bool ParseTableSample(ast::TableSample** out);

  // ---- queries as statements: plain, INSERT, FROM-first (parse_insert.cc)
  ast::Statement* ParseQueryStatement();
  ast::Statement* ParseFromFirst(ast::QueryStatement* stmt);
  ast::InsertTarget* ParseInsertTarget();

  // ---- column definitions, types, PARTITION specs (parse_columns.cc)
  bool ParsePartitionSpec(ast::PartitionSpec** out);
  bool ParseColumnDefs(ast::List<ast::ColumnDef>* out, bool types_required);
  bool SparkPlainColumnList(size_t k) const;
  bool ParseColumnDef(ast::ColumnDef* out, bool type_required);
  bool AtType(size_t k = 0) const;  // a word that starts a column type
  bool AtTableConstraint() const;
  bool SkipTableConstraint();
  bool SkipColumnConstraint();
  bool SkipConstraintOptions();
  bool ParseType(ast::TypeName* out);
  bool AppendType(std::string& out);

  // ---- DDL (parse_ddl.cc)
  ast::Statement* ParseCreate();
  // Spark's CREATE TABLE clauses, in any order (parse_ddl.cc).
  bool ParseSparkTableClauses(ast::CreateTableStatement* c);
  bool ParseSparkOptions(bool value_optional = false);
  bool SkipDottedName();
  // Spark's pipe syntax (the `|>` loop in parse_query.cc, the operators in parse_pipe.cc).
  // At `|>`, or at Spark's one-`|` spelling: a `|` that starts a line, before a pipe operator's word.
  bool AtPipe() const;
  // Reads the `|>` (or `|`) AtPipe is at.
  void AdvancePipe();
  ast::Query* ParsePipeOperator(ast::Query* prev, ast::Ident* alias, uint32_t begin);
  // The query after its pipe operators, with Spark's result clauses that follow them (`q |> ... ORDER BY c`).
  ast::Query* ParseClausesAfterPipes(ast::Query* q, uint32_t begin);
  // The relation a `|> JOIN`, `|> PIVOT` or `|> UNPIVOT` makes of `left`: one join, or a PIVOT and an UNPIVOT.
  ast::TableRef* ParsePipeRelation(ast::TableRef* left);
  // The rest of `|> SELECT` into core.
  bool ParsePipeSelect(ast::SelectCore* core);
  // At `all` that names a column (Spark's `SELECT all, x`), not the quantifier.
  bool AtColumnNamedAll() const;
  // At Spark's `APPROX | EXACT NEAREST` after a join's right side; at its `BIN BY (` after a relation.
  bool AtNearestBy() const { return spark() && (AtWord("approx") || AtWord("exact")) && AtWord("nearest", 1); }
  bool AtBinBy() const { return spark() && AtWord("bin") && AtKw(Keyword::By, 1) && AtKind(TokenKind::LParen, 2); }
  bool ParseNearestBy(ast::JoinRef* j);
  ast::TableRef* ParseBinBy(ast::TableRef* source);
  // At Spark's `IDENTIFIER('name')` (a constant string only).
  bool AtIdentifierClause() const;
  // The tokens of a constant IDENTIFIER(...) clause at the current token, 0 when there is none.
  size_t IdentifierClauseTokens() const;
  // Warns at an IDENTIFIER(expr) whose expression is no constant string: the name is unknown.
  void WarnIfRunTimeName();
  // Spark's named argument `name => value`: reads `name =>` into *name; false (nothing read) if absent.
  bool AcceptArgumentName(ast::Ident* name);
  ast::Statement* ParseSparkCache();
  ast::Statement* ParseCreateTable(uint32_t begin, bool temporary, bool external, bool transactional, bool managed);
  ast::Statement* ParseCreateView(uint32_t begin, bool or_replace, bool materialized);
  ast::Statement* ParseAlter();
  ast::Statement* ParseDrop();
  ast::Statement* ParseTruncate();
  // CREATE / ALTER / DROP of an object not modelled: an OtherStatement named
  // "<verb> <object>", over the tokens from index `start`.
  ast::Statement* ParseOtherObject(std::string_view verb, size_t start, uint32_t begin);

  // ---- storage clauses, checked and kept as text (parse_storage.cc)
  bool ParseTextValue();  // 'text' or ${var}
  bool ParseProperties();
  bool ParseRowFormat();
  bool ParseFileFormat();
  bool ParseTableStorage(std::string_view* location = nullptr);  // location: its LOCATION, unescaped
  bool ParseTableLayout();
  bool ParseViewOptions(bool materialized, std::string_view* default_collation = nullptr);
  bool ParseSparkViewOptions(std::string_view* default_collation);
  bool SkipNameList();
  bool SkipConstants();
  bool SkipSortColumns();
  bool SkipPartitionTransforms();

  // ---- DML (parse_dml.cc)
  ast::Statement* ParseUpdate();
  bool ParseDmlAlias(Keyword stop, ast::Ident* out);
  ast::Statement* ParseDelete();
  ast::Statement* ParseMerge();
  ast::Statement* ParseLoad();
  ast::Statement* ParseExport();
  ast::Statement* ParseImport();
  bool ParseAssignments(ast::List<ast::Assignment>* out);

  // ---- other statements (parse_other.cc)
  ast::Statement* ParseStatement();
  ast::Statement* ParseUse();
  ast::Statement* ParseExplain();
  ast::Statement* ParseOther(std::string_view what, uint32_t begin);
  bool AtOtherStatementStart() const;

  // ---- Spark's session statements (parse_session.cc)
  // The statement's text from token `begin` to before token `end`, as written.
  std::string_view RawText(size_t begin, size_t end) const;
  // The index of the token that starts at offset `begin` (at or before the cursor).
  size_t StartIndex(uint32_t begin) const;
  bool ParseAnyQualifiedName(ast::QualifiedName* out);  // reserved words too; IDENTIFIER('x')
  ast::Statement* ParseSparkSet();  // SET ... / RESET ...
  ast::Statement* ParseDeclareVariable();
  ast::Statement* ParseExecuteImmediate();
  // The statement a string token (without escapes) spells, or null with a warning.
  ast::Statement* ParseEmbeddedStatement(const Token& string_token);

  // ---- Spark's catalog utility statements (parse_catalog_utility.cc)
  bool ParseObjectName(ast::ObjectName* out, bool any_name);
  ast::Statement* ParseSparkDescribe();
  ast::Statement* ParseSparkShow();
  ast::Statement* ParseSparkUtility(std::string_view verb, uint32_t begin);  // after the verb's words
  ast::Statement* ParseSparkUse();

  // ---- Spark's CREATE FUNCTION (parse_function_def.cc)
  ast::Statement* ParseCreateFunction(uint32_t begin, bool or_replace, bool temporary);
  bool ParseFunctionParams(ast::List<ast::FunctionParam>* out, bool allow_default, bool allow_empty);
  bool ParseFunctionParam(ast::FunctionParam* out, bool allow_default);

  std::string_view text_;
  std::vector<Token>& tokens_;
  const Token* toks_;  // tokens_.data()
  size_t last_;        // index of the final (Eof) token
  Arena& arena_;
  const ParseOptions& options_;
  size_t pos_ = 0;
  int depth_ = 0;

  Diagnostics warnings_;  // handed out only when the statement parses

  // Furthest failure.
  size_t err_pos_ = 0;
  std::string_view err_what_;
  bool has_err_ = false;
  bool too_deep_ = false;
  size_t too_deep_pos_ = 0;

  // Positions where a parenthesized FROM source failed to parse as a query.
  // A set: junk with hundreds of nested parentheses fails at as many (found
  // by parse_fuzzer: a 1.4 KB statement took 4 s, most of it scanning a list).
  absl::flat_hash_set<size_t> failed_query_at_;
  // How many such failures a statement may have before no parenthesized
  // source is tried as a query any more: each failure re-reads what the
  // attempt read, and junk nesting hundreds of `(((( SELECT` made that
  // cubic. Real statements fail a handful of times at most.
  static constexpr size_t kMaxFailedQueryAttempts = 64;

  // Scratch stacks for lists, shared by the parsers of one thread so their
  // capacity is reused from statement to statement (no allocation per list).
  struct Scratch {
    std::vector<ast::Expr*> exprs;
    std::vector<ast::Ident> idents;
    std::vector<ast::SelectItem> select_items;
    std::vector<ast::OrderItem> order_items;
    std::vector<ast::ColumnDef> column_defs;
    std::vector<ast::PartitionItem> partition_items;
    std::vector<ast::WhenClause> whens;
    std::vector<ast::List<ast::Expr*>> expr_lists;
    std::string text;
  };
  static Scratch& ThreadScratch();
  Scratch& scratch_state_ = ThreadScratch();
  std::vector<ast::Expr*>& exprs_ = scratch_state_.exprs;
  std::vector<ast::Ident>& idents_ = scratch_state_.idents;
  std::vector<ast::SelectItem>& select_items_ = scratch_state_.select_items;
  std::vector<ast::OrderItem>& order_items_ = scratch_state_.order_items;
  std::vector<ast::ColumnDef>& column_defs_ = scratch_state_.column_defs;
  std::vector<ast::PartitionItem>& partition_items_ = scratch_state_.partition_items;
  std::vector<ast::WhenClause>& whens_ = scratch_state_.whens;
  std::vector<ast::List<ast::Expr*>>& expr_lists_ = scratch_state_.expr_lists;
  std::string& scratch_ = scratch_state_.text;
  bool allow_default_ = false;
  // Inside a select item (Spark's named expression): with quoted regex column
  // names on, a back-quoted function argument there is a column regex.
  bool in_select_item_ = false;
  std::vector<std::string_view> lambda_params_;  // the parameters of the lambdas around the cursor
  bool ptf_partitioning_ =
      false;  // PTF sort lists end before `, name(`  // DEFAULT is a value (VALUES rows, SET c = DEFAULT)
};

class DepthGuard {
 public:
  explicit DepthGuard(Parser& p) : p_(p) { ++p_.depth_; }
  ~DepthGuard() { --p_.depth_; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;
  // False (and a "nesting too deep" failure) past options.max_depth.
  bool ok() { return p_.depth_ <= p_.options_.max_depth || p_.TooDeep(); }

 private:
  Parser& p_;
};

}  // namespace hivelineage::parser
