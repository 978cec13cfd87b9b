// Writers for the lineage graph: json (docs/graph.md has its schema), dot
// (Graphviz), mermaid, and openlineage (one RunEvent per statement, one
// JSON object per line). Every writer is a pure function of the graph, so
// the same inputs always give byte-identical output.
//
// Writers append to `out`. Given a `flush`, they pass it `out` whenever it
// holds more than about a megabyte; it writes the text out and clears it, so
// a large graph is never held whole as text.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "graph/model/graph.h"

namespace hivelineage::graph {

enum class GraphFormat : uint8_t { Json, Dot, Mermaid, OpenLineage };

std::optional<GraphFormat> ParseGraphFormat(std::string_view name);

using Flush = std::function<void(std::string& out)>;

// Calls `flush` when `out` has grown past the flushing size.
void MaybeFlush(std::string& out, const Flush& flush);

void WriteJson(const Graph& graph, std::string& out, const Flush& flush = {});
void WriteDot(const Graph& graph, std::string& out, const Flush& flush = {});
void WriteMermaid(const Graph& graph, std::string& out, const Flush& flush = {});

struct OpenLineageOptions {
  std::string dataset_namespace = "hive";     // namespace of the Hive tables
  std::string job_namespace = "hivelineage";  // namespace of the jobs
  // eventTime of every event; empty: the script's modification time
  // (Graph::modified_at), 1970-01-01T00:00:00Z for one that has none (stdin).
  std::string event_time;
  std::string producer;  // empty: urn:hivelineage:VERSION
};

void WriteOpenLineage(const Graph& graph, const OpenLineageOptions& options, std::string& out, const Flush& flush = {});

// The writer of `format` (`options` for openlineage only).
void WriteGraph(const Graph& graph, GraphFormat format, const OpenLineageOptions& options, std::string& out,
                const Flush& flush = {});

// A statement's job name: the script and the tables it writes
// ("etl/dwd_order.sql:dwd.order_detail", several joined by commas; ":query"
// for a statement that writes none), so a statement inserted above does not
// rename it. The `occurrence`-th statement of a script with the same name
// (from 1) gets "#occurrence" after it from the second on.
std::string JobName(std::string_view file, const std::vector<std::string>& outputs, int occurrence);

// A UUID (RFC 4122 version 3: MD5, name based) for a run of `job` at
// `event_time`, so posting the same events again names the same runs.
std::string StableRunId(std::string_view job_namespace, std::string_view job, std::string_view event_time);

// True for an RFC 3339 date-time such as 2024-05-01T02:00:00Z or
// 2024-05-01T02:00:00.5+08:00.
bool IsRfc3339DateTime(std::string_view s);

}  // namespace hivelineage::graph
