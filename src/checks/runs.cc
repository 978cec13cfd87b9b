#include "checks/runs.h"

#include <fstream>
#include <sstream>

#include "base/strings.h"
#include "checks/record_lines.h"
#include "usage/query_log.h"

namespace hivelineage::checks {
namespace {

std::string First(const Record& r, std::initializer_list<const char*> keys) {
  for (const char* k : keys) {
    std::string v = FieldString(r, k);
    if (!v.empty()) return v;
  }
  return {};
}

bool IsSuccess(const std::string& status) {
  return status.empty() || status == "success" || status == "succeeded" || status == "ok" || status == "done" ||
         status == "finished";
}

// DolphinScheduler's task-instance list, when `path` holds one.
bool ReadDolphinSchedulerRuns(const std::string& path, RecordFile& out) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  const nlohmann::json doc = nlohmann::json::parse(ss.str(), nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("data") || !doc["data"].is_object()) return false;
  const nlohmann::json& data = doc["data"];
  const char* key = data.contains("totalList") ? "totalList" : "list";
  if (!data.contains(key) || !data[key].is_array()) return false;
  out.path = path;
  out.is_json = true;
  size_t i = 0;
  for (const nlohmann::json& task : data[key]) {
    if (task.is_object()) {
      nlohmann::json fields = {{"status", task.value("state", "")},
                               {"start", task.value("startTime", "")},
                               {"end", task.value("endTime", "")}};
      const std::string name = task.value("name", "");
      std::string workflow = task.value("processDefinitionName", task.value("workflowDefinitionName", ""));
      fields["job"] = workflow.empty() ? name : Cat(workflow, "/", name);
      const std::string schedule = task.value("scheduleTime", "");
      if (schedule.size() >= 10) fields["date"] = schedule.substr(0, 10);
      out.records.push_back(Record{Cat(path, ": ", key, "[", i, "]"), std::move(fields)});
    }
    ++i;
  }
  return true;
}

}  // namespace

int64_t DayStart(const std::string& date) {
  const std::optional<int64_t> t = usage::ParseLogTime(Cat(date, " 00:00:00"));
  return date.size() == 10 && t ? *t : -1;
}

std::string ClockOn(const std::string& date, int64_t seconds) {
  const std::string full = usage::FormatLogTime(seconds);  // "2024-03-01 10:15:02"
  const int64_t day = DayStart(date);
  const std::string hm = full.substr(11, 5);
  if (day >= 0 && seconds >= day && seconds < day + 86400) return hm;
  if (day >= 0 && seconds >= day + 86400 && seconds < day + 2 * 86400) return Cat("+1 ", hm);
  return full.substr(0, 16);
}

std::string Duration(int64_t s) {
  const bool negative = s < 0;
  if (negative) s = -s;
  std::string out = negative ? "-" : "";
  if (s >= 3600) {
    const int64_t m = (s % 3600) / 60;
    return Cat(out, s / 3600, "h", m < 10 ? "0" : "", m, "m");
  }
  if (s >= 60 && s % 60 == 0) return Cat(out, s / 60, "m");
  if (s >= 60) return Cat(out, s / 60, "m", s % 60 < 10 ? "0" : "", s % 60, "s");
  return Cat(out, s, "s");
}

bool LoadRuns(const std::string& path, std::vector<Run>& runs, std::vector<std::string>& warnings, std::string& error) {
  RecordFile file;
  if (!ReadDolphinSchedulerRuns(path, file) && !ReadRecordsOrLines(path, "runs", file, error)) return false;
  for (const Record& r : file.records) {
    Run run;
    run.origin = r.origin;
    run.job = First(r, {"job", "name", "task"});
    run.status = ToLower(First(r, {"status", "state"}));
    const std::string start = First(r, {"start", "start_time", "startTime"});
    const std::string end = First(r, {"end", "end_time", "endTime"});
    if (run.job.empty()) {
      warnings.push_back(Cat(r.origin, ": warning: a run without a job name; left out"));
      continue;
    }
    const std::optional<int64_t> s = usage::ParseLogTime(start);
    if (!s) {
      warnings.push_back(Cat(r.origin, ": warning: run of ", run.job, ": start '", start,
                             "' is not a time (2024-03-02 01:10:00 or RFC 3339); left out"));
      continue;
    }
    run.start = *s;
    if (!end.empty()) {
      const std::optional<int64_t> e = usage::ParseLogTime(end);
      if (!e)
        warnings.push_back(
            Cat(r.origin, ": warning: run of ", run.job, ": end '", end, "' is not a time; taken as not ended"));
      else if (*e < *s)
        warnings.push_back(Cat(r.origin, ": warning: run of ", run.job, " ends (", end, ") before it starts (", start,
                               "); its end is not used"));
      else {
        run.end = *e;
        run.ended = true;
      }
    }
    run.failed = !run.ended || !IsSuccess(run.status);
    run.date = First(r, {"date", "run_date"});
    if (run.date.empty()) run.date = usage::FormatLogTime(run.start).substr(0, 10);
    runs.push_back(std::move(run));
  }
  return true;
}

int FindRunJob(const JobSet& jobs, const std::string& name) {
  int found = -1;
  for (size_t i = 0; i < jobs.jobs.size(); ++i)
    if (jobs.jobs[i].name == name) return static_cast<int>(i);
  for (size_t i = 0; i < jobs.jobs.size(); ++i) {
    const std::string& j = jobs.jobs[i].name;
    if (j.size() > name.size() && j.ends_with(name) && j[j.size() - name.size() - 1] == '/') {
      if (found >= 0) return -1;
      found = static_cast<int>(i);
    }
  }
  return found;
}

}  // namespace hivelineage::checks
