// libFuzzer target: the DOMAINS file of `hivelineage domains` (checks/domains.h),
// CSV `table,domain` and JSON {"domains": [...]}. Differential: read twice,
// the same rules and problems; rules read without problem, written back as
// CSV (and, for valid UTF-8, as JSON) and read again, are the same rules.
#include "checks/domains.h"
#include "fuzz_support.h"

using namespace hivelineage;

namespace {
struct Reading {
  bool ok = false;
  std::vector<std::string> errors;
  std::vector<std::pair<std::string, std::vector<std::string>>> rules;  // pattern, domains
};

Reading Read(const std::string& name, std::string_view text) {
  const std::string path = fuzz::ScratchFile(name, text);
  checks::DomainRules rules;
  Reading r;
  r.ok = checks::LoadDomains(path, rules, r.errors);
  for (const auto& rule : rules.tables.rules()) {
    fuzz::Require(!rule.value.empty(), "a domain rule without a domain was kept");
    fuzz::Require(std::is_sorted(rule.value.begin(), rule.value.end()), "a rule's domains are not sorted");
    r.rules.emplace_back(rule.pattern.text(), rule.value);
    (void)rules.tables.Find(rule.pattern.text());
  }
  (void)rules.tables.Find("ods.ods_order_info");
  return r;
}

bool Same(const Reading& a, const Reading& b) { return a.ok == b.ok && a.errors == b.errors && a.rules == b.rules; }

std::string AsCsv(const Reading& r) {
  std::string out = "table,domain\n";
  for (const auto& [pattern, domains] : r.rules) {
    std::string cell;
    for (const std::string& d : domains) cell += (cell.empty() ? "" : ";") + d;
    out += fuzz::CsvField(pattern) + "," + fuzz::CsvField(cell) + "\n";
  }
  return out;
}

std::string AsJson(const Reading& r) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& [pattern, domains] : r.rules) list.push_back({{"table", pattern}, {"domains", domains}});
  return nlohmann::json{{"domains", list}}.dump();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return 0;
  const std::string_view text = fuzz::AsText(data, size);
  for (const char* name : {"domains.csv", "domains.json"}) {
    const Reading a = Read(name, text);
    fuzz::Require(Same(a, Read(name, text)), "a domains file read twice gave other rules");
    if (!a.ok) {
      fuzz::Require(!a.errors.empty(), "a domains file refused without a reason");
      continue;
    }
    const Reading csv = Read("back.csv", AsCsv(a));
    fuzz::Require(csv.ok && csv.rules == a.rules, "domain rules written as CSV and read back differ");
    if (!fuzz::ValidUtf8(text)) continue;
    const Reading json = Read("back.json", AsJson(a));
    fuzz::Require(json.ok && json.rules == a.rules, "domain rules written as JSON and read back differ");
  }
  return 0;
}
