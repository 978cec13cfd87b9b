// Analyses a run's inputs straight into a GraphBuilder.
//
// The same steps as driver::Run, serially: catalogs first, then every input
// in order; each script starts from the --catalog state unless
// options.sequenced, when each sees what the earlier ones created. Plus one
// thing Run cannot hand out: after each script, its session's catalog tells
// which of the tables it created are temporary (CREATE TEMPORARY TABLE) or
// views. A temporary table the same script drops again is gone from the
// catalog by then and stays an ordinary table; see docs/graph.md.
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
