// Scripts held in memory analysed into a lineage graph, as `hivelineage graph`
// would analyse the same files: for suites that check what is computed over
// the graph from real SQL.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "driver/run.h"
#include "driver/load_graph.h"
#include "graph/model/builder.h"

namespace hivelineage::testing {

struct Script {
  std::string name;
  std::string sql;
};

inline driver::RunSummary AnalyzeScripts(const std::vector<Script>& scripts, graph::Graph& graph,
                                         bool sequenced = false) {
  std::vector<driver::InputFile> inputs;
  for (const Script& s : scripts) inputs.push_back(driver::InputFile{s.name, s.name, s.sql});
  driver::RunOptions options;
  options.jobs = 1;
  options.sequenced = sequenced;
  graph::GraphBuilder builder;
  driver::RunSummary summary = driver::AnalyzeIntoGraph(inputs, options, builder, [](driver::FilePart&&) {});
  graph = builder.Finish();
  return summary;
}

inline graph::Graph GraphOf(const std::vector<Script>& scripts) {
  graph::Graph g;
  AnalyzeScripts(scripts, g);
  return g;
}

}  // namespace hivelineage::testing
