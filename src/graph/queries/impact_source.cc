#include "graph/queries/impact_source.h"

#include <algorithm>
#include <array>
#include <map>
#include <tuple>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"

namespace hivelineage::graph {
namespace {

// What the walks read: every link once, the nodes they touch.
class Collector {
 public:
  Collector(const LineageSource& source, const ImpactOptions& o) : source_(source), o_(o) {}

  // The walks from `roots` over the links of `level`, breadth-first, all at
  // once: a node is expanded when its depth from the nearest root is under
  // --depth, which is when some root's own walk expands it. A layer's links
  // are read in one call (LinksOfEach).
  void Walk(Level level, const std::vector<std::string>& roots) {
    // Names seen: views of `roots` and of the links read, which stay where they are.
    absl::flat_hash_set<std::string_view> seen(roots.begin(), roots.end());
    std::vector<std::string> layer = roots;
    const bool down = o_.direction == Direction::Downstream;
    for (int d = 0; !layer.empty(); ++d) {
      std::vector<std::string> next;
      auto follow = [&](const std::vector<Link>& from) {
        for (const Link& l : from) {
          const std::string& node = down ? l.target : l.source;
          if (seen.insert(node).second) next.push_back(node);
        }
      };
      const bool expand = o_.max_depth < 0 || d < o_.max_depth;
      if (level != Level::Column) {
        if (expand)
          for (const std::vector<Link>* links : Fetch(level, layer, LinkKind::Table)) follow(*links);
      } else {
        if (expand)
          for (const std::vector<Link>* links : Fetch(level, layer, LinkKind::Value)) follow(*links);
        // The roots' conditions are counted even when not followed.
        if (expand && o_.with_conditions)
          for (const std::vector<Link>* links : Fetch(level, layer, LinkKind::Condition)) follow(*links);
        else if (d == 0 && !o_.with_conditions)
          Fetch(level, layer, LinkKind::Condition, true);
      }
      layer = std::move(next);
    }
  }

  // The nodes reached, as views of the links read (which stay where they
  // are) or of names the caller keeps: "tables" (tables or databases), and
  // columns with their tables.
  absl::flat_hash_set<std::string_view> nodes;
  absl::flat_hash_map<std::string_view, std::string_view> columns;

