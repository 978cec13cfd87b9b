#include "cli/rootcause_command.h"

#include <string>
#include <vector>

#include "base/strings.h"
#include "checks/jobs.h"
#include "checks/rootcause.h"
#include "checks/runs.h"
#include "cli/format_option.h"
#include "cli/graph_command.h"
#include "cli/open_source.h"
#include "store/load_graph.h"
#include "view/graph_page.h"
#include "view/rootcause_page.h"

namespace hivelineage::cli {
namespace {

const char kUsage[] =
    "usage: hivelineage rootcause NAME --dqc RESULTS [--runs RUNS --jobs JOBS] [OPTIONS] PATH...\n"
    "       hivelineage rootcause NAME --dqc RESULTS ... --store DB\n"
    "\n"
    "A data-quality check fails on NAME (a column db.table.column or a table): walks upstream\n"
    "along value edges and ranks the suspects, each with its path to NAME: failed checks\n"
    "first, nearest first; then failed or late runs of the jobs writing upstream tables; then\n"
    "upstream tables no check covers.\n"
    "\n"
    "options:\n";

// What rootcause reads from its command line beyond the shared options.
struct RootCauseArgs : GraphInputArgs {
  std::string name, dqc_file, runs_file, jobs_file;
  checks::RootCauseOptions options;
  bool json = false;
  bool html = false;  // the lineage page on the suspects' paths (view/rootcause_page.h)
};

// --dqc, --runs, --jobs, --partition: a value that must not be empty.
template <std::string RootCauseArgs::*Field>
void SetFile(ArgCursor& c, RootCauseArgs& a, std::string& error) {
  std::string_view value;
  if (!c.TakeValue(value) || value.empty())
    error = Cat(c.name(), " needs a value");
  else
    a.*Field = std::string(value);
}

// rootcause's own options (and --store, said its way): the parsing and, in
// this order, its --help lines.
const Option<RootCauseArgs> kRootCauseOptions[] = {
    {{"--dqc"},
     "--dqc FILE",
     "data-quality results: CSV, JSON or JSON Lines with table,\n"
     "partition, rule, status, value, expected, time\n",
     true,
     SetFile<&RootCauseArgs::dqc_file>},
    {{"--runs"},
     "--runs FILE",
     "scheduler runs: job, start, end, status[, date] (CSV, JSON, JSON\n"
     "Lines or a DolphinScheduler task-instance list); needs --jobs\n",
     true,
     SetFile<&RootCauseArgs::runs_file>},
    {{"--jobs"}, "--jobs FILE", "the jobs the runs name (as check schedule reads them)\n", true,
     SetFile<&RootCauseArgs::jobs_file>},
    {{"--partition"},
     "--partition SPEC",
     "only results of this partition (dt=2024-03-01), and runs of\n"
     "that date\n",
     true,
     [](ArgCursor& c, RootCauseArgs& a, std::string& error) {
       std::string_view value;
       if (!c.TakeValue(value) || value.empty())
         error = Cat(c.name(), " needs a value");
       else
         a.options.partition = std::string(value);
     }},
    {{"--with-conditions"}, "--with-conditions", "also walk condition edges (filters, join keys)\n", false,
     [](ArgCursor&, RootCauseArgs& a, std::string&) { a.options.with_conditions = true; }},
    {{"--store"}, "--store DB", "read the lineage kept in DB by `hivelineage store update`\n", true,
     SharedSetter<RootCauseArgs, SetStore>},
    {{"--format"},
     "--format FORMAT",
     "text (default), json or html (the lineage page on the suspects'\n"
     "paths)\n",
     true,
     SetTextJsonHtmlFormat<RootCauseArgs>},
};

}  // namespace

int RootCauseCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  RootCauseArgs args;
  std::string error = ParseSubcommand<RootCauseArgs>(argc, argv, {kRootCauseOptions}, args, [&](std::string_view arg) {
    if (args.name.empty())
      args.name = std::string(arg);
    else
      args.input.paths.emplace_back(arg);
  });
  if (error.empty() && args.help) {
    std::fputs(
        SubcommandUsageText(Cat(kUsage, TableHelp(std::span<const Option<RootCauseArgs>>(kRootCauseOptions)))).c_str(),
        out);
    return 0;
  }
  const std::string &name = args.name, &dqc_file = args.dqc_file, &runs_file = args.runs_file,
                    &jobs_file = args.jobs_file;
  checks::RootCauseOptions& options = args.options;
  const bool json = args.json, html = args.html;
  if (error.empty() && name.empty()) error = "give the column or table (NAME) whose check failed";
  if (error.empty() && dqc_file.empty()) error = "--dqc RESULTS is required";
  if (error.empty() && runs_file.empty() != jobs_file.empty()) error = "--runs and --jobs go together";
  if (error.empty() && args.store.empty() && args.input.paths.empty() && args.input.sequence.empty())
    error = "give the scripts (PATH...) or --store DB";
  if (!error.empty()) return UsageError(err, "hivelineage rootcause", error);

  std::vector<std::string> warnings;
  std::vector<checks::DqcResult> results;
  if (!checks::LoadDqcResults(dqc_file, results, warnings, error)) {
    std::fprintf(err, "hivelineage rootcause: %s\n", error.c_str());
    return 2;
  }
  checks::JobSet jobs;
  std::vector<checks::Run> runs;
  if (!runs_file.empty()) {
    std::vector<std::string> errors;
    if (!checks::LoadJobs(jobs_file, jobs, errors) || !checks::LoadRuns(runs_file, runs, warnings, error)) {
      for (const std::string& e : errors) std::fprintf(err, "hivelineage rootcause: %s\n", e.c_str());
      if (!error.empty()) std::fprintf(err, "hivelineage rootcause: %s\n", error.c_str());
      return 2;
    }
  }
  OpenedSource opened;
  if (const int stop = OpenLineageSource(args, "rootcause", opened, err); stop >= 0) return stop;
  checks::RootCauseReport report;
  if (!checks::RootCause(*opened.source, name, results, runs_file.empty() ? nullptr : &jobs,
                         runs_file.empty() ? nullptr : &runs, options, report, error)) {
    std::fprintf(err, "hivelineage rootcause: %s\n", error.c_str());
    return 2;
  }
  for (const std::string& w : warnings) std::fprintf(err, "%s\n", w.c_str());
  for (const std::string& w : report.warnings) std::fprintf(err, "%s\n", w.c_str());
  std::string text;
  if (html) {
    // The page draws from a graph: a store's is loaded whole for it.
    if (opened.db) opened.graph = store::LoadGraph(*opened.db, graph::BuildOptions{});
    view::WriteRootCausePage(opened.graph, report, view::InputsTitle(args.input.paths, args.input.sequence, args.store),
                             text);
  } else if (json)
    checks::WriteRootCauseJson(report, text);
  else
    checks::WriteRootCauseText(report, text);
  std::fwrite(text.data(), 1, text.size(), out);
  std::fflush(out);
  if (opened.status == 1)
    std::fprintf(err, "hivelineage rootcause: some statements could not be analysed; the walk may stop early\n");
  return opened.status;
}

}  // namespace hivelineage::cli
