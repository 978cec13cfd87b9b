// Keyword table: spelling, reservedness and a case-insensitive lookup.
//
// Lookup (keyword_hash.h) probes a small open-addressing table built at
// compile time; words longer than the longest keyword are rejected before
// hashing.
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
static_assert(kNumKeywords == static_cast<size_t>(Keyword::kCount));

constexpr KeywordTable MakeKeywordTable() {
  KeywordTable t{};
  for (size_t id = 1; id < kNumKeywords; ++id) {
    const std::string_view sp = kKeywords[id].spelling;
    for (size_t k = 0; k < sp.size(); ++k)
      // Folded exactly as the lexer folds input (c | 0x20), so `_` matches too.
      t.lower[id * kMaxKeywordLength + k] = static_cast<char>(static_cast<unsigned char>(sp[k]) | 0x20);
    const uint32_t h = KeywordHash(sp.data(), sp.size());
    uint32_t i = h >> kKeywordSlotShift;
    while (t.slots[i].id != 0) i = (i + 1) & (kKeywordSlots - 1);
    t.slots[i] = KeywordSlot{h, static_cast<uint16_t>(id), static_cast<uint8_t>(sp.size())};
  }
  return t;
}

constexpr const char* kKindNames[] = {
#define HIVEQL_TOKEN(Name, Desc) Desc,
#define HIVEQL_PUNCT(Name, Spelling) "'" Spelling "'",
#include "lexer/token_kind.def"
#undef HIVEQL_TOKEN
#undef HIVEQL_PUNCT
};

constexpr std::string_view kPunctSpellings[] = {
#define HIVEQL_TOKEN(Name, Desc) "",
#define HIVEQL_PUNCT(Name, Spelling) Spelling,
#include "lexer/token_kind.def"
#undef HIVEQL_TOKEN
#undef HIVEQL_PUNCT
};

}  // namespace

// Built at compile time: no first-use guard on the lexer's hot path.
constinit const KeywordTable kKeywordTable = MakeKeywordTable();

std::string_view TokenKindName(TokenKind kind) { return kKindNames[static_cast<size_t>(kind)]; }

std::string_view PunctSpelling(TokenKind kind) { return kPunctSpellings[static_cast<size_t>(kind)]; }

std::string_view KeywordSpelling(Keyword kw) { return kKeywords[static_cast<size_t>(kw)].spelling; }

bool IsReserved(Keyword kw) { return kKeywords[static_cast<size_t>(kw)].reserved; }

Keyword LookupKeyword(std::string_view word) {
  if (word.size() < 2 || word.size() > kMaxKeywordLength) return Keyword::None;
  return LookupKeywordHashed(word.data(), word.size(), KeywordHash(word.data(), word.size()));
}

}  // namespace hivelineage::lexer
