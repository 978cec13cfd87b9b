// --format mermaid: a flowchart. Each table is a subgraph holding its
// columns (a table without known columns is a plain node); value edges are
// arrows (possible ones dotted, labelled "possible"), each condition is one
// hexagon node with dotted arrows in from its columns and out to the table
// (or columns) it governs, table-only links are thick arrows.
#include "base/strings.h"
#include "graph/render/drawing.h"
#include "graph/render/formats.h"
#include "graph/render/text.h"

namespace hivelineage::graph {
namespace {

// A quoted Mermaid label: characters Mermaid would read as markup become entity codes.
std::string Label(std::string_view s) {
  std::string out = "\"";
  for (char c : ValidUtf8(s)) {
    switch (c) {
      case '"':
        out += "#quot;";
        break;
      case '#':
        out += "#35;";
        break;
      case '<':
        out += "#lt;";
        break;
      case '>':
        out += "#gt;";
        break;
      case '&':
        out += "#amp;";
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
  out += '"';
  return out;
}

}  // namespace

void WriteMermaid(const Graph& g, std::string& out, const Flush& flush) {
  const Drawing d = PlanDrawing(g);
  auto node = [&](ColumnId c) { return Cat("t", d.box[g.columns[c].table], "c", d.port[c]); };
  out += "flowchart LR\n";
  for (uint32_t b = 0; b < d.tables.size(); ++b) {
    const TableNode& table = g.tables[d.tables[b]];
    std::string title = table.name;
    if (table.kind != TableKind::Table) Append(title, " (", TableKindName(table.kind), ")");
    if (table.columns.empty()) {
      Append(out, "  t", b, "[", Label(title), "]\n");
    } else {
      Append(out, "  subgraph t", b, "[", Label(title), "]\n");
      for (uint32_t i = 0; i < table.columns.size(); ++i)
        Append(out, "    t", b, "c", i, "[", Label(g.columns[table.columns[i]].short_name()), "]\n");
      out += "  end\n";
    }
    MaybeFlush(out, flush);
  }
  for (const Drawing::Line& line : d.lines) {
    Append(out, "  ", node(line.source), line.possible ? " -. possible .-> " : " --> ", node(line.target), "\n");
    MaybeFlush(out, flush);
  }
  for (const Drawing::ConditionNode& n : d.conditions) {
    const Condition& k = g.conditions[n.condition];
    const std::string id = Cat("k", n.condition);
    Append(out, "  ", id, "{{", Label(ConditionLabel(k)), "}}\n");
    for (ColumnId c : k.columns)
      if (d.box[g.columns[c].table] != kNone) Append(out, "  ", node(c), " -.-> ", id, "\n");
    for (TableId t : n.to_tables) Append(out, "  ", id, " -.-> t", d.box[t], "\n");
    for (ColumnId c : n.to_columns) Append(out, "  ", id, " -.-> ", node(c), "\n");
    MaybeFlush(out, flush);
  }
  for (uint32_t i : d.table_lines) {
    const Edge& e = g.table_edges[i];
    Append(out, "  t", d.box[e.source], " ==> t", d.box[e.target], "\n");
  }
}

}  // namespace hivelineage::graph
