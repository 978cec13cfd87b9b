// libFuzzer target: the masking configuration of `check sensitive`: each
// line one --mask option (NAME=stop, NAME=lower:LEVEL; checks/sensitivity_rules.h).
// Differential: an accepted option, written back as NAME=ACTION and read
// again, is the same rule; a level read is written by name and read back the same.
#include <cstddef>
#include <cstdint>

#include "checks/sensitivity_rules.h"
#include "fuzz_support.h"

using namespace hivelineage;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return 0;
  const std::string_view text = fuzz::AsText(data, size);
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if (const std::optional<int> level = checks::ParseLevel(line)) {
      const std::optional<int> back = checks::ParseLevel(checks::LevelName(*level));
      fuzz::Require(back && *back == *level, "a level written by name reads back otherwise");
    }
    checks::SensitivityRules rules;
    const std::string error = checks::AddMaskSpec(line, rules);
    if (error.empty()) {
      fuzz::Require(rules.masking.rules().size() == 1, "an accepted --mask added no rule, or several");
      const auto& rule = rules.masking.rules().front();
      const std::string written = rule.pattern.text() + "=" + checks::MaskActionText(rule.value);
      checks::SensitivityRules again;
      fuzz::Require(checks::AddMaskSpec(written, again).empty(), "a --mask written back is refused");
      const auto& back = again.masking.rules().front();
      fuzz::Require(back.pattern.text() == rule.pattern.text() &&
                        checks::MaskActionText(back.value) == checks::MaskActionText(rule.value),
                    "a --mask written back and read is another rule");
    }
    if (end == text.size()) break;
  }
  return 0;
}
