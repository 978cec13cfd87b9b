// Analyses a run's inputs straight into a GraphBuilder.
//
// A driver::Run like the CLI's: catalogs first, then every input, analysed on
// options.jobs threads and added to the graph in input order on the calling
// thread, so the graph is the same for any number of threads. Each script
// starts from the --catalog state unless options.sequenced, when each sees
// what the earlier ones created. The tables a statement created temporary
// (CREATE TEMPORARY TABLE) or as views are marked from its
// lineage::StatementLineage, even when the script drops them again; see
// docs/graph.md.
#pragma once

#include <vector>

#include "driver/run.h"
#include "graph/model/builder.h"

namespace hivelineage::graph {

// Every piece of every analysed file (catalog DDL files included) is also
// passed to `on_part` after it went into `builder`, so the caller can report
// its diagnostics. options.renderer is not used: the builder needs the
// statements.
driver::RunSummary AnalyzeIntoGraph(const std::vector<driver::InputFile>& inputs, const driver::RunOptions& options,
                                    GraphBuilder& builder, const driver::PartSink& on_part);

}  // namespace hivelineage::graph
