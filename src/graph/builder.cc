#include "graph/builder.h"

#include <utility>

#include "base/strings.h"

namespace hivelineage::graph {
namespace {

bool IsDirectory(const std::string& name) { return name.starts_with("directory:"); }

}  // namespace

void GraphBuilder::AddFile(const driver::FileResult& file) {
  if (file.is_catalog || file.source == nullptr) return;
  const std::string name(file.source->name());
  for (const driver::StatementResult& st : file.statements) AddStatement(name, st, file.source->Slice(st.span));
}

void GraphBuilder::AddTable(const std::string& name, TableKind kind) {
  auto [it, inserted] = graph_.tables.try_emplace(name);
  if (inserted) it->second.name = name;
  // A view or directory seen once stays one; plain reads say nothing new.
  if (kind != TableKind::Table) it->second.kind = kind;
}

bool GraphBuilder::AddColumn(const std::string& name, const std::vector<std::string>& tables, bool allow_fallback) {
  if (graph_.columns.contains(name)) return true;
  std::string table = TableOfColumn(name, tables, allow_fallback);
  if (table.empty()) return false;
  AddTable(table, IsDirectory(table) ? TableKind::Directory : TableKind::Table);
  ColumnNode c;
  c.name = name;
  c.column = name.substr(table.size() + 1);
  c.table = std::move(table);
  graph_.columns.emplace(name, std::move(c));
  return true;
}

void GraphBuilder::AddStatement(const std::string& file, const driver::StatementResult& st, std::string_view text) {
  const lineage::StatementLineage& lin = st.lineage;
  if (!st.parsed || (lin.inputs.empty() && lin.outputs.empty())) return;

  const uint32_t id = static_cast<uint32_t>(graph_.statements.size());
  StatementInfo& info = graph_.statements.emplace_back();
  info.file = file;
  info.index = st.index;
  info.start = st.start;
  info.kind = st.kind;
  info.database = st.database;
  info.has_error = st.has_error();
  if (options_.keep_sql) info.sql = std::string(text);
  info.lineage.inputs = lin.inputs;
  info.lineage.outputs = lin.outputs;
  info.lineage.columns = lin.columns;
  info.lineage.predicates = lin.predicates;

  const TableKind written = st.kind == "create_view" ? TableKind::View : TableKind::Table;
  for (const std::string& t : lin.inputs) AddTable(t, IsDirectory(t) ? TableKind::Directory : TableKind::Table);
  for (const std::string& t : lin.outputs) AddTable(t, IsDirectory(t) ? TableKind::Directory : written);

  std::vector<std::string> known = lin.inputs;
  known.insert(known.end(), lin.outputs.begin(), lin.outputs.end());

  auto add_edge = [&](const std::string& source, const std::string& target, EdgeKind kind,
                      const std::string& expression, lineage::Clause clause = lineage::Clause::Where) {
    Edge e;
    e.source = source;
    e.target = target;
    e.kind = kind;
    e.steps.push_back(Step{id, kind, source, target, expression, clause});
    (kind == EdgeKind::Table ? graph_.table_edges : graph_.edges).push_back(std::move(e));
  };

  for (const std::string& in : lin.inputs)
    for (const std::string& out : lin.outputs) add_edge(in, out, EdgeKind::Table, std::string());

  for (const lineage::ColumnLineage& c : lin.columns) {
    // Targets must lie in a written table: a plain query's output names do not.
    if (!AddColumn(c.target, lin.outputs, false)) continue;
    for (const std::string& s : c.sources)
      if (AddColumn(s, known, true)) add_edge(s, c.target, EdgeKind::Projection, c.expression);
  }
  for (const lineage::PredicateLineage& p : lin.predicates) {
    for (const std::string& t : p.targets) {
      if (!AddColumn(t, lin.outputs, false)) continue;
      for (const std::string& s : p.sources)
        if (AddColumn(s, known, true)) add_edge(s, t, EdgeKind::Predicate, p.expression, p.clause);
    }
  }
}

Graph GraphBuilder::Finish() {
  for (const auto& [name, kind] : kinds_) {
    auto it = graph_.tables.find(name);
    if (it != graph_.tables.end()) it->second.kind = kind;
  }
  Graph g = std::move(graph_);
  graph_ = Graph();
  kinds_.clear();
  g.Finish();
  return g;
}

}  // namespace hivelineage::graph
