#include "cli/graph_command.h"

#include <charconv>
#include <cstdlib>

#include "base/strings.h"
#include "checks/domain_graph.h"
#include "cli/analyze_command.h"
#include "cli/diagnostic_filter.h"
#include "cli/net_module.h"
#include "cli/openlineage_post.h"
#include "driver/run.h"
#include "driver/load_graph.h"
#include "graph/model/builder.h"
#include "graph/model/collapse.h"
#include "graph/model/level_graph.h"
#include "graph/queries/graph_source.h"
#include "graph/render/formats.h"
#include "output/writer.h"
#include "store/load_graph.h"
#include "store/schema.h"
#include "store/update.h"
#include "sync/sync_job.h"
#include "view/graph_page.h"

namespace hivelineage::cli {
namespace {

const char kGraphUsage[] =
    "usage: hivelineage graph [OPTIONS] [PATH ...]\n"
    "\n"
    "Merges the lineage of every statement of every script into one graph of tables and\n"
    "columns: a table written by one statement and read by another links them.\n"
    "PATH is a .sql/.hql/.q file, a folder (searched recursively), or - for standard input.\n"
    "\n"
    "options:\n";

// What graph reads from its command line beyond the shared options.
struct GraphArgs : GraphInputArgs {
  graph::GraphFormat format = graph::GraphFormat::Json;
  graph::OpenLineageOptions ol;
  PostOptions post;
  bool format_given = false;
  bool html = false;       // --format html: the page (src/view/), not one of the graph library's formats
  bool by_domain = false;  // --level domain: grouped by the --domains FILE's domains (checks/domain_graph.h)
  std::string domains_file;
};

// A value that must not be empty, into `field`; else "`name` needs `what`".
void TakeNonEmpty(ArgCursor& c, std::string& field, std::string_view what, std::string& error) {
  std::string_view value;
  if (!c.TakeValue(value) || value.empty())
    error = Cat(c.name(), " needs ", what);
  else
    field = std::string(value);
}

// graph's own options: the parsing and, in this order, its --help lines.
const Option<GraphArgs> kGraphOptions[] = {
    {{"--format"},
     "--format FORMAT",
     "json (default), dot (Graphviz), mermaid, openlineage (one\n"
     "OpenLineage RunEvent per statement, one JSON object per line),\n"
     "or html (an interactive page that opens offline)\n",
     true,
     [](ArgCursor& c, GraphArgs& a, std::string& error) {
       std::string_view value;
       const std::optional<graph::GraphFormat> f = c.TakeValue(value) ? graph::ParseGraphFormat(value) : std::nullopt;
       a.html = value == "html";
       if (!f && !a.html)
         error = Cat("unknown format '", value, "' (expected json, dot, mermaid, openlineage or html)");
       else if (f)
         a.format = *f;
       a.format_given = true;
     }},
    {{"--collapse"},
     "--collapse temporary",
     "remove temporary tables, linking their sources to their targets\n",
     true,
     SharedSetter<GraphArgs, SetCollapse>},
    {{"--level"},
     "--level LEVEL",
     "column (default), table (tables and table links only),\n"
     "database (one node per database; not with openlineage),\n"
     "domain (one node per set of business domains; with --domains)\n"
     "or system (one node per system, Hive and the databases\n"
     "sync jobs connect to; docs/systems.md)\n",
     true,
     [](ArgCursor& c, GraphArgs& a, std::string& error) {
       std::string_view value;
       if (c.TakeValue(value) && value == "domain") {
         a.by_domain = true;
         a.system_level = false;
         a.level = graph::Level::Table;
         a.level_given = true;
       } else if (value == "system") {
         a.by_domain = false;
         a.system_level = true;
         a.level = graph::Level::Database;
         a.level_given = true;
       } else if (const std::optional<graph::Level> level = graph::ParseLevel(value); level) {
         a.by_domain = false;
         a.system_level = false;
         a.level = *level;
         a.level_given = true;
       } else {
         error = Cat("unknown level '", value, "' (expected column, table, database, domain or system)");
       }
     }},
    {{"--system-of-dialect"},
     "--system-of-dialect DIALECT=NAME",
     "with --level system: the tables the scripts read as DIALECT\n"
     "write are the system NAME (spark=spark: Spark apart from Hive)\n",
     true,
     [](ArgCursor& c, GraphArgs& a, std::string& error) {
       std::string_view value;
       const size_t eq = c.TakeValue(value) ? value.find('=') : std::string_view::npos;
       const std::optional<Dialect> dialect =
           eq == std::string_view::npos ? std::nullopt : DialectByName(value.substr(0, eq));
       const std::string_view system = eq == std::string_view::npos ? std::string_view() : value.substr(eq + 1);
       if (!dialect || system.empty() || system.find_first_of("/ ") != std::string_view::npos)
         error = Cat("--system-of-dialect expects DIALECT=NAME (hive or spark, a name without / or space), got '",
                     value, "'");
       else
         a.dialect_systems.emplace_back(*dialect, std::string(system));
     }},
    {{"--domains"},
     "--domains FILE",
     "with --level domain: table globs to domains (see `domains`)\n"
     "(not with --format openlineage, which is per statement)\n",
     true,
     [](ArgCursor& c, GraphArgs& a, std::string& error) { TakeNonEmpty(c, a.domains_file, "a file", error); }},
    {{"--namespace"},
     "--namespace NS",
     "openlineage: namespace of the Hive datasets (default: hive)\n",
     true,
     [](ArgCursor& c, GraphArgs& a, std::string& error) { TakeNonEmpty(c, a.ol.dataset_namespace, "a value", error); }},
    {{"--job-namespace"},
     "--job-namespace NS",
     "openlineage: namespace of the jobs (default: hivelineage)\n",
     true,
     [](ArgCursor& c, GraphArgs& a, std::string& error) { TakeNonEmpty(c, a.ol.job_namespace, "a value", error); }},
    {{"--event-time"},
     "--event-time TIME",
     "openlineage: eventTime, RFC 3339 (default: each script's\n"
     "modification time)\n",
     true,
     [](ArgCursor& c, GraphArgs& a, std::string& error) {
       std::string_view value;
       if (!c.TakeValue(value) || !graph::IsRfc3339DateTime(value))
         error = Cat("--event-time expects an RFC 3339 date-time such as 2024-05-01T02:00:00Z, got '", value, "'");
       else
         a.ol.event_time = std::string(value);
     }},
    {{"--openlineage-url"},
     "--openlineage-url URL",
     "openlineage: POST each event to URL (e.g. Marquez's\n"
     "http://HOST:5000/api/v1/lineage) instead of printing it; retried\n"
     "with backoff on 429, 5xx and network errors; exit status 3 when\n"
     "some events could not be posted\n",
     true,
     [](ArgCursor& c, GraphArgs& a, std::string& error) {
       std::string_view value;
       if (!c.TakeValue(value) || !(value.starts_with("http://") || value.starts_with("https://")))
         error = Cat("--openlineage-url expects an http:// or https:// URL, got '", value, "'");
       else
         a.post.url = std::string(value);
     }},
    {{"--openlineage-api-key"},
     "--openlineage-api-key KEY",
     "sent as a Bearer token (default: $OPENLINEAGE_API_KEY)\n",
     true,
     [](ArgCursor& c, GraphArgs& a, std::string& error) { TakeNonEmpty(c, a.post.api_key, "a value", error); }},
    {{"--openlineage-retries"},
     "--openlineage-retries N",
     "further attempts per event (default 3)\n",
     true,
     [](ArgCursor& c, GraphArgs& a, std::string& error) {
       std::string_view value;
       int n = -1;
       const bool has = c.TakeValue(value);
       const auto r = std::from_chars(value.data(), value.data() + value.size(), n);
       if (!has || r.ec != std::errc() || r.ptr != value.data() + value.size() || n < 0 || n > 20)
         error = Cat("--openlineage-retries expects a number from 0 to 20, got '", value, "'");
       else
         a.post.retries = n;
     }},
    {{"--possible"},
     "--possible",
     "json, dot, mermaid: also possible edges (marked), from each table\n"
     "that could hold a bare column of a join (see docs/graph.md)\n",
     false,
     SharedSetter<GraphArgs, SetPossible>},
};

void WriteOut(const std::string& s, std::FILE* f) {
  if (!s.empty()) std::fwrite(s.data(), 1, s.size(), f);
}

// The graph of the store args.store. Returns -1 when it is read, else the
// exit status to stop with; *status is 1 when the store holds scripts with errors.
int ReadStoreGraph(const GraphInputArgs& args, bool keep_sql, const char* command, graph::Graph& graph, int* status,
                   std::FILE* err) {
  if (!CheckStoreArgs(args, command, err)) return 2;
  try {
    auto db = store::OpenStore(args.store, store::OpenMode::Read);
    graph = store::LoadGraph(*db, graph::BuildOptions{keep_sql, args.possible});
    *status = store::ScriptsWithErrors(*db) > 0;
  } catch (const store::StoreError& e) {
    std::fprintf(err, "hivelineage %s: %s\n", command, e.what());
    return 2;
  }
  return -1;
}

}  // namespace

void SetLevel(ArgCursor& c, GraphInputArgs& args, std::string& error) {
  std::string_view value;
  const std::optional<graph::Level> level = c.TakeValue(value) ? graph::ParseLevel(value) : std::nullopt;
  args.system_level = value == "system";
  if (args.system_level)
    args.level = graph::Level::Database;
  else if (!level)
    error = Cat("unknown level '", value, "' (expected column, table, database or system)");
  else
    args.level = *level;
  args.level_given = true;
}

void SetPossible(ArgCursor&, GraphInputArgs& args, std::string&) { args.possible = true; }

void SetCollapse(ArgCursor& c, GraphInputArgs& args, std::string& error) {
  std::string_view value;
  if (!c.TakeValue(value))
    error = "--collapse needs a value (temporary)";
  else if (value != "temporary")
    error = Cat("unknown --collapse value '", value, "' (expected temporary)");
  else
    args.collapse_temporary = true;
}

void SetStore(ArgCursor& c, GraphInputArgs& args, std::string& error) {
  std::string_view value;
  if (!c.TakeValue(value) || value.empty())
    error = "--store needs a database file";
  else
    args.store = std::string(value);
}

namespace {

// The options the commands over a graph share. --level, --possible and
// --collapse say different things in each command's --help, so each command
// that lists them has its own row (with these setters); here they have no
// help line. Their --help lines come after the input options.
const Option<GraphInputArgs> kGraphInputOptions[] = {
    {{"--level"}, "", "", true, SetLevel},
    {{"--possible"}, "", "", false, SetPossible},
    {{"--collapse"}, "", "", true, SetCollapse},
    {{"--store"},
     "--store DB",
     "read the lineage kept in DB by `hivelineage store update` instead\n"
     "of analysing PATHs (docs/store.md)\n",
     true,
     SetStore},
    {{"-h", "--help"}, "-h, --help", "show this help\n", false,
     [](ArgCursor&, GraphInputArgs& args, std::string&) { args.help = true; }},
};

}  // namespace

HelpText SubcommandHelp(std::string_view intro, std::vector<HelpRow> own) {
  HelpText help{std::string(intro), std::move(own),
                "\n"
                "exit status: 0 all statements analysed, 1 some statements had errors, 2 usage error or\n"
                "unreadable input, 3 some OpenLineage events could not be posted. Diagnostics go to\n"
                "stderr as file:line:col: severity: message.\n"};
  for (const HelpRow& row : InputOptionsRows()) help.options.push_back(row);
  AppendHelpRows(std::span<const Option<GraphInputArgs>>(kGraphInputOptions), help.options);
  return help;
}

std::string SubcommandUsageText(std::string_view usage) { return SubcommandHelp(usage, {}).Render(); }

bool CheckStoreArgs(const GraphInputArgs& args, const char* command, std::FILE* err) {
  const InputArgs defaults;
  if (args.input.paths.empty() && args.input.sequence.empty() && args.input.catalogs.empty() &&
      args.input.variables.empty() && args.input.default_db == defaults.default_db)
    return true;
  std::fprintf(err,
               "hivelineage %s: --store reads what `store update` analysed; give no PATH, --sequence, "
               "--catalog, --var or --default-db with it\n",
               command);
  return false;
}

const char kPossibleHelp[] =
    "also follow possible edges (marked): from each table that could hold a\n"
    "bare column of a join, none known to (see docs/graph.md)\n";

HelpText GraphHelp() {
  std::vector<HelpRow> own;
  AppendHelpRows(std::span<const Option<GraphArgs>>(kGraphOptions), own);
  return SubcommandHelp(kGraphUsage, std::move(own));
}

std::string GraphUsageText() { return GraphHelp().Render(); }

bool ParseGraphInputOption(ArgCursor& c, GraphInputArgs& args, std::string& error) {
  return ParseTableOption(c, std::span<const Option<GraphInputArgs>>(kGraphInputOptions), args, error) ||
         ParseInputOption(c, args.input, error);
}

int AnalyzeToGraph(const GraphInputArgs& args, bool keep_sql, const char* command, graph::Graph& graph, int* status,
                   std::FILE* err, std::map<std::string, std::string, std::less<>>* system_of_file) {
  if (!args.store.empty()) {
    if (const int stop = ReadStoreGraph(args, keep_sql, command, graph, status, err); stop >= 0) return stop;
  } else {
    const std::string who = Cat("hivelineage ", command);
    auto inputs = ResolveInputs(args.input, who.c_str(), err);
    if (!inputs) return 2;
    inputs->insert(inputs->end(), args.extra.begin(), args.extra.end());
    const driver::RunOptions options = MakeRunOptions(args.input);

    graph::GraphBuilder builder(graph::BuildOptions{keep_sql, args.possible});
    const DiagnosticFilter filter(args.input.common.warnings);
    std::string diag;
    auto on_part = [&](driver::FilePart&& part) {
      if (system_of_file != nullptr && part.file.source != nullptr && !sync::IsJobFileName(part.file.source->name())) {
        const Dialect dialect = driver::ScriptDialect(options.analyze, *part.file.source);
        for (const auto& [d, system] : args.dialect_systems)
          if (d == dialect) (*system_of_file)[std::string(part.file.source->name())] = system;
      }
      diag.clear();
      filter.Render(part.file, diag);
      WriteOut(diag, err);
    };
    const driver::RunSummary summary = driver::AnalyzeIntoGraph(*inputs, options, builder, on_part);
    if (!summary.fatal_error.empty()) {
      std::fprintf(err, "hivelineage %s: %s\n", command, summary.fatal_error.c_str());
      return 2;
    }
    std::string early;
    for (const driver::EarlyRead& e : summary.early_reads) early += driver::RenderEarlyRead(e);
    WriteOut(early, err);
    if (!args.input.common.quiet) WriteOut(filter.SummaryLine(), err);
    graph = builder.Finish();
    *status = ExitStatus(summary);
  }
  if (args.collapse_temporary) {
    const graph::CollapseResult r = graph::CollapseTemporary(graph);
    if (r.truncated)
      std::fprintf(err,
                   "hivelineage %s: warning: --collapse gave up after %zu steps (too many paths through "
                   "temporary tables); the graph is partial\n",
                   command, graph::kMaxCollapseWork);
  }
  return -1;
}

int GraphCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  GraphArgs args;
  if (const char* key = std::getenv("OPENLINEAGE_API_KEY")) args.post.api_key = key;
  std::string error = ParseSubcommand<GraphArgs>(argc, argv, {kGraphOptions}, args,
                                      [&](std::string_view path) { args.input.paths.emplace_back(path); });
  if (error.empty() && args.help) {
    const std::string help = GraphUsageText();
    std::fwrite(help.data(), 1, help.size(), out);
    return 0;
  }
  graph::GraphFormat& format = args.format;
  const graph::OpenLineageOptions& ol = args.ol;
  const PostOptions& post = args.post;
  const bool format_given = args.format_given, html = args.html, by_domain = args.by_domain;
  const std::string& domains_file = args.domains_file;
  if (error.empty() && !post.url.empty()) {
    if (format_given && format != graph::GraphFormat::OpenLineage)
      error = "--openlineage-url posts OpenLineage events: it goes with --format openlineage";
    format = graph::GraphFormat::OpenLineage;
  }
  if (error.empty() && args.level != graph::Level::Column && format == graph::GraphFormat::OpenLineage)
    error = "--level applies to json, dot and mermaid (OpenLineage events are per statement)";
  // OpenLineage's column lineage and the page have no way to mark a possible edge.
  if (error.empty() && args.possible && (html || format == graph::GraphFormat::OpenLineage))
    error = "--possible applies to json, dot and mermaid (OpenLineage and the html page cannot mark a possible edge)";
  if (error.empty() && args.collapse_temporary && format == graph::GraphFormat::OpenLineage)
    error = "--collapse does not apply to --format openlineage (its events are per statement)";
  if (error.empty() && by_domain != !domains_file.empty()) error = "--level domain and --domains FILE go together";
  if (error.empty() && !args.dialect_systems.empty() && (!args.system_level || !args.store.empty()))
    error = "--system-of-dialect goes with --level system, over PATHs (a store keeps no script's dialect)";
  if (!error.empty()) return UsageError(err, "hivelineage graph", error);
  checks::DomainRules domain_rules;
  if (by_domain) {
    std::vector<std::string> errors;
    if (!checks::LoadDomains(domains_file, domain_rules, errors)) {
      for (const std::string& e : errors) std::fprintf(err, "hivelineage graph: %s\n", e.c_str());
      return 2;
    }
  }
  // Posting needs the network module: asked for before the analysis, not after.
  const NetModule* net = nullptr;
  if (!post.url.empty()) {
    net = LoadNetModule(error);
    if (net == nullptr) {
      std::fprintf(err, "hivelineage graph: %s\n", error.c_str());
      return 2;
    }
  }

