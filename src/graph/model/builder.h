// Builds a Graph from analysed scripts, file by file.
//
// Every parsed statement that reads or writes a table adds its tables, one
// value edge per (source, written column), its conditions (once each, with
// the written columns they govern) and one table edge per (input, output).
// Columns a statement only reads (a plain query's sources, condition
// columns) or that DDL declares become nodes too, without edges: the graph
// knows every column the scripts name. Results of plain queries (SELECT
// without INSERT) name no table, so they add no edges.
#pragma once

#include <deque>
#include <string>
#include <string_view>

#include "absl/container/flat_hash_map.h"
#include "driver/analyze_script.h"
#include "graph/model/graph.h"

namespace hivelineage::graph {

struct BuildOptions {
  bool keep_sql = false;  // keep each statement's text (the OpenLineage SQL job facet needs it)
  // Add a possible value edge (Step::possible) from each candidate of a bare
  // column several tables could hold to the column it feeds (--possible).
  bool possible = false;
};

class GraphBuilder {
 public:
  explicit GraphBuilder(BuildOptions options = {}) : options_(options) {}

  // Adds every statement of `file` (catalog files are skipped).
  void AddFile(const driver::FileResult& file);

  // Adds one statement of `file` (`text` is its SQL); the statements of a
  // run must come in run order.
  void AddStatement(const std::string& file, const driver::StatementResult& st, std::string_view text);

  // Overrides the kind guessed from the statements (temporary tables and
  // views: lineage::StatementLineage::temporary_outputs / view_outputs). A
  // table temporary anywhere in the run stays temporary, whatever the order.
  void SetTableKind(const std::string& table, TableKind kind);

  // Records `table` as declared (a later declaration replaces an earlier one).
  void Declare(const lineage::CatalogTable& table) { graph_.declared.insert_or_assign(table.name, table); }
  void SetModifiedAt(const std::string& file, std::string time) { graph_.modified_at[file] = std::move(time); }

  // The finished graph: nodes sorted by name, edges sorted. The builder is left empty.
  Graph Finish();

 private:
  uint32_t AddTable(const std::string& name, TableKind kind);
  // The column `name` when it lies in one of `tables` (or, failing that, in
  // `allow_fallback` mode, before its last dot); kNone when it is not a
  // table column (a plain query's output name).
  uint32_t AddColumn(const std::string& name, const std::vector<std::string>& tables, bool allow_fallback);

  BuildOptions options_;
  Graph graph_;  // statements, edges and conditions, with the ids below until Finish
  // Nodes by first appearance; Finish renumbers them by name. std::deque
  // keeps the names where they are, so the maps can key on views of them.
  std::deque<std::string> table_names_;
  std::vector<TableKind> table_kinds_;
  absl::flat_hash_map<std::string_view, uint32_t> table_ids_;
  std::deque<std::string> column_names_;
  std::vector<uint32_t> column_tables_;
  absl::flat_hash_map<std::string_view, uint32_t> column_ids_;
  absl::flat_hash_map<std::string, TableKind> kinds_;
};

}  // namespace hivelineage::graph
