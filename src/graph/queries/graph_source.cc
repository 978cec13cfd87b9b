#include "graph/queries/graph_source.h"

#include <algorithm>
#include <set>

#include "base/strings.h"

namespace hivelineage::graph {

GraphSource::GraphSource(const Graph& graph)
    : g_(graph),
      edges_from_(graph.columns.size()),
      edges_to_(graph.columns.size()),
      tables_from_(graph.tables.size()),
      tables_to_(graph.tables.size()),
      reads_(graph.tables.size()),
      writes_(graph.tables.size()),
      column_writes_(graph.columns.size()),
      condition_reads_(graph.columns.size()),
      condition_governs_(graph.columns.size()),
      conditions_of_all_(graph.statements.size()),
      condition_rank_(graph.conditions.size()) {
  for (uint32_t i = 0; i < g_.edges.size(); ++i) {
    edges_from_[g_.edges[i].source].push_back(i);
    edges_to_[g_.edges[i].target].push_back(i);
  }
  for (uint32_t i = 0; i < g_.table_edges.size(); ++i) {
    tables_from_[g_.table_edges[i].source].push_back(i);
    tables_to_[g_.table_edges[i].target].push_back(i);
  }
  for (StatementId s = 0; s < g_.statements.size(); ++s) {
    const StatementInfo& st = g_.statements[s];
    for (TableId t : st.inputs) reads_[t].push_back(s);
    for (TableId t : st.outputs) writes_[t].push_back(s);
    for (const WrittenColumn& w : st.written)
      if (column_writes_[w.column].empty() || column_writes_[w.column].back() != s) column_writes_[w.column].push_back(s);
  }
  for (uint32_t k = 0; k < g_.conditions.size(); ++k) {
    const Condition& c = g_.conditions[k];
    condition_rank_[k] = k > 0 && g_.conditions[k - 1].statement == c.statement ? condition_rank_[k - 1] + 1 : 0;
    for (ColumnId col : c.columns) condition_reads_[col].push_back(k);
    if (c.all_targets) {
      conditions_of_all_[c.statement].push_back(k);
    } else {
      for (ColumnId t : c.targets) condition_governs_[t].push_back(k);
    }
  }
  for (TableId t = 0; t < g_.tables.size(); ++t) database_tables_[DatabaseOfTable(g_.tables[t].name)].push_back(t);
}

StatementRef GraphSource::Ref(StatementId statement) const {
  const StatementInfo& st = g_.statements[statement];
  return StatementRef{st.file, st.index, st.start.line, st.start.column, st.kind, statement};
}

Link GraphSource::ValueLink(uint32_t edge) const {
  const Edge& e = g_.edges[edge];
  Link l;
  l.kind = LinkKind::Value;
  l.source = g_.columns[e.source].name;
  l.target = g_.columns[e.target].name;
  l.source_table = g_.tables[g_.columns[e.source].table].name;
  l.target_table = g_.tables[g_.columns[e.target].table].name;
  l.expression = g_.Expression(e);
  l.derivation = g_.EdgeDerivation(e);
  l.masking = g_.Masking(e);
  l.possible = Graph::Possible(e);
  l.statement = Ref(e.statement());
  return l;
}

Link GraphSource::TableLink(uint32_t edge) const {
  const Edge& e = g_.table_edges[edge];
  Link l;
  l.kind = LinkKind::Table;
  l.source = g_.tables[e.source].name;
  l.target = g_.tables[e.target].name;
  l.statement = Ref(e.statement());
  return l;
}

Link GraphSource::ConditionLink(uint32_t condition, ColumnId source, ColumnId target) const {
  const Condition& k = g_.conditions[condition];
  Link l;
  l.kind = LinkKind::Condition;
  l.source = g_.columns[source].name;
  l.target = g_.columns[target].name;
  l.source_table = g_.tables[g_.columns[source].table].name;
  l.target_table = g_.tables[g_.columns[target].table].name;
  l.expression = k.expression;
  l.clause = k.clause;
  l.condition = condition_rank_[condition];
  l.statement = Ref(k.statement);
  return l;
}

std::vector<std::string> GraphSource::Names(const std::vector<TableId>& tables) const {
  std::vector<std::string> out;
  for (TableId t : tables) out.push_back(g_.tables[t].name);
  return out;
}

std::vector<TableId> GraphSource::TablesOf(Level level, std::string_view node) const {
  if (level == Level::Table) {
    const std::optional<TableId> t = g_.FindTable(node);
    return t ? std::vector<TableId>{*t} : std::vector<TableId>{};
  }
  auto db = database_tables_.find(std::string(node));
  return db == database_tables_.end() ? std::vector<TableId>{} : db->second;
}

std::vector<std::string> GraphSource::Nodes(Level level) const {
  std::vector<std::string> out;
  switch (level) {
    case Level::Column:
      for (const ColumnNode& c : g_.columns) out.push_back(c.name);
      break;
    case Level::Table:
      for (const TableNode& t : g_.tables) out.push_back(t.name);
      break;
    case Level::Database:
      for (const auto& [name, tables] : database_tables_) out.push_back(name);
      break;
  }
  return out;
}

bool GraphSource::HasNode(Level level, std::string_view name) const {
  switch (level) {
    case Level::Column:
      return g_.FindColumn(name).has_value();
    case Level::Table:
      return g_.FindTable(name).has_value();
    case Level::Database:
      return database_tables_.contains(std::string(name));
  }
  return false;
}

std::vector<Link> GraphSource::Links(Level level, std::string_view node, Direction direction, bool values,
                                     bool conditions) const {
  const bool down = direction == Direction::Downstream;
  std::vector<Link> out;
  if (level == Level::Column) {
    const std::optional<ColumnId> found = g_.FindColumn(node);
    if (!found) return out;
    const ColumnId c = *found;
    if (values)
      for (uint32_t e : (down ? edges_from_ : edges_to_)[c]) out.push_back(ValueLink(e));
    if (conditions && down) {
      for (uint32_t k : condition_reads_[c])
        for (ColumnId t : g_.Targets(g_.conditions[k])) out.push_back(ConditionLink(k, c, t));
    } else if (conditions) {
      std::set<uint32_t> ks(condition_governs_[c].begin(), condition_governs_[c].end());
      for (StatementId s : column_writes_[c]) ks.insert(conditions_of_all_[s].begin(), conditions_of_all_[s].end());
      for (uint32_t k : ks)
        for (ColumnId s : g_.conditions[k].columns) out.push_back(ConditionLink(k, s, c));
    }
  } else {
    for (TableId t : TablesOf(level, node))
      for (uint32_t e : (down ? tables_from_ : tables_to_)[t]) {
        Link l = TableLink(e);
        if (level == Level::Database && !ToDatabaseLink(l)) continue;
        out.push_back(std::move(l));
      }
  }
  SortLinks(out, direction);
  return out;
}

std::vector<StatementUse> GraphSource::Uses(Level level, std::string_view node, Use use) const {
  std::set<StatementId> ids;
  if (level == Level::Column) {
    const std::optional<ColumnId> c = g_.FindColumn(node);
    if (!c) return {};
    if (use == Use::Read) {
      for (uint32_t e : edges_from_[*c]) ids.insert(g_.edges[e].statement());
      for (uint32_t k : condition_reads_[*c]) ids.insert(g_.conditions[k].statement);
    } else {
      ids.insert(column_writes_[*c].begin(), column_writes_[*c].end());
    }
  } else {
    for (TableId t : TablesOf(level, node))
      for (StatementId s : (use == Use::Read ? reads_ : writes_)[t]) ids.insert(s);
  }
  std::vector<StatementUse> out;
  for (StatementId s : ids)
    out.push_back(StatementUse{Ref(s), Names(g_.statements[s].inputs), Names(g_.statements[s].outputs)});
  return out;
}

bool GraphSource::Declared(Level level, std::string_view node) const {
  switch (level) {
    case Level::Column: {
      const std::string table = TableOf(node);
      auto t = g_.declared.find(table);
      if (table.empty() || t == g_.declared.end()) return false;
      return t->second.FindColumn(node.substr(table.size() + 1)) != nullptr;
    }
    case Level::Table:
      return g_.declared.contains(std::string(node));
    case Level::Database:
      for (const auto& [name, table] : g_.declared)
        if (DatabaseOfTable(name) == node) return true;
      return false;
  }
  return false;
}

std::vector<std::string> GraphSource::ColumnsOf(std::string_view table) const {
  std::vector<std::string> out;
  if (const std::optional<TableId> t = g_.FindTable(table))
    for (ColumnId c : g_.tables[*t].columns) out.push_back(g_.columns[c].name);
  return out;
}

std::string GraphSource::TableOf(std::string_view column) const {
  const std::optional<ColumnId> c = g_.FindColumn(column);
  return c ? g_.tables[g_.columns[*c].table].name : std::string();
}

TableKind GraphSource::KindOfTable(std::string_view table) const {
  const std::optional<TableId> t = g_.FindTable(table);
  return t ? g_.tables[*t].kind : TableKind::Table;
}

}  // namespace hivelineage::graph
