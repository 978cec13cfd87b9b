// Table and column lineage of one statement.
//
// ComputeLineage reads the AST (after the rewrite passes) and a Session that
// carries the current database and the catalog learned so far; DDL statements
// update the session's catalog, so statements must be fed in script order.
// Names are lower case and fully qualified: tables `db.table`, columns
// `db.table.column` (see ../shared/docs/output-contract.md).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ast/ast.h"
#include "base/diagnostic.h"
#include "lineage/catalog.h"

namespace hivelineage::lineage {

struct ColumnLineage {
  std::string target;                // db.table.column, or output name for a plain query
  std::vector<std::string> sources;  // db.table.column, sorted, unique
  std::string expression;            // target expression traced back to base columns
  enum class Type : uint8_t { Simple, Expression, Script } type = Type::Simple;  // Hive's dependency type
};

// The clause a predicate comes from, recorded where the analyzer meets it.
// ORDER BY / SORT BY and the PARTITION BY / ORDER BY of OVER (...) are not
// predicates: Hive's lineage has no edge for the former, and the latter are
// sources of the window expression itself.
enum class Clause : uint8_t {
  Where,      // WHERE of a query, UPDATE or DELETE
  JoinOn,     // JOIN ... ON, UNIQUEJOIN keys, MERGE ... ON
  GroupBy,    // GROUP BY items, GROUPING SETS included
  Having,
  Qualify,
  Window,     // PARTITION BY / DISTRIBUTE BY / CLUSTER BY of a table function's input: noop(ON t PARTITION BY a)
  MergeWhen,  // MERGE ... WHEN [NOT] MATCHED AND condition
};

const char* ClauseName(Clause c);  // "where", "join_on", "group_by", "having", "qualify", "window", "merge_when"

// A Hive LineageLogger PREDICATE edge: the columns of a WHERE / JOIN ON /
// GROUP BY / HAVING / QUALIFY condition, feeding every written column.
struct PredicateLineage {
  std::vector<std::string> sources;  // db.table.column, sorted, unique
  std::vector<std::string> targets;  // db.table.column of the written columns
  std::string expression;            // the condition, printed
  Clause clause = Clause::Where;
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
  Diagnostics diagnostics;  // unresolved / ambiguous columns (spans relative to the statement text)
};

// State carried from statement to statement of a script (or of a sequence of scripts).
struct Session {
  std::string current_database = "default";
  Catalog catalog;  // starts as a copy of the --catalog tables; DDL updates it
};

// Computes lineage for `stmt` and applies its DDL effects to `session`.
StatementLineage ComputeLineage(const ast::Statement& stmt, Session& session);

}  // namespace hivelineage::lineage
