// Keyword table: spelling, reservedness and a case-insensitive lookup.
//
// Lookup hashes the lower-cased word into a small open-addressing table built
// once; words longer than the longest keyword are rejected before hashing.
#include <array>
#include <cstring>

#include "lexer/keyword_hash.h"
#include "lexer/token.h"

namespace hivelineage::lexer {
namespace {

struct KeywordInfo {
  std::string_view spelling;
  bool reserved;
};

constexpr KeywordInfo kKeywords[] = {
    {"", false},
#define HIVEQL_KEYWORD(Name, Spelling, Reserved) {Spelling, Reserved},
#include "lexer/keywords.def"
#undef HIVEQL_KEYWORD
};
constexpr size_t kNumKeywords = sizeof(kKeywords) / sizeof(kKeywords[0]);
constexpr size_t kTableSize = 2048;  // power of two, > 4x the keyword count

inline unsigned char Lower(unsigned char c) { return (c >= 'A' && c <= 'Z') ? c + 32 : c; }

inline uint32_t HashLower(std::string_view w) {
  uint32_t h = 0;
  for (unsigned char c : w) h = KeywordHashStep(h, c);
  return h;
}

inline uint32_t Mix(uint32_t h) { return (h ^ (h >> 15)) * 0x2c1b3c6du; }

struct Table {
  std::array<uint16_t, kTableSize> slots{};  // 0 = empty, else keyword id
  std::array<char, kNumKeywords * kMaxKeywordLength> lower{};  // lower-case spellings
  Table() {
    for (size_t id = 1; id < kNumKeywords; ++id) {
      for (size_t k = 0; k < kKeywords[id].spelling.size(); ++k)
        lower[id * kMaxKeywordLength + k] = static_cast<char>(Lower(static_cast<unsigned char>(kKeywords[id].spelling[k])));
      uint32_t i = Mix(HashLower(kKeywords[id].spelling)) & (kTableSize - 1);
      while (slots[i] != 0) i = (i + 1) & (kTableSize - 1);
      slots[i] = static_cast<uint16_t>(id);
    }
  }
};

const Table& GetTable() {
  static const Table table;
  return table;
}

constexpr const char* kKindNames[] = {
#define HIVEQL_TOKEN(Name, Desc) Desc,
#define HIVEQL_PUNCT(Name, Spelling) "'" Spelling "'",
#include "lexer/token_kind.def"
#undef HIVEQL_TOKEN
#undef HIVEQL_PUNCT
};

}  // namespace

std::string_view TokenKindName(TokenKind kind) { return kKindNames[static_cast<size_t>(kind)]; }

std::string_view KeywordSpelling(Keyword kw) { return kKeywords[static_cast<size_t>(kw)].spelling; }

bool IsReserved(Keyword kw) { return kKeywords[static_cast<size_t>(kw)].reserved; }

Keyword LookupKeyword(std::string_view word) {
  if (word.size() < 2 || word.size() > kMaxKeywordLength) return Keyword::None;
  return LookupKeywordHashed(word.data(), word.size(), HashLower(word));
}

Keyword LookupKeywordHashed(const char* word, size_t n, uint32_t h) {
  static const Table& t = GetTable();
  uint32_t i = Mix(h) & (kTableSize - 1);
  while (uint16_t id = t.slots[i]) {
    if (kKeywords[id].spelling.size() == n) {
      const char* low = &t.lower[id * kMaxKeywordLength];
      size_t k = 0;
      while (k < n && (static_cast<unsigned char>(word[k]) | 0x20u) == static_cast<unsigned char>(low[k])) ++k;
      if (k == n) return static_cast<Keyword>(id);
    }
    i = (i + 1) & (kTableSize - 1);
  }
  return Keyword::None;
}

}  // namespace hivelineage::lexer
