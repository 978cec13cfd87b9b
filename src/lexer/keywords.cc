// Keyword table: spelling, reservedness and a case-insensitive lookup.
//
// Lookup hashes the lower-cased word into a small open-addressing table built
// once; words longer than the longest keyword are rejected before hashing.
#include <array>
#include <cstring>

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
constexpr size_t kMaxKeywordLength = 24;
constexpr size_t kTableSize = 2048;  // power of two, > 4x the keyword count

inline unsigned char Lower(unsigned char c) { return (c >= 'A' && c <= 'Z') ? c + 32 : c; }

inline uint32_t HashLower(std::string_view w) {
  uint32_t h = 2166136261u;
  for (unsigned char c : w) h = (h ^ Lower(c)) * 16777619u;
  return h;
}

struct Table {
  std::array<uint16_t, kTableSize> slots{};  // 0 = empty, else keyword id
  Table() {
    for (size_t id = 1; id < kNumKeywords; ++id) {
      uint32_t i = HashLower(kKeywords[id].spelling) & (kTableSize - 1);
      while (slots[i] != 0) i = (i + 1) & (kTableSize - 1);
      slots[i] = static_cast<uint16_t>(id);
    }
  }
};

const Table& GetTable() {
  static const Table table;
  return table;
}

bool EqualsIgnoreCase(std::string_view word, std::string_view upper) {
  if (word.size() != upper.size()) return false;
  for (size_t i = 0; i < word.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(word[i]);
    if (c >= 'a' && c <= 'z') c -= 32;
    if (c != static_cast<unsigned char>(upper[i])) return false;
  }
  return true;
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
  const Table& t = GetTable();
  uint32_t i = HashLower(word) & (kTableSize - 1);
  while (uint16_t id = t.slots[i]) {
    if (EqualsIgnoreCase(word, kKeywords[id].spelling)) return static_cast<Keyword>(id);
    i = (i + 1) & (kTableSize - 1);
  }
  return Keyword::None;
}

}  // namespace hivelineage::lexer
