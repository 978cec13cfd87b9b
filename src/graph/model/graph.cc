#include "graph/model/graph.h"

#include <algorithm>
#include <tuple>

namespace hivelineage::graph {
namespace {

auto StepKey(const Step& s) { return std::tie(s.statement, s.source, s.target, s.written, s.possible, s.inferred); }

bool StepsLess(const Edge& a, const Edge& b) {
  return std::lexicographical_compare(a.steps.begin(), a.steps.end(), b.steps.begin(), b.steps.end(),
                                      [](const Step& x, const Step& y) { return StepKey(x) < StepKey(y); });
}

bool StepsEqual(const Edge& a, const Edge& b) {
  return std::equal(a.steps.begin(), a.steps.end(), b.steps.begin(), b.steps.end(),
                    [](const Step& x, const Step& y) { return StepKey(x) == StepKey(y); });
}

void Sort(std::vector<Edge>& edges) {
  std::sort(edges.begin(), edges.end(), [](const Edge& a, const Edge& b) {
    if (a.source != b.source) return a.source < b.source;
    if (a.target != b.target) return a.target < b.target;
    return StepsLess(a, b);
  });
  edges.erase(std::unique(edges.begin(), edges.end(),
                          [](const Edge& a, const Edge& b) {
                            return a.source == b.source && a.target == b.target && StepsEqual(a, b);
                          }),
              edges.end());
}

template <typename Node>
std::optional<uint32_t> FindByName(const std::vector<Node>& nodes, std::string_view name) {
  auto it = std::lower_bound(nodes.begin(), nodes.end(), name,
                             [](const Node& n, std::string_view key) { return n.name < key; });
  if (it == nodes.end() || it->name != name) return std::nullopt;
  return static_cast<uint32_t>(it - nodes.begin());
}

}  // namespace

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

std::optional<TableId> Graph::FindTable(std::string_view name) const { return FindByName(tables, name); }

std::optional<ColumnId> Graph::FindColumn(std::string_view name) const { return FindByName(columns, name); }

lineage::Derivation Graph::EdgeDerivation(const Edge& e) const {
  lineage::Derivation t = lineage::Derivation::Identity;
  for (const Step& s : e.steps) t = std::max(t, Written(s).derivation);
  return t;
}

bool Graph::Masking(const Edge& e) const {
  for (const Step& s : e.steps)
    if (!MaskedBy(s).empty()) return true;
  return false;
}

bool Graph::Possible(const Edge& e) {
  return std::any_of(e.steps.begin(), e.steps.end(), [](const Step& s) { return s.possible; });
}

bool Graph::Inferred(const Edge& e) {
  return std::any_of(e.steps.begin(), e.steps.end(), [](const Step& s) { return s.inferred; });
}

const std::vector<std::string>& Graph::MaskedBy(const Step& s) const {
  static const std::vector<std::string> kNoMasking;
  if (s.written == kNone) return kNoMasking;
  const auto& masked = Written(s).masked;
  auto it =
      std::lower_bound(masked.begin(), masked.end(), s.source, [](const auto& m, ColumnId c) { return m.first < c; });
  return it != masked.end() && it->first == s.source ? it->second : kNoMasking;
}

std::vector<ColumnId> Graph::Targets(const Condition& c) const {
  if (!c.all_targets) return c.targets;
  std::vector<ColumnId> out;
  for (const WrittenColumn& w : statements[c.statement].written) out.push_back(w.column);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void Graph::SortEdges() {
  Sort(edges);
  Sort(table_edges);
}

}  // namespace hivelineage::graph
