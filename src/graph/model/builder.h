// Builds a Graph from analysed statements, one lineage::StatementFacts at a
// time (the one value the analysis hands the graph and the store alike).
//
// Every kept statement (parsed, reading or writing a table) adds its tables,
// one value edge per (source, written column), its conditions (listed once
// each by the facts, with the written columns they govern) and one table
// edge per (input, output). Columns a statement only reads (a plain query's
// sources, condition columns) or that DDL declares become nodes too, without
// edges: the graph knows every column the scripts name. Results of plain
// queries (SELECT without INSERT) name no table, so they add no edges.
#pragma once

#include <deque>
#include <string>
#include <string_view>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "graph/model/graph.h"
#include "lineage/catalog.h"
#include "lineage/statement_facts.h"

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

  // Adds one statement of `file` (`text` is its SQL); the statements of a
  // run must come in run order. The tables it created temporary or as views
  // are marked (MarkTables) even when it is not kept.
  void AddStatement(const std::string& file, const lineage::StatementFacts& facts, std::string_view text);
  // Marks the tables `facts` created as temporary tables or views (a catalog
  // DDL file's statements: only their marks count).
  void MarkTables(const lineage::StatementFacts& facts);

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
  // The node of column `column` of `facts` (lineage::kNoColumn: none, kNone).
  uint32_t AddColumn(const lineage::StatementFacts& facts, uint32_t column);
  // Spark's temporary views live in their script's session only: from the
  // statement that creates one (a table both temporary and a view), its name
  // in that file is `db.view@file`, another node than a view of that name in
  // any other script. Every other name is itself.
  std::string NodeName(const std::string& table) const;
  void MarkNodes(const lineage::StatementFacts& facts);  // MarkTables, in the file being added

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
  // NodeName: the file of the statement being added, each file's session
  // views, and the set of the file being added (null when it has none).
  std::string file_;
  absl::flat_hash_map<std::string, absl::flat_hash_set<std::string>> session_views_;
  const absl::flat_hash_set<std::string>* views_ = nullptr;
};

}  // namespace hivelineage::graph
