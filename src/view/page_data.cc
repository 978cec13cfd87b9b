#include "view/page_data.h"

#include "view/page_builder.h"

namespace hivelineage::view {
namespace {

PageBuilder::Statement StatementOf(const graph::Graph& g, graph::StatementId id) {
  const graph::StatementInfo& s = g.statements[id];
  return {s.file, s.index, s.start.line, s.start.column, s.kind};
}

}  // namespace

void WritePageDataHead(output::JsonOut& j, const std::string& title) {
  j.BeginObject();
  j.Key("format");
  j.String("hivelineage-page");
  j.Key("version");
  j.Int(1);
  j.Key("title");
  j.String(title);
}

void WritePageData(const graph::Graph& g, const PageData& data, std::string& out) {
  PageBuilder page;
  std::vector<std::string> columns;
  for (const graph::TableNode& t : g.tables) {
    if (t.collapsed || (data.only_tables && !data.only_tables->contains(t.name))) continue;
    columns.clear();
    for (graph::ColumnId c : t.columns) columns.emplace_back(g.columns[c].short_name());
    page.AddTable(t.name, graph::TableKindName(t.kind), columns);
  }
  std::vector<PageBuilder::Step> way;
  for (const graph::Edge& e : g.edges) {
    way.clear();
    for (const graph::Step& s : e.steps)
      way.push_back({StatementOf(g, s.statement), g.Written(s).expression, g.columns[s.target].name});
    page.AddValue(g.columns[e.source].name, g.columns[e.target].name, way);
  }
  auto names = [&](const std::vector<graph::ColumnId>& ids) {
    std::vector<std::string> out;
    for (graph::ColumnId c : ids) out.push_back(g.columns[c].name);
    return out;
  };
  for (const graph::Condition& c : g.conditions)
    page.AddCondition(StatementOf(g, c.statement), c.clause, c.expression, names(c.columns), names(g.Targets(c)));
  for (const graph::Edge& e : g.table_edges)
    for (const graph::Step& s : e.steps)
      page.AddTableEdge(g.tables[e.source].name, g.tables[e.target].name, StatementOf(g, s.statement));
  page.Write(data.title, data.focus, out);
}

void WriteServedPageData(const std::string& title, std::string& out) {
  output::JsonOut j(out, false);
  WritePageDataHead(j, title);
  j.Key("mode");
  j.String("server");
  j.EndObject();
}

}  // namespace hivelineage::view
