// Resolves names and computes column lineage over one statement's rewritten
// AST (rewrite/pipeline.h): CTEs are inlined derived tables, set operations
// are chains one level deep, sort keys come from the RewriteResult. A shape a
// pass should have removed is an internal error, never resolved again here.
//
// The Resolver walks queries bottom-up: a query's output is a ColumnList whose
// columns already carry their base-column sets, so an outer query resolving a
// reference gets the whole lineage in one hash lookup (no re-tracing, no
// quadratic scans). Derived tables are memoized per Query node, so a CTE
// inlined at many references (one shared node) is analysed once. Unknown or
// ambiguous references become diagnostics. The AST is never modified; traced
// expressions and synthesized names live in the Resolver's own arena.
#pragma once

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/inlined_vector.h"
#include "ast/ast.h"
#include "base/arena.h"
#include "lineage/column_set.h"
#include "lineage/lineage.h"
#include "lineage/scope.h"
#include "lineage/stable_pool.h"
#include "rewrite/rewrite_result.h"

namespace hivelineage::lineage {

class ColumnRegex;  // lineage/column_regex.h

// Queries nested (inside expressions or parentheses) deeper than this are
// not analysed: a warning says so. Chains of CTEs and FROM subqueries do not
// count (they are analysed bottom-up). Measured with ulimit -s on a debug
// ASan build: 440 nested IN subqueries need 1.37 MB in all (parse, rewrite,
// lineage, printing), about 3 KB per level, so 1000 levels fit in 8 MB.
inline constexpr int kMaxQueryNesting = 1000;

struct ExprInfo {
  ColumnSet sources;
  DepType type = DepType::Simple;
  Derivation derivation = Derivation::Identity;  // see Column::derivation
  bool masking = false;
};

// A WHERE / JOIN ON / GROUP BY / HAVING / QUALIFY condition, or a query's
// sort keys, met during analysis.
struct PredicateRecord {
  Clause clause = Clause::Where;
  ColumnSet sources;
  const ast::Expr* expr = nullptr;          // the condition (GROUP BY: its first item)
  std::span<ast::Expr* const> group_by;     // GROUP BY items, printed together
  const rewrite::SortKeys* sort = nullptr;  // Clause::Sort: the ORDER BY / ... lists, printed together
  int body = -1;                            // insert body it belongs to; -1: the whole statement
};

class Resolver {
 public:
  Resolver(const rewrite::RewriteResult& rewritten, Session& session, StatementLineage& out)
      : rewritten_(rewritten), session_(session), out_(out) {
    constant_.derivation = Derivation::Transformation;
  }

  // Table name as written -> `db.table` (lower case, current database added).
  std::string TableKey(const ast::QualifiedName& name) const;

  // Output columns of a query. `outer` is the enclosing scope for correlated
  // subqueries (null for FROM items and top-level queries).
  ColumnList* AnalyzeQuery(const ast::Query* q, Scope* outer);
  ExprInfo AnalyzeExpr(const ast::Expr* e, Scope* scope);
  // A query output column by name, including columns behind a `*` over a table of unknown schema.
  const Column* LookupOutput(ColumnList* q, const std::string& name) { return Lookup(q, name); }
  void RecordPredicate(const ast::Expr* e, Scope* scope, Clause clause);

  // Builds the shared FROM of a FROM-first statement; bodies without their
  // own FROM read it.
  void SetSharedFrom(const ast::TableRef* from);
  // The body SELECT that reads the shared FROM (nested queries never do).
  void SetSharedCore(const ast::QueryExpr* body) { shared_core_ = body; }

  // A scope over one table, for UPDATE / DELETE / MERGE.
  Scope* NewTableScope(const ast::QualifiedName& name, std::string_view alias);
  void AddRelations(const ast::TableRef* ref, Scope* scope);
  Scope* NewScope(Scope* parent);

  // The column's expression with aliases traced back to base columns.
  std::string ExpressionText(const Column& c);
  std::string PrintCondition(const PredicateRecord& p);

  void AddInput(std::string key);
  // CREATE [TEMPORARY] FUNCTION ... RETURN: the body's reads, kept in the session (resolver_table_function.cc).
  void DefineSqlFunction(const ast::CreateFunctionStatement& cf);
  void Warn(Span span, std::string message, DiagnosticCode code);
  // An error for a shape a rewrite pass should have removed (`what`, e.g.
  // "WITH"): lineage relies on the passes and does not redo their work.
  void Unrewritten(Span span, std::string_view what, std::string_view pass);

