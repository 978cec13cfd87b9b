// libFuzzer target: the RUNS file of `check schedule --runs` and `rootcause
// --runs` (checks/runs.h): CSV, JSON, JSON Lines and DolphinScheduler task
// instances. Differential: read twice, the same runs and warnings; the runs
// written back as CSV (times as FormatLogTime writes them) and read again
// are the same runs. Invariants: an ended run does not end before it starts;
// a run date that was not given is the start's day.
#include "checks/runs.h"
#include "fuzz_support.h"
#include "usage/query_log.h"

using namespace hivelineage;

namespace {
struct Reading {
  bool ok = false;
  std::string error;
  std::vector<std::string> warnings;
  std::vector<checks::Run> runs;
};

Reading Read(const std::string& name, std::string_view text) {
  Reading r;
  r.ok = checks::LoadRuns(fuzz::ScratchFile(name, text), r.runs, r.warnings, r.error);
  for (const checks::Run& run : r.runs) {
    fuzz::Require(!run.job.empty(), "a run without a job was kept");
    fuzz::Require(!run.ended || run.end >= run.start, "a run ends before it starts");
    fuzz::Require(run.ended || run.failed, "a run without an end is not failed");
  }
  return r;
}

std::string Describe(const std::vector<checks::Run>& runs) {
  nlohmann::json j = nlohmann::json::array();
  for (const checks::Run& r : runs)
    j.push_back({r.job, r.date, r.start, r.end, r.ended, r.failed, r.status});
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

bool Same(const Reading& a, const Reading& b) {
  if (a.ok != b.ok || a.error != b.error || a.warnings != b.warnings || a.runs.size() != b.runs.size()) return false;
  for (size_t i = 0; i < a.runs.size(); ++i)
    if (a.runs[i].origin != b.runs[i].origin) return false;
  return Describe(a.runs) == Describe(b.runs);
}

std::string AsCsv(const std::vector<checks::Run>& runs) {
  std::string out = "job,start,end,status,date\n";
  for (const checks::Run& r : runs)
    out += fuzz::CsvField(r.job) + "," + fuzz::CsvField(usage::FormatLogTime(r.start)) + "," +
           fuzz::CsvField(r.ended ? usage::FormatLogTime(r.end) : "") + "," + fuzz::CsvField(r.status) + "," +
           fuzz::CsvField(r.date) + "\n";
  return out;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return 0;
  const std::string_view text = fuzz::AsText(data, size);
  for (const char* name : {"runs.csv", "runs.json", "runs.jsonl"}) {
    const Reading a = Read(name, text);
    fuzz::Require(Same(a, Read(name, text)), "a runs file read twice gave other runs");
    if (!a.ok) {
      fuzz::Require(!a.error.empty(), "a runs file refused without a reason");
      continue;
    }
    const Reading back = Read("back.csv", AsCsv(a.runs));
    fuzz::Require(back.ok && back.warnings.empty(), "runs written back as CSV are not read without warning");
    fuzz::Require(Describe(back.runs) == Describe(a.runs), "runs written back as CSV and read again differ");
  }
  return 0;
}
