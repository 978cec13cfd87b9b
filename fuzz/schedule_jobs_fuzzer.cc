// libFuzzer target: the schedule jobs file of `check schedule --jobs` in its
// documented CSV and JSON forms (checks/jobs.h, checks/record_file.h).
// Differential: the CSV rows written back as CSV (every field quoted) and
// read again are the same rows; the file read twice gives the same records;
// LoadJobs, on inputs whose script paths cannot leave its scratch folder,
// answers the same twice.
#include <cstddef>
#include <cstdint>

#include "checks/jobs.h"
#include "checks/record_file.h"
#include "fuzz_support.h"

using namespace hivelineage;

namespace {
std::string WriteCsv(const std::vector<checks::CsvRow>& rows) {
  std::string out;
  for (const checks::CsvRow& r : rows) {
    for (size_t i = 0; i < r.fields.size(); ++i) {
      if (i > 0) out += ',';
      out += '"';
      for (char c : r.fields[i]) out += c == '"' ? std::string("\"\"") : std::string(1, c);
      out += '"';
    }
    out += '\n';
  }
  return out;
}

std::string Records(const checks::RecordFile& f) {
  nlohmann::json j = {{"json", f.is_json}, {"header", f.header}};
  for (const checks::Record& r : f.records)
    j["records"].push_back({r.origin, r.fields, checks::FieldString(r, "job"), checks::FieldString(r, "name"),
                            checks::FieldList(r, "scripts"), checks::FieldList(r, "depends_on")});
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string Jobs(const std::string& path) {
  checks::JobSet set;
  std::vector<std::string> errors;
  const bool ok = checks::LoadJobs(path, set, errors);
  nlohmann::json j = {{"ok", ok}, {"errors", errors}, {"notes", set.notes}};
  for (const checks::Job& job : set.jobs) {
    j["jobs"].push_back({job.name, job.depends_on, job.origin});
    for (const checks::ScriptRef& s : job.scripts) j["jobs"].back().push_back(s.path);
  }
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return 0;
  const std::string_view text = fuzz::AsText(data, size);
  std::vector<checks::CsvRow> rows, again;
  std::string error, error2;
  if (checks::ParseCsv(text, rows, error)) {
    fuzz::Require(checks::ParseCsv(WriteCsv(rows), again, error2), "CSV rows written back do not parse");
    fuzz::Require(again.size() == rows.size(), "CSV rows written back are another number of rows");
    for (size_t i = 0; i < rows.size(); ++i)
      fuzz::Require(again[i].fields == rows[i].fields, "a CSV row written back and read differs");
  } else {
    fuzz::Require(!error.empty(), "CSV refused without a reason");
  }
  for (const char* path : {"jobs.csv", "jobs.json"}) {
    checks::RecordFile a, b;
    std::string ea, eb;
    const bool oka = checks::ParseRecordFile(path, text, "jobs", a, ea);
    const bool okb = checks::ParseRecordFile(path, text, "jobs", b, eb);
    fuzz::Require(oka == okb && ea == eb, "a jobs file read twice gave another answer");
    if (oka) fuzz::Require(Records(a) == Records(b), "a jobs file read twice gave other records");
  }
  // The whole reader, where no script path can name anything outside the
  // scratch folder (a folder stands for its scripts: `/` would walk the disk).
  if (text.find('/') == std::string_view::npos && text.find('\\') == std::string_view::npos &&
      text.find("..") == std::string_view::npos) {
    const std::string path = fuzz::ScratchFile("jobs", text);
    fuzz::Require(Jobs(path) == Jobs(path), "LoadJobs read twice gave other jobs");
  }
  return 0;
}
