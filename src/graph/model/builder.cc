#include "graph/model/builder.h"

#include <algorithm>
#include <numeric>
#include <utility>

namespace hivelineage::graph {
namespace {

bool IsDirectory(const std::string& name) { return name.starts_with("directory:"); }

TableKind KindOf(const std::string& name) { return IsDirectory(name) ? TableKind::Directory : TableKind::Table; }

// Positions sorted by name, and the inverse: old id -> new id.
std::vector<uint32_t> NewIds(const std::deque<std::string>& names, std::vector<uint32_t>& order) {
  order.resize(names.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return names[a] < names[b]; });
  std::vector<uint32_t> map(names.size());
  for (uint32_t k = 0; k < order.size(); ++k) map[order[k]] = k;
  return map;
}

void Remap(std::vector<uint32_t>& ids, const std::vector<uint32_t>& map) {
  for (uint32_t& id : ids) id = map[id];
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
}

}  // namespace

void GraphBuilder::SetTableKind(const std::string& table, TableKind kind) {
  auto [it, inserted] = kinds_.try_emplace(table, kind);
  if (!inserted && it->second != TableKind::Temporary) it->second = kind;
}

uint32_t GraphBuilder::AddTable(const std::string& name, TableKind kind) {
  auto it = table_ids_.find(name);
  if (it == table_ids_.end()) {
    const std::string& stored = table_names_.emplace_back(name);
    table_kinds_.push_back(kind);
    it = table_ids_.emplace(stored, static_cast<uint32_t>(table_names_.size() - 1)).first;
  } else if (kind != TableKind::Table) {
    table_kinds_[it->second] = kind;  // a view or directory seen once stays one; plain reads say nothing new
  }
  return it->second;
}

std::string GraphBuilder::NodeName(const std::string& table) const {
  if (views_ == nullptr || !views_->contains(table)) return table;
  return table + "@" + file_;
}

uint32_t GraphBuilder::AddColumn(const lineage::StatementFacts& facts, uint32_t column) {
  if (column == lineage::kNoColumn) return kNone;
  std::string name = facts.ColumnName(column);
  const std::string& raw = facts.TableOf(column).name;
  std::string scoped;  // a session view's node name
  if (views_ != nullptr && views_->contains(raw)) {
    scoped = NodeName(raw);
    name = scoped + name.substr(raw.size());
  }
  const std::string& table = scoped.empty() ? raw : scoped;
  if (auto it = column_ids_.find(name); it != column_ids_.end()) return it->second;
  const uint32_t t = AddTable(table, KindOf(table));
  const std::string& stored = column_names_.emplace_back(name);
  column_tables_.push_back(t);
  const uint32_t id = static_cast<uint32_t>(column_names_.size() - 1);
  column_ids_.emplace(stored, id);
  return id;
}

void GraphBuilder::MarkTables(const lineage::StatementFacts& facts) {
  file_.clear();  // a catalog DDL file's: no script's session
  views_ = nullptr;
  MarkNodes(facts);
}

void GraphBuilder::MarkNodes(const lineage::StatementFacts& facts) {
  // Read from the statements, not from the catalog after the script: a
  // temporary table the script dropped again is gone from the catalog by then.
  for (const lineage::StatementTable& t : facts.tables)
    if (t.temporary) SetTableKind(NodeName(t.name.name), TableKind::Temporary);
  for (const lineage::StatementTable& t : facts.tables)
    if (t.view) SetTableKind(NodeName(t.name.name), TableKind::View);
}

