#include "view/graph_page.h"

#include <set>

#include "base/strings.h"
#include "graph/render/impact_format.h"
#include "view/page.h"
#include "view/page_data.h"

namespace hivelineage::view {

std::string InputsTitle(const std::vector<std::string>& paths, const std::string& sequence, const std::string& store) {
  if (!store.empty()) return Cat("lineage in ", store);
  if (!sequence.empty()) return Cat("lineage of ", sequence);
  constexpr size_t kNamed = 3;
  std::string title = "lineage of ";
  for (size_t i = 0; i < paths.size() && i < kNamed; ++i) Append(title, i ? ", " : "", paths[i]);
  if (paths.empty()) title += "standard input";
  if (paths.size() > kNamed) Append(title, " and ", paths.size() - kNamed, " more");
  return title;
}

void WriteGraphPage(const graph::Graph& graph, const std::string& title, std::string& out) {
  std::string data;
  WritePageData(graph, PageData{title, std::nullopt}, data);
  WritePage(data, out);
}

void WriteImpactPage(const graph::Graph& graph, const graph::ImpactResult& result, const std::string& title,
                     std::string& out) {
  // The part of the graph the walk used: its start, what it reached, the edges and conditions of its hops.
  const graph::Graph sub = graph::ImpactSubgraph(graph, result);
  Focus focus;
  focus.start = result.start;
  for (const graph::ImpactResult::Reached& c : result.columns) focus.highlight.push_back(graph.columns[c.column].name);
  for (const auto& [table, depth] : result.tables) focus.highlight.push_back(graph.tables[table].name);
  const bool down = result.options.direction == graph::Direction::Downstream;
  focus.direction = down ? "downstream" : "upstream";
  focus.title = Cat(down ? "downstream of " : "upstream of ", focus.start,
                    result.options.with_conditions ? ", conditions followed" : "",
                    result.options.max_depth >= 0 ? Cat(" (depth <= ", result.options.max_depth, ")") : std::string());
  std::string data;
  WritePageData(sub, PageData{Cat(title, ": ", focus.title), focus}, data);
  WritePage(data, out);
}

void WriteExplainPage(const graph::Graph& graph, const graph::ExplainResult& result, const std::string& title,
                      std::string& out) {
  Focus focus;
  focus.start = result.column;
  std::set<std::string> tables;  // of every column the explanation names
  std::vector<std::string> source_tables;
  for (const graph::ExplainNode& node : result.nodes) {
    const std::optional<graph::ColumnId> id = graph.FindColumn(node.column);
    if (!id) continue;
    const std::string& table = graph.tables[graph.columns[*id].table].name;
    const bool start = &node == &result.nodes.front();
    if (!start) focus.highlight.push_back(node.column);
    if (tables.insert(table).second && !start) source_tables.push_back(table);
  }
  // The tables of its conditions' columns too, drawn but not highlighted: the "conditions" toggle shows them.
  for (const graph::ExplainNode& node : result.nodes)
    for (const graph::ExplainHop& hop : node.hops)
      for (const graph::ExplainCondition& condition : hop.conditions)
        for (const std::string& column : condition.columns)
          if (const std::optional<graph::ColumnId> id = graph.FindColumn(column))
            tables.insert(graph.tables[graph.columns[*id].table].name);
  focus.highlight.insert(focus.highlight.end(), source_tables.begin(), source_tables.end());
  focus.direction = "upstream";
  focus.title = Cat("how ", focus.start, " is made",
                    result.max_depth >= 0 ? Cat(" (depth <= ", result.max_depth, ")") : std::string());
  std::string data;
  WritePageData(graph, PageData{Cat(title, ": ", focus.title), focus, &tables}, data);
  WritePage(data, out);
}

}  // namespace hivelineage::view
