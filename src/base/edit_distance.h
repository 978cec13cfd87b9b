// Edit distance, for "did you mean ...?" suggestions.
#pragma once

#include <cstddef>
#include <string_view>

namespace hivelineage {

// The Levenshtein distance between `a` and `b` (byte insertions, deletions
// and substitutions), or `limit` + 1 as soon as it is known to exceed `limit`.
size_t EditDistance(std::string_view a, std::string_view b, size_t limit);

}  // namespace hivelineage
