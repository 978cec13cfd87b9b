// libFuzzer target: a DolphinScheduler workflow export, as `check schedule
// --jobs` reads it (checks/dolphinscheduler.h). Differential: imported twice,
// the jobs, notes and errors agree; every dependency names text the export held.
#include <cstddef>
#include <cstdint>

#include "checks/dolphinscheduler.h"
#include "checks/jobs.h"
#include "fuzz_support.h"

using namespace hivelineage;

namespace {
std::string Describe(const checks::JobSet& set, const std::vector<std::string>& errors, bool ok) {
  nlohmann::json j = {{"ok", ok}, {"notes", set.notes}, {"errors", errors}};
  for (const checks::Job& job : set.jobs) {
    nlohmann::json scripts = nlohmann::json::array(), inline_sql = nlohmann::json::array();
    for (const checks::ScriptRef& s : job.scripts) scripts.push_back({s.path, s.by_suffix});
    for (const checks::InlineScript& s : job.inline_sql) inline_sql.push_back({s.name, s.sql});
    j["jobs"].push_back({{"name", job.name}, {"scripts", scripts}, {"inline", inline_sql},
                         {"depends_on", job.depends_on}, {"origin", job.origin}});
  }
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 256 * 1024) return 0;
  const nlohmann::json doc = nlohmann::json::parse(fuzz::AsText(data, size), nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !checks::IsDolphinSchedulerExport(doc)) return 0;
  checks::JobSet a, b;
  std::vector<std::string> ea, eb;
  const bool oka = checks::ImportDolphinScheduler("export.json", doc, a, ea);
  const bool okb = checks::ImportDolphinScheduler("export.json", doc, b, eb);
  fuzz::Require(Describe(a, ea, oka) == Describe(b, eb, okb), "a second import gave other jobs");
  fuzz::Require(oka == ea.empty(), "the import's answer and its errors disagree");
  return 0;
}
