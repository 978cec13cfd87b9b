// explain's derivation tree as a person reads it (a text tree) and as JSON.
#pragma once

#include <string>

#include "graph/model/graph.h"
#include "graph/queries/explain.h"

namespace hivelineage::graph {

// A tree: each column, under it the statements that write it (`= expression
// at file:line (statement N)`), under each its conditions (`[where] ...`) and
// the columns its expression reads.
void WriteExplainText(const Graph& graph, const ExplainResult& result, std::string& out);

// {"column", "max_depth"?, "nodes": [{"id", "column", "state", "depth",
// "derivations": [{"file", "line", "statement", "kind", "expression",
// "conditions": [{"clause", "expression", "columns"}], "sources": [id, ...]}]}]}:
// the tree's nodes in the text's order, nodes[0] the column asked about
// (docs/checks.md).
void WriteExplainJson(const Graph& graph, const ExplainResult& result, std::string& out);

}  // namespace hivelineage::graph
