#include "checks/sensitivity_rules.h"

#include <algorithm>
#include <charconv>

#include "base/strings.h"

namespace hivelineage::checks {
namespace {

constexpr std::string_view kLevelNames[] = {"public", "internal", "confidential", "restricted"};
constexpr int kMaxLevel = 1000;

bool ParseMaskRule(std::string_view action, std::string_view to, MaskRule& rule, std::string& error) {
  const std::string a = ToLower(action);
  if (a == "stop") {
    rule.action = MaskRule::Action::Stop;
    return true;
  }
  if (a == "lower") {
    rule.action = MaskRule::Action::Lower;
    const std::optional<int> level = ParseLevel(to);
    if (!level) {
      error = Cat("lower needs a level to lower to, got '", to, "'");
      return false;
    }
    rule.to = *level;
    return true;
  }
  error = Cat("unknown masking action '", action, "' (expected stop or lower)");
  return false;
}

// Appends `where: message` and returns false.
bool Fail(std::vector<std::string>& errors, const std::string& where, std::string_view message) {
  errors.push_back(Cat(where, ": ", message));
  return false;
}

bool HasColumns(const RecordFile& file, std::initializer_list<std::string_view> names,
                std::vector<std::string>& errors) {
  if (file.is_json) return true;
  for (std::string_view n : names) {
    if (std::find(file.header.begin(), file.header.end(), n) == file.header.end()) {
      std::string list;
      for (std::string_view m : names) Append(list, list.empty() ? "" : ",", m);
      return Fail(errors, file.path, Cat("the header row must name the columns ", list));
    }
  }
  return true;
}

}  // namespace

std::optional<int> ParseLevel(std::string_view text) {
  const std::string t = ToLower(text);
  for (size_t i = 0; i < std::size(kLevelNames); ++i)
    if (t == kLevelNames[i]) return static_cast<int>(i);
  int v = -1;
  const auto r = std::from_chars(t.data(), t.data() + t.size(), v);
  if (t.empty() || r.ec != std::errc() || r.ptr != t.data() + t.size() || v < 0 || v > kMaxLevel) return std::nullopt;
  return v;
}

std::string LevelName(int level) {
  if (level >= 0 && static_cast<size_t>(level) < std::size(kLevelNames))
    return std::string(kLevelNames[static_cast<size_t>(level)]);
  return std::to_string(level);
}

std::string MaskActionText(const MaskRule& rule) {
  return rule.action == MaskRule::Action::Stop ? "stop" : Cat("lower:", LevelName(rule.to));
}

bool LoadTags(const std::string& path, SensitivityRules& rules, std::vector<std::string>& errors) {
  RecordFile file;
  std::string error;
  if (!ReadRecordFile(path, "tags", file, error)) {
    errors.push_back(error);
    return false;
  }
  if (!HasColumns(file, {"column", "tag", "level"}, errors)) return false;
  bool ok = true;
  for (const Record& r : file.records) {
    const std::string column = FieldString(r, "column");
    const std::string tag = FieldString(r, "tag");
    const std::string level_text = FieldString(r, "level");
    if (column.empty() || tag.empty() || level_text.empty()) {
      ok = Fail(errors, r.origin, "every entry needs a column pattern, a tag and a level");
      continue;
    }
    TagRule rule;
    rule.tag = ToLower(tag);
    rule.none = tag == "-" || ToLower(level_text) == "none";
    if (!rule.none) {
      const std::optional<int> level = ParseLevel(level_text);
      if (!level) {
        ok = Fail(errors, r.origin,
                  Cat("unknown level '", level_text, "' (a number, public, internal, confidential or restricted)"));
        continue;
      }
      rule.level = *level;
    }
    if (const auto* same = rules.tags.FindPattern(ToLower(column))) {
      ok = Fail(errors, r.origin, Cat("pattern '", column, "' is already given at ", same->origin));
      continue;
    }
    rules.tags.Add(NamePattern(column), std::move(rule), r.origin);
  }
  // JSON tags files may carry the masking rules too.
  if (file.is_json && file.document.is_object() && file.document.contains("masking")) {
    const nlohmann::json& list = file.document["masking"];
    if (!list.is_array()) return Fail(errors, path, "\"masking\" must be an array of objects");
    for (size_t i = 0; i < list.size(); ++i) {
      const Record r{Cat(path, ": masking[", i, "]"), list[i]};
      const std::string function = FieldString(r, "function");
      MaskRule rule;
      if (!list[i].is_object() || function.empty()) {
        ok = Fail(errors, r.origin, "expected {\"function\": NAME, \"action\": \"stop\" | \"lower\", \"to\": LEVEL}");
        continue;
      }
      if (!ParseMaskRule(FieldString(r, "action"), FieldString(r, "to"), rule, error)) {
        ok = Fail(errors, r.origin, error);
        continue;
      }
      rules.masking.Add(NamePattern(function), rule, r.origin);
    }
  }
  return ok;
}

bool LoadLevels(const std::string& path, SensitivityRules& rules, std::vector<std::string>& errors) {
  RecordFile file;
  std::string error;
  if (!ReadRecordFile(path, "levels", file, error)) {
    errors.push_back(error);
    return false;
  }
  if (!HasColumns(file, {"table", "level"}, errors)) return false;
  bool ok = true;
  for (const Record& r : file.records) {
    const std::string table = FieldString(r, "table");
    const std::string level_text = FieldString(r, "level");
    const std::optional<int> level = ParseLevel(level_text);
    if (table.empty() || !level) {
      ok = Fail(errors, r.origin,
                Cat("every entry needs a table pattern and the highest level it may hold (got '", level_text, "')"));
      continue;
    }
    if (const auto* same = rules.allowed.FindPattern(ToLower(table))) {
      ok = Fail(errors, r.origin, Cat("pattern '", table, "' is already given at ", same->origin));
      continue;
    }
    rules.allowed.Add(NamePattern(table), *level, r.origin);
  }
  return ok;
}

std::string AddMaskSpec(std::string_view spec, SensitivityRules& rules) {
  const size_t eq = spec.find('=');
  if (eq == std::string_view::npos || eq == 0)
    return Cat("--mask expects NAME=stop or NAME=lower:LEVEL, got '", spec, "'");
  const std::string_view value = spec.substr(eq + 1);
  const size_t colon = value.find(':');
  MaskRule rule;
  std::string error;
  if (!ParseMaskRule(value.substr(0, colon), colon == std::string_view::npos ? "" : value.substr(colon + 1), rule,
                     error))
    return Cat("--mask ", spec, ": ", error);
  rules.masking.Add(NamePattern(spec.substr(0, eq)), rule, Cat("--mask ", spec));
  return {};
}

void AddDefaultMasking(SensitivityRules& rules) {
  const MaskRule stop{MaskRule::Action::Stop, 0};
  const MaskRule partial{MaskRule::Action::Lower, 1};
  // Hashes and Hive's mask() (every letter and digit replaced) leave nothing of the value.
  for (const char* f : {"md5", "sha", "sha1", "sha2", "hash", "mask_hash", "mask"})
    rules.default_masking.Add(NamePattern(f), stop, "built-in");
  // Partial masks keep part of the value: Hive's mask_first_n & co., and the shapes
  // the lineage layer recognises (concat(substr(x, 1, 3), '****', ...), regexp_replace(x, ..., '$1****$2')).
  for (const char* f : {"mask_first_n", "mask_last_n", "mask_show_first_n", "mask_show_last_n", "shape:*"})
    rules.default_masking.Add(NamePattern(f), partial, "built-in");
}

}  // namespace hivelineage::checks
