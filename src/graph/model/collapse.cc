#include "graph/model/collapse.h"

#include <algorithm>
#include <deque>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"

namespace hivelineage::graph {
namespace {

using Adjacency = absl::flat_hash_map<uint32_t, std::vector<uint32_t>>;  // node -> edge indices

void SortUnique(std::vector<uint32_t>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

// Spends one unit of the work budget; false (and `truncated` set) when there is none left.
bool Spend(size_t& budget, bool& truncated) {
  if (budget == 0) {
    truncated = true;
    return false;
  }
  --budget;
  return true;
}

// Bridges the temporary nodes of one edge list; `is_temp` tells node ids apart.
template <typename IsTemp>
std::vector<Edge> Bridge(const std::vector<Edge>& edges, const IsTemp& is_temp, size_t& budget, bool& truncated) {
  Adjacency out;
  for (uint32_t i = 0; i < edges.size(); ++i)
    if (is_temp(edges[i].source)) out[edges[i].source].push_back(i);

  std::vector<Edge> result;
  // An explicit stack, not recursion: a chain of thousands of temporary
  // tables must not overflow the C stack.
  struct Frame {
    uint32_t edge;    // the edge that entered this node
    size_t next = 0;  // next outgoing edge of its target to try
  };
  std::vector<Frame> path;
  absl::flat_hash_set<uint32_t> on_path;  // edges of the current path

  for (uint32_t first = 0; first < edges.size() && !truncated; ++first) {
    if (is_temp(edges[first].source)) continue;  // reached from its own non-temporary sources
    if (!is_temp(edges[first].target)) {
      result.push_back(edges[first]);
      continue;
    }
    path.clear();
    on_path.clear();
    path.push_back(Frame{first});
    on_path.insert(first);
    while (!path.empty()) {
      Frame& top = path.back();
      auto it = out.find(edges[top.edge].target);
      if (it == out.end() || top.next >= it->second.size()) {
        on_path.erase(top.edge);
        path.pop_back();
        continue;
      }
      const uint32_t next_index = it->second[top.next++];
      const Edge& next = edges[next_index];
      if (on_path.contains(next_index)) continue;
      if (!Spend(budget, truncated)) break;  // paths that never leave the temporary tables cost time too
      if (is_temp(next.target)) {
        on_path.insert(next_index);
        path.push_back(Frame{next_index});
        continue;
      }
      Edge bridged;
      bridged.source = edges[first].source;
      bridged.target = next.target;
      bridged.steps.clear();
      for (const Frame& f : path)
        bridged.steps.insert(bridged.steps.end(), edges[f.edge].steps.begin(), edges[f.edge].steps.end());
      bridged.steps.insert(bridged.steps.end(), next.steps.begin(), next.steps.end());
      result.push_back(std::move(bridged));
    }
  }
  return result;
}

// Carries conditions past the temporary columns they read or govern,
// reading the graph as it was before the collapse.
class ConditionBridge {
 public:
  ConditionBridge(const Graph& g, const std::vector<bool>& temp, size_t& budget, bool& truncated)
      : g_(g), temp_(temp), budget_(budget), truncated_(truncated) {
    for (uint32_t i = 0; i < g.edges.size(); ++i) {
      const Edge& e = g.edges[i];
      if (temp[e.target]) into_[e.target].push_back(i);
      if (temp[e.source]) out_[e.source].push_back(i);
    }
    for (uint32_t i = 0; i < g.conditions.size(); ++i)
      for (ColumnId c : g.conditions[i].columns)
        if (temp[c]) read_by_[c].push_back(i);
  }

  // Rewrites `k`; false when nothing outside the temporary tables is left of it.
  bool Rewrite(Condition& k) {
    std::vector<ColumnId> columns, via;
    for (ColumnId c : k.columns) {
      if (!temp_[c]) {
        columns.push_back(c);
        continue;
      }
      via.push_back(c);
      const std::vector<ColumnId>& up = ValueSources(c);
      columns.insert(columns.end(), up.begin(), up.end());
    }
    SortUnique(columns);
    if (columns.empty()) return false;

    const std::vector<ColumnId> governed = g_.Targets(k);
    std::vector<ColumnId> temps;
    for (ColumnId t : governed)
      if (temp_[t]) temps.push_back(t);
    if (!temps.empty()) {
      std::vector<ColumnId> targets;
      for (ColumnId t : governed)
        if (!temp_[t]) targets.push_back(t);
      std::vector<ColumnId> reach;
      const std::vector<ColumnId>* down = &reach;
      if (k.all_targets)
        down = &StatementReach(k.statement, temps);  // the same for every condition of the statement
      else
        reach = Reach(temps);
      targets.insert(targets.end(), down->begin(), down->end());
      SortUnique(targets);
      via.insert(via.end(), temps.begin(), temps.end());
      if (targets.empty()) return false;
      k.all_targets = false;
      k.targets = std::move(targets);
    }
    SortUnique(via);
    k.columns = std::move(columns);
    k.via = std::move(via);
    return true;
  }

 private:
  // The columns outside temporary tables whose values flow into temporary column `c`.
  const std::vector<ColumnId>& ValueSources(ColumnId c) {
    auto [it, inserted] = up_.try_emplace(c);
    if (!inserted) return it->second;
    std::vector<ColumnId> found;
    absl::flat_hash_set<ColumnId> seen = {c};
    std::deque<ColumnId> queue = {c};
    while (!queue.empty() && Spend(budget_, truncated_)) {
      const ColumnId at = queue.front();
      queue.pop_front();
      auto in = into_.find(at);
      if (in == into_.end()) continue;
      for (uint32_t e : in->second) {
        const ColumnId s = g_.edges[e].source;
        if (!seen.insert(s).second) continue;
        if (temp_[s]) {
          queue.push_back(s);
        } else {
          found.push_back(s);
        }
      }
    }
    SortUnique(found);
    return up_[c] = std::move(found);
  }

  // The columns outside temporary tables that the temporary columns `from`
  // feed, through value edges and through the conditions they are read by.
  std::vector<ColumnId> Reach(const std::vector<ColumnId>& from) {
    std::vector<ColumnId> found;
    absl::flat_hash_set<ColumnId> seen(from.begin(), from.end());
    std::deque<ColumnId> queue(from.begin(), from.end());
    auto visit = [&](ColumnId c) {
      if (!seen.insert(c).second) return;
      if (temp_[c]) {
        queue.push_back(c);
      } else {
        found.push_back(c);
      }
    };
    while (!queue.empty() && Spend(budget_, truncated_)) {
      const ColumnId at = queue.front();
      queue.pop_front();
      if (auto out = out_.find(at); out != out_.end())
        for (uint32_t e : out->second) visit(g_.edges[e].target);
      if (auto read = read_by_.find(at); read != read_by_.end())
        for (uint32_t k : read->second)
          for (ColumnId t : g_.Targets(g_.conditions[k])) visit(t);
    }
    SortUnique(found);
    return found;
  }

  // Reach() of what statement `s` writes to temporary tables, once per statement.
  const std::vector<ColumnId>& StatementReach(StatementId s, const std::vector<ColumnId>& temps) {
    auto it = statement_reach_.find(s);
    if (it == statement_reach_.end()) it = statement_reach_.emplace(s, Reach(temps)).first;
    return it->second;
  }

  const Graph& g_;
  const std::vector<bool>& temp_;
  size_t& budget_;
  bool& truncated_;
  Adjacency into_, out_, read_by_;  // temporary column -> value edges into / out of it, conditions reading it
  absl::flat_hash_map<ColumnId, std::vector<ColumnId>> up_;
  absl::flat_hash_map<StatementId, std::vector<ColumnId>> statement_reach_;
};

}  // namespace

CollapseResult CollapseTemporary(Graph& graph, size_t max_work) {
  CollapseResult r;
  std::vector<bool> temp_table(graph.tables.size(), false);
  for (TableId t = 0; t < graph.tables.size(); ++t)
    if (graph.tables[t].kind == TableKind::Temporary && !graph.tables[t].collapsed) {
      temp_table[t] = true;
      ++r.tables_removed;
    }
  if (r.tables_removed == 0) return r;
  std::vector<bool> temp_column(graph.columns.size(), false);
  for (ColumnId c = 0; c < graph.columns.size(); ++c) temp_column[c] = temp_table[graph.columns[c].table];

  size_t budget = max_work;
  std::vector<Edge> edges = Bridge(
      graph.edges, [&](uint32_t c) { return temp_column[c]; }, budget, r.truncated);
  std::vector<Edge> table_edges = Bridge(
      graph.table_edges, [&](uint32_t t) { return temp_table[t]; }, budget, r.truncated);
  std::vector<Condition> conditions;
  {
    ConditionBridge bridge(graph, temp_column, budget, r.truncated);
    for (const Condition& k : graph.conditions) {
      Condition c = k;
      if (bridge.Rewrite(c)) conditions.push_back(std::move(c));
    }
  }
  graph.edges = std::move(edges);
  graph.table_edges = std::move(table_edges);
  graph.conditions = std::move(conditions);
  for (TableId t = 0; t < graph.tables.size(); ++t)
    if (temp_table[t]) graph.tables[t].collapsed = true;
  graph.SortEdges();
  return r;
}

}  // namespace hivelineage::graph
