// Scheduler jobs as `check schedule` reads them: which scripts each job runs
// (in order) and which jobs it waits for. Read from the documented CSV/JSON
// (docs/checks.md) or imported from a DolphinScheduler workflow export
// (dolphinscheduler.h).
#pragma once

#include <string>
#include <vector>

namespace hivelineage::checks {

// A script a job runs.
struct ScriptRef {
  std::string path;  // a filesystem path, or (by_suffix) a path as the scheduler names it
  // Matched against the analysed scripts by its trailing path components
  // (`etl/dwd/x.sql` is `warehouse/etl/dwd/x.sql`): a scheduler's resource
  // path is not the repository's.
  bool by_suffix = false;
};

// SQL a job holds itself (a DolphinScheduler SQL task), analysed as a script named `name`.
struct InlineScript {
  std::string name;
  std::string sql;
};

struct Job {
  std::string name;
  std::vector<ScriptRef> scripts;        // in run order
  std::vector<InlineScript> inline_sql;  // run after `scripts`
  std::vector<std::string> depends_on;   // job names, as written
  std::string origin;                    // where the job is defined (file:line)
};

struct JobSet {
  std::vector<Job> jobs;           // in file order
  std::vector<std::string> notes;  // what an import could not take over (a task type it does not read, ...)
};

// Reads JOBS: the documented CSV (columns job,scripts,depends_on; rows with
// the same job name add to it) or JSON ({"jobs": [{"name", "scripts",
// "depends_on"}]}), script paths relative to the file's folder (a folder
// stands for its scripts, sorted); or a DolphinScheduler export, recognised by
// its content. Problems go to `errors` as "file:line: message"; returns false
// when there was one.
bool LoadJobs(const std::string& path, JobSet& jobs, std::vector<std::string>& errors);

}  // namespace hivelineage::checks
