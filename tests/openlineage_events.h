// The OpenLineage events `graph --format openlineage` writes for a script,
// reduced to their column-lineage input fields, for tests that check the
// transformation types.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "driver/analyze_script.h"
#include "driver/load_graph.h"
#include "graph/model/builder.h"
#include "graph/render/formats.h"

namespace hivelineage::testing {

struct InputField {
  std::string target;    // the output column, or "*" for a dataset-wide input
  nlohmann::json field;  // {"namespace", "name", "field", "transformations": [...]}
};

// One entry per event (per statement that reads or writes), in order.
inline std::vector<std::vector<InputField>> OpenLineageInputs(const std::string& script) {
  lineage::Session session;
  const driver::FileResult f = driver::AnalyzeScript(std::make_shared<const SourceFile>("t.sql", script), session, {});
  graph::GraphBuilder b(graph::BuildOptions{true});
  driver::AddToGraph(f, b);
  std::string out;
  graph::WriteOpenLineage(b.Finish(), {}, out);
  std::vector<std::vector<InputField>> events;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    const nlohmann::json ev = nlohmann::json::parse(line);
    std::vector<InputField>& inputs = events.emplace_back();
    for (const auto& o : ev["outputs"]) {
      if (!o.contains("facets")) continue;
      const auto& facet = o["facets"]["columnLineage"];
      if (facet.contains("dataset"))
        for (const auto& in : facet["dataset"]) inputs.push_back(InputField{"*", in});
      for (const auto& [name, column] : facet["fields"].items())
        for (const auto& in : column["inputFields"]) inputs.push_back(InputField{name, in});
    }
  }
  return events;
}

}  // namespace hivelineage::testing
