// The tokenizer's inner loops: the run of word bytes of an identifier, and
// the next of two bytes in a string, comment or quoted name. Each looks at 16
// bytes a step (SSE2) while 16 bytes remain before `end`, so it never reads
// past the text, and byte by byte for the rest; the plain loops are kept for
// other targets and as the tests' reference.
#pragma once

#include <cstddef>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace hivelineage::lexer::scan {

// A-Z, a-z, 0-9 and `_`: the bytes of an unquoted name.
constexpr bool IsWordByte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

struct WordRun {
  size_t length = 0;   // word bytes from the start
  bool upper = false;  // one of them is A-Z (the name then needs lower-casing)
};

inline WordRun WordRunPlain(const unsigned char* p, const unsigned char* end) {
  WordRun r;
  const unsigned char* q = p;
  while (q < end && IsWordByte(*q)) {
    r.upper |= (*q >= 'A' && *q <= 'Z');
    ++q;
  }
  r.length = static_cast<size_t>(q - p);
  return r;
}

#if defined(__SSE2__)
namespace internal {
// The word bytes of `v` as a 16-bit mask, and in `upper` its A-Z. A range
// test is one add that moves the range to the bottom of the signed bytes and
// one signed compare; `| 0x20` folds A-Z onto a-z and sends no other byte there.
inline unsigned WordMask(__m128i v, unsigned* upper) {
  const __m128i letter = _mm_cmpgt_epi8(
      _mm_set1_epi8(-128 + 26), _mm_add_epi8(_mm_or_si128(v, _mm_set1_epi8(0x20)), _mm_set1_epi8(0x80 - 'a')));
  const __m128i digit = _mm_cmpgt_epi8(_mm_set1_epi8(-128 + 10), _mm_add_epi8(v, _mm_set1_epi8(0x80 - '0')));
  const __m128i underscore = _mm_cmpeq_epi8(v, _mm_set1_epi8('_'));
  const unsigned letters = static_cast<unsigned>(_mm_movemask_epi8(letter));
  // Bit 5 (0x20, clear in A-Z) of each byte, shifted to the bit movemask reads.
  const unsigned bit5 = static_cast<unsigned>(_mm_movemask_epi8(_mm_slli_epi16(v, 2)));
  *upper = letters & ~bit5;
  return static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(letter, digit), underscore)));
}
}  // namespace internal
#endif

// The word bytes starting at `p`, where [begin, end) is the text (begin <= p
// <= end): near the end, 16 bytes ending at `end` are read when the text
// holds that many.
inline WordRun WordRunAt(const unsigned char* p, const unsigned char* end, const unsigned char* begin) {
#if defined(__SSE2__)
  const unsigned char* q = p;
  unsigned seen_upper = 0;
  while (end - q >= 16) {
    unsigned up;
    const unsigned stop = ~internal::WordMask(_mm_loadu_si128(reinterpret_cast<const __m128i*>(q)), &up) & 0xFFFFu;
    if (stop != 0) {
      const unsigned n = static_cast<unsigned>(__builtin_ctz(stop));
      seen_upper |= up & ((1u << n) - 1);
      return WordRun{static_cast<size_t>(q - p) + n, seen_upper != 0};
    }
    seen_upper |= up;
    q += 16;
  }
  if (q < end && end - begin >= 16) {
    // The last 16 bytes of the text; the `left` of them from q on are the high lanes.
    const unsigned left = static_cast<unsigned>(end - q);
    unsigned up;
    const unsigned mask = internal::WordMask(_mm_loadu_si128(reinterpret_cast<const __m128i*>(end - 16)), &up);
    const unsigned stop = (~mask >> (16 - left)) & ((1u << left) - 1);
    const unsigned n = stop != 0 ? static_cast<unsigned>(__builtin_ctz(stop)) : left;
    seen_upper |= (up >> (16 - left)) & ((1u << n) - 1);
    return WordRun{static_cast<size_t>(q - p) + n, seen_upper != 0};
  }
  const WordRun tail = WordRunPlain(q, end);
  return WordRun{static_cast<size_t>(q - p) + tail.length, seen_upper != 0 || tail.upper};
#else
  (void)begin;
  return WordRunPlain(p, end);
#endif
}

inline const unsigned char* FindEitherPlain(const unsigned char* p, const unsigned char* end, unsigned char a,
                                            unsigned char b) {
  while (p < end && *p != a && *p != b) ++p;
  return p;
}

// The first byte at or after `p` that is `a` or `b`, or `end`.
inline const unsigned char* FindEither(const unsigned char* p, const unsigned char* end, unsigned char a,
                                       unsigned char b) {
#if defined(__SSE2__)
  const __m128i va = _mm_set1_epi8(static_cast<char>(a)), vb = _mm_set1_epi8(static_cast<char>(b));
  while (end - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const unsigned m =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, va), _mm_cmpeq_epi8(v, vb))));
    if (m != 0) return p + __builtin_ctz(m);
    p += 16;
  }
#endif
  return FindEitherPlain(p, end, a, b);
}

}  // namespace hivelineage::lexer::scan
