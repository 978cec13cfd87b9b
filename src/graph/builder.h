// Builds a Graph from analysed scripts, file by file.
//
// Every parsed statement that reads or writes a table adds its tables, its
// column edges (one per target column and source) and its predicate edges
// (one per condition column and written column). Results of plain queries
// (SELECT without INSERT) name no table, so they add only their input tables.
#pragma once

#include <string>

#include "absl/container/flat_hash_map.h"
#include "driver/analyze.h"
#include "graph/graph.h"

namespace hivelineage::graph {

struct BuildOptions {
  bool keep_sql = false;  // keep each statement's text (the OpenLineage SQL job facet needs it)
};

class GraphBuilder {
 public:
  explicit GraphBuilder(BuildOptions options = {}) : options_(options) {}

  // Adds every statement of `file` (catalog files are skipped).
  void AddFile(const driver::FileResult& file);

  // Overrides the kind guessed from the statements (temporary tables and
  // views: lineage::StatementLineage::temporary_outputs / view_outputs).
  void SetTableKind(const std::string& table, TableKind kind) { kinds_[table] = kind; }

  // The finished, sorted graph. The builder is left empty.
  Graph Finish();

 private:
  void AddStatement(const std::string& file, const driver::StatementResult& st, std::string_view text);
  void AddTable(const std::string& name, TableKind kind);
  // Adds the column node for `name` when it lies in one of `tables` (or,
  // failing that, in `allow_fallback` mode, before its last dot); false when
  // `name` is not a table column (a plain query's output name).
  bool AddColumn(const std::string& name, const std::vector<std::string>& tables, bool allow_fallback);

  BuildOptions options_;
  Graph graph_;
  absl::flat_hash_map<std::string, TableKind> kinds_;
};

}  // namespace hivelineage::graph
