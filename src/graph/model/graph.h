// The cross-script lineage graph: every statement of a run merged into one
// graph of tables and columns (docs/graph.md).
//
// Two kinds of column links are kept apart, because they answer different
// questions:
//
//  - A value edge (column -> column) says the source's value flows into the
//    target, through the expression one statement writes it with (Hive's
//    PROJECTION edges; OpenLineage's DIRECT fields).
//  - A Condition is one WHERE / JOIN ON / GROUP BY / HAVING / QUALIFY / sort
//    / ... condition of one statement, kept once: its clause, its expression,
//    the columns it reads and the written columns it governs (all that the
//    statement writes, or one body's share of a multi-insert). It decides
//    which rows are written, never a value (Hive's PREDICATE edges;
//    OpenLineage's INDIRECT fields). It is never spread out as the cross
//    product condition columns x written columns.
//
// Table edges (input table -> output table of one statement) keep the
// statements that have no column lineage (LOAD, tables of unknown schema)
// connected.
//
// Nodes are named as in the output (`db.table`, `db.table.column`; see
// docs/output-format.md, "Names"), so a table written by one statement and
// read by another (a staging table, a temporary table, a view) is the same
// node in both, across scripts. Tables and columns are sorted by name and
// referred to by their position (TableId, ColumnId); statements by their
// position in run order (StatementId). A graph built from the same inputs is
// always identical.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "base/source_file.h"
#include "base/statement_kind.h"
#include "lineage/lineage.h"

namespace hivelineage::graph {

using StatementId = uint32_t;  // index into Graph::statements
using TableId = uint32_t;      // index into Graph::tables
using ColumnId = uint32_t;     // index into Graph::columns
inline constexpr uint32_t kNone = UINT32_MAX;

enum class TableKind : uint8_t { Table, View, Temporary, Directory };

const char* TableKindName(TableKind kind);

struct TableNode {
  std::string name;  // db.table, or directory:PATH
  TableKind kind = TableKind::Table;
  std::vector<ColumnId> columns;  // sorted by name
  bool collapsed = false;         // a temporary table --collapse temporary removed
};

struct ColumnNode {
  std::string name;  // db.table.column
  TableId table = 0;
  uint32_t short_offset = 0;  // where the column's own name starts in `name`
  std::string_view short_name() const { return std::string_view(name).substr(short_offset); }
};

// A column one statement writes, and how.
struct WrittenColumn {
  ColumnId column = 0;
  std::string expression;  // the target expression traced back to base columns
  lineage::Derivation derivation = lineage::Derivation::Identity;
  bool masking = false;  // every source reaches the value through mask*(), md5(), sha*() or hash()
  // The sources that reach the value masked, with the masking on each way
  // (lineage::MaskedSource), sorted by ColumnId.
  std::vector<std::pair<ColumnId, std::vector<std::string>>> masked = {};
};

// One analysed statement that reads or writes a table.
struct StatementInfo {
  std::string file;
  uint32_t index = 0;  // within the file, from 0
  LineCol start;
  StatementKind kind = StatementKind::Query;  // as the analysis decided it; named only at output
  std::string database;  // current database when it ran
  std::string sql;       // the statement as written (kept only when asked for)
  bool has_error = false;
  std::vector<TableId> inputs;   // sorted
  std::vector<TableId> outputs;  // sorted
  std::vector<WrittenColumn> written;
};

// One statement along an edge.
struct Step {
  StatementId statement = 0;
  uint32_t source = 0;  // ColumnId on value edges, TableId on table edges
  uint32_t target = 0;
  uint32_t written = kNone;  // value edges: index into statements[statement].written (the target's expression)
  // Value edges: the source is one candidate of a bare column several tables
  // of unknown schema could hold (lineage::ColumnLineage::possible; only in a
  // graph built with BuildOptions::possible).
  bool possible = false;
  // Value edges: the source's table has no declared schema, so the
  // resolution rests on inferred schema (lineage::ColumnLineage::inferred).
  bool inferred = false;
};

// A value edge (between columns) or a table edge (between tables).
struct Edge {
  uint32_t source = 0;
  uint32_t target = 0;
  // In data-flow order: one statement, or after --collapse temporary the
  // statements along a chain through temporary tables.
  absl::InlinedVector<Step, 1> steps;
  StatementId statement() const { return steps.back().statement; }  // the one that writes `target`
};

struct Condition {
  StatementId statement = 0;
  lineage::Clause clause = lineage::Clause::Where;
  std::string expression;
  std::vector<ColumnId> columns;  // the columns it reads, sorted
  // Governs every column the statement writes (StatementInfo::written), or
  // only `targets` (sorted): one body of a multi-insert, or a condition
  // --collapse temporary carried past temporary tables.
  bool all_targets = true;
  std::vector<ColumnId> targets;
  // After --collapse temporary: the temporary columns it read or governed,
  // replaced by the columns that feed them / that they feed (sorted).
  std::vector<ColumnId> via;
};

struct Graph {
  std::vector<StatementInfo> statements;  // in run order
  std::vector<TableNode> tables;          // sorted by name
  std::vector<ColumnNode> columns;        // sorted by name
  std::vector<Edge> edges;                // value edges, sorted by source, target, then steps
  std::vector<Edge> table_edges;          // table edges, sorted the same way
  std::vector<Condition> conditions;      // by statement, in the statement's order
  // Each script's modification time, RFC 3339 (OpenLineage's default eventTime).
  std::map<std::string, std::string> modified_at;
  // The schema the --catalog files and the scripts' DDL declare: per table,
  // the last declaration in run order (the catalog files first).
  std::map<std::string, lineage::CatalogTable> declared;

  std::optional<TableId> FindTable(std::string_view name) const;
  std::optional<ColumnId> FindColumn(std::string_view name) const;

  // The written column a value step writes.
  const WrittenColumn& Written(const Step& s) const { return statements[s.statement].written[s.written]; }
  // A value edge's expression (its last step's), derivation (the largest
  // along the steps; JSON "transform") and masking (any step's).
  const std::string& Expression(const Edge& e) const { return Written(e.steps.back()).expression; }
  lineage::Derivation EdgeDerivation(const Edge& e) const;
  bool Masking(const Edge& e) const;
  // Whether some step of a value edge is possible / rests on inferred schema.
  static bool Possible(const Edge& e);
  static bool Inferred(const Edge& e);
  // How a value step's source is masked on its way into the target (each
  // way's masking, lineage::MaskedSource); empty when it arrives unmasked.
  const std::vector<std::string>& MaskedBy(const Step& s) const;

  // The columns condition `c` governs, sorted.
  std::vector<ColumnId> Targets(const Condition& c) const;

  // Sorts and dedups the edges (after they were added or bridged).
  void SortEdges();
};

}  // namespace hivelineage::graph
