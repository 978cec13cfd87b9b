// LOAD DATA INPATH and the sync jobs that write its path (docs/systems.md):
// a job writing `hdfs://ns/staging/crm/customer/dt=...` and a script's
// `LOAD DATA INPATH '/staging/crm/customer/dt=...' INTO TABLE ods.t` meet at
// the path's dataset, found as a job's path finds it (sync_job.h: a table's
// LOCATION or default folder, else `directory:PATH`). What the jobs write is
// read before the scripts are analysed, so that a LOAD DATA of a path no job
// writes keeps its lineage as it was (the table it writes, nothing read).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "lineage/lineage.h"
#include "sync/sync_job.h"

namespace hivelineage::sync {

// The datasets the run's jobs write, each with the columns written into it
// in the writer's order (none when the job lists none).
struct JobOutputs {
  std::map<std::string, std::vector<std::string>, std::less<>> columns;
  bool empty() const { return columns.empty(); }
};

// Adds what the transfers of `job` write.
void AddJobOutputs(const JobResult& job, JobOutputs& out);

// A `LOAD DATA INPATH path INTO TABLE table` (not LOCAL) whose path's dataset
// a job writes: the statement reads that dataset, and the table's columns
// (from `options.catalog`, partition columns aside) take the job's columns by
// position, as Hive reads the files it moves. Nothing when no job writes it.
void LinkLoadData(std::string_view path, const std::string& table, const JobOutputs& outputs,
                  const SyncOptions& options, lineage::StatementLineage& lineage);

}  // namespace hivelineage::sync
