#include "graph/queries/explain.h"

#include <algorithm>

#include "base/strings.h"

namespace hivelineage::graph {
namespace {

struct Writer {
  StatementId statement;
  uint32_t written;  // index into the statement's written columns
};

// Every statement's written columns, by column, in run order.
std::vector<std::vector<Writer>> IndexWriters(const Graph& g) {
  std::vector<std::vector<Writer>> writers(g.columns.size());
  for (StatementId i = 0; i < g.statements.size(); ++i)
    for (uint32_t w = 0; w < g.statements[i].written.size(); ++w)
      writers[g.statements[i].written[w].column].push_back(Writer{i, w});
  return writers;
}

// The value edges into each column, by column.
std::vector<std::vector<const Edge*>> IndexIncoming(const Graph& g) {
  std::vector<std::vector<const Edge*>> in(g.columns.size());
  for (const Edge& e : g.edges) in[e.target].push_back(&e);
  return in;
}

std::vector<ExplainCondition> ConditionsOf(const Graph& g, StatementId statement, ColumnId target) {
  std::vector<ExplainCondition> out;
  for (const Condition& c : g.conditions) {
    if (c.statement != statement) continue;
    if (!c.all_targets && !std::binary_search(c.targets.begin(), c.targets.end(), target)) continue;
    ExplainCondition e{c.clause, c.expression, {}};
    for (ColumnId col : c.columns) e.columns.push_back(g.columns[col].name);
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace

bool Explain(const Graph& g, std::string_view column, int max_depth, ExplainResult& result, std::string& error) {
  result = ExplainResult();
  result.column = ToLower(column);
  result.max_depth = max_depth;
  const std::optional<ColumnId> start = g.FindColumn(result.column);
  if (!start) {
    if (g.FindTable(result.column)) {
      error = Cat("'", result.column, "' is a table; explain takes a column (db.table.column)");
      return false;
    }
    error = Cat("no column named '", result.column, "' in the lineage of the scripts");
    // Its table known, say which columns are: a table of unknown schema may have none.
    const size_t dot = result.column.rfind('.');
    if (const std::optional<TableId> t =
            dot == std::string::npos ? std::nullopt : g.FindTable(result.column.substr(0, dot))) {
      const TableNode& table = g.tables[*t];
      if (table.columns.empty()) {
        Append(error, "; no column of ", table.name, " is known (give its schema with --catalog)");
      } else {
        Append(error, "; ", table.name, " has");
        for (ColumnId c : table.columns) Append(error, " ", g.columns[c].short_name());
      }
    }
    return false;
  }
  const auto writers = IndexWriters(g);
  const auto incoming = IndexIncoming(g);
  std::vector<ColumnId> ids = {*start};  // parallel to result.nodes
  result.nodes.emplace_back().column = result.column;
  // Depth-first, expanding nodes in the order the tree prints them, so the
  // first place a column appears is where it is explained.
  std::vector<char> explained(g.columns.size(), 0);
  std::vector<int> stack = {0};
  while (!stack.empty()) {
    const int n = stack.back();
    stack.pop_back();
    const ColumnId id = ids[static_cast<size_t>(n)];
    ExplainNode& node = result.nodes[static_cast<size_t>(n)];
    if (writers[id].empty()) {
      node.state = ExplainNode::State::Source;
      continue;
    }
    if (explained[id]) {
      node.state = ExplainNode::State::SeeAbove;
      continue;
    }
    if (max_depth >= 0 && node.depth >= max_depth) {
      node.state = ExplainNode::State::DepthLimit;
      continue;
    }
    explained[id] = 1;
    node.state = ExplainNode::State::Derived;
    // `node` moves as children are added: keep what is needed.
    const int depth = node.depth + 1;
    std::vector<ExplainHop> hops;
    for (const Writer& w : writers[id]) {
      ExplainHop hop;
      hop.statement = w.statement;
      hop.expression = g.statements[w.statement].written[w.written].expression;
      hop.conditions = ConditionsOf(g, w.statement, id);
      // The statement's value edges into the column: sorted by source, so by name.
      for (const Edge* e : incoming[id]) {
        if (e->statement() != w.statement) continue;
        hop.sources.push_back(static_cast<int>(result.nodes.size()));
        ids.push_back(e->source);
        ExplainNode& child = result.nodes.emplace_back();
        child.column = g.columns[e->source].name;
        child.depth = depth;
        child.possible = Graph::Possible(*e);
      }
      hops.push_back(std::move(hop));
    }
    result.nodes[static_cast<size_t>(n)].hops = std::move(hops);
    const auto& pushed = result.nodes[static_cast<size_t>(n)].hops;
    for (size_t h = pushed.size(); h-- > 0;)
      for (size_t s = pushed[h].sources.size(); s-- > 0;) stack.push_back(pushed[h].sources[s]);
  }
  return true;
}

}  // namespace hivelineage::graph
