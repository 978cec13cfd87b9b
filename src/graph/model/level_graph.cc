#include "graph/model/level_graph.h"

#include <algorithm>
#include <functional>
#include <map>

#include "sync/system_name.h"

namespace hivelineage::graph {

namespace {

// Each table joined into the node `group_of` names it, linked by the statements.
Graph Grouped(const Graph& graph, const std::function<std::string(TableId)>& group_of) {
  Graph g = graph;
  g.columns.clear();
  g.edges.clear();
  g.conditions.clear();
  for (StatementInfo& st : g.statements) st.written.clear();

  // Databases, sorted by name; each table's database.
  std::map<std::string, TableId> databases;
  for (TableId t = 0; t < graph.tables.size(); ++t) databases.emplace(group_of(t), 0);
  g.tables.clear();
  for (auto& [name, id] : databases) {
    id = static_cast<TableId>(g.tables.size());
    g.tables.push_back(TableNode{name, TableKind::Table, {}, false});
  }
  std::vector<TableId> database_of;
  for (TableId t = 0; t < graph.tables.size(); ++t) database_of.push_back(databases[group_of(t)]);
  auto map = [&](std::vector<TableId>& ids) {
    for (TableId& t : ids) t = database_of[t];
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  };
  for (StatementInfo& st : g.statements) {
    map(st.inputs);
    map(st.outputs);
  }
  std::vector<Edge> edges;
  for (const Edge& e : graph.table_edges) {
    Edge d = e;
    d.source = database_of[e.source];
    d.target = database_of[e.target];
    if (d.source == d.target) continue;
    for (Step& s : d.steps) {
      s.source = database_of[s.source];
      s.target = database_of[s.target];
    }
    edges.push_back(std::move(d));
  }
  g.table_edges = std::move(edges);
  g.SortEdges();
  return g;
}

}  // namespace

Graph AtLevel(const Graph& graph, Level level) {
  Graph g = graph;
  if (level == Level::Column) return g;
  if (level == Level::Database)
    return Grouped(graph, [&](TableId t) { return DatabaseOfTable(graph.tables[t].name); });
  g.columns.clear();
  g.edges.clear();
  g.conditions.clear();
  for (StatementInfo& st : g.statements) st.written.clear();
  for (TableNode& t : g.tables) t.columns.clear();
  return g;
}

Graph AtSystemLevel(const Graph& graph, const std::map<std::string, std::string, std::less<>>& system_of_file) {
  std::vector<std::string> system(graph.tables.size());
  for (TableId t = 0; t < graph.tables.size(); ++t) system[t] = sync::SystemNodeOf(graph.tables[t].name);
  if (!system_of_file.empty()) {
    // A Hive table is in the system of the script that first writes it (a
    // job writing it leaves it Hive's: the jobs are no SQL engine's).
    std::vector<bool> decided(graph.tables.size(), false);
    for (const StatementInfo& st : graph.statements) {
      if (st.kind == StatementKind::Sync) continue;
      const auto file = system_of_file.find(st.file);
      for (TableId t : st.outputs) {
        if (decided[t] || system[t] != sync::kHiveSystem) continue;
        decided[t] = true;
        if (file != system_of_file.end()) system[t] = file->second;
      }
    }
  }
  return Grouped(graph, [&](TableId t) { return system[t]; });
}

}  // namespace hivelineage::graph
