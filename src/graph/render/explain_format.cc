// explain's derivation tree as text and as JSON.
#include "absl/strings/str_join.h"
#include "base/json_out.h"
#include "base/strings.h"
#include "graph/render/explain_format.h"
#include "graph/render/text.h"
#include "graph/render/text_tree.h"

namespace hivelineage::graph {
namespace {

const char* StateName(ExplainNode::State s) {
  switch (s) {
    case ExplainNode::State::Derived:
      return "derived";
    case ExplainNode::State::Source:
      return "source";
    case ExplainNode::State::SeeAbove:
      return "see_above";
    case ExplainNode::State::DepthLimit:
      return "depth_limit";
  }
  return "?";
}

const char* StateNote(ExplainNode::State s) {
  switch (s) {
    case ExplainNode::State::Derived:
      return "";
    case ExplainNode::State::Source:
      return "  (source: no statement writes it)";
    case ExplainNode::State::SeeAbove:
      return "  (explained above)";
    case ExplainNode::State::DepthLimit:
      return "  (past --depth)";
  }
  return "";
}

void WriteHopJson(output::JsonOut& j, const Graph& g, const ExplainHop& hop) {
  const StatementInfo& st = g.statements[hop.statement];
  j.BeginObject();
  j.Key("file");
  j.String(st.file);
  j.Key("line");
  j.Int(st.start.line);
  j.Key("statement");
  j.Int(st.index);
  j.Key("kind");
  j.String(StatementKindName(st.kind));
  j.Key("expression");
  j.String(hop.expression);
  j.Key("conditions");
  j.BeginArray();
  for (const ExplainCondition& c : hop.conditions) {
    j.BeginObject(true);
    j.Key("clause");
    j.String(lineage::ClauseName(c.clause));
    j.Key("expression");
    j.String(c.expression);
    j.Key("columns");
    j.StringArray(c.columns);
    j.EndObject();
  }
  j.EndArray();
  j.Key("sources");
  j.BeginArray(true);
  for (int s : hop.sources) j.Int(s);
  j.EndArray();
  j.EndObject();
}

}  // namespace

void WriteExplainText(const Graph& g, const ExplainResult& r, std::string& out) {
  // Lines of the tree: a column, a hop (statement) under it, conditions and
  // source columns under a hop.
  struct Item {
    enum class Kind : uint8_t { Column, Hop, Condition } kind;
    int node;    // Column: node index; Hop/Condition: the written column's node
    size_t hop;  // Hop/Condition
    size_t condition;
    int depth;
  };
  auto children = [&](const Item& parent) {
    std::vector<Item> kids;
    const ExplainNode& node = r.nodes[static_cast<size_t>(parent.node)];
    if (parent.kind == Item::Kind::Column) {
      for (size_t h = 0; h < node.hops.size(); ++h)
        kids.push_back(Item{Item::Kind::Hop, parent.node, h, 0, parent.depth});
    } else if (parent.kind == Item::Kind::Hop) {
      const ExplainHop& hop = node.hops[parent.hop];
      for (size_t c = 0; c < hop.conditions.size(); ++c)
        kids.push_back(Item{Item::Kind::Condition, parent.node, parent.hop, c, parent.depth});
      for (int s : hop.sources) kids.push_back(Item{Item::Kind::Column, s, 0, 0, parent.depth + 1});
    }
    return kids;
  };
  auto line = [&](const Item& item, std::string& text) {
    const ExplainNode& node = r.nodes[static_cast<size_t>(item.node)];
    switch (item.kind) {
      case Item::Kind::Column:
        AppendDepthMark(item.depth, text);
        Append(text, node.column, node.possible ? "  (possible)" : "", StateNote(node.state), "\n");
        break;
      case Item::Kind::Hop: {
        const ExplainHop& hop = node.hops[item.hop];
        Append(text, "= ", hop.expression, "  at ", StatementPlace(g.statements[hop.statement]), "\n");
        break;
      }
      case Item::Kind::Condition: {
        const ExplainCondition& c = node.hops[item.hop].conditions[item.condition];
        Append(text, "[", lineage::ClauseName(c.clause), "] ", c.expression, "  reads ", absl::StrJoin(c.columns, ", "),
               "\n");
        break;
      }
    }
  };
  const ExplainNode& root = r.nodes[0];
  Append(out, root.column, StateNote(root.state), "\n");
  WriteTextTree(
      children(Item{Item::Kind::Column, 0, 0, 0, 0}), children, line, [](const Item& item) { return item.depth; }, out);
  MakeValidUtf8(out);
}

void WriteExplainJson(const Graph& g, const ExplainResult& r, std::string& out) {
  output::JsonOut j(out, true);
  j.BeginObject();
  j.Key("column");
  j.String(r.column);
  if (r.max_depth >= 0) {
    j.Key("max_depth");
    j.Int(r.max_depth);
  }
  // Flat, not nested: a derivation thousands of hops long stays a list.
  j.Key("nodes");
  j.BeginArray();
  for (size_t i = 0; i < r.nodes.size(); ++i) {
    const ExplainNode& node = r.nodes[i];
    j.BeginObject();
    j.Key("id");
    j.Int(static_cast<int64_t>(i));
    j.Key("column");
    j.String(node.column);
    j.Key("state");
    j.String(StateName(node.state));
    j.Key("depth");
    j.Int(node.depth);
    if (node.possible) {
      j.Key("possible");
      j.Bool(true);
    }
    if (node.state == ExplainNode::State::Derived) {
      j.Key("derivations");
      j.BeginArray();
      for (const ExplainHop& hop : node.hops) WriteHopJson(j, g, hop);
      j.EndArray();
    }
    j.EndObject();
  }
  j.EndArray();
  j.EndObject();
  out += "\n";
}

}  // namespace hivelineage::graph
