#include "graph/queries/impact.h"

#include <algorithm>
#include <deque>
#include <map>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "base/strings.h"

namespace hivelineage::graph {
namespace {

// Edges by the node they leave from in the walk's direction, in edge order.
std::vector<std::vector<uint32_t>> Index(const std::vector<Edge>& edges, size_t nodes, Direction d) {
  std::vector<std::vector<uint32_t>> adj(nodes);
  for (uint32_t i = 0; i < edges.size(); ++i)
    adj[d == Direction::Downstream ? edges[i].source : edges[i].target].push_back(i);
  return adj;
}

// Conditions around each column: those reading it (downstream) or governing
// it (upstream). A condition governing all its statement writes is found
// through the statement, not listed per column.
class ConditionIndex {
 public:
  ConditionIndex(const Graph& g, Direction d) : g_(g), d_(d) {
    if (d == Direction::Downstream) {
      reads_.resize(g.columns.size());
      for (uint32_t k = 0; k < g.conditions.size(); ++k)
        for (ColumnId c : g.conditions[k].columns) reads_[c].push_back(k);
      return;
    }
    governs_.resize(g.columns.size());
    written_by_.resize(g.columns.size());
    all_of_.resize(g.statements.size());
    for (uint32_t k = 0; k < g.conditions.size(); ++k) {
      const Condition& c = g.conditions[k];
      if (c.all_targets) {
        all_of_[c.statement].push_back(k);
      } else {
        for (ColumnId t : c.targets) governs_[t].push_back(k);
      }
    }
    for (StatementId s = 0; s < g.statements.size(); ++s)
      for (const WrittenColumn& w : g.statements[s].written)
        if (written_by_[w.column].empty() || written_by_[w.column].back() != s) written_by_[w.column].push_back(s);
  }

  // Calls f(condition, other column) for every condition hop from `c`, in a
  // fixed order: conditions by position, columns by name.
  template <typename F>
  void ForEachHop(ColumnId c, F&& f) {
    if (d_ == Direction::Downstream) {
      for (uint32_t k : reads_[c])
        for (ColumnId t : Targets(k)) f(k, t);
      return;
    }
    std::vector<uint32_t> ks = governs_[c];
    for (StatementId s : written_by_[c]) ks.insert(ks.end(), all_of_[s].begin(), all_of_[s].end());
    std::sort(ks.begin(), ks.end());
    for (uint32_t k : ks)
      for (ColumnId s : g_.conditions[k].columns) f(k, s);
  }

  // The conditions a hop from `c` would follow.
  void CollectConditions(ColumnId c, absl::flat_hash_set<uint32_t>& out) {
    ForEachHop(c, [&](uint32_t k, ColumnId) { out.insert(k); });
  }

 private:
  const std::vector<ColumnId>& Targets(uint32_t k) {
    auto [it, inserted] = targets_.try_emplace(k);
    if (inserted) it->second = g_.Targets(g_.conditions[k]);
    return it->second;
  }

  const Graph& g_;
  Direction d_;
  std::vector<std::vector<uint32_t>> reads_, governs_, written_by_, all_of_;
  absl::flat_hash_map<uint32_t, std::vector<ColumnId>> targets_;
};

class Walker {
 public:
  Walker(const Graph& g, const ImpactOptions& o)
      : g_(g),
        o_(o),
        columns_(Index(g.edges, g.columns.size(), o.direction)),
        tables_(Index(g.table_edges, g.tables.size(), o.direction)),
        conditions_(g, o.direction) {}

