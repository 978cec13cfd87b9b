// --format mermaid: a flowchart. Each table is a subgraph holding its
// columns (a table without known columns is a plain node); projections are
// arrows, predicates dotted arrows, table-only links thick arrows.
#include <set>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "base/strings.h"
#include "graph/formats.h"
#include "graph/text.h"

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

void WriteMermaid(const Graph& g, std::string& out) {
  absl::flat_hash_map<std::string, size_t> table_id;
  absl::flat_hash_map<std::string, std::pair<size_t, size_t>> column_id;  // (table, column)
  out += "flowchart LR\n";
  size_t t = 0;
  for (const auto& [name, table] : g.tables) {
    table_id[name] = t;
    std::string title = name;
    if (table.kind != TableKind::Table) Append(title, " (", TableKindName(table.kind), ")");
    if (table.columns.empty()) {
      Append(out, "  t", t, "[", Label(title), "]\n");
    } else {
      Append(out, "  subgraph t", t, "[", Label(title), "]\n");
      for (size_t c = 0; c < table.columns.size(); ++c) {
        column_id[Cat(name, ".", table.columns[c])] = {t, c};
        Append(out, "    t", t, "c", c, "[", Label(table.columns[c]), "]\n");
      }
      out += "  end\n";
    }
    ++t;
  }
  std::set<std::pair<size_t, size_t>> linked;
  for (size_t i = 0; i < g.edges.size(); ++i) {
    const Edge& e = g.edges[i];
    // Sorted by (source, target, kind): draw parallel edges once.
    if (i > 0 && g.edges[i - 1].source == e.source && g.edges[i - 1].target == e.target &&
        g.edges[i - 1].kind == e.kind)
      continue;
    auto s = column_id.find(e.source);
    auto d = column_id.find(e.target);
    if (s == column_id.end() || d == column_id.end()) continue;
    linked.insert({s->second.first, d->second.first});
    Append(out, "  t", s->second.first, "c", s->second.second, e.kind == EdgeKind::Predicate ? " -.-> " : " --> ", "t",
           d->second.first, "c", d->second.second, "\n");
  }
  for (const Edge& e : g.table_edges) {
    auto s = table_id.find(e.source);
    auto d = table_id.find(e.target);
    if (s == table_id.end() || d == table_id.end()) continue;
    if (!linked.insert({s->second, d->second}).second) continue;
    Append(out, "  t", s->second, " ==> t", d->second, "\n");
  }
}

}  // namespace hivelineage::graph
