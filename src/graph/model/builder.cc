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

bool SameCondition(const Condition& a, const Condition& b) {
  return a.statement == b.statement && a.clause == b.clause && a.expression == b.expression && a.columns == b.columns &&
         a.all_targets == b.all_targets && a.targets == b.targets;
}

}  // namespace

void GraphBuilder::AddFile(const driver::FileResult& file) {
  if (file.is_catalog || file.source == nullptr) return;
  const std::string name(file.source->name());
  for (const driver::StatementResult& st : file.statements) AddStatement(name, st, file.source->Slice(st.span));
}

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

uint32_t GraphBuilder::AddColumn(const std::string& name, const std::vector<std::string>& tables, bool allow_fallback) {
  // Whether the name is a column of this statement's tables is the
  // statement's own question, whatever earlier statements added.
  const std::string table = TableOfColumn(name, tables, allow_fallback);
  if (table.empty()) return kNone;
  if (auto it = column_ids_.find(name); it != column_ids_.end()) return it->second;
  const uint32_t t = AddTable(table, KindOf(table));
  const std::string& stored = column_names_.emplace_back(name);
  column_tables_.push_back(t);
  const uint32_t id = static_cast<uint32_t>(column_names_.size() - 1);
  column_ids_.emplace(stored, id);
  return id;
}

void GraphBuilder::AddStatement(const std::string& file, const driver::StatementResult& st, std::string_view text) {
  const lineage::StatementLineage& lin = st.lineage;
  if (!st.parsed || (lin.inputs.empty() && lin.outputs.empty())) return;

  const StatementId id = static_cast<StatementId>(graph_.statements.size());
  StatementInfo& info = graph_.statements.emplace_back();
  info.file = file;
  info.index = st.index;
  info.start = st.start;
  info.kind = st.kind;
  info.database = st.database;
  info.has_error = st.has_error();
  // A sync job's text is no SQL, and may hold credentials (DataX's `password`).
  if (options_.keep_sql && st.kind != StatementKind::Sync) info.sql = std::string(text);
  for (const std::string& t : lin.inputs) info.inputs.push_back(AddTable(t, KindOf(t)));
  for (const std::string& t : lin.outputs) info.outputs.push_back(AddTable(t, KindOf(t)));
  for (const uint32_t in : info.inputs)
    for (const uint32_t out : info.outputs) graph_.table_edges.push_back(Edge{in, out, {Step{id, in, out, kNone}}});

  std::vector<std::string> known = lin.inputs;
  known.insert(known.end(), lin.outputs.begin(), lin.outputs.end());
  for (const lineage::ColumnLineage& c : lin.columns) {
    // Targets must lie in a written table: a plain query's output names do
    // not, and only its sources become (read) columns.
    const uint32_t target = AddColumn(c.target, lin.outputs, false);
    const uint32_t w = static_cast<uint32_t>(info.written.size());
    if (target != kNone) info.written.push_back(WrittenColumn{target, c.expression, c.derivation, c.masking});
    for (const std::string& s : c.sources) {
      const uint32_t source = AddColumn(s, known, true);
      const bool inferred = std::binary_search(c.inferred.begin(), c.inferred.end(), s);
      if (source != kNone && target != kNone)
        graph_.edges.push_back(Edge{source, target, {Step{id, source, target, w, false, inferred}}});
    }
    if (target != kNone) {
      for (const lineage::MaskedSource& m : c.masked)
        if (const uint32_t source = AddColumn(m.source, known, true); source != kNone)
          info.written.back().masked.emplace_back(source, m.masking);
      // Lineage that flags masking for the whole column only (made by hand, through the API): every source, by `mask`.
      if (c.masking && c.masked.empty())
        for (const std::string& s : c.sources)
          if (const uint32_t source = AddColumn(s, known, true); source != kNone)
            info.written.back().masked.emplace_back(source, std::vector<std::string>{"mask"});
    }
    if (!options_.possible || target == kNone) continue;
    for (const lineage::PossibleSource& p : c.possible)
      for (const std::string& s : p.candidates)
        if (const uint32_t source = AddColumn(s, known, true); source != kNone)
          graph_.edges.push_back(Edge{source, target, {Step{id, source, target, w, true, false}}});
  }
  for (const lineage::PredicateLineage& p : lin.predicates) {
    Condition k;
    k.statement = id;
    k.clause = p.clause;
    k.expression = p.expression;
    for (const std::string& s : p.sources)
      if (const uint32_t c = AddColumn(s, known, true); c != kNone) k.columns.push_back(c);
    if (k.columns.empty()) continue;
    // The lineage layer lists every written column unless the condition
    // belongs to one body of a multi-insert.
    if (p.targets.size() != lin.columns.size()) {
      k.all_targets = false;
      for (const std::string& t : p.targets)
        if (const uint32_t c = AddColumn(t, lin.outputs, false); c != kNone) k.targets.push_back(c);
    }
    graph_.conditions.push_back(std::move(k));
  }
  for (const std::string& d : lin.declared_columns) AddColumn(d, lin.outputs, false);
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
  std::vector<Condition> conditions;
  conditions.reserve(g.conditions.size());
  size_t statement_start = 0;  // first condition of the current statement in `conditions`
  for (Condition& k : g.conditions) {
    Remap(k.columns, column_map);
    Remap(k.targets, column_map);
    if (!conditions.empty() && conditions.back().statement != k.statement) statement_start = conditions.size();
    // The same condition twice in one statement (a predicate recorded once per branch) is one.
    bool seen = false;
    for (size_t i = statement_start; i < conditions.size() && !seen; ++i) seen = SameCondition(conditions[i], k);
    if (!seen) conditions.push_back(std::move(k));
  }
  g.conditions = std::move(conditions);
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
