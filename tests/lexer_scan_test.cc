// The tokenizer's 16-byte scanners (lexer/scan.h) against their plain loops.
#include "lexer/scan.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace hivelineage::lexer::scan;

namespace {
const unsigned char* Bytes(const std::string& s) { return reinterpret_cast<const unsigned char*>(s.data()); }

// Every byte value, the class edges first: a word of length k (k = 0..40, so
// the stop lands in each lane, on a 16-byte step and in the plain tail) ended
// by `stop`, followed by some filler so the text may run on past it.
void CheckWordRun(const std::string& word_bytes, unsigned char stop) {
  for (size_t prefix : {size_t{0}, size_t{3}, size_t{20}}) {  // text before the word (the scanner may read it)
    for (size_t k = 0; k <= 40; ++k) {
      for (size_t after : {size_t{0}, size_t{1}, size_t{15}, size_t{17}}) {
        std::string s(prefix, '#');
        for (size_t i = 0; i < k; ++i) s += word_bytes[i % word_bytes.size()];
        s += static_cast<char>(stop);
        s += std::string(after, 'a');
        const unsigned char* begin = Bytes(s);
        const unsigned char* word = begin + prefix;
        // The whole text, and the text cut right at the stop and before it.
        for (const unsigned char* end : {begin + s.size(), word + k, word + k + 1}) {
          CAPTURE(prefix);
          CAPTURE(k);
          CAPTURE(after);
          const WordRun fast = WordRunAt(word, end, begin);
          const WordRun plain = WordRunPlain(word, end);
          CHECK(fast.length == plain.length);
          CHECK(fast.upper == plain.upper);
        }
      }
    }
  }
}
}  // namespace

TEST_CASE("the word scanner stops where the plain loop stops, at every byte value and offset") {
  for (int stop = 0; stop < 256; ++stop) {
    if (IsWordByte(static_cast<unsigned char>(stop))) continue;
    CheckWordRun("abz09_", static_cast<unsigned char>(stop));
    CheckWordRun("AZaz", static_cast<unsigned char>(stop));
  }
  // The neighbours of each class boundary are not word bytes.
  for (unsigned char c : {'/', ':', '@', '[', '`', '{', '^', '\x7f', '\x80', '\xc1', '\xff'}) CHECK_FALSE(IsWordByte(c));
  for (unsigned char c : {'0', '9', 'A', 'Z', 'a', 'z', '_'}) CHECK(IsWordByte(c));
}

TEST_CASE("the word scanner tells an upper-case letter only inside the word") {
  std::string s = std::string(20, 'a') + "-" + "ABC";
  WordRun r = WordRunAt(Bytes(s), Bytes(s) + s.size(), Bytes(s));
  CHECK(r.length == 20);
  CHECK_FALSE(r.upper);
  s = std::string(30, 'a') + "Q";
  r = WordRunAt(Bytes(s), Bytes(s) + s.size(), Bytes(s));
  CHECK(r.length == 31);
  CHECK(r.upper);
  s = "ABCDEFGHIJKLMNOPQRST-abc";  // upper-case letters read (before the word) but not in it
  r = WordRunAt(Bytes(s) + 21, Bytes(s) + s.size(), Bytes(s));
  CHECK(r.length == 3);
  CHECK_FALSE(r.upper);
  s = "";
  r = WordRunAt(Bytes(s), Bytes(s), Bytes(s));
  CHECK(r.length == 0);
  CHECK_FALSE(r.upper);
}

TEST_CASE("FindEither finds the first of two bytes as the plain loop does") {
  for (size_t len = 0; len <= 40; ++len) {
    for (size_t at = 0; at <= len; ++at) {
      for (unsigned char target : {static_cast<unsigned char>('\''), static_cast<unsigned char>('\\'),
                                   static_cast<unsigned char>(0x80), static_cast<unsigned char>(0xFF),
                                   static_cast<unsigned char>(0)}) {
        // Filler of high bytes and near misses, the target at `at` (or none when at == len).
        std::string s;
        for (size_t i = 0; i < len; ++i) s += static_cast<char>(i % 3 == 0 ? 0xFE : (i % 3 == 1 ? '&' : 'x'));
        if (at < len) s[at] = static_cast<char>(target);
        const unsigned char* b = Bytes(s);
        const unsigned char* e = b + s.size();
        CHECK(FindEither(b, e, '\'', target) == FindEitherPlain(b, e, '\'', target));
        CHECK(FindEither(b, e, target, target) == FindEitherPlain(b, e, target, target));
        if (at < len) CHECK(FindEither(b, e, target, target) == b + at);
      }
    }
  }
}
