// `hivelineage rootcause NAME --dqc RESULTS`: a data-quality check fails on a
// column or table; which upstream table is the likely cause?
//
// The walk goes upstream from NAME along value edges (and, with
// --with-conditions, condition edges: a filter column that changes changes
// which rows arrive), breadth-first, so every upstream table is met first at
// its smallest distance (links from NAME) and keeps that first path. The
// suspects, in this order:
//   1. failed data-quality checks on NAME's table or an upstream one, nearest first;
//   2. with RUNS and JOBS: failed runs of the jobs that write those tables,
//      and late ones (ended after a job reading what they write had started:
//      the reader saw old or partial data), nearest first;
//   3. upstream tables no check covers at all (nothing is known of them).
// --partition narrows the results used to that partition (and the runs to
// that run date when the partition's value is a date).
#pragma once

#include <string>
#include <vector>

#include "checks/jobs.h"
#include "checks/runs.h"
#include "graph/queries/lineage_source.h"

namespace hivelineage::checks {

struct DqcResult {
  std::string table, partition, rule, status, value, expected, time;
  bool failed = false;
  std::string origin;  // file:line
};

// Reads RESULTS (CSV, JSON {"results": [...]} or JSON Lines, fields table,
// partition, rule, status, value, expected, time). Rows without a table are
// warned of and left out. False with `error` when the file cannot be read.
bool LoadDqcResults(const std::string& path, std::vector<DqcResult>& results, std::vector<std::string>& warnings,
                    std::string& error);

struct RootCauseOptions {
  bool with_conditions = false;
  std::string partition;  // "dt=2024-03-01"; empty: every result
};

struct Suspect {
  enum class Kind { FailedCheck, FailedRun, LateRun, Unchecked } kind = Kind::FailedCheck;
  std::string table;
  int distance = 0;                  // links from NAME
  std::vector<graph::Link> path;     // from the table's column to NAME, in data-flow order
  const DqcResult* check = nullptr;  // FailedCheck
  std::string job;                   // runs
  const Run* run = nullptr;          // runs
  std::string late_for;              // LateRun: the job that started first
  const Run* late_reader = nullptr;
};

struct RootCauseReport {
  std::string name;
  bool is_table = false;
  std::string partition;
  size_t upstream_tables = 0;  // NAME's own table not counted
  size_t passed_checks = 0;    // on those tables, in the partition
  std::vector<Suspect> suspects;
  std::vector<std::string> warnings;  // located: unknown tables in RESULTS, unknown jobs in RUNS
};

// False with `error` when NAME is neither a column nor a table of the lineage.
bool RootCause(const graph::LineageSource& source, const std::string& name, const std::vector<DqcResult>& results,
               const JobSet* jobs, const std::vector<Run>* runs, const RootCauseOptions& options,
               RootCauseReport& report, std::string& error);

void WriteRootCauseText(const RootCauseReport& report, std::string& out);
void WriteRootCauseJson(const RootCauseReport& report, std::string& out);

}  // namespace hivelineage::checks
