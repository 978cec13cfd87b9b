// Impact over a LineageSource, so that a store answers `impact` as the
// scripts do while reading only what the answer holds.
//
// The walk of graph::Impact depends on the start and, for every node it
// reaches, on that node's links in the walk's direction (up to --depth): the
// condition links of the start's columns too, which it counts when it does
// not follow them. Those are read from the source breadth-first, each layer
// of the walk in one call (LineageSource::LinksOfEach: one query per layer on
// a store, not one per node), and built into a small Graph (nodes sorted by
// name, statements in run order, conditions in their statements' order, as
// in the whole graph), on which graph::Impact walks exactly as it would on
// the whole graph.
//
// At --level database the graph's "tables" are the databases, linked by the
// statements that read a table of one and write a table of another.
#pragma once

#include <string_view>

#include "graph/model/graph.h"
#include "graph/queries/impact.h"
#include "graph/queries/lineage_source.h"

namespace hivelineage::graph {

// The part of the lineage the impact of `start` (lower case) walks, at
// options.level; false when `start` is no node of that level. Tables have
// their kinds (view, temporary, ...) with `table_kinds`, which only the
// drawings (dot, mermaid) show; otherwise they are all TableKind::Table.
bool ImpactNeighbourhood(const LineageSource& source, const std::string& start, const ImpactOptions& options,
                         Graph& out, bool table_kinds = true);

}  // namespace hivelineage::graph
