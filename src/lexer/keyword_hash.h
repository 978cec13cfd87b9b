// The keyword hash and table probe, shared by the lexer (which looks a word up
// once it has been scanned) and the keyword table in keywords.cc. The hash
// reads only the length and the first two and last two bytes, so it costs the
// same for every word; each slot keeps the full hash, so most identifiers are
// rejected without a byte compare. Folding with `| 0x20` lower-cases letters
// and leaves digits and `_` distinct.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "lexer/token.h"

namespace hivelineage::lexer {

inline constexpr size_t kMaxKeywordLength = 24;
inline constexpr size_t kKeywordSlots = 2048;  // power of two, ~5x the keyword count: most probes end at the first slot
inline constexpr int kKeywordSlotShift = 21;   // top 11 bits of the hash pick the slot
static_assert(kKeywordSlots == (size_t{1} << (32 - kKeywordSlotShift)));

// `n` >= 2. Two 16-bit loads at run time; byte by byte (same value) when the
// table is built at compile time.
constexpr uint32_t KeywordHash(const char* w, size_t n) {
  uint32_t head, tail;
  if (std::is_constant_evaluated()) {
    auto b = [](char c) { return static_cast<uint32_t>(static_cast<unsigned char>(c)); };
    const bool little = std::endian::native == std::endian::little;
    head = little ? (b(w[0]) | b(w[1]) << 8) : (b(w[0]) << 8 | b(w[1]));
    tail = little ? (b(w[n - 2]) | b(w[n - 1]) << 8) : (b(w[n - 2]) << 8 | b(w[n - 1]));
  } else {
    uint16_t x, y;
    std::memcpy(&x, w, 2);
    std::memcpy(&y, w + n - 2, 2);
    head = x;
    tail = y;
  }
  const uint32_t edges = ((head << 16) | tail) | 0x20202020u;
  return (edges ^ static_cast<uint32_t>(n) * 0x9E3779B1u) * 0x85EBCA6Bu;
}

struct KeywordSlot {
  uint32_t hash = 0;
  uint16_t id = 0;  // 0 = empty
  uint8_t length = 0;
};

struct KeywordTable {
  KeywordSlot slots[kKeywordSlots];
  // Lower-case spelling of keyword id at [id * kMaxKeywordLength], NUL-padded.
  char lower[(static_cast<size_t>(Keyword::kCount)) * kMaxKeywordLength];
};
extern const KeywordTable kKeywordTable;  // keywords.cc

namespace keyword_internal {
template <typename T>
inline T Load(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
// (w[k] | 0x20) == low[k] for every k < n, reading only w[0..n); n >= 2.
// Loads overlap rather than run past the word.
inline bool EqualsFolded(const char* w, const char* low, size_t n) {
  if (n >= 8) {
    constexpr uint64_t kFold = 0x2020202020202020ull;
    size_t k = 0;
    for (; k + 8 <= n; k += 8)
      if ((Load<uint64_t>(w + k) | kFold) != Load<uint64_t>(low + k)) return false;
    return k == n || (Load<uint64_t>(w + n - 8) | kFold) == Load<uint64_t>(low + n - 8);
  }
  if (n >= 4) {
    return (Load<uint32_t>(w) | 0x20202020u) == Load<uint32_t>(low) &&
           (Load<uint32_t>(w + n - 4) | 0x20202020u) == Load<uint32_t>(low + n - 4);
  }
  return static_cast<uint16_t>(Load<uint16_t>(w) | 0x2020u) == Load<uint16_t>(low) &&
         static_cast<uint16_t>(Load<uint16_t>(w + n - 2) | 0x2020u) == Load<uint16_t>(low + n - 2);
}
}  // namespace keyword_internal

// `h` must be KeywordHash(word, n), 2 <= n <= kMaxKeywordLength.
inline Keyword LookupKeywordHashed(const char* word, size_t n, uint32_t h) {
  uint32_t i = h >> kKeywordSlotShift;
  while (true) {
    const KeywordSlot& s = kKeywordTable.slots[i];
    if (s.id == 0) return Keyword::None;
    if (s.hash == h && s.length == n &&
        keyword_internal::EqualsFolded(word, &kKeywordTable.lower[s.id * kMaxKeywordLength], n))
      return static_cast<Keyword>(s.id);
    i = (i + 1) & (kKeywordSlots - 1);
  }
}

}  // namespace hivelineage::lexer
