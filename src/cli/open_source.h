// The lineage a query command reads: the graph of the PATHs it analyses, or
// the store --store DB names, behind one graph::LineageSource.
#pragma once

#include <cstdio>
#include <memory>

#include "cli/graph_command.h"
#include "graph/model/graph.h"
#include "graph/queries/lineage_source.h"
#include "store/sqlite.h"

namespace hivelineage::cli {

struct OpenedSource {
  graph::Graph graph;                         // PATHs: the analysed graph
  std::unique_ptr<store::Database> db;        // --store
  std::unique_ptr<graph::LineageSource> source;
  int status = 0;  // the analysis' exit status (0, 1): statements with errors
};

// Returns -1 when `opened` is ready, else the exit status to stop with.
// Diagnostics and problems go to `err` prefixed with "hivelineage `command`".
int OpenLineageSource(const GraphInputArgs& args, const char* command, OpenedSource& opened, std::FILE* err);

}  // namespace hivelineage::cli