  // Every link read, once (a node's links of one kind are read once), by
  // node name, then kind, then as read. Once the walks are done.
  template <typename F>
  void ForEachLink(F&& f) {
    if (by_name_.size() != cache_.size()) {
      by_name_.clear();
      by_name_.reserve(cache_.size());
      for (const auto& entry : cache_) by_name_.push_back(&entry);
      std::sort(by_name_.begin(), by_name_.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
    }
    for (const auto* entry : by_name_)
      for (const std::vector<Link>& links : entry->second.links)
        for (const Link& l : links) f(l);
  }

 private:
  // The links of `kind` of each node of `layer`, reading those not read yet
  // in one call; with `counted`, conditions that are only counted (one link
  // each: the walk never follows them, so never needs the others).
  std::vector<const std::vector<Link>*> Fetch(Level level, const std::vector<std::string>& layer, LinkKind kind,
                                              bool counted = false) {
    const auto k = static_cast<size_t>(kind);
    std::vector<std::string> missing;
    for (const std::string& node : layer) {
      const auto it = cache_.find(node);
      if (it == cache_.end() || !it->second.fetched[k]) missing.push_back(node);
    }
    std::vector<std::vector<Link>> read =
        counted ? source_.ConditionsOfEach(missing, o_.direction)
                : source_.LinksOfEach(level, missing, o_.direction, kind != LinkKind::Condition,
                                      kind == LinkKind::Condition);
    for (size_t i = 0; i < missing.size(); ++i) {
      NodeLinks& of_node = cache_[std::move(missing[i])];
      // Kept once (a name twice in `missing`: the second read goes), where
      // they stay: `nodes` and `columns` view them.
      if (of_node.fetched[k]) continue;
      of_node.fetched[k] = true;
      of_node.links[k] = std::move(read[i]);
      for (const Link& l : of_node.links[k]) {
        if (level == Level::Column) {
          columns.try_emplace(l.source, l.source_table);
          columns.try_emplace(l.target, l.target_table);
        } else {
          nodes.insert(l.source);
          nodes.insert(l.target);
        }
      }
    }
    std::vector<const std::vector<Link>*> out;
    out.reserve(layer.size());
    for (const std::string& node : layer) out.push_back(&cache_.find(node)->second.links[k]);
    return out;
  }

  const LineageSource& source_;
  const ImpactOptions& o_;
  // A node's links of each kind (by LinkKind), and which were read.
  struct NodeLinks {
    std::array<std::vector<Link>, 3> links;
    std::array<bool, 3> fetched{};
  };
  absl::flat_hash_map<std::string, NodeLinks> cache_;                    // by node
  std::vector<const std::pair<const std::string, NodeLinks>*> by_name_;  // cache_'s entries sorted by node
};


}  // namespace

bool ImpactNeighbourhood(const LineageSource& source, const std::string& start, const ImpactOptions& options,
                         Graph& out, bool table_kinds) {
  out = Graph();
  const Level level = options.level;
  // At column level the start is a column or a table.
  if (!source.HasNode(level, start) && !(level == Level::Column && source.HasNode(Level::Table, start))) return false;
  Collector c(source, options);
  // The names the collector's views may point to, beside the links it reads.
  const std::vector<std::string> starts = {start};
  std::vector<std::string> roots;
  std::string start_table;
  if (level == Level::Column) {
    // A table start is walked as a table (its table links) and from each of its columns.
    if (source.HasNode(Level::Table, start)) {
      c.nodes.insert(start);
      c.Walk(Level::Table, starts);
      roots = source.ColumnsOf(start);
      for (const std::string& col : roots) c.columns.emplace(col, start);
      c.Walk(Level::Column, roots);
    } else {
      start_table = source.TableOf(start);
      c.columns.emplace(start, start_table);
      c.Walk(Level::Column, starts);
    }
  } else {
    c.nodes.insert(start);
    c.Walk(level, starts);
  }

  // Nodes, sorted by name. A column's table is a node too.
  std::vector<std::pair<std::string_view, std::string_view>> columns(c.columns.begin(), c.columns.end());
  std::sort(columns.begin(), columns.end());
  for (const auto& [column, table] : columns) c.nodes.insert(table);
  std::vector<std::string_view> tables(c.nodes.begin(), c.nodes.end());
  std::sort(tables.begin(), tables.end());
  out.tables.reserve(tables.size());
  for (const std::string_view t : tables) {
    TableNode& n = out.tables.emplace_back();
    n.name = std::string(t);
    if (level != Level::Database && table_kinds) n.kind = source.KindOfTable(t);
  }
  // Ids by name: the lists are sorted, so an id is a position.
  absl::flat_hash_map<std::string_view, uint32_t> table_id, column_id;
  table_id.reserve(tables.size());
  column_id.reserve(columns.size());
  for (uint32_t i = 0; i < tables.size(); ++i) table_id.emplace(tables[i], i);
  out.columns.reserve(columns.size());
  for (uint32_t i = 0; i < columns.size(); ++i) {
    const auto& [column, table] = columns[i];
    column_id.emplace(column, i);
    ColumnNode& n = out.columns.emplace_back();
    n.name = std::string(column);
    n.table = table_id.at(table);
    n.short_offset = static_cast<uint32_t>(table.size() + 1);
    out.tables[n.table].columns.push_back(static_cast<ColumnId>(i));
  }

  // Statements in run order.
  absl::flat_hash_map<int64_t, const StatementRef*> of_order;
  c.ForEachLink([&](const Link& l) { of_order.emplace(l.statement.order, &l.statement); });
  std::vector<std::pair<int64_t, const StatementRef*>> ordered(of_order.begin(), of_order.end());
  std::sort(ordered.begin(), ordered.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  absl::flat_hash_map<int64_t, StatementId> statement_ids;
  for (const auto& [order, ref] : ordered) {
    statement_ids.emplace(order, static_cast<StatementId>(out.statements.size()));
    StatementInfo& st = out.statements.emplace_back();
    st.file = ref->file;
    st.index = ref->index;
    st.start = LineCol{ref->line, ref->column};
    st.kind = ref->kind;
  }

  // A statement's written columns, each once: (statement, column, expression) -> index in `written`.
  absl::flat_hash_map<std::tuple<StatementId, ColumnId, std::string_view, int, bool>, uint32_t> written_index;
  // Conditions by statement, then position in it: the whole graph's order.
  std::map<std::pair<int64_t, uint32_t>, Condition> conditions;
  c.ForEachLink([&](const Link& l) {
    const StatementId s = statement_ids.at(l.statement.order);
    switch (l.kind) {
      case LinkKind::Value: {
        const ColumnId from = column_id.at(l.source), to = column_id.at(l.target);
        std::vector<WrittenColumn>& written = out.statements[s].written;
        auto [it, inserted] = written_index.try_emplace(
            std::make_tuple(s, to, std::string_view(l.expression), static_cast<int>(l.derivation), l.masking),
            static_cast<uint32_t>(written.size()));
        if (inserted) written.push_back(WrittenColumn{to, l.expression, l.derivation, l.masking});
        if (l.masking) {
          // A link tells that its source is masked, not by what.
          auto& masked = written[it->second].masked;
          auto at = std::lower_bound(masked.begin(), masked.end(), from,
                                     [](const auto& m, ColumnId c) { return m.first < c; });
          if (at == masked.end() || at->first != from) masked.insert(at, {from, {"mask"}});
        }
        out.edges.push_back(Edge{from, to, {Step{s, from, to, it->second, l.possible}}});
        break;
      }
      case LinkKind::Table: {
        const TableId from = table_id.at(l.source), to = table_id.at(l.target);
        out.table_edges.push_back(Edge{from, to, {Step{s, from, to, kNone}}});
        break;
      }
      case LinkKind::Condition: {
        Condition& k = conditions[{l.statement.order, l.condition}];
        k.statement = s;
        k.clause = l.clause;
        k.expression = l.expression;
        k.all_targets = false;  // only what the walk reads of it
        k.columns.push_back(column_id.at(l.source));
        k.targets.push_back(column_id.at(l.target));
        break;
      }
    }
  });
  for (auto& [key, k] : conditions) {
    for (auto* ids : {&k.columns, &k.targets}) {
      std::sort(ids->begin(), ids->end());
      ids->erase(std::unique(ids->begin(), ids->end()), ids->end());
    }
    out.conditions.push_back(std::move(k));
  }
  out.SortEdges();
  return true;
}

}  // namespace hivelineage::graph
