// Globs over lineage names (`db.table`, `db.table.column`, function names),
// and tables of rules keyed by them where the most specific match wins.
//
// `*` matches any run of characters, dots included (so `*.id_card` is every
// table's id_card column and `ods.*` every table of ods); `?` matches one
// character; everything else matches itself, case-insensitively.
//
// When several patterns match a name, precedence (docs/checks.md) is:
//   1. a pattern without wildcards (the exact name) beats every glob;
//   2. then the one with more literal characters (`ods.user.phone*` beats `ods.*.phone*`);
//   3. then the one with fewer wildcards;
//   4. then the one written first in its file.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hivelineage::checks {

class NamePattern {
 public:
  NamePattern() = default;
  explicit NamePattern(std::string_view text);

  bool Matches(std::string_view name) const;
  const std::string& text() const { return text_; }
  bool exact() const { return wildcards_ == 0; }

  // True when this pattern takes precedence over `other` (rules 1-3 above;
  // false when neither does).
  bool MoreSpecificThan(const NamePattern& other) const;

 private:
  std::string text_;  // lower case
  size_t literals_ = 0;
  size_t wildcards_ = 0;
};

// Rules keyed by a pattern, each remembering where it was written.
template <typename T>
class PatternTable {
 public:
  struct Rule {
    NamePattern pattern;
    T value;
    std::string origin;  // file:line, for messages
  };

  void Add(NamePattern pattern, T value, std::string origin) {
    rules_.push_back(Rule{std::move(pattern), std::move(value), std::move(origin)});
  }

  // The rule that applies to `name` (see the precedence above), or null.
  const Rule* Find(std::string_view name) const {
    const Rule* best = nullptr;
    for (const Rule& r : rules_)
      if (r.pattern.Matches(name) && (best == nullptr || r.pattern.MoreSpecificThan(best->pattern))) best = &r;
    return best;
  }

  // The rule written with exactly this pattern text, or null.
  const Rule* FindPattern(std::string_view text) const {
    for (const Rule& r : rules_)
      if (r.pattern.text() == text) return &r;
    return nullptr;
  }

  const std::vector<Rule>& rules() const { return rules_; }
  bool empty() const { return rules_.empty(); }

 private:
  std::vector<Rule> rules_;
};

}  // namespace hivelineage::checks
