// The keyword hash, shared by the lexer (which computes it while scanning a
// word, so keyword lookup costs no second pass) and the keyword table.
// Folding with `| 0x20` lower-cases letters and leaves digits and `_` distinct.
#pragma once

#include <cstddef>
#include <cstdint>

#include "lexer/token.h"

namespace hivelineage::lexer {

inline constexpr size_t kMaxKeywordLength = 24;

inline uint32_t KeywordHashStep(uint32_t h, unsigned char c) { return h * 31u + (c | 0x20u); }

// `h` must be the KeywordHashStep fold of word[0..n) starting from 0.
Keyword LookupKeywordHashed(const char* word, size_t n, uint32_t h);

}  // namespace hivelineage::lexer
