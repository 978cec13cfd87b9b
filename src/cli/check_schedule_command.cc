// `hivelineage check schedule`.
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "base/strings.h"
#include "checks/critical_path.h"
#include "checks/job_tables.h"
#include "checks/jobs.h"
#include "checks/runs.h"
#include "checks/schedule.h"
#include "cli/check_command.h"
#include "cli/format_option.h"
#include "cli/graph_command.h"
#include "graph/queries/graph_source.h"

namespace hivelineage::cli {
namespace {

const char kUsage[] =
    "usage: hivelineage check schedule --jobs JOBS [OPTIONS] [PATH ...]\n"
    "\n"
    "Checks a scheduler's job dependencies against the data flow of the jobs' scripts: a\n"
    "job that reads a table another job writes needs a dependency path to it. Reports\n"
    "missing dependencies, unneeded ones (no data flows either way), cycles, and scripts\n"
    "of one job run in the wrong order. Exit status 1 on a missing dependency, a cycle or\n"
    "a script out of order.\n"
    "PATH: the scripts the jobs run (default: those JOBS names; a scheduler export names\n"
    "its scripts by resource path, so give the folder that holds them).\n"
    "\n"
    "options:\n";

// What check schedule reads from its command line beyond the input options.
struct ScheduleArgs : GraphInputArgs {
  std::string jobs_file;
  bool json = false;
  bool fail_on_unneeded = false;
  std::string runs_file;
  std::vector<checks::Sla> slas;
};

// --jobs, --store, --runs: a file.
template <auto Field>
void SetFile(ArgCursor& c, ScheduleArgs& a, std::string& error) {
  std::string_view value;
  if (!c.TakeValue(value) || value.empty())
    error = Cat(c.name(), " needs a file");
  else
    a.*Field = std::string(value);
}

// check schedule's own options: the parsing and, in this order, its --help
// lines (-h and --help: PrintCheckUsage writes their line). Looked up before
// the input options: --jobs is the jobs file here (the and
// schedulers' word); threads are -j N.
const Option<ScheduleArgs> kScheduleOptions[] = {
    {{"--jobs"},
     "--jobs FILE",
     "the jobs: CSV job,scripts,depends_on or JSON {\"jobs\": [{\"name\",\n"
     "\"scripts\", \"depends_on\"}]} (scripts relative to FILE's folder),\n"
     "or a DolphinScheduler workflow export (docs/checks.md)\n",
     true,
     SetFile<&ScheduleArgs::jobs_file>},
    {{"--fail-on-unneeded"}, "--fail-on-unneeded", "exit status 1 on unneeded dependencies too\n", false,
     [](ArgCursor&, ScheduleArgs& a, std::string&) { a.fail_on_unneeded = true; }},
    {{"--store"},
     "--store DB",
     "read the lineage kept in DB by `hivelineage store update` (a job's\n"
     "inline SQL is then not analysed)\n",
     true,
     SetFile<&ScheduleArgs::store>},
    {{"--runs"},
     "--runs FILE",
     "the scheduler's runs (job, start, end, status[, date]; CSV, JSON,\n"
     "JSON Lines or a DolphinScheduler task-instance list): per run\n"
     "date the critical path to each final job, waits and slack\n",
     true,
     SetFile<&ScheduleArgs::runs_file>},
    {{"--sla"},
     "--sla TABLE=HH:MM",
     "with --runs: TABLE must land by HH:MM (UTC, on the day its job\n"
     "started; may be repeated); exit status 1 when missed\n"
     "(here --jobs names this file: give threads with -j N)\n",
     true,
     [](ArgCursor& c, ScheduleArgs& a, std::string& error) {
       std::string_view value;
       checks::Sla sla;
       if (!c.TakeValue(value) || !checks::ParseSla(value, sla, error)) {
         if (error.empty()) error = "--sla expects TABLE=HH:MM";
       } else {
         a.slas.push_back(std::move(sla));
       }
     }},
    {{"--format"}, "--format FORMAT", "text (default) or json\n", true,
     [](ArgCursor& c, ScheduleArgs& a, std::string& error) { TakeTextOrJson(c, a.json, error); }},
    {{"-h", "--help"}, "", "", false, [](ArgCursor&, ScheduleArgs& a, std::string&) { a.help = true; }},
};

}  // namespace

int CheckScheduleCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  ScheduleArgs args;
  ArgCursor c(argc, argv, 3);
  std::string error = ParseCommandLine<ScheduleArgs>(
      c, {kScheduleOptions}, args, args.help,
      [&](ArgCursor& cursor, std::string& e) { return ParseInputOption(cursor, args.input, e); },
      [&](std::string_view path) { args.input.paths.emplace_back(path); });
  if (error.empty() && args.help) {
    PrintCheckUsage(Cat(kUsage, TableHelp(std::span<const Option<ScheduleArgs>>(kScheduleOptions))).c_str(), out);
    return 0;
  }
  const std::string &jobs_file = args.jobs_file, &runs_file = args.runs_file;
  const bool json = args.json, fail_on_unneeded = args.fail_on_unneeded;
  const std::vector<checks::Sla>& slas = args.slas;
  if (error.empty() && jobs_file.empty()) error = "--jobs FILE is required";
  if (error.empty() && !slas.empty() && runs_file.empty()) error = "--sla needs --runs";
  if (!error.empty()) return UsageError(err, "hivelineage check schedule", error);
  checks::JobSet jobs;
  std::vector<std::string> errors;
  checks::LoadJobs(jobs_file, jobs, errors);
  std::vector<checks::Run> runs;
  std::vector<std::string> run_warnings;
  if (!runs_file.empty()) {
    std::string run_error;
    if (!checks::LoadRuns(runs_file, runs, run_warnings, run_error)) errors.push_back(run_error);
  }
  // Without PATHs, the scripts the jobs name are the inputs.
  if (errors.empty() && args.store.empty() && args.input.paths.empty() && args.input.sequence.empty()) {
    for (const checks::Job& job : jobs.jobs) {
      for (const checks::ScriptRef& s : job.scripts) {
        if (s.by_suffix) {
          errors.push_back(Cat(jobs_file, ": the jobs name their scripts as the scheduler stores them (", s.path,
                               "); give the folder that holds the scripts as PATH"));
          break;
        }
        args.input.paths.push_back(s.path);
      }
      if (!errors.empty()) break;
    }
    if (args.input.paths.empty()) args.input.paths.push_back(".");  // nothing but inline SQL: analyse no file
  }
  if (!errors.empty()) {
    for (const std::string& e : errors) std::fprintf(err, "hivelineage check schedule: %s\n", e.c_str());
    return 2;
  }
  if (args.store.empty())
    for (const checks::Job& job : jobs.jobs)
      for (const checks::InlineScript& s : job.inline_sql)
        args.extra.push_back(driver::InputFile{s.name, s.name, s.sql});

