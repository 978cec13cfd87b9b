#include "checks/domain_graph.h"

#include <algorithm>
#include <map>

#include "absl/strings/str_join.h"

namespace hivelineage::checks {

graph::Graph DomainLevelGraph(const graph::Graph& graph, const DomainsReport& domains) {
  std::map<std::string, std::string> group_of_table;
  for (const DomainTable& t : domains.tables)
    group_of_table[t.table] = t.domains.empty() ? "(no domain)" : absl::StrJoin(t.domains, "+");
  graph::Graph g = graph;
  g.columns.clear();
  g.edges.clear();
  g.conditions.clear();
  for (graph::StatementInfo& st : g.statements) st.written.clear();
  std::map<std::string, graph::TableId> groups;
  auto group = [&](const graph::TableNode& t) {
    auto it = group_of_table.find(t.name);
    return it == group_of_table.end() ? std::string("(no domain)") : it->second;
  };
  for (const graph::TableNode& t : graph.tables) groups.emplace(group(t), 0);
  g.tables.clear();
  for (auto& [name, id] : groups) {
    id = static_cast<graph::TableId>(g.tables.size());
    g.tables.push_back(graph::TableNode{name, graph::TableKind::Table, {}, false});
  }
  std::vector<graph::TableId> group_id;
  for (const graph::TableNode& t : graph.tables) group_id.push_back(groups[group(t)]);
  auto map = [&](std::vector<graph::TableId>& ids) {
    for (graph::TableId& t : ids) t = group_id[t];
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  };
  for (graph::StatementInfo& st : g.statements) {
    map(st.inputs);
    map(st.outputs);
  }
  std::vector<graph::Edge> edges;
  for (const graph::Edge& e : graph.table_edges) {
    graph::Edge d = e;
    d.source = group_id[e.source];
    d.target = group_id[e.target];
    if (d.source == d.target) continue;
    for (graph::Step& s : d.steps) {
      s.source = group_id[s.source];
      s.target = group_id[s.target];
    }
    edges.push_back(std::move(d));
  }
  g.table_edges = std::move(edges);
  g.SortEdges();
  return g;
}

}  // namespace hivelineage::checks
