#include "checks/job_tables.h"

#include <map>

namespace hivelineage::checks {

std::vector<JobTables> TablesOfJobs(const graph::LineageSource& source, const JobSet& jobs, ResolvedJobs& resolved) {
  // Every script's reads and writes, from the statements that touch each table.
  std::map<std::string, JobTables> by_file;
  for (const std::string& table : source.Nodes(graph::Level::Table))
    for (const graph::Use use : {graph::Use::Read, graph::Use::Written})
      for (const graph::StatementUse& s : source.Uses(graph::Level::Table, table, use))
        (use == graph::Use::Read ? by_file[s.statement.file].reads : by_file[s.statement.file].writes).insert(table);
  std::vector<std::pair<std::string, std::string>> analysed;
  for (const auto& [file, _] : by_file) analysed.emplace_back(file, file);
  resolved = ResolveJobScripts(jobs, analysed);
  std::vector<JobTables> out(jobs.jobs.size());
  for (size_t j = 0; j < jobs.jobs.size() && j < resolved.scripts.size(); ++j) {
    for (const std::string& file : resolved.scripts[j]) {
      auto it = by_file.find(file);
      if (it == by_file.end()) continue;
      out[j].reads.insert(it->second.reads.begin(), it->second.reads.end());
      out[j].writes.insert(it->second.writes.begin(), it->second.writes.end());
    }
    for (const std::string& t : out[j].writes) out[j].reads.erase(t);
  }
  return out;
}

}  // namespace hivelineage::checks
