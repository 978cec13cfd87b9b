// Analyses a run's inputs straight into a GraphBuilder.
//
// The same steps as driver::Run, serially: catalogs first, then every input
// in order; each script starts from the --catalog state unless
// options.sequenced, when each sees what the earlier ones created. The
// tables a statement created temporary (CREATE TEMPORARY TABLE) or as views
// are marked from its lineage::StatementLineage, even when the script drops
// them again; see docs/graph.md.
#pragma once

#include <vector>

#include "driver/run.h"
#include "graph/builder.h"

namespace hivelineage::graph {

// Every analysed file (catalog DDL files included) is also passed to
// `on_file` after it went into `builder`, so the caller can report its
// diagnostics.
driver::RunSummary AnalyzeIntoGraph(const std::vector<driver::InputFile>& inputs,
                                    const driver::RunOptions& options, GraphBuilder& builder,
                                    const driver::FileSink& on_file);

}  // namespace hivelineage::graph
