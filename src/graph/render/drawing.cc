#include "graph/render/drawing.h"

#include <algorithm>
#include <set>
#include <utility>

namespace hivelineage::graph {

Drawing PlanDrawing(const Graph& g) {
  Drawing d;
  d.box.assign(g.tables.size(), kNone);
  d.port.assign(g.columns.size(), kNone);
  for (TableId t = 0; t < g.tables.size(); ++t) {
    if (g.tables[t].collapsed) continue;
    d.box[t] = static_cast<uint32_t>(d.tables.size());
    d.tables.push_back(t);
    const std::vector<ColumnId>& cols = g.tables[t].columns;
    for (uint32_t i = 0; i < cols.size(); ++i) d.port[cols[i]] = i;
  }
  auto drawn = [&](ColumnId c) { return d.box[g.columns[c].table] != kNone; };

  std::set<std::pair<TableId, TableId>> linked;
  for (uint32_t i = 0; i < g.edges.size(); ++i) {
    const Edge& e = g.edges[i];
    if (!drawn(e.source) || !drawn(e.target)) continue;
    // Sorted by (source, target): parallel edges are neighbours.
    if (d.lines.empty() || d.lines.back().source != e.source || d.lines.back().target != e.target)
      d.lines.push_back(Drawing::Line{e.source, e.target, {}});
    d.lines.back().edges.push_back(i);
    if (!Graph::Possible(e)) d.lines.back().possible = false;
    linked.insert({g.columns[e.source].table, g.columns[e.target].table});
  }

  for (uint32_t i = 0; i < g.conditions.size(); ++i) {
    const Condition& k = g.conditions[i];
    Drawing::ConditionNode node;
    node.condition = i;
    if (k.all_targets) {
      for (const WrittenColumn& w : g.statements[k.statement].written)
        if (drawn(w.column)) node.to_tables.push_back(g.columns[w.column].table);
      std::sort(node.to_tables.begin(), node.to_tables.end());
      node.to_tables.erase(std::unique(node.to_tables.begin(), node.to_tables.end()), node.to_tables.end());
    } else {
      for (ColumnId c : k.targets)
        if (drawn(c)) node.to_columns.push_back(c);
    }
    if (node.to_tables.empty() && node.to_columns.empty()) continue;  // governs nothing drawn (a plain query)
    for (ColumnId c : k.columns) {
      if (!drawn(c)) continue;
      for (TableId t : node.to_tables) linked.insert({g.columns[c].table, t});
      for (ColumnId t : node.to_columns) linked.insert({g.columns[c].table, g.columns[t].table});
    }
    d.conditions.push_back(std::move(node));
  }

  for (uint32_t i = 0; i < g.table_edges.size(); ++i) {
    const Edge& e = g.table_edges[i];
    if (d.box[e.source] == kNone || d.box[e.target] == kNone) continue;
    if (linked.insert({e.source, e.target}).second) d.table_lines.push_back(i);
  }
  return d;
}

}  // namespace hivelineage::graph
