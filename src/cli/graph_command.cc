#include "cli/graph_command.h"

#include <unistd.h>

#include <charconv>

#include "base/strings.h"
#include "cli/limit_options.h"
#include "driver/run.h"
#include "graph/builder.h"
#include "graph/collapse.h"
#include "graph/formats.h"
#include "graph/load.h"
#include "output/run_report.h"
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

void Flush(const std::string& s, std::FILE* f) {
  if (!s.empty()) std::fwrite(s.data(), 1, s.size(), f);
}

}  // namespace

const char kGraphInputOptionsHelp[] =
    "  --catalog FILE        table schemas: catalog JSON, or a .sql/.hql file of CREATE\n"
    "                        TABLE/VIEW statements; may be repeated\n"
    "  --default-db NAME     database of unqualified names before any USE (default: default)\n"
    "  --var NAME=VALUE      value for ${NAME}, ${hivevar:NAME}, ${hiveconf:NAME}; may be repeated\n"
    "  --allow-env           let ${env:NAME} read the environment\n"
    "  --sequence FILE       the scripts FILE lists (one path per line, relative to FILE's\n"
    "                        folder; # comments), in that order, each seeing the tables the\n"
    "                        earlier ones created; instead of PATH. Without it every script\n"
    "                        starts from the --catalog tables (they still link by name)\n"
    "  -j, --jobs N          analyse N files at once (default: one per core); the graph is\n"
    "                        the same for every N\n"
    "  --max-file-size SIZE, --max-statement-size SIZE, --max-statements N, --max-depth N\n"
    "                        input limits (defaults 1G, 64M, 1000000, 1000; docs/limits.md)\n"
    "  --help                show this help\n"
    "\n"
    "exit status: 0 all statements analysed, 1 some statements had errors, 2 usage error or\n"
    "unreadable input. Diagnostics go to stderr as file:line:col: severity: message.\n";

bool ArgCursor::Next() {
  if (++i_ >= argc_) return false;
  arg_ = argv_[i_];
  name_ = arg_;
  has_inline_value_ = false;
  is_path_ = options_done_ || arg_ == "-" || arg_.size() < 2 || arg_[0] != '-';
  if (is_path_) return true;
  if (arg_ == "--") {
    options_done_ = true;
    return Next();
  }
  if (const size_t eq = arg_.find('='); eq != std::string_view::npos && arg_.starts_with("--")) {
    name_ = arg_.substr(0, eq);
    inline_value_ = arg_.substr(eq + 1);
    has_inline_value_ = true;
  }
  return true;
}

bool ArgCursor::TakeValue(std::string_view& value) {
  if (has_inline_value_) {
    value = inline_value_;
    return true;
  }
  if (i_ + 1 >= argc_) return false;
  value = argv_[++i_];
  return true;
}

bool ParseInputOption(ArgCursor& c, GraphInputArgs& args, std::string& error) {
  const std::string_view name = c.name();
  std::string_view value;
  if (name == "--allow-env") {
    args.allow_env = true;
  } else if (name == "--catalog") {
    if (!c.TakeValue(value) || value.empty()) error = "--catalog needs a file";
    else args.catalogs.emplace_back(value);
  } else if (name == "--default-db") {
    if (!c.TakeValue(value) || value.empty()) error = "--default-db needs a name";
    else args.default_db = ToLower(value);
  } else if (name == "--var") {
    const size_t eq = c.TakeValue(value) ? value.find('=') : std::string_view::npos;
    if (eq == std::string_view::npos || eq == 0) {
      error = Cat("--var expects NAME=VALUE, got '", value, "'");
    } else {
      args.variables.emplace_back(std::string(value.substr(0, eq)), std::string(value.substr(eq + 1)));
    }
  } else if (name == "--sequence") {
    if (!c.TakeValue(value) || value.empty()) error = "--sequence needs a file";
    else if (!args.sequence.empty()) error = "--sequence may be given once";
    else args.sequence = std::string(value);
  } else if (name == "-j" || name == "--jobs" || (name.starts_with("-j") && !name.starts_with("--"))) {
    if (name.size() > 2 && !name.starts_with("--")) value = name.substr(2);  // -j4
    else if (!c.TakeValue(value)) value = {};
    int n = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (value.empty() || ec != std::errc() || end != value.data() + value.size() || n < 1 || n > 1024)
      error = Cat("-j expects a number of threads from 1 to 1024, got '", value, "'");
    else args.jobs = n;
  } else if (name == "--collapse") {
    if (!c.TakeValue(value)) error = "--collapse needs a value (temporary)";
    else if (value != "temporary") error = Cat("unknown --collapse value '", value, "' (expected temporary)");
    else args.collapse_temporary = true;
  } else {
    return ParseLimitOption(name, [&](std::string_view& v) { return c.TakeValue(v); }, args.limits, error);
  }
  return true;
}

