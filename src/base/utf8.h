// UTF-8 checking, written once: the lexer (letters and bad bytes outside
// strings), the input decoder (is a file UTF-8 or GBK?), the JSON writer and
// the graph's drawings (repair) all ask it the same question.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace hivelineage {

// Length of the valid multi-byte UTF-8 sequence at s[i] (2 to 4), or 0 when
// the bytes there are none (an ASCII byte, a stray continuation byte, an
// overlong form, a surrogate, past U+10FFFF, or cut short by n).
inline size_t Utf8SequenceLength(const unsigned char* s, size_t i, size_t n) {
  const unsigned char c = s[i];
  size_t len;
  unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3;
    if (c == 0xE0) lo = 0xA0;  // overlong
    if (c == 0xED) hi = 0x9F;  // surrogates
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4;
    if (c == 0xF0) lo = 0x90;  // overlong
    if (c == 0xF4) hi = 0x8F;  // above U+10FFFF
  } else {
    return 0;
  }
  if (i + len > n || s[i + 1] < lo || s[i + 1] > hi) return 0;
  for (size_t k = 2; k < len; ++k)
    if ((s[i + k] & 0xC0) != 0x80) return 0;
  return len;
}

// Offset of the first byte that does not start a valid UTF-8 sequence
// (ASCII or Utf8SequenceLength), or nullopt when the whole text is UTF-8.
std::optional<size_t> FindInvalidUtf8(std::string_view text);

// `s` with each byte that is not valid UTF-8 replaced by U+FFFD, so Graphviz,
// Mermaid and Cypher always read the text (the JSON writer repairs it itself).
std::string ValidUtf8(std::string_view s);

// ValidUtf8 in place: a text that is valid already (nearly always) is left
// as it is, not copied.
void MakeValidUtf8(std::string& s);

}  // namespace hivelineage
