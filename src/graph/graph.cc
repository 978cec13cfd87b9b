#include "graph/graph.h"

#include <algorithm>
#include <tuple>

namespace hivelineage::graph {
namespace {

auto StepKey(const Step& s) { return std::tie(s.statement, s.kind, s.source, s.target, s.expression, s.clause); }

bool StepsLess(const std::vector<Step>& a, const std::vector<Step>& b) {
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(),
                                      [](const Step& x, const Step& y) { return StepKey(x) < StepKey(y); });
}

bool StepsEqual(const std::vector<Step>& a, const std::vector<Step>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const Step& x, const Step& y) { return StepKey(x) == StepKey(y); });
}

void SortEdges(std::vector<Edge>& edges) {
  std::sort(edges.begin(), edges.end(), [](const Edge& a, const Edge& b) {
    if (a.source != b.source) return a.source < b.source;
    if (a.target != b.target) return a.target < b.target;
    if (a.kind != b.kind) return a.kind < b.kind;
    return StepsLess(a.steps, b.steps);
  });
  edges.erase(std::unique(edges.begin(), edges.end(),
                          [](const Edge& a, const Edge& b) {
                            return a.source == b.source && a.target == b.target && a.kind == b.kind &&
                                   StepsEqual(a.steps, b.steps);
                          }),
              edges.end());
}

}  // namespace

const char* EdgeKindName(EdgeKind kind) {
  switch (kind) {
    case EdgeKind::Projection:
      return "projection";
    case EdgeKind::Predicate:
      return "predicate";
    case EdgeKind::Table:
      return "table";
  }
  return "?";
}

const char* TableKindName(TableKind kind) {
  switch (kind) {
    case TableKind::Table:
      return "table";
    case TableKind::View:
      return "view";
    case TableKind::Temporary:
      return "temporary";
    case TableKind::Directory:
      return "directory";
  }
  return "?";
}

std::string TableOfColumn(const std::string& column, const std::vector<std::string>& tables, bool allow_fallback) {
  std::string best;
  for (const std::string& t : tables)
    if (t.size() > best.size() && column.size() > t.size() + 1 && column.starts_with(t) && column[t.size()] == '.')
      best = t;
  if (!best.empty() || !allow_fallback) return best;
  const size_t dot = column.rfind('.');
  if (dot == std::string::npos || dot == 0 || dot + 1 == column.size()) return {};
  return column.substr(0, dot);
}

const TableNode* Graph::FindTable(const std::string& name) const {
  auto it = tables.find(name);
  return it == tables.end() ? nullptr : &it->second;
}

const ColumnNode* Graph::FindColumn(const std::string& name) const {
  auto it = columns.find(name);
  return it == columns.end() ? nullptr : &it->second;
}

void Graph::Finish() {
  for (auto& [name, t] : tables) t.columns.clear();
  for (const auto& [name, c] : columns) {
    auto it = tables.find(c.table);
    if (it == tables.end()) {
      TableNode t;
      t.name = c.table;
      it = tables.emplace(c.table, std::move(t)).first;
    }
    it->second.columns.push_back(c.column);  // map order: already sorted per table
  }
  SortEdges(edges);
  SortEdges(table_edges);
}

}  // namespace hivelineage::graph
