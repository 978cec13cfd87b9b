// Scheduler runs: when each job started and ended on a run date, and whether
// it succeeded. What the critical path (critical_path.h) and the root cause
// (rootcause.h) read beside the lineage.
//
// RUNS is CSV (`job,start,end,status[,date]`), JSON ({"runs": [...]} or an
// array of the same objects), JSON Lines, or a DolphinScheduler task-instance
// list as its REST API returns it (GET .../projects/CODE/task-instances:
// {"data": {"totalList": [{"name", "processDefinitionName", "state",
// "startTime", "endTime"}]}}), each task instance a run of job
// "workflow/task" as the workflow import names them. Times as usage reads
// them (RFC 3339 or "2024-03-02 01:10:00", UTC). The run date is `date`
// (DolphinScheduler: the date of `scheduleTime`), else the day the run started.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "checks/jobs.h"

namespace hivelineage::checks {

struct Run {
  std::string job;      // as written
  std::string date;     // YYYY-MM-DD
  int64_t start = 0;    // seconds since 1970, UTC
  int64_t end = 0;      // valid when `ended`
  bool ended = false;   // an end time was given (and is not before the start)
  bool failed = false;  // a status other than success (or no end: still running, killed)
  std::string status;   // as written, lower case
  std::string origin;   // file:line, to point a warning at
};

// Reads RUNS. A row without a job or a readable start is left out with a
// warning; a run that ends before it starts is kept without an end (warned).
// Returns false with `error` when the file cannot be read at all.
bool LoadRuns(const std::string& path, std::vector<Run>& runs, std::vector<std::string>& warnings, std::string& error);

// The job of `jobs` a run names: its exact name, else the only job whose
// name ends in "/NAME" (a DolphinScheduler task named without its workflow);
// -1 when none.
int FindRunJob(const JobSet& jobs, const std::string& name);

// "01:10" on `date`, "+1 01:10" a day later, the whole time otherwise.
std::string ClockOn(const std::string& date, int64_t seconds);
// "1h05m", "25m", "40s".
std::string Duration(int64_t seconds);
// The epoch seconds of `date` (YYYY-MM-DD) at 00:00 UTC; -1 when it is not one.
int64_t DayStart(const std::string& date);

}  // namespace hivelineage::checks
