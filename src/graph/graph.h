// The cross-script lineage graph: every statement of a run merged into one
// graph of tables and columns.
//
// Nodes are named as in the output contract (`db.table`, `db.table.column`),
// so a table written by one statement and read by a later one (a temporary
// table, a view, a CTAS staging table) is the same node in both, and the
// statements chain together without any extra matching.
//
// Column edges carry the statement(s) that make them: one step for an edge
// read straight from a statement, several after `--collapse temporary` has
// bridged the temporary tables in between. Graph::Finish() sorts and dedups,
// so a graph built from the same inputs is always identical.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "base/source_file.h"
#include "lineage/lineage.h"

namespace hivelineage::graph {

// How a source column reaches a target: its value flows into it (projection),
// or it only decides which rows are written (predicate: WHERE, JOIN ON,
// GROUP BY, HAVING, ..., see lineage::Clause). Table edges link a statement's inputs to its outputs.
enum class EdgeKind : uint8_t { Projection, Predicate, Table };

const char* EdgeKindName(EdgeKind kind);

// One analysed statement, as the graph remembers it.
struct StatementInfo {
  std::string file;
  uint32_t index = 0;  // within the file, from 0
  LineCol start;
  std::string kind;      // driver::StatementResult::kind
  std::string database;  // current database when it ran
  std::string sql;       // statement text as written (kept only when asked for)
  bool has_error = false;
  lineage::StatementLineage lineage;  // diagnostics cleared
};

// One statement along an edge: it connects `source` to `target` through `expression`.
struct Step {
  uint32_t statement = 0;  // index into Graph::statements
  EdgeKind kind = EdgeKind::Projection;
  std::string source;
  std::string target;
  std::string expression;
  lineage::Clause clause = lineage::Clause::Where;  // for predicate steps: the condition's clause
};

struct Edge {
  std::string source;
  std::string target;
  EdgeKind kind = EdgeKind::Projection;  // Predicate if any step is a predicate
  std::vector<Step> steps;               // in data-flow order, never empty
  // The expression that finally writes `target` (that of the last step).
  const std::string& expression() const { return steps.back().expression; }
};

enum class TableKind : uint8_t { Table, View, Temporary, Directory };

const char* TableKindName(TableKind kind);

struct TableNode {
  std::string name;  // db.table, or directory:PATH
  TableKind kind = TableKind::Table;
  std::vector<std::string> columns;  // short names of its column nodes, sorted
};

struct ColumnNode {
  std::string name;    // db.table.column
  std::string table;   // db.table
  std::string column;  // column
};

struct Graph {
  std::vector<StatementInfo> statements;  // in run order
  std::map<std::string, TableNode> tables;
  std::map<std::string, ColumnNode> columns;
  std::vector<Edge> edges;             // column to column
  std::vector<Edge> table_edges;       // table to table, one per statement (input, output) pair
  std::vector<std::string> collapsed;  // tables removed by --collapse, sorted

  const TableNode* FindTable(const std::string& name) const;
  const ColumnNode* FindColumn(const std::string& name) const;

  // Rebuilds TableNode::columns, then sorts and dedups the edges: by source,
  // target, kind, then the steps' statements and expressions.
  void Finish();
};

// The table part of a column name: the longest of `tables` that prefixes it
// (names such as `directory:/a.b` hold dots), else, with `allow_fallback`,
// everything before the last dot. Empty when there is none.
std::string TableOfColumn(const std::string& column, const std::vector<std::string>& tables, bool allow_fallback);

}  // namespace hivelineage::graph
