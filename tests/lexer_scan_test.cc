// The tokenizer's 16-byte scanner (lexer/scan.h) against its plain loop.
#include "lexer/scan.h"

#include <doctest/doctest.h>

#include <string>

using namespace hivelineage::lexer::scan;

namespace {
const unsigned char* Bytes(const std::string& s) { return reinterpret_cast<const unsigned char*>(s.data()); }
}  // namespace

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
