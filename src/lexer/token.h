// Tokens: 12-byte PODs with a kind, a keyword id and a byte span.
//
// Token offsets are into the text that was tokenized: one statement's text
// after variable substitution, 0 at its first byte. `StatementText::ToOriginal`
// (lexer/script.h) maps them to the file's text (base/source_file.h). Words
// carry their keyword id so the parser compares integers, and `IsReserved`
// tells whether a word may serve as an identifier.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "base/enum_set.h"

namespace hivelineage::lexer {

enum class TokenKind : uint8_t {
#define HIVEQL_TOKEN(Name, Desc) Name,
#define HIVEQL_PUNCT(Name, Spelling) Name,
#include "lexer/token_kind.def"
#undef HIVEQL_TOKEN
#undef HIVEQL_PUNCT
};

inline constexpr size_t kTokenKindCount = 0
#define HIVEQL_TOKEN(Name, Desc) +1
#define HIVEQL_PUNCT(Name, Spelling) +1
#include "lexer/token_kind.def"
#undef HIVEQL_TOKEN
#undef HIVEQL_PUNCT
    ;

enum class Keyword : uint16_t {
  None = 0,
#define HIVEQL_KEYWORD(Name, Spelling, Reserved) Name,
#include "lexer/keywords.def"
#undef HIVEQL_KEYWORD
  kCount
};

using TokenKindSet = EnumSet<TokenKind, kTokenKindCount>;
using KeywordSet = EnumSet<Keyword, static_cast<size_t>(Keyword::kCount)>;

// Token flags.
inline constexpr uint8_t kLeadingSpace = 1;  // white space or a comment precedes it
inline constexpr uint8_t kUnterminated = 2;  // string/backquote/comment hit end of input
inline constexpr uint8_t kDoubleQuoted = 4;  // String written with "..."
inline constexpr uint8_t kFullWidth = 8;     // punctuation written in full-width form (，（）)
inline constexpr uint8_t kNoUpper = 16;      // Word known to hold no A-Z (names need no lower-casing)

struct Token {
  TokenKind kind = TokenKind::Eof;
  uint8_t flags = 0;
  Keyword keyword = Keyword::None;  // for Word tokens
  uint32_t begin = 0;
  uint32_t end = 0;
};
static_assert(sizeof(Token) == 12);

// "identifier", "','", ... for "expected X, found Y" messages.
std::string_view TokenKindName(TokenKind kind);
// "=" for punctuation, empty for the other kinds.
std::string_view PunctSpelling(TokenKind kind);
// Upper-case spelling of a keyword ("SELECT").
std::string_view KeywordSpelling(Keyword kw);
bool IsReserved(Keyword kw);
// Case-insensitive lookup; Keyword::None when the word is not a keyword.
Keyword LookupKeyword(std::string_view word);

}  // namespace hivelineage::lexer
