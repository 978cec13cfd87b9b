// `rootcause --format html`: the lineage page opened on the column or table a
// check failed on, showing only the tables on the suspects' paths, the
// suspects' columns and tables highlighted upstream.
#pragma once

#include <string>

#include "checks/rootcause.h"
#include "graph/model/graph.h"

namespace hivelineage::view {

void WriteRootCausePage(const graph::Graph& graph, const checks::RootCauseReport& report, const std::string& title,
                        std::string& out);

}  // namespace hivelineage::view
