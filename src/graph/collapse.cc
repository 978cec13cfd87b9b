#include "graph/collapse.h"

#include <algorithm>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"

namespace hivelineage::graph {
namespace {

// Bridges the temporary nodes of one edge list; `is_temp` tells node names apart.
template <typename IsTemp>
std::vector<Edge> Bridge(const std::vector<Edge>& edges, const IsTemp& is_temp, size_t& budget, bool& truncated) {
  absl::flat_hash_map<std::string, std::vector<size_t>> out;
  for (size_t i = 0; i < edges.size(); ++i)
    if (is_temp(edges[i].source)) out[edges[i].source].push_back(i);

  std::vector<Edge> result;
  // An explicit stack, not recursion: a chain of thousands of temporary
  // tables must not overflow the C stack.
  struct Frame {
    size_t edge;      // the edge that entered this node
    size_t next = 0;  // next outgoing edge of its target to try
  };
  std::vector<Frame> path;
  absl::flat_hash_set<size_t> on_path;  // edges of the current path

  for (const Edge& first : edges) {
    if (is_temp(first.source)) continue;  // reached from its own non-temporary sources
    if (!is_temp(first.target)) {
      result.push_back(first);
      continue;
    }
    path.clear();
    on_path.clear();
    path.push_back(Frame{static_cast<size_t>(&first - edges.data())});
    on_path.insert(path.back().edge);
    while (!path.empty()) {
      Frame& top = path.back();
      const std::string& node = edges[top.edge].target;
      auto it = out.find(node);
      if (it == out.end() || top.next >= it->second.size()) {
        on_path.erase(top.edge);
        path.pop_back();
        continue;
      }
      const size_t next_index = it->second[top.next++];
      const Edge& next = edges[next_index];
      if (!is_temp(next.target)) {
        if (budget == 0) {
          truncated = true;
          path.clear();
          break;
        }
        --budget;
        Edge bridged;
        bridged.source = first.source;
        bridged.target = next.target;
        bridged.kind = next.kind;
        for (const Frame& f : path) {
          const Edge& e = edges[f.edge];
          if (e.kind == EdgeKind::Predicate) bridged.kind = EdgeKind::Predicate;
          bridged.steps.insert(bridged.steps.end(), e.steps.begin(), e.steps.end());
        }
        bridged.steps.insert(bridged.steps.end(), next.steps.begin(), next.steps.end());
        result.push_back(std::move(bridged));
      } else if (on_path.contains(next_index)) {
        continue;
      } else if (budget == 0) {
        // Paths that never leave the temporary tables cost time too.
        truncated = true;
        path.clear();
        break;
      } else {
        --budget;
        on_path.insert(next_index);
        path.push_back(Frame{next_index});
      }
    }
  }
  return result;
}

}  // namespace

CollapseResult CollapseTemporary(Graph& graph, size_t max_edges) {
  CollapseResult r;
  absl::flat_hash_set<std::string> temp_tables;
  for (const auto& [name, t] : graph.tables)
    if (t.kind == TableKind::Temporary) temp_tables.insert(name);
  if (temp_tables.empty()) return r;

  auto is_temp_table = [&](const std::string& name) { return temp_tables.contains(name); };
  auto is_temp_column = [&](const std::string& name) {
    const ColumnNode* c = graph.FindColumn(name);
    return c != nullptr && temp_tables.contains(c->table);
  };
  size_t budget = max_edges;
  std::vector<Edge> edges = Bridge(graph.edges, is_temp_column, budget, r.truncated);
  std::vector<Edge> table_edges = Bridge(graph.table_edges, is_temp_table, budget, r.truncated);
  graph.edges = std::move(edges);
  graph.table_edges = std::move(table_edges);

  for (auto it = graph.columns.begin(); it != graph.columns.end();) {
    if (temp_tables.contains(it->second.table)) {
      it = graph.columns.erase(it);
    } else {
      ++it;
    }
  }
  for (const std::string& name : temp_tables) {
    graph.tables.erase(name);
    graph.collapsed.push_back(name);
  }
  std::sort(graph.collapsed.begin(), graph.collapsed.end());
  r.tables_removed = temp_tables.size();
  graph.Finish();
  return r;
}

}  // namespace hivelineage::graph