  ColumnInterner& interner() { return interner_; }
  // Spark's CREATE VIEW ... DEFAULT COLLATION c: the collation the view query's string literals are named with.
  void SetSparkDefaultCollation(std::string_view collation) { spark_default_collation_ = collation; }
  std::vector<PredicateRecord>& predicates() { return predicates_; }
  int current_body = -1;
  // False while the bodies of a multi-insert are analysed.
  bool single_insert = true;

 private:
  ColumnList* NewList();
  ColumnList* AnalyzeQueryExpr(const ast::QueryExpr* qe, Scope* outer);
  // `scope_out`, when given, receives the SELECT's scope (for its sort keys).
  ColumnList* AnalyzeCore(const ast::SelectCore* core, Scope* outer, Scope** scope_out = nullptr);
  // The sort keys prune_order_limit removed from `q` as one Clause::Sort predicate; `out` is q's output, `core_scope`
  // the scope of q's SELECT when its body is one.
  void RecordSortKeys(const ast::Query* q, ColumnList* out, Scope* core_scope);
  ColumnList* AnalyzeSetOperationChain(const ast::SetOperationChain* chain, Scope* outer);
  ColumnList* AnalyzeValues(const ast::ValuesQuery* values, std::span<const ast::Ident> aliases);
  void AddFromItem(const ast::TableRef* ref, Scope* scope);
  // Analyses `root` and the derived tables under it deepest first, into derived_.
  void AnalyzeDerivedBottomUp(const ast::Query* root);
  void AddTable(const ast::TableName* t, Scope* scope);
  void AddLateralView(const ast::LateralViewRef* lv, Scope* scope);
  // A derived table's columns under its alias list `s(a, b)`, renamed in order.
  ColumnList* Renamed(ColumnList* in, const ast::SubqueryRef* s);
  ColumnList* TableColumns(const std::string& key);
  void ExpandStar(const ast::StarExpr* star, Scope* scope, ColumnList* out,
                  std::span<const ast::QualifiedName> except = {});
  // JOIN ... USING / NATURAL JOIN: the key columns of relations [first, mid) (left) and [mid, end) (right).
  void MergeJoinKeys(const ast::JoinRef* j, Scope* scope, size_t first, size_t mid);
  // Spark's PIVOT / UNPIVOT: the columns it makes of its source's.
  ColumnList* PivotColumns(const ast::PivotRef* p);
  // Spark's BIN BY: its source's relations (under the BIN BY's alias when it has one) and its bin columns.
  void AddBinBy(const ast::BinByRef* b, Scope* scope);
  // Spark's table-valued function in FROM: its output columns (resolver_table_function.cc).
  ColumnList* TableFunctionColumns(const ast::TableFunctionRef* f, Scope* scope);
  // The SQL function the script created that `parts` names, or null.
  const SqlFunction* FindSqlFunction(std::span<const ast::Ident> parts) const;
  void AddSqlFunctionCall(const SqlFunction& f, ExprInfo& info);
  static size_t ReplacedAt(const ast::StarExpr* star, std::string_view name);
  Column ReplacedColumn(const ast::StarExpr* star, size_t k, Scope* scope);
  void AddUdtfOutputs(const ast::FunctionCall* f, std::span<const ast::Ident> aliases, Scope* scope, ColumnList* out);

  // Resolution.
  // Resolutions are remembered per (reference, scope): tracing re-reads them.
  const Column* Resolve(const ast::ColumnRef* ref, Scope* scope, size_t* used_parts);
  const Column* ResolveUncached(const ast::ColumnRef* ref, Scope* scope, size_t* used_parts);
  const Column* Lookup(ColumnList* list, const std::string& name);
  const Column* LookupDeclaredInScope(Scope* s, const std::string& name, const ast::ColumnRef* ref, bool* ambiguous);
  const Column* WindowKeyAlias(const ast::Expr* k, Scope* scope);
  const Column* VirtualColumn(Scope* s, const std::string& name);
  const Column* PossibleColumn(Scope* s, const std::string& name, const ast::ColumnRef* ref);
  const ColumnSet& AllColumns(Scope* s);
  // Hive semantics: the columns `where` holds to a constant (`c = 'x'`,
  // `c IS NULL` among its AND-ed conjuncts) go to scope->folded. Hive's
  // optimizer replaces them by the constant in the select list, so its
  // lineage gives them no source.
  void FoldConstantFilters(const ast::Expr* where, Scope* scope);
  std::string CopiedColumnType(const Column& c);
  // True when `c` is held to a constant in `scope` (FoldConstantFilters): it then adds no source.
  bool Folded(const Scope* scope, const Column* c) const {
    return scope != nullptr && !scope->folded.empty() &&
           std::find(scope->folded.begin(), scope->folded.end(), c) != scope->folded.end();
  }
  // What OVER (...) adds to a window function's sources (docs/semantics.md):
  // under Hive's rules the whole FROM row; under precise ones its PARTITION BY
  // / ORDER BY keys, pushed onto `operands` to be read like the arguments.
  void AddWindowSources(const ast::WindowSpec& over, Scope* scope, ExprInfo& info,
                        absl::InlinedVector<const ast::Expr*, 32>& operands);
  // Sources of a `*` / `t.*` used as a function or TRANSFORM argument.
  std::unique_ptr<ColumnRegex> StarRegex(const ast::StarExpr* star, bool* bad);
  void StarSources(const ast::StarExpr* star, Scope* scope, ExprInfo& info);
  // The names of the columns a star argument covers in `scope` (nullptr: f(*)'s bare star),
  // or none when a relation it covers has columns not known.
  std::vector<std::string> StarColumnNames(const ast::StarExpr* star, const Scope* scope) const;

