// `check schedule`: do the scheduler's job dependencies match the data flow?
//
// A job reads the tables its scripts read and writes the tables they write
// (temporary tables stay inside a script and do not count; reading a view
// reads the tables the view reads). A job that reads a table another job
// writes must run after it: it needs a path of declared dependencies to that
// job. From this:
//   - missing: data flows from a job to another with no declared path between
//     them (the reader may run first and see yesterday's data, or none);
//   - unneeded: a declared dependency between two jobs with no data flowing
//     between them either way, even through other jobs, and on which no other
//     data flow relies for its order (not judged when either job runs no
//     script: what a DataX sync or a DEPENDENT task touches is not known);
//   - cycles: jobs that (transitively) depend on themselves, which a scheduler
//     can never run;
//   - out of order: within one job, a script reads a table a later script of
//     the same job writes.
#pragma once

#include <string>
#include <vector>

#include "base/source_file.h"
#include "checks/jobs.h"
#include "driver/read_before_write.h"
#include "graph/model/graph.h"

namespace hivelineage::checks {

// The analysed scripts each job runs: names as in the graph's statements
// (graph::StatementInfo::file), in run order. Filled by ResolveJobScripts.
struct ResolvedJobs {
  std::vector<std::vector<std::string>> scripts;  // parallel to JobSet::jobs
  std::vector<std::string> unresolved;            // "job: script" matching no analysed script
  std::vector<std::string> errors;                // a suffix matching several scripts
};

// Matches every job's ScriptRefs with the analysed scripts (`analysed`:
// name and filesystem path of each); inline SQL is named as its InlineScript.
ResolvedJobs ResolveJobScripts(const JobSet& jobs, const std::vector<std::pair<std::string, std::string>>& analysed);

// Where a table is written and read: the first statement of each job that does.
struct FlowEvidence {
  std::string table;
  std::string writer_file;
  LineCol writer_at;
  std::string reader_file;
  LineCol reader_at;
};

struct ScheduleReport {
  struct Flow {
    std::string from, to;  // job names: `to` reads what `from` writes
    std::vector<FlowEvidence> tables;
  };
  struct Missing {
    Flow flow;
    bool reversed = false;  // `from` depends on `to`: the reader runs first
  };
  struct Unneeded {
    std::string job, depends_on;
    std::string origin;  // where `job` is defined
  };
  struct OutOfOrder {
    std::string job;
    driver::EarlyRead read;
  };
  size_t jobs = 0;
  size_t dependencies = 0;
  std::vector<Flow> flows;  // every job-to-job data flow, sorted
  std::vector<Missing> missing;
  std::vector<Unneeded> unneeded;
  std::vector<std::vector<std::string>> cycles;       // declared dependencies: each a cycle's jobs, in order
  std::vector<std::vector<std::string>> data_cycles;  // jobs whose data flows in a circle (sorted)
  std::vector<OutOfOrder> out_of_order;
  std::vector<std::string> unscheduled;           // analysed scripts no job runs
  std::vector<std::string> unresolved;            // see ResolvedJobs
  std::vector<std::string> unknown_dependencies;  // "job: name" for a depends_on naming no job
  std::vector<std::string> notes;                 // from the import
  size_t violations() const {
    return missing.size() + cycles.size() + out_of_order.size() + unknown_dependencies.size();
  }
};

ScheduleReport CheckSchedule(const graph::Graph& graph, const JobSet& jobs, const ResolvedJobs& resolved);

void WriteScheduleText(const ScheduleReport& report, std::string& out);
void WriteScheduleJson(const ScheduleReport& report, std::string& out);

}  // namespace hivelineage::checks