  ImpactTree Walk(uint32_t root, bool is_table) {
    ImpactTree tree;
    absl::flat_hash_set<uint32_t> seen;
    std::deque<int> queue;
    auto visit = [&](uint32_t id, int depth, int parent, Hop hop) {
      if (!seen.insert(id).second) return;
      tree.nodes.push_back(ImpactNode{id, is_table, depth, parent, hop});
      queue.push_back(static_cast<int>(tree.nodes.size()) - 1);
    };
    visit(root, 0, -1, Hop{});
    const bool down = o_.direction == Direction::Downstream;
    while (!queue.empty()) {
      const int at = queue.front();
      queue.pop_front();
      const uint32_t id = tree.nodes[at].id;
      const int depth = tree.nodes[at].depth;
      if (!is_table && !o_.with_conditions && depth == 0) {
        absl::flat_hash_set<uint32_t> here;
        conditions_.CollectConditions(id, here);
        tree.conditions_not_followed = here.size();
        skipped_.insert(here.begin(), here.end());
      }
      if (o_.max_depth >= 0 && depth >= o_.max_depth) continue;
      const HopKind kind = is_table ? HopKind::Table : HopKind::Value;
      const std::vector<Edge>& edges = is_table ? g_.table_edges : g_.edges;
      for (uint32_t e : (is_table ? tables_ : columns_)[id]) {
        const Edge& edge = edges[e];
        visit(down ? edge.target : edge.source, depth + 1, at, Hop{kind, e, edge.source, edge.target});
      }
      if (is_table || !o_.with_conditions) continue;
      conditions_.ForEachHop(id, [&](uint32_t k, ColumnId other) {
        visit(other, depth + 1, at, Hop{HopKind::Condition, k, down ? id : other, down ? other : id});
      });
    }
    return tree;
  }

  size_t skipped_conditions() const { return skipped_.size(); }

 private:
  const Graph& g_;
  const ImpactOptions& o_;
  std::vector<std::vector<uint32_t>> columns_, tables_;
  ConditionIndex conditions_;
  absl::flat_hash_set<uint32_t> skipped_;
};

}  // namespace

const char* HopKindName(HopKind kind) {
  switch (kind) {
    case HopKind::Value:
      return "value";
    case HopKind::Condition:
      return "condition";
    case HopKind::Table:
      return "table";
  }
  return "?";
}

bool Impact(const Graph& g, std::string_view start, const ImpactOptions& options, ImpactResult& r) {
  r = ImpactResult();
  r.start = ToLower(start);
  r.options = options;
  // The start: a table, else a column (kNone when neither).
  const TableId table = g.FindTable(r.start).value_or(kNone);
  const ColumnId column = table != kNone ? kNone : g.FindColumn(r.start).value_or(kNone);
  if (table == kNone && column == kNone) return false;
  if (g.tables[table != kNone ? table : g.columns[column].table].collapsed) return false;
  r.start_is_table = table != kNone;

  Walker walker(g, options);
  if (r.start_is_table) {
    r.trees.push_back(walker.Walk(table, true));
    for (ColumnId c : g.tables[table].columns) r.trees.push_back(walker.Walk(c, false));
  } else {
    r.trees.push_back(walker.Walk(column, false));
  }
  r.conditions_not_followed = walker.skipped_conditions();

  std::map<ColumnId, ImpactResult::Reached> columns;  // ids in name order
  std::map<TableId, int> tables;
  auto note_table = [&](TableId t, int depth) {
    if (t == table) return;
    auto [it, inserted] = tables.try_emplace(t, depth);
    if (!inserted) it->second = std::min(it->second, depth);
  };
  for (uint32_t tree = 0; tree < r.trees.size(); ++tree) {
    for (const ImpactNode& n : r.trees[tree].nodes) {
      if (n.depth == 0) continue;
      if (n.is_table) {
        note_table(n.id, n.depth);
        continue;
      }
      note_table(g.columns[n.id].table, n.depth);
      auto [it, inserted] = columns.try_emplace(n.id, ImpactResult::Reached{n.id, n.depth, {}});
      it->second.depth = std::min(it->second.depth, n.depth);
      it->second.trees.push_back(tree);
    }
  }
  for (auto& [id, reached] : columns) r.columns.push_back(std::move(reached));
  r.tables.assign(tables.begin(), tables.end());
  return true;
}

ImpactResult CatalogOnlyImpact(std::string_view start, bool is_table, const ImpactOptions& options) {
  ImpactResult r;
  r.start = ToLower(start);
  r.start_is_table = is_table;
  r.in_graph = false;
  r.options = options;
  return r;
}

}  // namespace hivelineage::graph