int AnalyzeToGraph(const GraphInputArgs& args, bool keep_sql, const char* command, graph::Graph& graph,
                   int* status, std::FILE* err) {
  std::vector<std::string> paths = args.paths;
  if (!args.sequence.empty() && !paths.empty()) {
    std::fprintf(err, "hivelineage %s: --sequence FILE lists the scripts; give no PATH with it\n", command);
    return 2;
  }
  if (paths.empty() && args.sequence.empty()) {
    if (isatty(STDIN_FILENO)) {
      std::fprintf(err, "hivelineage %s: no input (give a PATH, or - for stdin); see --help\n", command);
      return 2;
    }
    paths.push_back("-");
  }
  const driver::ExpandedInputs inputs =
      args.sequence.empty() ? driver::ExpandPaths(paths) : driver::ReadSequence(args.sequence);
  if (!inputs.errors.empty()) {
    for (const std::string& e : inputs.errors) std::fprintf(err, "hivelineage %s: %s\n", command, e.c_str());
    return 2;
  }
  driver::RunOptions options;
  options.analyze.default_database = args.default_db;
  options.analyze.variables = args.variables;
  options.analyze.allow_env = args.allow_env;
  options.analyze.limits = args.limits;
  options.jobs = args.jobs;
  options.catalog_files = args.catalogs;
  options.sequenced = !args.sequence.empty();

  graph::GraphBuilder builder(graph::BuildOptions{keep_sql});
  std::string diag;
  auto on_part = [&](driver::FilePart&& part) {
    diag.clear();
    output::RenderDiagnostics(part.file, diag);
    Flush(diag, err);
  };
  const driver::RunSummary summary = graph::AnalyzeIntoGraph(inputs.files, options, builder, on_part);
  if (!summary.fatal_error.empty()) {
    std::fprintf(err, "hivelineage %s: %s\n", command, summary.fatal_error.c_str());
    return 2;
  }
  graph = builder.Finish();
  if (args.collapse_temporary) {
    const graph::CollapseResult r = graph::CollapseTemporary(graph);
    if (r.truncated)
      std::fprintf(err,
                   "hivelineage %s: warning: --collapse gave up after %zu steps (too many paths through "
                   "temporary tables); the graph is partial\n",
                   command, graph::kMaxCollapsedEdges);
  }
  *status = output::ExitStatus(summary);
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
      args.paths.emplace_back(c.arg());
      continue;
    }
    if (ParseInputOption(c, args, error)) continue;
    const std::string_view name = c.name();
    std::string_view value;
    if (name == "--help" || name == "-h") {
      std::fputs(kGraphUsage, out);
      std::fputs(kGraphInputOptionsHelp, out);
      return 0;
    } else if (name == "--format") {
      const std::optional<graph::GraphFormat> f =
          c.TakeValue(value) ? graph::ParseGraphFormat(value) : std::nullopt;
      if (!f) error = Cat("unknown format '", value, "' (expected json, dot, mermaid or openlineage)");
      else format = *f;
    } else if (name == "--namespace") {
      if (!c.TakeValue(value) || value.empty()) error = "--namespace needs a value";
      else ol.dataset_namespace = std::string(value);
    } else if (name == "--job-namespace") {
      if (!c.TakeValue(value) || value.empty()) error = "--job-namespace needs a value";
      else ol.job_namespace = std::string(value);
    } else if (name == "--event-time") {
      if (!c.TakeValue(value) || !graph::IsRfc3339DateTime(value))
        error = Cat("--event-time expects an RFC 3339 date-time such as 2024-05-01T02:00:00Z, got '", value, "'");
      else ol.event_time = std::string(value);
    } else {
      error = Cat("unknown option '", c.arg(), "'");
    }
  }
  if (error.empty() && args.collapse_temporary && format == graph::GraphFormat::OpenLineage)
    error = "--collapse does not apply to --format openlineage (its events are per statement)";
  if (!error.empty()) {
    std::fprintf(err, "hivelineage graph: %s\n\n%s%s", error.c_str(), kGraphUsage, kGraphInputOptionsHelp);
    return 2;
  }

  graph::Graph g;
  int status = 0;
  const bool keep_sql = format == graph::GraphFormat::OpenLineage;
  if (const int stop = AnalyzeToGraph(args, keep_sql, "graph", g, &status, err); stop >= 0) return stop;
  std::string text;
  switch (format) {
    case graph::GraphFormat::Json:
      graph::WriteJson(g, text);
      break;
    case graph::GraphFormat::Dot:
      graph::WriteDot(g, text);
      break;
    case graph::GraphFormat::Mermaid:
      graph::WriteMermaid(g, text);
      break;
    case graph::GraphFormat::OpenLineage:
      graph::WriteOpenLineage(g, ol, text);
      break;
  }
  Flush(text, out);
  std::fflush(out);
  return status;
}

}  // namespace hivelineage::cli