void GraphBuilder::AddStatement(const std::string& file, const lineage::StatementFacts& facts, std::string_view text) {
  file_ = file;
  views_ = nullptr;
  for (const lineage::StatementTable& t : facts.tables)
    if (t.temporary && t.view) session_views_[file].insert(t.name.name);
  if (!session_views_.empty())
    if (const auto it = session_views_.find(file); it != session_views_.end()) views_ = &it->second;
  MarkNodes(facts);
  if (!facts.kept) return;

  const StatementId id = static_cast<StatementId>(graph_.statements.size());
  StatementInfo& info = graph_.statements.emplace_back();
  info.file = file;
  info.index = facts.index;
  info.start = facts.start;
  info.kind = facts.kind;
  info.database = facts.database;
  info.has_error = facts.has_error;
  // A sync job's text is no SQL, and may hold credentials (DataX's `password`).
  if (options_.keep_sql && facts.kind != StatementKind::Sync) info.sql = std::string(text);
  for (const lineage::StatementTable& t : facts.tables)
    if (t.input) info.inputs.push_back(AddTable(NodeName(t.name.name), KindOf(t.name.name)));
  for (const lineage::StatementTable& t : facts.tables)
    if (t.output) info.outputs.push_back(AddTable(NodeName(t.name.name), KindOf(t.name.name)));
  for (const uint32_t in : info.inputs)
    for (const uint32_t out : info.outputs) graph_.table_edges.push_back(Edge{in, out, {Step{id, in, out, kNone}}});

  for (const lineage::ValueFacts& v : facts.values) {
    // A plain query's output names lie in no written table: only its
    // sources become (read) columns.
    const uint32_t target = AddColumn(facts, v.target);
    const uint32_t w = static_cast<uint32_t>(info.written.size());
    if (target != kNone) info.written.push_back(WrittenColumn{target, v.expression, v.derivation, v.masking});
    for (const lineage::ValueFacts::Source& s : v.sources) {
      const uint32_t source = AddColumn(facts, s.column);
      if (source == kNone || target == kNone) continue;
      graph_.edges.push_back(Edge{source, target, {Step{id, source, target, w, false, s.inferred}}});
      if (!s.masked_by.empty()) info.written.back().masked.emplace_back(source, s.masked_by);
    }
    // Lineage that flags masking for the whole column only (made by hand, through the API): every source, by `mask`.
    if (target != kNone && v.masking && !v.AnyMasked())
      for (const lineage::ValueFacts::Source& s : v.sources)
        if (const uint32_t source = AddColumn(facts, s.column); source != kNone)
          info.written.back().masked.emplace_back(source, std::vector<std::string>{"mask"});
    if (!options_.possible || target == kNone) continue;
    for (const lineage::ValueFacts::Possible& p : v.possible)
      for (const uint32_t candidate : p.candidates)
        if (const uint32_t source = AddColumn(facts, candidate); source != kNone)
          graph_.edges.push_back(Edge{source, target, {Step{id, source, target, w, true, false}}});
  }
  for (const lineage::ConditionFacts& c : facts.conditions) {
    Condition k;
    k.statement = id;
    k.clause = c.clause;
    k.expression = c.expression;
    for (const uint32_t column : c.reads) k.columns.push_back(AddColumn(facts, column));
    k.all_targets = c.governs_all;
    for (const uint32_t column : c.governs) k.targets.push_back(AddColumn(facts, column));
    graph_.conditions.push_back(std::move(k));
  }
  for (const uint32_t d : facts.declared) AddColumn(facts, d);
}

Graph GraphBuilder::Finish() {
  for (const auto& [name, kind] : kinds_)
    if (auto it = table_ids_.find(name); it != table_ids_.end()) table_kinds_[it->second] = kind;
  table_ids_.clear();
  column_ids_.clear();

  std::vector<uint32_t> table_order, column_order;
  const std::vector<uint32_t> table_map = NewIds(table_names_, table_order);
  const std::vector<uint32_t> column_map = NewIds(column_names_, column_order);
  Graph g = std::move(graph_);
  g.tables.resize(table_order.size());
  for (uint32_t k = 0; k < table_order.size(); ++k) {
    g.tables[k].name = std::move(table_names_[table_order[k]]);
    g.tables[k].kind = table_kinds_[table_order[k]];
  }
  g.columns.resize(column_order.size());
  for (uint32_t k = 0; k < column_order.size(); ++k) {
    ColumnNode& c = g.columns[k];
    c.name = std::move(column_names_[column_order[k]]);
    c.table = table_map[column_tables_[column_order[k]]];
    c.short_offset = static_cast<uint32_t>(g.tables[c.table].name.size() + 1);
    g.tables[c.table].columns.push_back(k);  // in id order, so by name
  }

  for (StatementInfo& st : g.statements) {
    Remap(st.inputs, table_map);
    Remap(st.outputs, table_map);
    for (WrittenColumn& w : st.written) {
      w.column = column_map[w.column];
      for (auto& [source, masking] : w.masked) source = column_map[source];
      std::sort(w.masked.begin(), w.masked.end());
    }
  }
  auto remap_edges = [](std::vector<Edge>& edges, const std::vector<uint32_t>& map) {
    for (Edge& e : edges) {
      e.source = map[e.source];
      e.target = map[e.target];
      for (Step& s : e.steps) {
        s.source = map[s.source];
        s.target = map[s.target];
      }
    }
  };
  remap_edges(g.edges, column_map);
  remap_edges(g.table_edges, table_map);
  for (Condition& k : g.conditions) {
    Remap(k.columns, column_map);
    Remap(k.targets, column_map);
  }
  g.SortEdges();

  graph_ = Graph();
  table_names_.clear();
  table_kinds_.clear();
  column_names_.clear();
  column_tables_.clear();
  kinds_.clear();
  return g;
}

}  // namespace hivelineage::graph
