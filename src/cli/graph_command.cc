#include "cli/graph_command.h"

#include "base/strings.h"
#include "cli/analyze_command.h"
#include "driver/run.h"
#include "graph/builder.h"
#include "graph/collapse.h"
#include "graph/formats.h"
#include "graph/load.h"
#include "output/writer.h"

namespace hivelineage::cli {
namespace {

const char kGraphUsage[] =
    "usage: hivelineage graph [OPTIONS] [PATH ...]\n"
    "\n"
    "Merges the lineage of every statement of every script into one graph of tables and\n"
    "columns: a table written by one statement and read by another links them.\n"
    "PATH is a .sql/.hql/.q file, a folder (searched recursively), or - for standard input.\n"
    "\n"
    "options:\n"
    "  --format FORMAT       json (default), dot (Graphviz), mermaid, or openlineage (one\n"
    "                        OpenLineage RunEvent per statement, one JSON object per line)\n"
    "  --collapse temporary  remove temporary tables, linking their sources to their targets\n"
    "                        (not with --format openlineage, which is per statement)\n"
    "  --namespace NS        openlineage: namespace of the Hive datasets (default: hive)\n"
    "  --job-namespace NS    openlineage: namespace of the jobs (default: hivelineage)\n"
    "  --event-time TIME     openlineage: eventTime, RFC 3339 (default: 1970-01-01T00:00:00Z,\n"
    "                        so output is reproducible)\n";

void WriteOut(const std::string& s, std::FILE* f) {
  if (!s.empty()) std::fwrite(s.data(), 1, s.size(), f);
}

}  // namespace

void PrintGraphUsage(const char* usage, std::FILE* f) {
  std::fputs(usage, f);
  std::fputs(kInputOptionsHelp, f);
  std::fputs(
      "  --help                show this help\n"
      "\n"
      "exit status: 0 all statements analysed, 1 some statements had errors, 2 usage error or\n"
      "unreadable input. Diagnostics go to stderr as file:line:col: severity: message.\n",
      f);
}

bool ParseGraphInputOption(ArgCursor& c, GraphInputArgs& args, std::string& error) {
  if (c.name() != "--collapse") return ParseInputOption(c, args.input, error);
  std::string_view value;
  if (!c.TakeValue(value))
    error = "--collapse needs a value (temporary)";
  else if (value != "temporary")
    error = Cat("unknown --collapse value '", value, "' (expected temporary)");
  else
    args.collapse_temporary = true;
  return true;
}

int AnalyzeToGraph(const GraphInputArgs& args, bool keep_sql, const char* command, graph::Graph& graph, int* status,
                   std::FILE* err) {
  const std::string who = Cat("hivelineage ", command);
  auto inputs = ResolveInputs(args.input, who.c_str(), err);
  if (!inputs) return 2;
  inputs->insert(inputs->end(), args.extra.begin(), args.extra.end());
  const driver::RunOptions options = MakeRunOptions(args.input);

  graph::GraphBuilder builder(graph::BuildOptions{keep_sql});
  std::string diag;
  auto on_part = [&](driver::FilePart&& part) {
    diag.clear();
    output::RenderDiagnostics(part.file, diag);
    WriteOut(diag, err);
  };
  const driver::RunSummary summary = graph::AnalyzeIntoGraph(*inputs, options, builder, on_part);
  if (!summary.fatal_error.empty()) {
    std::fprintf(err, "hivelineage %s: %s\n", command, summary.fatal_error.c_str());
    return 2;
  }
  std::string early;
  for (const driver::EarlyRead& e : summary.early_reads) early += driver::RenderEarlyRead(e);
  WriteOut(early, err);
  graph = builder.Finish();
  if (args.collapse_temporary) {
    const graph::CollapseResult r = graph::CollapseTemporary(graph);
    if (r.truncated)
      std::fprintf(err,
                   "hivelineage %s: warning: --collapse gave up after %zu steps (too many paths through "
                   "temporary tables); the graph is partial\n",
                   command, graph::kMaxCollapseWork);
  }
  *status = ExitStatus(summary);
  return -1;
}

int GraphCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  GraphInputArgs args;
  graph::GraphFormat format = graph::GraphFormat::Json;
  graph::OpenLineageOptions ol;
  std::string error;
  ArgCursor c(argc, argv, 2);
  while (error.empty() && c.Next()) {
    if (c.is_path()) {
      args.input.paths.emplace_back(c.arg());
      continue;
    }
    if (ParseGraphInputOption(c, args, error)) continue;
    const std::string_view name = c.name();
    std::string_view value;
    if (name == "--help" || name == "-h") {
      PrintGraphUsage(kGraphUsage, out);
      return 0;
    } else if (name == "--format") {
      const std::optional<graph::GraphFormat> f = c.TakeValue(value) ? graph::ParseGraphFormat(value) : std::nullopt;
      if (!f)
        error = Cat("unknown format '", value, "' (expected json, dot, mermaid or openlineage)");
      else
        format = *f;
    } else if (name == "--namespace") {
      if (!c.TakeValue(value) || value.empty())
        error = "--namespace needs a value";
      else
        ol.dataset_namespace = std::string(value);
    } else if (name == "--job-namespace") {
      if (!c.TakeValue(value) || value.empty())
        error = "--job-namespace needs a value";
      else
        ol.job_namespace = std::string(value);
    } else if (name == "--event-time") {
      if (!c.TakeValue(value) || !graph::IsRfc3339DateTime(value))
        error = Cat("--event-time expects an RFC 3339 date-time such as 2024-05-01T02:00:00Z, got '", value, "'");
      else
        ol.event_time = std::string(value);
    } else {
      error = Cat("unknown option '", c.arg(), "'");
    }
  }
  if (error.empty() && args.collapse_temporary && format == graph::GraphFormat::OpenLineage)
    error = "--collapse does not apply to --format openlineage (its events are per statement)";
  if (!error.empty()) {
    std::fprintf(err, "hivelineage graph: %s\n\n", error.c_str());
    PrintGraphUsage(kGraphUsage, err);
    return 2;
  }

  graph::Graph g;
  int status = 0;
  const bool keep_sql = format == graph::GraphFormat::OpenLineage;
  if (const int stop = AnalyzeToGraph(args, keep_sql, "graph", g, &status, err); stop >= 0) return stop;
  std::string text;
  // Written out a megabyte at a time: a large graph is never held whole as text.
  const graph::Flush flush = [out](std::string& chunk) {
    WriteOut(chunk, out);
    chunk.clear();
  };
  graph::WriteGraph(g, format, ol, text, flush);
  WriteOut(text, out);
  std::fflush(out);
  return status;
}

}  // namespace hivelineage::cli
