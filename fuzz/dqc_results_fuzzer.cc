// libFuzzer target: the data-quality RESULTS of `rootcause --dqc`
// (checks/rootcause.h): CSV, JSON {"results": [...]} or JSON Lines.
// Differential: read twice, the same results and warnings; the results
// written back as CSV and read again are the same results.
#include "checks/rootcause.h"
#include "fuzz_support.h"

using namespace hivelineage;

namespace {
struct Reading {
  bool ok = false;
  std::string error;
  std::vector<std::string> warnings;
  std::vector<checks::DqcResult> results;
};

Reading Read(const std::string& name, std::string_view text) {
  Reading r;
  r.ok = checks::LoadDqcResults(fuzz::ScratchFile(name, text), r.results, r.warnings, r.error);
  for (const checks::DqcResult& d : r.results) fuzz::Require(!d.table.empty(), "a result without a table was kept");
  return r;
}

std::string Describe(const std::vector<checks::DqcResult>& results) {
  nlohmann::json j = nlohmann::json::array();
  for (const checks::DqcResult& d : results)
    j.push_back({d.table, d.partition, d.rule, d.status, d.value, d.expected, d.time, d.failed});
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string AsCsv(const std::vector<checks::DqcResult>& results) {
  std::string out = "table,partition,rule,status,value,expected,time\n";
  for (const checks::DqcResult& d : results) {
    for (const std::string* f : {&d.table, &d.partition, &d.rule, &d.status, &d.value, &d.expected})
      out += fuzz::CsvField(*f) + ",";
    out += fuzz::CsvField(d.time) + "\n";
  }
  return out;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return 0;
  const std::string_view text = fuzz::AsText(data, size);
  for (const char* name : {"results.csv", "results.json", "results.jsonl"}) {
    const Reading a = Read(name, text), b = Read(name, text);
    fuzz::Require(a.ok == b.ok && a.error == b.error && a.warnings == b.warnings &&
                      Describe(a.results) == Describe(b.results),
                  "a results file read twice gave other results");
    if (!a.ok) {
      fuzz::Require(!a.error.empty(), "a results file refused without a reason");
      continue;
    }
    const Reading back = Read("back.csv", AsCsv(a.results));
    fuzz::Require(back.ok && back.warnings.empty(), "results written back as CSV are not read without warning");
    fuzz::Require(Describe(back.results) == Describe(a.results), "results written back as CSV and read again differ");
  }
  return 0;
}
