#include "cli/usage_command.h"

#include <charconv>
#include <chrono>
#include <string>
#include <vector>

#include "base/strings.h"
#include "cli/format_option.h"
#include "cli/graph_command.h"
#include "usage/usage_report.h"
#include "usage/usage_run.h"

namespace hivelineage::cli {
namespace {

const char kUsage[] =
    "usage: hivelineage usage [OPTIONS] LOG...\n"
    "\n"
    "Reads query logs and counts, per table, partition and column, how often and by whom\n"
    "they are read; reads across databases and layers; a heat level per table; and, with\n"
    "the warehouse's scripts, the cold tables nothing downstream reads (candidates to\n"
    "retire). LOG: JSON Lines {\"query\", \"user\", \"time\"[, \"database\"]}, or Apache Ranger's\n"
    "Hive audit log; - for standard input. Streams: memory does not grow with the log.\n"
    "\n"
    "options:\n";

bool ParseCount(std::string_view v, uint64_t& out) {
  const auto r = std::from_chars(v.data(), v.data() + v.size(), out);
  return !v.empty() && r.ec == std::errc() && r.ptr == v.data() + v.size();
}

std::vector<std::string> SplitList(std::string_view v) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t i = 0; i <= v.size(); ++i) {
    if (i == v.size() || v[i] == ',') {
      if (i > start) out.push_back(ToLower(v.substr(start, i - start)));
      start = i + 1;
    }
  }
  return out;
}

// What usage reads from its command line beyond the input options.
struct UsageArgs {
  GraphInputArgs scripts;  // the lineage to join with, and the options shared with the log's analysis
  std::vector<std::string> logs;
  usage::UsageOptions options;
  usage::HeatRules heat;
  uint64_t top = 5, max_errors = 100;
  bool json = false;
  bool help = false;
};

// The counts: a whole number up to 100,000,000 into `field`.
template <typename Count>
void TakeCount(ArgCursor& c, Count& field, std::string& error) {
  std::string_view value;
  uint64_t n = 0;
  if (!c.TakeValue(value) || !ParseCount(value, n) || n > 100000000)
    error = Cat(c.name(), " expects a number, got '", value, "'");
  else
    field = static_cast<Count>(n);
}

// --partition-columns, --layers: a comma-separated list into `field`.
void TakeList(ArgCursor& c, std::vector<std::string>& field, std::string& error) {
  std::string_view value;
  if (!c.TakeValue(value) || SplitList(value).empty())
    error = Cat(c.name(), " needs a comma-separated list");
  else
    field = SplitList(value);
}

// usage's own options: the parsing and, in this order, its --help lines
// (those of --store and --help follow the input options, as in every
// command's --help: SubcommandUsageText).
const Option<UsageArgs> kUsageOptions[] = {
    {{"--scripts"},
     "--scripts PATH",
     "the warehouse's scripts (file or folder; may be repeated): tables\n"
     "they know but the log never reads are ice, and cold tables no\n"
     "script reads are candidates to retire\n",
     true,
     [](ArgCursor& c, UsageArgs& a, std::string& error) {
       std::string_view value;
       if (!c.TakeValue(value) || value.empty())
         error = "--scripts needs a file or folder";
       else
         a.scripts.input.paths.emplace_back(value);
     }},
    {{"--log-format"}, "--log-format FORMAT", "auto (default: per line), jsonl or ranger\n", true,
     [](ArgCursor& c, UsageArgs& a, std::string& error) {
       std::string_view value;
       const std::optional<usage::LogFormat> f = c.TakeValue(value) ? usage::ParseLogFormat(value) : std::nullopt;
       if (!f)
         error = Cat("unknown log format '", value, "' (expected auto, jsonl or ranger)");
       else
         a.options.format = *f;
     }},
    {{"--format"}, "--format FORMAT", "text (default) or json\n", true,
     [](ArgCursor& c, UsageArgs& a, std::string& error) { TakeTextOrJson(c, a.json, error); }},
    {{"--hot-reads"}, "--hot-reads N", "hot: read at least N times (default 10) ...\n", true,
     [](ArgCursor& c, UsageArgs& a, std::string& error) { TakeCount(c, a.heat.hot_reads, error); }},
    {{"--hot-days"}, "--hot-days D", "... in the last D days (default 7)\n", true,
     [](ArgCursor& c, UsageArgs& a, std::string& error) { TakeCount(c, a.heat.hot_days, error); }},
    {{"--warm-days"}, "--warm-days D", "warm: read in the last D days (default 30)\n", true,
     [](ArgCursor& c, UsageArgs& a, std::string& error) { TakeCount(c, a.heat.warm_days, error); }},
    {{"--cold-days"}, "--cold-days D", "cold: read in the last D days (default 90); ice: not since\n", true,
     [](ArgCursor& c, UsageArgs& a, std::string& error) { TakeCount(c, a.heat.cold_days, error); }},
    {{"--now"}, "--now TIME", "measure heat back from TIME (default: the last time in the log)\n", true,
     [](ArgCursor& c, UsageArgs& a, std::string& error) {
       std::string_view value;
       const std::optional<int64_t> t = c.TakeValue(value) ? usage::ParseLogTime(value) : std::nullopt;
       if (!t)
         error = Cat("--now expects a time such as 2024-03-01T00:00:00Z, got '", value, "'");
       else
         a.heat.now = *t;
     }},
    {{"--partition-columns"},
     "--partition-columns LIST",
     "partition column names of tables the catalog does not\n"
     "know (default: dt)\n",
     true,
     [](ArgCursor& c, UsageArgs& a, std::string& error) { TakeList(c, a.options.partition_columns, error); }},
    {{"--layers"},
     "--layers LIST",
     "layer names, matched against database names (default:\n"
     "ods,dwd,dws,ads)\n",
     true,
     [](ArgCursor& c, UsageArgs& a, std::string& error) { TakeList(c, a.options.layers, error); }},
    {{"--top"}, "--top N",
     "text: the N most read partitions and columns of each table\n"
     "(default 5; 0: all)\n",
     true, [](ArgCursor& c, UsageArgs& a, std::string& error) { TakeCount(c, a.top, error); }},
    {{"--max-errors"}, "--max-errors N", "report N problems one by one, count the rest (default 100; 0: all)\n", true,
     [](ArgCursor& c, UsageArgs& a, std::string& error) { TakeCount(c, a.max_errors, error); }},
    // As its --help says (SubcommandUsageText): the lineage kept by `store update`.
    {{"--store"}, "", "", true, [](ArgCursor& c, UsageArgs& a, std::string& error) { SetStore(c, a.scripts, error); }},
    {{"-h", "--help"}, "", "", false, [](ArgCursor&, UsageArgs& a, std::string&) { a.help = true; }},
};

}  // namespace

int UsageCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  UsageArgs args;
  ArgCursor c(argc, argv, 2);
  std::string error = ParseCommandLine<UsageArgs>(
      c, {kUsageOptions}, args, args.help,
      [&](ArgCursor& cursor, std::string& e) { return ParseInputOption(cursor, args.scripts.input, e); },
      [&](std::string_view log) { args.logs.emplace_back(log); });
  if (error.empty() && args.help) {
    std::fputs(SubcommandUsageText(Cat(kUsage, TableHelp(std::span<const Option<UsageArgs>>(kUsageOptions)))).c_str(),
               out);
    return 0;
  }
  GraphInputArgs& scripts = args.scripts;
  const std::vector<std::string>& logs = args.logs;
  usage::UsageOptions& options = args.options;
  const usage::HeatRules& heat = args.heat;
  const uint64_t top = args.top, max_errors = args.max_errors;
  const bool json = args.json;
  if (error.empty() && logs.empty()) error = "give a query log (or - for standard input)";
  if (error.empty() && !(heat.hot_days <= heat.warm_days && heat.warm_days <= heat.cold_days))
    error = "expected --hot-days <= --warm-days <= --cold-days";
  if (!error.empty()) return UsageError(err, "hivelineage usage", error);

  const driver::RunOptions run_options = MakeRunOptions(scripts.input);
  options.analyze = run_options.analyze;
  options.jobs = run_options.jobs;
  options.max_messages = max_errors == 0 ? SIZE_MAX : max_errors;

  graph::Graph lineage;
  int status = 0;
  const bool has_lineage = !scripts.input.paths.empty() || !scripts.input.sequence.empty() || !scripts.store.empty();
  if (has_lineage)
    if (const int stop = AnalyzeToGraph(scripts, false, "usage", lineage, &status, err); stop >= 0) return stop;

  const auto start = std::chrono::steady_clock::now();
  usage::UsageRun run =
      usage::RunUsage(logs, options, [&](const std::string& m) { std::fprintf(err, "%s\n", m.c_str()); });
  if (!run.fatal_error.empty()) {
    std::fprintf(err, "hivelineage usage: %s\n", run.fatal_error.c_str());
    return 2;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (run.messages_dropped > 0)
    std::fprintf(err, "hivelineage usage: %zu more problems not shown (--max-errors)\n", run.messages_dropped);

  const usage::UsageReport report =
      usage::BuildUsageReport(run.stats, has_lineage ? &lineage : nullptr, heat, options.layers);
  std::string text;
  if (json)
    usage::WriteUsageJson(run.stats, report, heat, text);
  else
    usage::WriteUsageText(run.stats, report, top, text);
  std::fwrite(text.data(), 1, text.size(), out);
  std::fflush(out);
  if (!scripts.input.common.quiet) {
    const double mb = static_cast<double>(run.stats.bytes) / 1e6;
    std::fprintf(
        err, "hivelineage usage: %llu lines, %llu queries, %.2f MB in %.2f s (%.0f queries/s, %.1f MB/s, %d threads)\n",
        static_cast<unsigned long long>(run.stats.lines), static_cast<unsigned long long>(run.stats.queries), mb,
        seconds, seconds > 0 ? static_cast<double>(run.stats.queries) / seconds : 0.0, seconds > 0 ? mb / seconds : 0.0,
        run.jobs);
  }
  const bool problems = run.stats.malformed > 0 || run.stats.with_errors > 0;
  return problems ? 1 : status;
}

}  // namespace hivelineage::cli
