// `hivelineage check recompute`.
#include <string>
#include <vector>

#include "base/strings.h"
#include "checks/recompute.h"
#include "cli/check_command.h"
#include "cli/format_option.h"
#include "cli/graph_command.h"
#include "cli/open_source.h"
#include "usage/usage_run.h"

namespace hivelineage::cli {
namespace {

const char kUsage[] =
    "usage: hivelineage check recompute [--usage LOG] [OPTIONS] PATH...\n"
    "       hivelineage check recompute [--usage LOG] [OPTIONS] --store DB\n"
    "\n"
    "Columns that different statements compute with the same expression over the same source\n"
    "columns, under the same filters and grouping, grouped across scripts; and tables whose\n"
    "columns another table computes alike: candidates for one shared table. Exit status 0\n"
    "(it informs; it does not gate).\n"
    "\n"
    "options:\n";

// What check recompute reads from its command line beyond the shared options.
struct RecomputeArgs : GraphInputArgs {
  std::vector<std::string> logs;
  bool json = false;
};

// check recompute's own options (and --store, said its way): the parsing
// and, in this order, its --help lines.
const Option<RecomputeArgs> kRecomputeOptions[] = {
    {{"--usage"},
     "--usage LOG",
     "a query log (as `hivelineage usage` reads it; may be repeated):\n"
     "each table's read count, to see which duplicate is worth keeping\n",
     true,
     [](ArgCursor& c, RecomputeArgs& a, std::string& error) {
       std::string_view value;
       if (!c.TakeValue(value) || value.empty())
         error = "--usage needs a query log";
       else
         a.logs.emplace_back(value);
     }},
    {{"--store"}, "--store DB", "read the lineage kept in DB by `hivelineage store update`\n", true,
     SharedSetter<RecomputeArgs, SetStore>},
    {{"--format"}, "--format FORMAT", "text (default) or json\n", true,
     [](ArgCursor& c, RecomputeArgs& a, std::string& error) { TakeTextOrJson(c, a.json, error); }},
};

}  // namespace

int CheckRecomputeCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  RecomputeArgs args;
  std::string error = ParseSubcommand<RecomputeArgs>(
      argc, argv, {kRecomputeOptions}, args, [&](std::string_view path) { args.input.paths.emplace_back(path); }, 3);
  if (error.empty() && args.help) {
    PrintCheckUsage(Cat(kUsage, TableHelp(std::span<const Option<RecomputeArgs>>(kRecomputeOptions))).c_str(), out);
    return 0;
  }
  const std::vector<std::string>& logs = args.logs;
  const bool json = args.json;
  if (error.empty() && args.store.empty() && args.input.paths.empty() && args.input.sequence.empty())
    error = "give the scripts (PATH...) or --store DB";
  if (!error.empty()) return UsageError(err, "hivelineage check recompute", error);

  OpenedSource opened;
  if (const int stop = OpenLineageSource(args, "check recompute", opened, err); stop >= 0) return stop;
  checks::RecomputeReport report = checks::CheckRecompute(*opened.source);
  int status = opened.status;
  if (!logs.empty()) {
    usage::UsageOptions options;
    options.analyze = MakeRunOptions(args.input).analyze;
    options.jobs = 1;
    usage::UsageRun run =
        usage::RunUsage(logs, options, [&](const std::string& m) { std::fprintf(err, "%s\n", m.c_str()); });
    if (!run.fatal_error.empty()) {
      std::fprintf(err, "hivelineage check recompute: %s\n", run.fatal_error.c_str());
      return 2;
    }
    report.has_usage = true;
    for (const auto& [table, stats] : run.stats.tables) report.reads[table] = stats.reads;
    if (run.stats.malformed > 0 || run.stats.with_errors > 0) status = 1;
  }
  std::string text;
  if (json)
    checks::WriteRecomputeJson(report, text);
  else
    checks::WriteRecomputeText(report, text);
  std::fwrite(text.data(), 1, text.size(), out);
  std::fflush(out);
  if (opened.status == 1)
    std::fprintf(err,
                 "hivelineage check recompute: some statements could not be analysed; duplicates may be missing\n");
  return status;
}

}  // namespace hivelineage::cli
