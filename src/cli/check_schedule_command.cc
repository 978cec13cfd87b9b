// `hivelineage check schedule`.
#include <string>
#include <vector>

#include "base/strings.h"
#include "checks/jobs.h"
#include "checks/schedule.h"
#include "cli/check_command.h"
#include "cli/format_option.h"
#include "cli/graph_command.h"

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
    "options:\n"
    "  --jobs FILE           the jobs: CSV job,scripts,depends_on or JSON {\"jobs\": [{\"name\",\n"
    "                        \"scripts\", \"depends_on\"}]} (scripts relative to FILE's folder),\n"
    "                        or a DolphinScheduler workflow export (docs/checks.md)\n"
    "  --fail-on-unneeded    exit status 1 on unneeded dependencies too\n"
    "                        (here --jobs names this file: give threads with -j N)\n"
    "  --format FORMAT       text (default) or json\n";

}  // namespace

int CheckScheduleCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  GraphInputArgs args;
  std::string jobs_file;
  bool json = false;
  bool fail_on_unneeded = false;
  std::string error;
  ArgCursor c(argc, argv, 3);
  while (error.empty() && c.Next()) {
    if (c.is_path()) {
      args.input.paths.emplace_back(c.arg());
      continue;
    }
    const std::string_view name = c.name();
    std::string_view value;
    // --jobs is the jobs file here (the and schedulers' word); threads are -j N.
    if (name != "--jobs" && ParseInputOption(c, args.input, error)) continue;
    if (name == "--help" || name == "-h") {
      PrintCheckUsage(kUsage, out);
      return 0;
    } else if (name == "--jobs") {
      if (!c.TakeValue(value) || value.empty())
        error = "--jobs needs a file";
      else
        jobs_file = std::string(value);
    } else if (name == "--fail-on-unneeded") {
      fail_on_unneeded = true;
    } else if (name == "--format") {
      TakeTextOrJson(c, json, error);
    } else {
      error = Cat("unknown option '", c.arg(), "'");
    }
  }
  if (error.empty() && jobs_file.empty()) error = "--jobs FILE is required";
  if (!error.empty()) return UsageError(err, "hivelineage check schedule", error);
  checks::JobSet jobs;
  std::vector<std::string> errors;
  checks::LoadJobs(jobs_file, jobs, errors);
  // Without PATHs, the scripts the jobs name are the inputs.
  if (errors.empty() && args.input.paths.empty() && args.input.sequence.empty()) {
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
  for (const checks::Job& job : jobs.jobs)
    for (const checks::InlineScript& s : job.inline_sql) args.extra.push_back(driver::InputFile{s.name, s.name, s.sql});

  graph::Graph g;
  int status = 0;
  if (const int stop = AnalyzeToGraph(args, false, "check schedule", g, &status, err); stop >= 0) return stop;
  // Every analysed script, to match the jobs' script paths with.
  std::vector<std::pair<std::string, std::string>> analysed;
  const auto inputs = ResolveInputs(args.input, "hivelineage check schedule", err);
  if (!inputs) return 2;
  for (const driver::InputFile& f : *inputs) analysed.emplace_back(f.name, f.path);
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
  std::fwrite(text.data(), 1, text.size(), out);
  std::fflush(out);
  if (status == 1)
    std::fprintf(err, "hivelineage check schedule: some statements could not be analysed; flows may be missing\n");
  const bool failed = report.violations() > 0 || (fail_on_unneeded && !report.unneeded.empty());
  return failed ? 1 : status;
}

}  // namespace hivelineage::cli
