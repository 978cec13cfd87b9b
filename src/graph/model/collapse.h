// `--collapse temporary`: takes the temporary tables out of a graph and
// connects what fed them to what they fed.
//
// Value edges: every path source -> tmp.x -> ... -> target of value edges
// whose inner nodes are all temporary columns becomes one edge source ->
// target whose steps are the statements along the path, in order, each with
// its own expression. A path never takes the same edge twice.
//
// Conditions: a condition that read a temporary column now reads the columns
// whose values feed that column (through value edges and temporary tables);
// one that governed a temporary column now governs what that column feeds
// (through value edges and through the conditions it is a column of). Both
// are recorded in Condition::via. A condition left with no columns, or that
// governed only temporary columns that feed nothing, is dropped.
//
// Table edges are bridged like value edges. The temporary tables stay in
// Graph::tables with `collapsed` set (so steps and `via` can name their
// columns), but no edge or condition touches them any more.
#pragma once

#include <cstddef>

#include "graph/model/graph.h"

namespace hivelineage::graph {

struct CollapseResult {
  size_t tables_removed = 0;
  // The work budget ran out (a hostile or pathological script with very many
  // paths through temporary tables); the graph holds the paths found until then.
  bool truncated = false;
};

inline constexpr size_t kMaxCollapseWork = 1 << 20;

// Collapses the tables of kind TableKind::Temporary. `max_work` bounds the
// work: each bridged edge, each step of a path into a temporary table and
// each temporary column a condition is followed through costs one.
CollapseResult CollapseTemporary(Graph& graph, size_t max_work = kMaxCollapseWork);

}  // namespace hivelineage::graph
