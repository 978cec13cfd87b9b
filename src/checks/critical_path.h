// `check schedule --runs RUNS`: the ETL critical path of each run date.
//
// Jobs form a graph of declared dependencies and data flows (a job that reads
// what another writes waits for it, declared or not). From the runs of one
// date, per final job (one no job depends on): the chain that decided its
// finish, found by stepping back from it to the predecessor that ended last
// (the one the job was waiting for); each job's waiting time (from its last
// input being ready to its start) and its slack (how much later it could
// have ended without delaying the night's last job, durations kept: latest
// finish minus end, the latest finish being its successors' latest finish
// minus their duration, and the night's last end for a final job; negative
// when a job ended after a job that reads it had started). With an SLA (TABLE=HH:MM, on the day the writing job's
// run started), how late the table landed, how much of that the chain spent
// waiting, when it would have landed had every job started as soon as its
// inputs were ready, and how much each job of the chain must speed up alone
// to gain the rest (or the most it can gain, other chains becoming critical).
// Failed runs, runs missing for a job that ran other dates, and runs of
// unknown jobs are reported, never skipped silently.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "checks/job_tables.h"
#include "checks/jobs.h"
#include "checks/runs.h"
#include "checks/schedule.h"

namespace hivelineage::checks {

struct Sla {
  std::string table;
  int seconds = 0;   // after midnight
  std::string text;  // "06:00"
};

// Parses TABLE=HH:MM; false with `error` otherwise.
bool ParseSla(std::string_view text, Sla& sla, std::string& error);

struct JobTiming {
  std::string job;
  const Run* run = nullptr;
  bool has_inputs = false;  // some predecessor ran that date
  int64_t ready = 0;        // has_inputs: when the last one ended
  int64_t wait = 0;         // start - ready (negative: started before its inputs were ready)
  int64_t slack = 0;
};

struct ChainToFinal {
  std::string job;                  // the final job
  std::vector<std::string> tables;  // the tables it writes
  std::vector<size_t> chain;        // indices into RunDateReport::jobs, first job first
};

struct SlaResult {
  Sla sla;
  std::string job;  // the job writing the table whose run ended last; empty: none ran
  int64_t deadline = 0, finish = 0;
  int64_t late = 0;  // > 0: missed
  std::vector<size_t> chain;
  int64_t waits = 0;  // on the chain
  // Had every job started as soon as its inputs were ready (durations as
  // run): when the table would have landed, and how much of the lateness
  // would be left for the jobs to gain.
  int64_t ready_finish = 0;
  int64_t remaining = 0;  // ready_finish - deadline
  struct SpeedUp {
    std::string job;
    int64_t took = 0;
    int64_t most = 0;  // the most its speeding up alone gains the table (other chains become critical)
  };
  std::vector<SpeedUp> speedups;  // the chain's jobs, first first (when remaining > 0)
};

struct RunDateReport {
  std::string date;
  std::string day;              // the day the first run of the date started (times are shown on it)
  std::vector<JobTiming> jobs;  // the jobs that ran, by name
  std::vector<const Run*> failed;
  std::vector<std::string> missing;  // jobs with no run that date
  std::vector<std::string> reruns;   // jobs with several runs that date (the last is used)
  std::vector<ChainToFinal> finals;
  std::vector<SlaResult> slas;
};

struct CriticalPathReport {
  std::vector<RunDateReport> dates;   // sorted
  std::vector<std::string> warnings;  // located: unknown jobs, SLA tables no job writes
  size_t missed_slas = 0;
};

CriticalPathReport CriticalPaths(const JobSet& jobs, const ScheduleReport& schedule,
                                 const std::vector<JobTables>& tables, const std::vector<Run>& runs,
                                 const std::vector<Sla>& slas);

void WriteCriticalPathText(const CriticalPathReport& report, std::string& out);
void WriteCriticalPathJson(const CriticalPathReport& report, std::string& out);

}  // namespace hivelineage::checks
