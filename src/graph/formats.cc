#include "graph/formats.h"

namespace hivelineage::graph {

std::optional<GraphFormat> ParseGraphFormat(std::string_view name) {
  if (name == "json") return GraphFormat::Json;
  if (name == "dot") return GraphFormat::Dot;
  if (name == "mermaid") return GraphFormat::Mermaid;
  if (name == "openlineage") return GraphFormat::OpenLineage;
  return std::nullopt;
}

}  // namespace hivelineage::graph
