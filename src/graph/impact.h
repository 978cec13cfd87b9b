// Impact analysis: what a table or column feeds (downstream) or is fed by
// (upstream), up to a number of hops, with the statements along the way.
//
// The walk is breadth-first over the sorted edges, so every reachable node is
// reported once, at its smallest depth, through the first shortest path in
// edge order: the same graph always gives the same answer. Starting from a
// table walks its table edges and, from each of its columns, the column edges.
#pragma once

#include <string>
#include <vector>

#include "graph/graph.h"

namespace hivelineage::graph {

enum class Direction : uint8_t { Downstream, Upstream };

struct ImpactOptions {
  Direction direction = Direction::Downstream;
  int max_depth = -1;  // hops; negative: no limit
};

struct ImpactNode {
  std::string name;
  bool is_table = false;
  int depth = 0;
  int parent = -1;            // index into ImpactResult::nodes; -1 for a start node
  const Edge* via = nullptr;  // the edge between parent and this node (into the graph)
};

struct ImpactResult {
  std::string start;
  bool start_is_table = false;
  Direction direction = Direction::Downstream;
  int max_depth = -1;
  std::vector<ImpactNode> nodes;  // breadth-first; start nodes (depth 0) first
  // Every table reached (a reached column's table included) with its smallest
  // depth; sorted by name. The start table is not listed.
  std::vector<std::pair<std::string, int>> tables;

  // The edges from a start node to nodes[i], in walk order.
  std::vector<const Edge*> PathTo(size_t i) const;
};

// `start` is a table (db.table) or column (db.table.column) name, matched
// case-insensitively. Returns false with `error` set when it is in no edge or
// node of `graph`.
bool Impact(const Graph& graph, std::string_view start, const ImpactOptions& options, ImpactResult& result,
            std::string& error);

// A tree a person can read: the start, then every reached node under the one
// it was reached from, each with the edge (kind, expression, statements).
void WriteImpactText(const Graph& graph, const ImpactResult& result, std::string& out);

// {"start", "type", "direction", "max_depth"?, "nodes": [...], "tables": [...]}
// (docs/graph.md).
void WriteImpactJson(const Graph& graph, const ImpactResult& result, std::string& out);

}  // namespace hivelineage::graph
