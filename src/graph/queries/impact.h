// Impact analysis: what a table or column feeds (downstream) or is fed by
// (upstream), up to a number of hops, with the statements along the way.
//
// By default the walk follows value edges only: "what would change if this
// column's values changed". With conditions, it also goes from a condition's
// columns to every column its statement writes under that condition (and
// back, upstream): "what else could change, through the rows it selects".
// Each hop says which kind it is.
//
// Starting from a column gives one tree. Starting from a table gives one
// tree of its table edges and one tree per column, each rooted at the column
// the paths really start from; the columns reached are the union of the
// column trees, each credited to the columns it is reached from. Each tree is
// walked breadth-first over the sorted edges, so every node is reported once
// per tree, at its smallest depth, through the first shortest path in edge
// order: the same graph always gives the same answer.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "graph/model/graph.h"
#include "graph/queries/lineage_source.h"

namespace hivelineage::graph {

struct ImpactOptions {
  Direction direction = Direction::Downstream;
  int max_depth = -1;            // hops; negative: no limit
  bool with_conditions = false;  // also follow conditions (Condition -> the columns it governs)
  // Column: a column's tree, or a table's tree and its columns'. Table: a
  // table's tree alone. Database: the graph's "tables" are databases
  // (impact_source.h builds such a graph), and the answers say so.
  Level level = Level::Column;
  // --level system: at Level::Database over graph::AtSystemLevel's graph,
  // whose "databases" are systems; the answers say so.
  bool systems = false;
};

enum class HopKind : uint8_t { Value, Condition, Table };

const char* HopKindName(HopKind kind);  // "value", "condition", "table"

// One hop of a walk, in data-flow order whatever the walk's direction.
struct Hop {
  HopKind kind = HopKind::Value;
  uint32_t index = 0;   // into Graph::edges, Graph::conditions or Graph::table_edges
  uint32_t source = 0;  // ColumnId (TableId for a table hop): a condition's column
  uint32_t target = 0;  // the column it flows into: for a condition, one it governs
};

struct ImpactNode {
  uint32_t id = 0;  // ColumnId, or TableId when is_table
  bool is_table = false;
  int depth = 0;
  int parent = -1;  // index into the same tree's nodes; -1 for the root
  Hop hop;          // how it was reached from its parent (not for the root)
};

// nodes[0] is the root; the rest breadth-first.
struct ImpactTree {
  std::vector<ImpactNode> nodes;
  // Without with_conditions, for a column root: the conditions that read it
  // (downstream) or govern it (upstream), which were not followed.
  size_t conditions_not_followed = 0;
};

struct ImpactResult {
  std::string start;  // as looked up: lower case
  bool start_is_table = false;
  // False when no statement names the start (it is known from the catalog
  // only): nothing was walked.
  bool in_graph = true;
  ImpactOptions options;
  // A column: its tree. A table: the tree of its table edges, then one per column.
  std::vector<ImpactTree> trees;

  // Every column reached from any root (the roots themselves not), sorted by
  // name: its smallest depth and the trees (roots) it is reached from.
  struct Reached {
    ColumnId column = 0;
    int depth = 0;
    std::vector<uint32_t> trees;
  };
  std::vector<Reached> columns;
  // Every table reached (a reached column's table included) with its smallest
  // depth; sorted by name. The start table is not listed.
  std::vector<std::pair<TableId, int>> tables;
  // Without with_conditions: the conditions that read the start column(s)
  // (downstream) or govern them (upstream), which a walk with conditions
  // would follow (a hint that there is more to see); each counted once.
  size_t conditions_not_followed = 0;

  bool ReachedNothing() const { return columns.empty() && tables.empty(); }
};

// `start` is a table (db.table) or column (db.table.column) name, matched
// case-insensitively. Returns false when the graph has no such node.
bool Impact(const Graph& graph, std::string_view start, const ImpactOptions& options, ImpactResult& result);

// The answer for a name the graph does not hold but the catalog does:
// nothing reaches it and it reaches nothing.
ImpactResult CatalogOnlyImpact(std::string_view start, bool is_table, const ImpactOptions& options);

}  // namespace hivelineage::graph