  graph::Graph g;
  int status = 0;
  if (const int stop = AnalyzeToGraph(args, false, "check schedule", g, &status, err); stop >= 0) return stop;
  // Every analysed script, to match the jobs' script paths with.
  std::vector<std::pair<std::string, std::string>> analysed;
  if (!args.store.empty()) {
    // The scripts the store keeps, by the names it keeps them under.
    std::set<std::string> files;
    for (const graph::StatementInfo& st : g.statements) files.insert(st.file);
    for (const std::string& f : files) analysed.emplace_back(f, f);
  } else {
    const auto inputs = ResolveInputs(args.input, "hivelineage check schedule", err);
    if (!inputs) return 2;
    for (const driver::InputFile& f : *inputs) analysed.emplace_back(f.name, f.path);
  }
  const checks::ResolvedJobs resolved = checks::ResolveJobScripts(jobs, analysed);
  if (!resolved.errors.empty()) {
    for (const std::string& e : resolved.errors) std::fprintf(err, "hivelineage check schedule: %s\n", e.c_str());
    return 2;
  }
  const checks::ScheduleReport report = checks::CheckSchedule(g, jobs, resolved);
  std::string text;
  if (json)
    checks::WriteScheduleJson(report, text);
  else
    checks::WriteScheduleText(report, text);
  size_t missed_slas = 0;
  if (!runs_file.empty()) {
    // The ETL critical path of each run date (checks/critical_path.h).
    const graph::GraphSource source(g);
    checks::ResolvedJobs by_source;
    const std::vector<checks::JobTables> tables = checks::TablesOfJobs(source, jobs, by_source);
    const checks::CriticalPathReport paths = checks::CriticalPaths(jobs, report, tables, runs, slas);
    for (const std::string& w : run_warnings) std::fprintf(err, "%s\n", w.c_str());
    for (const std::string& w : paths.warnings) std::fprintf(err, "%s\n", w.c_str());
    missed_slas = paths.missed_slas;
    if (json) {
      // The schedule's document with the runs' answer under "critical_path".
      std::string cp;
      checks::WriteCriticalPathJson(paths, cp);
      nlohmann::ordered_json doc = nlohmann::ordered_json::parse(text);
      doc["critical_path"] = nlohmann::ordered_json::parse(cp);
      text = doc.dump(2) + "\n";
    } else {
      text += "\ncritical path (runs of " + runs_file + "):\n";
      checks::WriteCriticalPathText(paths, text);
    }
  }
  std::fwrite(text.data(), 1, text.size(), out);
  std::fflush(out);
  if (status == 1)
    std::fprintf(err, "hivelineage check schedule: some statements could not be analysed; flows may be missing\n");
  const bool failed = report.violations() > 0 || (fail_on_unneeded && !report.unneeded.empty()) || missed_slas > 0;
  return failed ? 1 : status;
}

}  // namespace hivelineage::cli
