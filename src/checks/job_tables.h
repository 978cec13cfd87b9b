// The tables each scheduler job reads and writes, read from any lineage
// source (the scripts' graph or a store): the statements of the job's
// scripts (schedule.h's ResolveJobScripts matches them by path) give them.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "checks/jobs.h"
#include "checks/schedule.h"
#include "graph/queries/lineage_source.h"

namespace hivelineage::checks {

struct JobTables {
  std::set<std::string> reads, writes;  // tables; a table the job writes is not counted as read
};

// Parallel to jobs.jobs. `resolved` receives the match of scripts (for its
// unresolved / errors lists).
std::vector<JobTables> TablesOfJobs(const graph::LineageSource& source, const JobSet& jobs, ResolvedJobs& resolved);

}  // namespace hivelineage::checks
