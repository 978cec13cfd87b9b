// `--collapse temporary`: removes temporary tables from a graph and connects
// what fed them to what they fed.
//
// Every path source -> tmp.x -> ... -> target whose inner nodes all belong to
// temporary tables becomes one edge source -> target whose steps are the
// statements along the path, in order, each with its own expression; the
// edge is a predicate when any step is. A path never visits a node twice.
#pragma once

#include <cstddef>

#include "graph/graph.h"

namespace hivelineage::graph {

struct CollapseResult {
  size_t tables_removed = 0;
  // The work budget ran out (a hostile or pathological script with very many
  // paths through temporary tables); the graph holds the paths found until then.
  bool truncated = false;
};

inline constexpr size_t kMaxCollapsedEdges = 1 << 20;

// Collapses the tables of kind TableKind::Temporary. `max_edges` bounds the
// work: each bridged edge and each step of a path into a temporary table
// costs one.
CollapseResult CollapseTemporary(Graph& graph, size_t max_edges = kMaxCollapsedEdges);

}  // namespace hivelineage::graph
