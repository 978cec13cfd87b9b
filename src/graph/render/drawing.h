// What the picture formats (dot, mermaid) draw of a graph, decided once for
// both: which tables are boxes, which value edges become one line, where
// each condition's node connects, and which table-level links remain.
#pragma once

#include <cstdint>
#include <vector>

#include "graph/model/graph.h"

namespace hivelineage::graph {

struct Drawing {
  std::vector<TableId> tables;  // the tables drawn (not collapsed), in order
  std::vector<uint32_t> box;    // TableId -> its position in `tables`, or kNone
  std::vector<uint32_t> port;   // ColumnId -> its position among its table's columns

  // Parallel value edges (several statements write the same pair) are one line.
  struct Line {
    ColumnId source = 0;
    ColumnId target = 0;
    std::vector<uint32_t> edges;  // into Graph::edges
    bool possible = true;         // every edge is possible (Step::possible): drawn dashed
  };
  std::vector<Line> lines;

  // A condition is a node of its own: lines come in from the columns it
  // reads and go out to what it governs, a whole table (every column the
  // statement writes there) or single columns.
  struct ConditionNode {
    uint32_t condition = 0;  // into Graph::conditions
    std::vector<TableId> to_tables;
    std::vector<ColumnId> to_columns;
  };
  std::vector<ConditionNode> conditions;

  // Table edges between tables that no line or condition joins, one per pair.
  std::vector<uint32_t> table_lines;  // into Graph::table_edges
};

Drawing PlanDrawing(const Graph& g);

}  // namespace hivelineage::graph
