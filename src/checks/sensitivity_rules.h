// What `check sensitive` is told: which columns carry which tag at which
// level (TAGS), the highest level each table may hold (LEVELS), and what each
// masking function or recognised masking shape does to a tag (docs/checks.md).
//
// Levels are ordered integers; the names public (0), internal (1),
// confidential (2) and restricted (3) may be written instead of the numbers.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checks/name_pattern.h"
#include "checks/record_file.h"

namespace hivelineage::checks {

// A level from its name or number (0 .. 1000); nothing for anything else.
std::optional<int> ParseLevel(std::string_view text);
// "restricted" for 3, "5" for a level with no name.
std::string LevelName(int level);

struct TagRule {
  std::string tag;
  int level = 0;
  // `-` as the tag or `none` as the level: the columns the pattern matches
  // carry no tag (an exception to a broader pattern).
  bool none = false;
};

// What a masking function does to a tag whose value passes through it.
struct MaskRule {
  enum class Action : uint8_t { Stop, Lower } action = Action::Stop;
  int to = 0;  // Lower: the tag's level becomes at most this
};

// "stop" or "lower:LEVEL".
std::string MaskActionText(const MaskRule& rule);

struct SensitivityRules {
  PatternTable<TagRule> tags;  // db.table.column patterns
  PatternTable<int> allowed;   // db.table patterns -> the highest level the table may hold
  // Function names (md5, mask_*) and shapes (shape:substr_mask): the user's
  // rules (TAGS, --mask), then the built-in ones, which apply only to names
  // no rule of the user's matches.
  PatternTable<MaskRule> masking;
  PatternTable<MaskRule> default_masking;

  const PatternTable<MaskRule>::Rule* FindMasking(std::string_view name) const {
    const auto* rule = masking.Find(name);
    return rule != nullptr ? rule : default_masking.Find(name);
  }
};

// Reads TAGS (CSV columns `column,tag,level`, or JSON {"tags": [{"column",
// "tag", "level"}], "masking": [{"function", "action", "to"}]}) into `rules`.
// Every problem is appended to `errors` ("file:line: message"); returns
// false when there was one.
bool LoadTags(const std::string& path, SensitivityRules& rules, std::vector<std::string>& errors);

// Reads LEVELS (CSV columns `table,level`, or JSON {"levels": [{"table", "level"}]}).
bool LoadLevels(const std::string& path, SensitivityRules& rules, std::vector<std::string>& errors);

// One --mask option: `NAME=stop` or `NAME=lower:LEVEL` (NAME a function name
// glob or shape:NAME). Returns an error message, empty when it was added.
std::string AddMaskSpec(std::string_view spec, SensitivityRules& rules);

// The built-in masking rules (default_masking): hashes and full masks stop a
// tag, partial masks lower it to internal.
void AddDefaultMasking(SensitivityRules& rules);

}  // namespace hivelineage::checks
