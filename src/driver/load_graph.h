// Analyses a run's inputs straight into a graph::GraphBuilder.
//
// A driver::Run like the CLI's: catalogs first, then every input, analysed on
// options.jobs threads and added to the graph in input order on the calling
// thread, so the graph is the same for any number of threads. Each script
// starts from the --catalog state unless options.sequenced, when each sees
// what the earlier ones created. Every statement enters as its
// lineage::StatementFacts (StatementResult::Facts), SQL and sync jobs alike;
// the tables a statement created temporary (CREATE TEMPORARY TABLE) or as
// views are marked from them, even when the script drops them again; see
// docs/graph.md.
#pragma once

#include <vector>

#include "driver/analyze_script.h"
#include "driver/run.h"
#include "graph/model/builder.h"

namespace hivelineage::driver {

// Every piece of every analysed file (catalog DDL files included) is also
// passed to `on_part` after it went into `builder`, so the caller can report
// its diagnostics. options.renderer is not used: the builder needs the
// statements.
RunSummary AnalyzeIntoGraph(const std::vector<InputFile>& inputs, const RunOptions& options,
                            graph::GraphBuilder& builder, const PartSink& on_part);

// Adds every statement of `file` to `builder`; of a catalog DDL file, only
// the temporary tables and views it created.
void AddToGraph(const FileResult& file, graph::GraphBuilder& builder);

}  // namespace hivelineage::driver
