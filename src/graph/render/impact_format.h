// Impact results as a person reads them (a text tree), as JSON, and as the
// subgraph the picture formats draw (formats.h).
#pragma once

#include <string>

#include "graph/model/graph.h"
#include "graph/queries/impact.h"

namespace hivelineage::graph {

// A tree a person can read: every root with the nodes reached under the one
// they were reached from, each with its hop (kind, expression, statement),
// then the columns and tables reached. "nothing reads it" / "nothing feeds
// it" when nothing is reached.
void WriteImpactText(const Graph& graph, const ImpactResult& result, std::string& out);

// {"start", "type", "direction", "with_conditions", "max_depth"?, "found_in",
//  "nodes": [...], "columns": [...], "tables": [...]} (docs/graph.md).
void WriteImpactJson(const Graph& graph, const ImpactResult& result, std::string& out);

// The part of the graph the walk used (the start, what it reached, the
// edges and conditions of its hops), for WriteDot / WriteMermaid.
Graph ImpactSubgraph(const Graph& graph, const ImpactResult& result);

}  // namespace hivelineage::graph
