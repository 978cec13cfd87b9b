#include "checks/name_pattern.h"

#include "base/strings.h"

namespace hivelineage::checks {

NamePattern::NamePattern(std::string_view text) : text_(ToLower(text)) {
  for (char c : text_) {
    if (c == '*' || c == '?')
      ++wildcards_;
    else
      ++literals_;
  }
}

// Iterative glob matching with one backtrack point: the last `*` seen. Linear
// in practice, O(pattern x name) at worst; never recursive.
bool NamePattern::Matches(std::string_view name) const {
  const std::string_view p = text_;
  size_t pi = 0, ni = 0;
  size_t star = std::string_view::npos, resume = 0;
  while (ni < name.size()) {
    if (pi < p.size() && (p[pi] == '?' || p[pi] == AsciiLower(name[ni])) && p[pi] != '*') {
      ++pi;
      ++ni;
    } else if (pi < p.size() && p[pi] == '*') {
      star = pi++;
      resume = ni;
    } else if (star != std::string_view::npos) {
      pi = star + 1;
      ni = ++resume;
    } else {
      return false;
    }
  }
  while (pi < p.size() && p[pi] == '*') ++pi;
  return pi == p.size();
}

bool NamePattern::MoreSpecificThan(const NamePattern& other) const {
  if (exact() != other.exact()) return exact();
  if (literals_ != other.literals_) return literals_ > other.literals_;
  return wildcards_ < other.wildcards_;
}

}  // namespace hivelineage::checks
