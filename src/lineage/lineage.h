// Table and column lineage of one statement.
//
// ComputeLineage reads the AST after the rewrite passes, with what they
// recorded (rewrite::RewriteResult), and a Session that carries the current
// database and the catalog learned so far; DDL statements update the
// session's catalog, so statements must be fed in script order. Names are
// lower case and fully qualified: tables `db.table`, columns
// `db.table.column` (docs/output-format.md).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "ast/ast.h"
#include "base/diagnostic.h"
#include "lineage/catalog.h"
#include "lineage/derivation.h"
#include "rewrite/rewrite_result.h"

namespace hivelineage::lineage {

// A bare column that several tables of unknown schema could hold, none
// known to: the columns it may be, one per candidate table.
struct PossibleSource {
  std::string column;                   // as written, lower case
  std::vector<std::string> candidates;  // db.table.column, sorted
};

// Marks an interned source name as one of several candidates of a
// PossibleSource while it flows through the column model; lineage splits
// them from the certain sources when a statement's lineage is finished.
inline constexpr char kPossibleMark = '?';

// A source that reaches a target only through masking, and how: each way it
// arrives, named by its masking function (`md5`, `mask_first_n`) or by the
// masking shape recognised (`shape:substr_mask`, `shape:regexp_mask`);
// masking nested in masking is one name per layer joined by `+`, innermost
// first (`md5+mask`). A masking known only as a flag (a view of an earlier
// run) is named `mask`.
struct MaskedSource {
  std::string source;                // db.table.column
  std::vector<std::string> masking;  // sorted, unique
  bool operator==(const MaskedSource&) const = default;
};

struct ColumnLineage {
  std::string target;                // db.table.column, or output name for a plain query
  std::vector<std::string> sources;  // db.table.column, sorted, unique
  std::string expression;            // target expression traced back to base columns
  enum class Type : uint8_t { Simple, Expression, Script } type = Type::Simple;  // Hive's dependency type
  Derivation derivation = Derivation::Identity;  // how the value is made (OpenLineage DIRECT subtype)
  bool masking = false;                          // every source reaches it through mask*(), md5(), sha*(), hash()
  std::vector<PossibleSource> possible = {};     // uncertain references, sorted by column (not in `sources`)
  // The sources (of `sources`) that reach it masked on every way, sorted by
  // source; `masking` is true when every source is here.
  std::vector<MaskedSource> masked = {};
  // The sources whose table has no declared schema: known only from the
  // scripts' use of it (warehouse_schema.h), or not at all. Sorted.
  std::vector<std::string> inferred = {};
};

// The clause a predicate comes from, recorded where the resolver meets it.
// The PARTITION BY / ORDER BY of OVER (...) are not predicates: they are
// sources of the window expression itself.
enum class Clause : uint8_t {
  Where,    // WHERE of a query, UPDATE or DELETE
  JoinOn,   // JOIN ... ON, UNIQUEJOIN keys, MERGE ... ON
  GroupBy,  // GROUP BY items, GROUPING SETS included
  Having,
  Qualify,
  Window,     // PARTITION BY / DISTRIBUTE BY / CLUSTER BY of a table function's input: noop(ON t PARTITION BY a)
  MergeWhen,  // MERGE ... WHEN [NOT] MATCHED AND condition
  // ORDER BY / SORT BY / DISTRIBUTE BY / CLUSTER BY of a query, one predicate
  // for all of them: they decide the order rows are written in and the
  // reducer (so the file) each row goes to, never a value. Read from what the
  // prune_order_limit pass removed (rewrite::RewriteResult::sort_keys). Hive's
  // LineageLogger has no edge for them, so the hive format leaves them out.
  Sort,
};

// "where", "join_on", "group_by", "having", "qualify", "window", "merge_when", "sort"
const char* ClauseName(Clause c);
// The Clause that ClauseName gives `name`; false when none does.
bool ParseClause(std::string_view name, Clause& out);

// A lineage predicate: the columns of a WHERE / JOIN ON / GROUP BY / HAVING /
// QUALIFY condition (Hive LineageLogger's PREDICATE edge), or of a query's
// sort keys, feeding every written column.
struct PredicateLineage {
  std::vector<std::string> sources;  // db.table.column, sorted, unique
  std::vector<std::string> targets;  // db.table.column of the written columns
  std::string expression;            // the condition, printed
  Clause clause = Clause::Where;
  // Whether it governs every column the statement writes (`targets` lists
  // them all); false for one body of a multi-insert that not every written
  // column comes from. Set by the analysis; consumers never compare sizes.
  bool governs_all = false;
};

struct StatementLineage {
  std::vector<std::string> inputs;   // db.table, sorted, unique
  std::vector<std::string> outputs;  // db.table or directory:PATH, sorted, unique
  std::vector<ColumnLineage> columns;
  std::vector<PredicateLineage> predicates;
  // Outputs this statement created (CREATE TEMPORARY TABLE, CTAS included) as
  // temporary tables, and as views (CREATE [MATERIALIZED] VIEW, ALTER VIEW AS);
  // sorted, unique. CREATE ... IF NOT EXISTS of a table the catalog knows creates nothing.
  std::vector<std::string> temporary_outputs;
  std::vector<std::string> view_outputs;
  // The columns (partition columns included) a CREATE TABLE without a query,
  // or an ALTER TABLE ADD / REPLACE / CHANGE COLUMNS, leaves the table with,
  // db.table.column, in schema order: a column the scripts declare exists
  // even when nothing reads or writes it.
  std::vector<std::string> declared_columns;
  Diagnostics diagnostics;  // unresolved / ambiguous columns (spans relative to the statement text)
};

// Which rules decide a target column's sources (docs/semantics.md).
enum class Semantics : uint8_t {
  // The columns a target's expression names, followed through subqueries,
  // views, unions and lateral views; a window function's are its arguments
  // and its PARTITION BY / ORDER BY keys. Condition columns are reported apart.
  Precise,
  // Hive's own rules (what its lineage hook records), artefacts included: a
  // window function reads the whole row of its FROM clause, as a SCRIPT
  // dependency; unaliased window columns are named `<fn>_window_<n>`.
  Hive,
};

// "precise", "hive"
const char* SemanticsName(Semantics s);
// The semantics named `name` ("precise", "hive"); false when there is none.
bool ParseSemantics(std::string_view name, Semantics& out);

// A Spark SQL function the script created (CREATE [TEMPORARY] FUNCTION ... RETURN ...):
// what a call of it reads, from its body analysed when it was created.
struct SqlFunction {
  bool table = false;                // RETURNS TABLE: called in FROM, `SELECT * FROM f()`
  std::vector<std::string> columns;  // a table function's output columns (RETURNS TABLE's, else its query's)
  // Per output column (a scalar function: one), the base columns (db.t.c) the body reads for it.
  std::vector<std::vector<std::string>> column_sources;
  std::vector<std::string> inputs;  // the tables and views the body reads
};

// State carried from statement to statement of a script (or of a sequence of
// scripts). Made by driver::NewSession from the run's options.
struct Session {
  std::string current_database = "default";
  Catalog catalog;  // starts over the --catalog tables; DDL updates it
  Semantics semantics = Semantics::Precise;
  // What `set hive.autogen.columnalias.prefix.label=...` made the prefix of
  // the names Hive gives unaliased select columns (`_c<n>`); read under Hive
  // semantics only (AutogenLabel).
  std::string autogen_label = "_c";
  // `set hive.map.aggr=...` and `set hive.cbo.returnpath.hiveop=...`: with
  // map-side aggregation off (and the return path not in use), Hive's
  // reduce-side GROUP BY loses a repeated DISTINCT argument's column source
  // (DistinctArgumentsLost). Read under Hive semantics only.
  bool map_aggr = true;
  bool cbo_returnpath = false;
  // The script is Spark SQL: unaliased select items get Spark's names
  // (`count(b)`), not Hive's `_c<n>` (docs/dialects.md).
  bool spark_names = false;
  // Spark's `set spark.sql.caseSensitive=true` (per script): regex column
  // names match column names as written, not case-insensitively.
  bool spark_case_sensitive = false;
  // Spark's persistent SQL functions the script created (CREATE FUNCTION ... RETURN),
  // as `db.f` lower case: their calls are named `spark_catalog.db.f(...)`.
  std::set<std::string> sql_functions;
  // The SQL functions' bodies, by `db.f` (persistent) or `f` (temporary), lower case.
  std::map<std::string, SqlFunction> sql_function_bodies;
  // Spark's session variables the script declared (DECLARE VARIABLE), by
  // lower-case name: the declared type's SQL ("" when not written) and the
  // value as Spark prints a variable reference's (`1`, `'x'`,
  // `CAST(NULL AS INT)`; "" when not known without running the script).
  struct SessionVariable {
    std::string type_sql;
    std::string value_sql;
  };
  std::map<std::string, SessionVariable> session_variables;
};

// The Hive settings lineage reads, from a script's `set key=value` lines:
// hive.autogen.columnalias.prefix.label, hive.map.aggr,
// hive.cbo.returnpath.hiveop; in a Spark script spark.sql.caseSensitive.
// Others are ignored.
void ApplySetting(std::string_view key, std::string_view value, Session& session);
// The prefix of an unaliased select column's name: `_c`, or under Hive
// semantics the one the script set.
std::string_view AutogenLabel(const Session& session);

// Computes lineage for the statement the rewrite pipeline rewrote
// (rewrite::RunPipeline) and applies its DDL effects to `session`.
StatementLineage ComputeLineage(const rewrite::RewriteResult& rewritten, Session& session);

}  // namespace hivelineage::lineage
