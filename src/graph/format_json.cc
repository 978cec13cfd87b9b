// --format json: the graph as one document (schema in docs/graph.md).
#include "graph/formats.h"
#include "graph/json_edge.h"
#include "output/json_out.h"

namespace hivelineage::graph {
namespace {

void WriteStep(output::JsonOut& j, const Graph& g, const Step& s) {
  const StatementInfo& st = g.statements[s.statement];
  j.BeginObject(true);
  j.Key("file");
  j.String(st.file);
  j.Key("line");
  j.Int(st.start.line);
  j.Key("column");
  j.Int(st.start.column);
  j.Key("statement");
  j.Int(st.index);
  j.Key("kind");
  j.String(EdgeKindName(s.kind));
  j.Key("source");
  j.String(s.source);
  j.Key("target");
  j.String(s.target);
  if (s.kind != EdgeKind::Table) {
    j.Key("expression");
    j.String(s.expression);
  }
  if (s.kind == EdgeKind::Predicate) {
    j.Key("clause");
    j.String(lineage::ClauseName(s.clause));
  }
  j.EndObject();
}

void WriteEdges(output::JsonOut& j, const Graph& g, const std::vector<Edge>& edges) {
  j.BeginArray();
  for (const Edge& e : edges) WriteEdgeJson(j, g, e);
  j.EndArray();
}

}  // namespace

void WriteEdgeJson(output::JsonOut& j, const Graph& g, const Edge& e) {
  j.BeginObject();
  j.Key("source");
  j.String(e.source);
  j.Key("target");
  j.String(e.target);
  j.Key("kind");
  j.String(EdgeKindName(e.kind));
  if (e.kind != EdgeKind::Table) {
    j.Key("expression");
    j.String(e.expression());
  }
  j.Key("steps");
  j.BeginArray();
  for (const Step& s : e.steps) WriteStep(j, g, s);
  j.EndArray();
  j.EndObject();
}

void WriteJson(const Graph& g, std::string& out) {
  output::JsonOut j(out, true);
  j.BeginObject();
  j.Key("version");
  j.Int(1);
  j.Key("tables");
  j.BeginArray();
  for (const auto& [name, t] : g.tables) {
    j.BeginObject();
    j.Key("name");
    j.String(name);
    j.Key("kind");
    j.String(TableKindName(t.kind));
    j.Key("columns");
    j.StringArray(t.columns);
    j.EndObject();
  }
  j.EndArray();
  j.Key("edges");
  WriteEdges(j, g, g.edges);
  j.Key("table_edges");
  WriteEdges(j, g, g.table_edges);
  j.Key("statements");
  j.BeginArray();
  for (const StatementInfo& st : g.statements) {
    j.BeginObject();
    j.Key("file");
    j.String(st.file);
    j.Key("statement");
    j.Int(st.index);
    j.Key("line");
    j.Int(st.start.line);
    j.Key("column");
    j.Int(st.start.column);
    j.Key("kind");
    j.String(st.kind);
    j.Key("inputs");
    j.StringArray(st.lineage.inputs);
    j.Key("outputs");
    j.StringArray(st.lineage.outputs);
    j.EndObject();
  }
  j.EndArray();
  j.Key("collapsed");
  j.StringArray(g.collapsed);
  j.EndObject();
  out += '\n';
}

}  // namespace hivelineage::graph
