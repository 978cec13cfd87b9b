// An edge as a JSON object, shared by the graph and impact writers.
#pragma once

#include "graph/graph.h"
#include "output/json_out.h"

namespace hivelineage::graph {

// {"source", "target", "kind", "expression" (not for table edges), "steps": [...]}
void WriteEdgeJson(output::JsonOut& j, const Graph& g, const Edge& e);

}  // namespace hivelineage::graph
