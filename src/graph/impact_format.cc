// Impact results as a text tree and as JSON.
#include <utility>

#include "base/strings.h"
#include "graph/impact.h"
#include "graph/json_edge.h"
#include "graph/text.h"
#include "output/json_out.h"

namespace hivelineage::graph {
namespace {

constexpr int kMaxIndent = 32;

const char* DirectionName(Direction d) { return d == Direction::Downstream ? "downstream" : "upstream"; }

std::string DescribeStep(const Graph& g, const Step& s) {
  const StatementInfo& st = g.statements[s.statement];
  std::string out = EdgeKindName(s.kind);
  if (s.kind != EdgeKind::Table && !s.expression.empty()) Append(out, " ", s.expression);
  Append(out, " (", st.file, ":", st.start.line, ", statement ", st.index, ")");
  return out;
}

// One line's worth: every step, with the intermediate (collapsed) nodes between them.
std::string DescribeEdge(const Graph& g, const Edge& e, Direction d) {
  std::string out;
  if (d == Direction::Downstream) {
    for (size_t i = 0; i < e.steps.size(); ++i) {
      if (i > 0) Append(out, " -> ", e.steps[i].source, " -> ");
      out += DescribeStep(g, e.steps[i]);
    }
  } else {
    for (size_t i = e.steps.size(); i-- > 0;) {
      if (i + 1 < e.steps.size()) Append(out, " <- ", e.steps[i].target, " <- ");
      out += DescribeStep(g, e.steps[i]);
    }
  }
  return out;
}

}  // namespace

void WriteImpactText(const Graph& g, const ImpactResult& r, std::string& out) {
  Append(out, DirectionName(r.direction), " of ", r.start_is_table ? "table " : "column ", r.start);
  if (r.max_depth >= 0) {
    Append(out, " (depth <= ", r.max_depth, ")\n");
  } else {
    out += "\n";
  }
  std::vector<std::vector<size_t>> children(r.nodes.size());
  for (size_t i = 0; i < r.nodes.size(); ++i)
    if (r.nodes[i].parent >= 0) children[static_cast<size_t>(r.nodes[i].parent)].push_back(i);

  // Depth-first with an explicit stack: a long chain must not recurse.
  struct Item {
    size_t node;
    std::string prefix;  // drawn before this node's connector
    bool last;
  };
  auto print_tree = [&](size_t root) {
    Append(out, r.nodes[root].name, "\n");
    std::vector<Item> stack;
    for (size_t k = children[root].size(); k-- > 0;)
      stack.push_back(Item{children[root][k], "", k + 1 == children[root].size()});
    while (!stack.empty()) {
      Item item = std::move(stack.back());
      stack.pop_back();
      const ImpactNode& n = r.nodes[item.node];
      Append(out, item.prefix, item.last ? "└── " : "├── ");
      if (n.depth > kMaxIndent) Append(out, "(depth ", n.depth, ") ");
      out += n.name;
      if (n.via != nullptr) Append(out, "  [", DescribeEdge(g, *n.via, r.direction), "]");
      out += "\n";
      // Past kMaxIndent levels the indentation stops growing (and each line
      // says its depth): a long chain would otherwise print quadratic output.
      const std::string child_prefix =
          n.depth >= kMaxIndent ? item.prefix : Cat(item.prefix, item.last ? "    " : "│   ");
      const std::vector<size_t>& kids = children[item.node];
      for (size_t k = kids.size(); k-- > 0;) stack.push_back(Item{kids[k], child_prefix, k + 1 == kids.size()});
    }
  };

  bool any_column_tree = false;
  for (size_t i = 0; i < r.nodes.size() && r.nodes[i].depth == 0; ++i) {
    const bool is_start_table = r.nodes[i].is_table;
    if (r.start_is_table && !is_start_table) {
      // A table's columns: only those that lead anywhere.
      if (children[i].empty()) continue;
      if (!any_column_tree) out += "\ncolumns:\n";
      any_column_tree = true;
    }
    print_tree(i);
  }
  if (r.start_is_table && !any_column_tree) out += "\ncolumns: none reached\n";

  out += "\ntables:";
  if (r.tables.empty()) out += " none";
  out += "\n";
  for (const auto& [name, depth] : r.tables) Append(out, "  ", name, " (depth ", depth, ")\n");
  // Expressions come from the input: keep the output valid UTF-8.
  out = ValidUtf8(out);
}

void WriteImpactJson(const Graph& g, const ImpactResult& r, std::string& out) {
  output::JsonOut j(out, true);
  j.BeginObject();
  j.Key("start");
  j.String(r.start);
  j.Key("type");
  j.String(r.start_is_table ? "table" : "column");
  j.Key("direction");
  j.String(DirectionName(r.direction));
  if (r.max_depth >= 0) {
    j.Key("max_depth");
    j.Int(r.max_depth);
  }
  j.Key("nodes");
  j.BeginArray();
  for (size_t i = 0; i < r.nodes.size(); ++i) {
    const ImpactNode& n = r.nodes[i];
    j.BeginObject();
    j.Key("name");
    j.String(n.name);
    j.Key("type");
    j.String(n.is_table ? "table" : "column");
    j.Key("depth");
    j.Int(n.depth);
    if (n.parent >= 0) {
      j.Key("from");
      j.String(r.nodes[static_cast<size_t>(n.parent)].name);
    }
    j.Key("path");
    j.BeginArray();
    for (const Edge* e : r.PathTo(i)) WriteEdgeJson(j, g, *e);
    j.EndArray();
    j.EndObject();
  }
  j.EndArray();
  j.Key("tables");
  j.BeginArray();
  for (const auto& [name, depth] : r.tables) {
    j.BeginObject(true);
    j.Key("name");
    j.String(name);
    j.Key("depth");
    j.Int(depth);
    j.EndObject();
  }
  j.EndArray();
  j.EndObject();
  out += '\n';
}

}  // namespace hivelineage::graph
