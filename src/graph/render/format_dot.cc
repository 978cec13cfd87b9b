// --format dot: Graphviz. Each table is a record node whose fields are its
// columns; value edges join fields (solid; possible ones dashed orange). Each
// condition is a small dashed node: dashed lines come in from the columns it
// reads and go out to the table it governs (or to single columns), so a
// condition is drawn once, not once per written column. Two tables linked
// only at table level (LOAD, unknown schemas) get one dotted edge between
// their title fields. Hovering an edge or a condition shows its expressions
// and statements.
#include "base/strings.h"
#include "graph/render/drawing.h"
#include "graph/render/formats.h"
#include "graph/render/text.h"

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

// A quoted attribute (label, tooltip): quotes and backslashes escaped.
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

std::string EdgeTooltip(const Graph& g, const Edge& e, bool value) {
  std::string out;
  for (const Step& s : e.steps) {
    if (!out.empty()) out += "\n";
    if (value) Append(out, g.Written(s).expression, " ");
    Append(out, "at ", StatementPlace(g.statements[s.statement]));
    if (e.steps.size() > 1) Append(out, " -> ", value ? g.columns[s.target].name : g.tables[s.target].name);
  }
  return out;
}

}  // namespace

void WriteDot(const Graph& g, std::string& out, const Flush& flush) {
  const Drawing d = PlanDrawing(g);
  // Node and port ids are positions, not names: names may hold any character.
  auto field = [&](ColumnId c) { return Cat("t", d.box[g.columns[c].table], ":c", d.port[c]); };
  out += "digraph lineage {\n";
  out += "  graph [rankdir=LR, fontname=\"Helvetica\"];\n";
  out += "  node [shape=record, fontname=\"Helvetica\", fontsize=10];\n";
  out += "  edge [fontname=\"Helvetica\", fontsize=9];\n";
  for (uint32_t b = 0; b < d.tables.size(); ++b) {
    const TableNode& table = g.tables[d.tables[b]];
    std::string label = Cat("<t> ", RecordText(table.name));
    if (table.kind != TableKind::Table) Append(label, " (", TableKindName(table.kind), ")");
    for (uint32_t i = 0; i < table.columns.size(); ++i)
      Append(label, "|<c", i, "> ", RecordText(g.columns[table.columns[i]].short_name()));
    Append(out, "  t", b, " [label=\"", label, "\"");
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
    MaybeFlush(out, flush);
  }

  for (const Drawing::Line& line : d.lines) {
    std::string tooltip;
    for (uint32_t e : line.edges) Append(tooltip, tooltip.empty() ? "" : "\n", EdgeTooltip(g, g.edges[e], true));
    // A possible edge (one candidate of a bare column) is dashed and coloured apart from conditions.
    if (line.possible) tooltip = Cat("possible: ", tooltip);
    Append(out, "  ", field(line.source), " -> ", field(line.target), " [",
           line.possible ? "style=dashed, color=\"#cc6600\", " : "", "tooltip=", QuotedText(tooltip), "];\n");
    MaybeFlush(out, flush);
  }

  constexpr char kConditionStyle[] = "style=dashed, color=\"#888888\"";
  for (const Drawing::ConditionNode& node : d.conditions) {
    const Condition& k = g.conditions[node.condition];
    const std::string id = Cat("k", node.condition);
    Append(out, "  ", id, " [shape=box, style=\"rounded,dashed\", color=\"#888888\", fontsize=9, label=",
           QuotedText(ConditionLabel(k)), ", tooltip=",
           QuotedText(Cat(lineage::ClauseName(k.clause), ": ", k.expression, "\nat ",
                          StatementPlace(g.statements[k.statement]))),
           "];\n");
    for (ColumnId c : k.columns)
      if (d.box[g.columns[c].table] != kNone) Append(out, "  ", field(c), " -> ", id, " [", kConditionStyle, "];\n");
    for (TableId t : node.to_tables) Append(out, "  ", id, " -> t", d.box[t], ":t [", kConditionStyle, "];\n");
    for (ColumnId c : node.to_columns) Append(out, "  ", id, " -> ", field(c), " [", kConditionStyle, "];\n");
    MaybeFlush(out, flush);
  }

  for (uint32_t i : d.table_lines) {
    const Edge& e = g.table_edges[i];
    Append(out, "  t", d.box[e.source], ":t -> t", d.box[e.target],
           ":t [style=dotted, tooltip=", QuotedText(EdgeTooltip(g, e, false)), "];\n");
  }
  out += "}\n";
}

}  // namespace hivelineage::graph
