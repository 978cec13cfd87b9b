// --format dot: Graphviz. Each table is a record node whose fields are its
// columns; column edges join fields (solid: projection, dashed: predicate).
// Two tables linked only at table level (LOAD, unknown schemas) get one
// dotted edge between their title fields. Hovering an edge shows its
// expression and statements.
#include <set>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "base/strings.h"
#include "graph/formats.h"
#include "graph/text.h"

namespace hivelineage::graph {
namespace {

// Text inside a record field: record syntax characters are escaped.
std::string RecordText(std::string_view s) {
  std::string out;
  for (char c : ValidUtf8(s)) {
    switch (c) {
      case '{':
      case '}':
      case '|':
      case '<':
      case '>':
      case '"':
      case '\\':
        out += '\\';
        out += c;
        break;
      case '\n':
      case '\r':
      case '\t':
        out += ' ';
        break;
      default:
        out += c;
    }
  }
  return out;
}

// Text of a quoted attribute (tooltip): quotes and backslashes escaped.
std::string QuotedText(std::string_view s) {
  std::string out = "\"";
  for (char c : ValidUtf8(s)) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n' || c == '\r') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  out += '"';
  return out;
}

std::string Where(const Graph& g, const Step& s) {
  const StatementInfo& st = g.statements[s.statement];
  return Cat(st.file, ":", st.start.line, " (statement ", st.index, ")");
}

std::string Tooltip(const Graph& g, const Edge& e) {
  std::string out;
  for (const Step& s : e.steps) {
    if (!out.empty()) out += "\n";
    Append(out, EdgeKindName(s.kind));
    if (s.kind != EdgeKind::Table) Append(out, ": ", s.expression);
    Append(out, " at ", Where(g, s));
    if (e.steps.size() > 1) Append(out, " -> ", s.target);
  }
  return out;
}

}  // namespace

void WriteDot(const Graph& g, std::string& out) {
  // Node and port ids are positions, not names: names may hold any character.
  absl::flat_hash_map<std::string, size_t> table_id;
  absl::flat_hash_map<std::string, std::pair<size_t, size_t>> column_port;
  out += "digraph lineage {\n";
  out += "  graph [rankdir=LR, fontname=\"Helvetica\"];\n";
  out += "  node [shape=record, fontname=\"Helvetica\", fontsize=10];\n";
  out += "  edge [fontname=\"Helvetica\", fontsize=9];\n";
  size_t t = 0;
  for (const auto& [name, table] : g.tables) {
    table_id[name] = t;
    std::string label = Cat("<t> ", RecordText(name));
    if (table.kind != TableKind::Table) Append(label, " (", TableKindName(table.kind), ")");
    for (size_t c = 0; c < table.columns.size(); ++c) {
      Append(label, "|<c", c, "> ", RecordText(table.columns[c]));
      column_port[Cat(name, ".", table.columns[c])] = {t, c};
    }
    Append(out, "  t", t, " [label=\"", label, "\"");
    switch (table.kind) {
      case TableKind::Table:
        break;
      case TableKind::View:
        out += ", shape=Mrecord";
        break;
      case TableKind::Temporary:
        out += ", style=dashed";
        break;
      case TableKind::Directory:
        out += ", style=filled, fillcolor=\"#eeeeee\"";
        break;
    }
    out += "];\n";
    ++t;
  }

  std::set<std::pair<size_t, size_t>> linked;  // table pairs joined by a column edge
  // Edges are sorted by (source, target, kind): parallel ones (several
  // statements, several conditions) are drawn once with all their tooltips.
  for (size_t i = 0; i < g.edges.size();) {
    const Edge& e = g.edges[i];
    std::string tooltip = Tooltip(g, e);
    size_t j = i + 1;
    for (; j < g.edges.size() && g.edges[j].source == e.source && g.edges[j].target == e.target &&
           g.edges[j].kind == e.kind;
         ++j)
      Append(tooltip, "\n", Tooltip(g, g.edges[j]));
    i = j;
    auto s = column_port.find(e.source);
    auto d = column_port.find(e.target);
    if (s == column_port.end() || d == column_port.end()) continue;
    linked.insert({s->second.first, d->second.first});
    Append(out, "  t", s->second.first, ":c", s->second.second, " -> t", d->second.first, ":c", d->second.second,
           " [tooltip=", QuotedText(tooltip));
    if (e.kind == EdgeKind::Predicate) out += ", style=dashed, color=\"#888888\"";
    out += "];\n";
  }
  for (const Edge& e : g.table_edges) {
    auto s = table_id.find(e.source);
    auto d = table_id.find(e.target);
    if (s == table_id.end() || d == table_id.end()) continue;
    if (!linked.insert({s->second, d->second}).second) continue;
    Append(out, "  t", s->second, ":t -> t", d->second, ":t [style=dotted, tooltip=", QuotedText(Tooltip(g, e)),
           "];\n");
  }
  out += "}\n";
}

}  // namespace hivelineage::graph
