// libFuzzer target: the TAGS and LEVELS files of `check sensitive` (CSV or
// JSON, told by extension or content; checks/sensitivity_rules.h).
// Differential: each file read twice gives the same rules and errors; a level
// read is written by name and read back as the same level.
#include <cstddef>
#include <cstdint>

#include "checks/sensitivity_rules.h"
#include "fuzz_support.h"

using namespace hivelineage;

namespace {
template <typename T, typename F>
nlohmann::json Rules(const checks::PatternTable<T>& table, F value) {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& r : table.rules()) j.push_back({r.pattern.text(), value(r.value), r.origin});
  return j;
}

std::string Read(const std::string& path, bool levels) {
  checks::SensitivityRules rules;
  std::vector<std::string> errors;
  const bool ok = levels ? checks::LoadLevels(path, rules, errors) : checks::LoadTags(path, rules, errors);
  fuzz::Require(ok == errors.empty(), "the rules' answer and their errors disagree");
  nlohmann::json j = {
      {"errors", errors},
      {"tags", Rules(rules.tags, [](const checks::TagRule& t) { return nlohmann::json{t.tag, t.level, t.none}; })},
      {"allowed", Rules(rules.allowed, [](int l) { return l; })},
      {"masking", Rules(rules.masking, [](const checks::MaskRule& m) { return checks::MaskActionText(m); })}};
  for (const auto& r : rules.tags.rules()) {
    const std::optional<int> back = checks::ParseLevel(checks::LevelName(r.value.level));
    fuzz::Require(r.value.none || (back && *back == r.value.level), "a tag's level written by name reads back otherwise");
  }
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return 0;
  const std::string_view text = fuzz::AsText(data, size);
  for (const char* name : {"rules", "rules.json"}) {
    const std::string path = fuzz::ScratchFile(name, text);
    for (bool levels : {false, true})
      fuzz::Require(Read(path, levels) == Read(path, levels), "rules read twice differ");
  }
  return 0;
}
