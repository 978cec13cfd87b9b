#include "graph/render/formats.h"

namespace hivelineage::graph {

std::optional<GraphFormat> ParseGraphFormat(std::string_view name) {
  if (name == "json") return GraphFormat::Json;
  if (name == "dot") return GraphFormat::Dot;
  if (name == "mermaid") return GraphFormat::Mermaid;
  if (name == "openlineage") return GraphFormat::OpenLineage;
  return std::nullopt;
}

void WriteGraph(const Graph& graph, GraphFormat format, const OpenLineageOptions& options, std::string& out,
                const Flush& flush) {
  switch (format) {
    case GraphFormat::Json:
      return WriteJson(graph, out, flush);
    case GraphFormat::Dot:
      return WriteDot(graph, out, flush);
    case GraphFormat::Mermaid:
      return WriteMermaid(graph, out, flush);
    case GraphFormat::OpenLineage:
      return WriteOpenLineage(graph, options, out, flush);
  }
}

void MaybeFlush(std::string& out, const Flush& flush) {
  constexpr size_t kFlushBytes = size_t{1} << 20;
  if (flush && out.size() >= kFlushBytes) flush(out);
}

}  // namespace hivelineage::graph
