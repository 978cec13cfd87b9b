// --format json: the graph as one document, version 2 (schema in
// docs/graph.md). One record per line: statements first, which the edges and
// conditions refer to by "statement" (their "id", the position in that list).
#include <algorithm>
#include <string>
#include <vector>

#include "base/json_out.h"
#include "graph/render/formats.h"

namespace hivelineage::graph {
namespace {

constexpr int kVersion = 2;

std::vector<std::string> Names(const Graph& g, const std::vector<ColumnId>& ids) {
  std::vector<std::string> out;
  out.reserve(ids.size());
  for (ColumnId c : ids) out.push_back(g.columns[c].name);
  return out;
}

std::vector<std::string> TableNames(const Graph& g, const std::vector<TableId>& ids) {
  std::vector<std::string> out;
  out.reserve(ids.size());
  for (TableId t : ids) out.push_back(g.tables[t].name);
  return out;
}

class JsonWriter {
 public:
  JsonWriter(const Graph& g, std::string& out, const Flush& flush) : g_(g), out_(out), flush_(flush), j_(out, true) {}

  void Write() {
    j_.BeginObject();
    j_.Key("version");
    j_.Int(kVersion);
    j_.Key("statements");
    j_.BeginArray();
    for (StatementId s = 0; s < g_.statements.size(); ++s) Statement(s);
    j_.EndArray();
    j_.Key("tables");
    j_.BeginArray();
    for (const TableNode& t : g_.tables)
      if (!t.collapsed) Table(t);
    j_.EndArray();
    j_.Key("edges");
    j_.BeginArray();
    for (const Edge& e : g_.edges) ValueEdge(e);
    j_.EndArray();
    j_.Key("table_edges");
    j_.BeginArray();
    for (const Edge& e : g_.table_edges) TableEdge(e);
    j_.EndArray();
    j_.Key("conditions");
    j_.BeginArray();
    for (const graph::Condition& k : g_.conditions) WriteCondition(k);
    j_.EndArray();
    j_.Key("collapsed");
    j_.BeginArray(true);
    for (const TableNode& t : g_.tables)
      if (t.collapsed) j_.String(t.name);
    j_.EndArray();
    j_.EndObject();
    out_ += '\n';
  }

 private:
  void Statement(StatementId id) {
    const StatementInfo& st = g_.statements[id];
    j_.BeginObject(true);
    j_.Key("id");
    j_.Int(id);
    j_.Key("file");
    j_.String(st.file);
    j_.Key("index");
    j_.Int(st.index);
    j_.Key("line");
    j_.Int(st.start.line);
    j_.Key("column");
    j_.Int(st.start.column);
    j_.Key("kind");
    j_.String(StatementKindName(st.kind));
    j_.Key("inputs");
    j_.StringArray(TableNames(g_, st.inputs));
    j_.Key("outputs");
    j_.StringArray(TableNames(g_, st.outputs));
    j_.EndObject();
    MaybeFlush(out_, flush_);
  }

  void Table(const TableNode& t) {
    j_.BeginObject(true);
    j_.Key("name");
    j_.String(t.name);
    j_.Key("kind");
    j_.String(TableKindName(t.kind));
    j_.Key("columns");
    j_.BeginArray(true);
    for (ColumnId c : t.columns) j_.String(g_.columns[c].short_name());
    j_.EndArray();
    j_.EndObject();
    MaybeFlush(out_, flush_);
  }

  // The steps of a bridged edge (several statements); nothing for a direct one.
  void Steps(const Edge& e, bool value) {
    if (e.steps.size() < 2) return;
    j_.Key("steps");
    j_.BeginArray();
    for (const Step& s : e.steps) {
      j_.BeginObject();
      j_.Key("statement");
      j_.Int(s.statement);
      j_.Key("source");
      j_.String(value ? g_.columns[s.source].name : g_.tables[s.source].name);
      j_.Key("target");
      j_.String(value ? g_.columns[s.target].name : g_.tables[s.target].name);
      if (value) {
        j_.Key("expression");
        j_.String(g_.Written(s).expression);
      }
      j_.EndObject();
    }
    j_.EndArray();
  }

  // {"source", "target", "statement", ...: the fields every edge has.
  void BeginEdge(const Edge& e, bool value) {
    j_.BeginObject(true);
    j_.Key("source");
    j_.String(value ? g_.columns[e.source].name : g_.tables[e.source].name);
    j_.Key("target");
    j_.String(value ? g_.columns[e.target].name : g_.tables[e.target].name);
    j_.Key("statement");
    j_.Int(e.statement());
  }

  void ValueEdge(const Edge& e) {
    BeginEdge(e, true);
    j_.Key("expression");
    j_.String(g_.Expression(e));
    j_.Key("transform");
    j_.String(lineage::DerivationName(g_.EdgeDerivation(e)));
    if (g_.Masking(e)) {
      j_.Key("masking");
      j_.Bool(true);
      // By what, along the steps (lineage::MaskedSource's names).
      std::vector<std::string> by;
      for (const graph::Step& s : e.steps) by.insert(by.end(), g_.MaskedBy(s).begin(), g_.MaskedBy(s).end());
      std::sort(by.begin(), by.end());
      by.erase(std::unique(by.begin(), by.end()), by.end());
      j_.Key("masked_by");
      j_.StringArray(by);
    }
    if (Graph::Possible(e)) {
      j_.Key("possible");
      j_.Bool(true);
    }
    if (Graph::Inferred(e)) {
      j_.Key("inferred");
      j_.Bool(true);
    }
    Steps(e, true);
    j_.EndObject();
    MaybeFlush(out_, flush_);
  }

  void TableEdge(const Edge& e) {
    BeginEdge(e, false);
    Steps(e, false);
    j_.EndObject();
    MaybeFlush(out_, flush_);
  }

  void WriteCondition(const graph::Condition& k) {
    j_.BeginObject(true);
    j_.Key("statement");
    j_.Int(k.statement);
    j_.Key("clause");
    j_.String(lineage::ClauseName(k.clause));
    j_.Key("expression");
    j_.String(k.expression);
    j_.Key("columns");
    j_.StringArray(Names(g_, k.columns));
    if (!k.all_targets) {
      j_.Key("targets");
      j_.StringArray(Names(g_, k.targets));
    }
    if (!k.via.empty()) {
      j_.Key("via");
      j_.StringArray(Names(g_, k.via));
    }
    j_.EndObject();
    MaybeFlush(out_, flush_);
  }

  const Graph& g_;
  std::string& out_;
  const Flush& flush_;
  output::JsonOut j_;
};

}  // namespace

void WriteJson(const Graph& g, std::string& out, const Flush& flush) { JsonWriter(g, out, flush).Write(); }

}  // namespace hivelineage::graph
