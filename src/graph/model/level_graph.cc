#include "graph/model/level_graph.h"

#include <algorithm>
#include <map>

#include "sync/system_name.h"

namespace hivelineage::graph {

namespace {

// Each table joined into the node `group_of` names it, linked by the statements.
Graph Grouped(const Graph& graph, std::string (*group_of)(std::string_view)) {
  Graph g = graph;
  g.columns.clear();
  g.edges.clear();
  g.conditions.clear();
  for (StatementInfo& st : g.statements) st.written.clear();

  // Databases, sorted by name; each table's database.
  std::map<std::string, TableId> databases;
  for (const TableNode& t : graph.tables) databases.emplace(group_of(t.name), 0);
  g.tables.clear();
  for (auto& [name, id] : databases) {
    id = static_cast<TableId>(g.tables.size());
    g.tables.push_back(TableNode{name, TableKind::Table, {}, false});
  }
  std::vector<TableId> database_of;
  for (const TableNode& t : graph.tables) database_of.push_back(databases[group_of(t.name)]);
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

std::string SystemGroup(std::string_view table) { return sync::SystemNodeOf(table); }

}  // namespace

Graph AtLevel(const Graph& graph, Level level) {
  Graph g = graph;
  if (level == Level::Column) return g;
  if (level == Level::Database) return Grouped(graph, &DatabaseOfTable);
  g.columns.clear();
  g.edges.clear();
  g.conditions.clear();
  for (StatementInfo& st : g.statements) st.written.clear();
  for (TableNode& t : g.tables) t.columns.clear();
  return g;
}

Graph AtSystemLevel(const Graph& graph) { return Grouped(graph, &SystemGroup); }

}  // namespace hivelineage::graph
