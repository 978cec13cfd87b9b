#include "graph/impact.h"

#include <algorithm>
#include <deque>

#include "absl/container/flat_hash_map.h"
#include "base/strings.h"

namespace hivelineage::graph {
namespace {

// Edges by the node they leave from in the walk's direction.
using Adjacency = absl::flat_hash_map<std::string, std::vector<const Edge*>>;

Adjacency Index(const std::vector<Edge>& edges, Direction d) {
  Adjacency adj;
  for (const Edge& e : edges) adj[d == Direction::Downstream ? e.source : e.target].push_back(&e);
  return adj;
}

}  // namespace

std::vector<const Edge*> ImpactResult::PathTo(size_t i) const {
  std::vector<const Edge*> path;
  for (int at = static_cast<int>(i); at >= 0 && nodes[at].via != nullptr; at = nodes[at].parent)
    path.push_back(nodes[at].via);
  std::reverse(path.begin(), path.end());
  return path;
}

bool Impact(const Graph& graph, std::string_view start, const ImpactOptions& options, ImpactResult& result,
            std::string& error) {
  result = ImpactResult();
  result.start = ToLower(start);
  result.direction = options.direction;
  result.max_depth = options.max_depth;

  const TableNode* table = graph.FindTable(result.start);
  const ColumnNode* column = table == nullptr ? graph.FindColumn(result.start) : nullptr;
  if (table == nullptr && column == nullptr) {
    error = Cat("no table or column named '", result.start, "' in the lineage graph");
    return false;
  }
  result.start_is_table = table != nullptr;

  const Adjacency column_adj = Index(graph.edges, options.direction);
  const Adjacency table_adj = Index(graph.table_edges, options.direction);

  // Tables and columns live in separate name spaces (`db.t` could in theory
  // also be a column `db` . `t`), so each has its own visited set.
  absl::flat_hash_map<std::string, int> seen_tables;
  absl::flat_hash_map<std::string, int> seen_columns;
  std::deque<int> queue;
  auto visit = [&](const std::string& name, bool is_table, int depth, int parent, const Edge* via) {
    auto& seen = is_table ? seen_tables : seen_columns;
    if (!seen.try_emplace(name, static_cast<int>(result.nodes.size())).second) return;
    result.nodes.push_back(ImpactNode{name, is_table, depth, parent, via});
    queue.push_back(static_cast<int>(result.nodes.size()) - 1);
  };

  if (table != nullptr) {
    visit(table->name, true, 0, -1, nullptr);
    for (const std::string& c : table->columns) visit(Cat(table->name, ".", c), false, 0, -1, nullptr);
  } else {
    visit(column->name, false, 0, -1, nullptr);
  }

  while (!queue.empty()) {
    const int at = queue.front();
    queue.pop_front();
    // Copies: `visit` may grow result.nodes.
    const std::string name = result.nodes[at].name;
    const bool is_table = result.nodes[at].is_table;
    const int depth = result.nodes[at].depth;
    if (options.max_depth >= 0 && depth >= options.max_depth) continue;
    const Adjacency& adj = is_table ? table_adj : column_adj;
    auto it = adj.find(name);
    if (it == adj.end()) continue;
    for (const Edge* e : it->second) {
      const std::string& next = options.direction == Direction::Downstream ? e->target : e->source;
      visit(next, is_table, depth + 1, at, e);
    }
  }

  absl::flat_hash_map<std::string, int> tables;
  auto note_table = [&](const std::string& t, int depth) {
    if (table != nullptr && t == table->name) return;
    auto [it, inserted] = tables.try_emplace(t, depth);
    if (!inserted) it->second = std::min(it->second, depth);
  };
  for (const ImpactNode& n : result.nodes) {
    if (n.is_table) {
      note_table(n.name, n.depth);
    } else if (const ColumnNode* c = graph.FindColumn(n.name); c != nullptr && n.depth > 0) {
      note_table(c->table, n.depth);
    }
  }
  result.tables.assign(tables.begin(), tables.end());
  std::sort(result.tables.begin(), result.tables.end());
  return true;
}

}  // namespace hivelineage::graph