  // Tracing (trace.cc).
  const ast::Expr* TraceColumn(const Column& c, int depth);
  const ast::Expr* TraceExpr(const ast::Expr* e, Scope* scope, int depth);
  // Printed expression text; subqueries reading very many derived tables print as `(SELECT ...)`.
  std::string Print(const ast::Expr* e);
  // `TRANSFORM(a, b) USING 'script'`, arguments traced like select items.
  std::string TransformText(const ast::ScriptTransform& t, Scope* scope);
  const ast::Expr* ElideSubqueries(const ast::Expr* e);

  const rewrite::RewriteResult& rewritten_;
  Session& session_;
  StatementLineage& out_;
  ColumnInterner interner_;
  Arena arena_;
  StablePool<Column> column_pool_;  // every Column of the statement
  StablePool<ColumnList> lists_;
  StablePool<Scope> scopes_;
  absl::flat_hash_map<std::string, ColumnList*> table_columns_;  // per statement
  absl::flat_hash_map<const Column*, const ast::Expr*> traced_;
  using ResolveKey = std::pair<const ast::ColumnRef*, const Scope*>;
  absl::flat_hash_map<ResolveKey, std::pair<const Column*, size_t>> resolved_;
  // The column each reference last resolved to: what Spark's names of
  // subqueries list as outer references (SparkOuterRef).
  absl::flat_hash_map<const ast::ColumnRef*, const Column*> resolved_by_ref_;
  // Spark's name for a reference that reads a session variable of known
  // value rather than a column, or "".
  std::string SparkVariableName(const ast::ColumnRef* ref) const;
  const Session::SessionVariable* SessionVariableOf(const ast::ColumnRef* ref) const;
  // The catalog type of the base column a reference resolved to copies, or "".
  std::string SparkColumnType(const ast::ColumnRef* ref);
  // A reference the query of `scope` makes to a FROM item of a query around
  // it, qualified as Spark's outer(...) prints it; "" for its own columns.
  std::string SparkOuterColumn(const ast::ColumnRef* ref, const Scope* scope) const;
  // `column.field...` for a reference into a struct's fields, as resolved in `scope`; "" otherwise.
  std::string SparkFieldPath(const ast::ColumnRef* ref, const Scope* scope) const;
  // The collation of the declared string column `ref` reads (SparkNameContext::column_collation).
  std::optional<std::string> SparkColumnCollation(const ast::ColumnRef* ref) const;
  std::string_view spark_default_collation_;
  bool SparkOuterRef(const ast::ColumnRef* ref, const Scope* outer, std::span<const std::string> inner_aliases) const;
  std::vector<PredicateRecord> predicates_;
  Scope* shared_from_ = nullptr;
  const ast::QueryExpr* shared_core_ = nullptr;
  // DISTINCT aggregates whose argument Hive's reduce-side GROUP BY loses
  // (MarkLostDistinctArguments): read as no column.
  absl::flat_hash_set<const ast::FunctionCall*> lost_distinct_;
  void MarkLostDistinctArguments(const ast::SelectCore* core);
  absl::flat_hash_map<const ast::Query*, ColumnList*> derived_;  // FROM subquery outputs
  ast::Query* elided_query_ = nullptr;                           // `SELECT ...`, for ElideSubqueries
  Column constant_;                                              // what GROUPING__ID and the like resolve to
  int depth_ = 0;
  size_t trace_budget_ = 0;
  bool quiet_ = false;  // re-resolving while tracing: diagnostics were already given
};

}  // namespace hivelineage::lineage
