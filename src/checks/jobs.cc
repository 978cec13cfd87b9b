#include "checks/jobs.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "base/file_kind.h"
#include "base/strings.h"
#include "checks/dolphinscheduler.h"
#include "checks/record_file.h"
#include "driver/run.h"

namespace hivelineage::checks {
namespace {

namespace fs = std::filesystem;

// `entry` relative to the JOBS file's folder; a folder stands for its scripts.
bool AddScripts(const fs::path& base, const std::string& entry, const std::string& origin, Job& job,
                std::vector<std::string>& errors) {
  const fs::path p(entry);
  const std::string path = (p.is_absolute() || base.empty() ? p : base / p).lexically_normal().generic_string();
  const driver::ExpandedInputs found = driver::ExpandPaths({path});
  for (const std::string& e : found.errors) errors.push_back(Cat(origin, ": ", e));
  for (const driver::InputFile& f : found.files) job.scripts.push_back(ScriptRef{f.path, false});
  return found.errors.empty();
}

bool LoadOwnFormat(const std::string& path, std::string_view text, JobSet& set, std::vector<std::string>& errors) {
  RecordFile file;
  std::string error;
  if (!ParseRecordFile(path, text, "jobs", file, error)) {
    errors.push_back(error);
    return false;
  }
  if (!file.is_json && std::find(file.header.begin(), file.header.end(), "job") == file.header.end()) {
    errors.push_back(Cat(path, ": the header row must name the columns job,scripts,depends_on"));
    return false;
  }
  const fs::path base = fs::path(path).parent_path();
  const char* name_key = file.is_json ? "name" : "job";
  std::map<std::string, size_t> by_name;
  bool ok = true;
  for (const Record& r : file.records) {
    const std::string name = FieldString(r, name_key);
    if (name.empty()) {
      errors.push_back(Cat(r.origin, ": a job needs a name (\"", name_key, "\")"));
      ok = false;
      continue;
    }
    // CSV rows naming the same job add to it (one script per row reads well).
    auto [it, inserted] = by_name.try_emplace(name, set.jobs.size());
    if (inserted) {
      set.jobs.emplace_back();
      set.jobs.back().name = name;
      set.jobs.back().origin = r.origin;
    } else if (file.is_json) {
      errors.push_back(Cat(r.origin, ": job '", name, "' is already defined at ", set.jobs[it->second].origin));
      ok = false;
      continue;
    }
    Job& job = set.jobs[it->second];
    for (const std::string& s : FieldList(r, "scripts")) ok = AddScripts(base, s, r.origin, job, errors) && ok;
    for (std::string& d : FieldList(r, "depends_on")) job.depends_on.push_back(std::move(d));
  }
  return ok;
}

}  // namespace

bool LoadJobs(const std::string& path, JobSet& set, std::vector<std::string>& errors) {
  if (std::string problem = NotAFileProblem(path); !problem.empty()) {
    errors.push_back(Cat(path, ": ", problem));
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    errors.push_back(Cat(path, ": cannot open"));
    return false;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  // A scheduler's export is told by its content, whatever the file is called.
  const nlohmann::json doc = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!doc.is_discarded() && IsDolphinSchedulerExport(doc)) return ImportDolphinScheduler(path, doc, set, errors);
  return LoadOwnFormat(path, text, set, errors);
}

}  // namespace hivelineage::checks