  graph::Graph g;
  int status = 0;
  const bool keep_sql = format == graph::GraphFormat::OpenLineage;
  std::map<std::string, std::string, std::less<>> system_of_file;  // --system-of-dialect
  if (const int stop = AnalyzeToGraph(args, keep_sql, "graph", g, &status, err,
                                      args.dialect_systems.empty() ? nullptr : &system_of_file);
      stop >= 0)
    return stop;
  if (by_domain) {
    const checks::DomainsReport domains = checks::BuildDomains(graph::GraphSource(g), domain_rules);
    for (const std::string& w : domains.warnings) std::fprintf(err, "%s\n", w.c_str());
    g = checks::DomainLevelGraph(g, domains);
  }
  std::string text;
  if (html) {
    if (args.system_level) g = graph::AtSystemLevel(g, system_of_file);  // the page of the systems
    view::WriteGraphPage(g, view::InputsTitle(args.input.paths, args.input.sequence, args.store), text);
    WriteOut(text, out);
    std::fflush(out);
    return status;
  }
  if (!post.url.empty()) {
    graph::WriteOpenLineage(g, ol, text);  // posted event by event
    const PostSummary sent = net->post_events(text, post, "hivelineage graph", err);
    std::string line = Cat("hivelineage graph: ", sent.posted, " of ", sent.posted + sent.failed, " events posted to ",
                           post.url);
    if (sent.retried > 0) Append(line, " (", sent.retried, " retries)");
    if (sent.failed > 0) Append(line, "; ", sent.failed, " failed");
    line += "\n";
    WriteOut(line, err);
    return sent.failed > 0 ? 3 : status;
  }
  // Written out a megabyte at a time: a large graph is never held whole as text.
  const graph::Flush flush = [out](std::string& chunk) {
    WriteOut(chunk, out);
    chunk.clear();
  };
  if (args.system_level)
    g = graph::AtSystemLevel(g, system_of_file);
  else if (args.level != graph::Level::Column && !by_domain)
    g = graph::AtLevel(g, args.level);
  graph::WriteGraph(g, format, ol, text, flush);
  WriteOut(text, out);
  std::fflush(out);
  return status;
}

}  // namespace hivelineage::cli
