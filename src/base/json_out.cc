#include "base/json_out.h"

#include <charconv>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "base/utf8.h"

namespace hivelineage::output {
namespace {

// 1 for bytes that can be copied as they are (printable ASCII but " and \).
constexpr auto kPlain = [] {
  struct Table {
    bool v[256] = {};
  } t;
  for (int c = 0x20; c < 0x80; ++c) t.v[c] = true;
  t.v[static_cast<int>('"')] = false;
  t.v[static_cast<int>('\\')] = false;
  return t;
}();

// The letter of a two-byte escape (\n for a newline ...), 0 for a byte written as \u00XX
// or as it is.
constexpr auto kEscapeLetter = [] {
  struct Table {
    char v[128] = {};
  } t;
  t.v[static_cast<int>('"')] = '"';
  t.v[static_cast<int>('\\')] = '\\';
  t.v[static_cast<int>('\n')] = 'n';
  t.v[static_cast<int>('\r')] = 'r';
  t.v[static_cast<int>('\t')] = 't';
  t.v[static_cast<int>('\b')] = 'b';
  t.v[static_cast<int>('\f')] = 'f';
  return t;
}();

#if defined(__SSE2__)
// Bit i set when byte i of the 16 at p is not copied as it is (a signed
// compare with 0x20 catches both the control bytes and the high ones).
inline unsigned SpecialMask16(const unsigned char* p) {
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i bad = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
                                   _mm_cmplt_epi8(v, _mm_set1_epi8(0x20)));
  return static_cast<unsigned>(_mm_movemask_epi8(bad));
}
#endif

// The high bit of each byte of the 8 at p that is not copied as it is. A
// borrow may flag bytes above a flagged one too, but the lowest flag is exact.
inline uint64_t SpecialBits8(const unsigned char* p) {
  uint64_t w;
  std::memcpy(&w, p, 8);
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  constexpr uint64_t kHigh = 0x8080808080808080ULL;
  const uint64_t quote8 = w ^ (kOnes * '"');
  const uint64_t slash8 = w ^ (kOnes * '\\');
  return ((w - kOnes * 0x20) | (quote8 - kOnes) | (slash8 - kOnes) | w) & kHigh;
}

// Length of the prefix of s[0, n) that is copied as it is: up to the first
// byte < 0x20, >= 0x80, '"' or '\\'. Sixteen bytes a step with SSE2, eight
// without; the last bytes by one load ending at n, overlapping bytes already
// checked (so no byte loop but for strings under 8 bytes).
inline size_t PlainPrefix(const unsigned char* s, size_t n) {
  size_t j = 0;
#if defined(__SSE2__)
  if (n >= 16) {
    for (; j + 16 <= n; j += 16)
      if (const unsigned mask = SpecialMask16(s + j); mask != 0) return j + static_cast<size_t>(__builtin_ctz(mask));
    if (j == n) return n;
    const unsigned mask = SpecialMask16(s + n - 16) >> (16 - (n - j));
    return mask != 0 ? j + static_cast<size_t>(__builtin_ctz(mask)) : n;
  }
#endif
  if (n >= 8) {
    for (; j + 8 <= n; j += 8)
      if (const uint64_t bits = SpecialBits8(s + j); bits != 0) return j + static_cast<size_t>(__builtin_ctzll(bits)) / 8;
    if (j == n) return n;
    const uint64_t bits = SpecialBits8(s + n - 8) >> (8 * (8 - (n - j)));
    return bits != 0 ? j + static_cast<size_t>(__builtin_ctzll(bits)) / 8 : n;
  }
  while (j < n && kPlain.v[s[j]]) ++j;
  return j;
}

}  // namespace

char* WriteJsonString(char* dst, std::string_view str) {
  const auto* s = reinterpret_cast<const unsigned char*>(str.data());
  const size_t n = str.size();
  *dst++ = '"';
  size_t i = 0;
  while (i < n) {
    if (const size_t plain = PlainPrefix(s + i, n - i); plain != 0) {
      std::memcpy(dst, str.data() + i, plain);
      dst += plain;
      i += plain;
      if (i >= n) break;
    }
    const unsigned char c = s[i];
    if (c >= 0x80) {
      const size_t len = Utf8SequenceLength(s, i, n);
      if (len == 0) {
        std::memcpy(dst, "\xEF\xBF\xBD", 3);  // U+FFFD for a byte that is not UTF-8
        dst += 3;
        ++i;
      } else {
        std::memcpy(dst, str.data() + i, len);
        dst += len;
        i += len;
      }
      continue;
    }
    if (const char letter = kEscapeLetter.v[c]; letter != 0) {
      dst[0] = '\\';
      dst[1] = letter;
      dst += 2;
    } else {
      static constexpr char kHex[] = "0123456789abcdef";
      const char esc[6] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 15]};
      std::memcpy(dst, esc, 6);
      dst += 6;
    }
    ++i;
  }
  *dst++ = '"';
  return dst;
}

void AppendJsonString(std::string& out, std::string_view str) {
  const auto* s = reinterpret_cast<const unsigned char*>(str.data());
  const size_t n = str.size();
  if (PlainPrefix(s, n) == n && n <= 62) {
    // Most strings are short names with nothing to escape: one append with their quotes.
    char buf[64];
    buf[0] = '"';
    std::memcpy(buf + 1, str.data(), n);
    buf[n + 1] = '"';
    out.append(buf, n + 2);
    return;
  }
  // Room for the worst case, written in place, then cut to what was written.
  const size_t old = out.size();
  out.resize(old + JsonStringRoom(n));
  char* end = WriteJsonString(out.data() + old, str);
  out.resize(static_cast<size_t>(end - out.data()));
}

void AppendJsonStringArray(std::string& out, const std::vector<std::string>& items) {
  out += '[';
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += ',';
    AppendJsonString(out, items[i]);
  }
  out += ']';
}

void JsonOut::NewLine() {
  // A newline and up to 64 levels of indentation, cut to length.
  static constexpr char kIndent[] =
      "\n                                                                "
      "                                                                ";
  const size_t n = 1 + stack_.size() * 2;
  if (n <= sizeof kIndent - 1) {
    out_->append(kIndent, n);
  } else {
    out_->push_back('\n');
    out_->append(stack_.size() * 2, ' ');
  }
}

void JsonOut::Key(std::string_view key) {
  Value();
  // Keys are names written in the code: plain ASCII, copied in one append
  // with their quotes; anything else takes the escaping path.
  bool plain = key.size() <= 32;
  for (size_t i = 0; plain && i < key.size(); ++i) plain = kPlain.v[static_cast<unsigned char>(key[i])];
  if (plain) {
    char buf[36];
    buf[0] = '"';
    std::memcpy(buf + 1, key.data(), key.size());
    buf[key.size() + 1] = '"';
    buf[key.size() + 2] = ':';
    buf[key.size() + 3] = ' ';
    out_->append(buf, key.size() + (pretty_ ? 4 : 3));
  } else {
    AppendJsonString(*out_, key);
    out_->append(pretty_ ? ": " : ":");
  }
  after_key_ = true;
}

void JsonOut::Int(int64_t v) {
  Value();
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof(buf), v);
  out_->append(buf, r.ptr);
}

void JsonOut::Bool(bool v) {
  Value();
  out_->append(v ? "true" : "false");
}

void JsonOut::Open(char c, bool inline_) {
  Value();
  out_->push_back(c);
  const bool parent_flat = !stack_.empty() && stack_.back().flat;
  stack_.push_back(Frame{true, inline_ || parent_flat});
}

void JsonOut::Close(char c) {
  const Frame f = stack_.back();
  stack_.pop_back();
  if (pretty_ && !f.flat && !f.first) NewLine();
  out_->push_back(c);
}

void JsonOut::ContinueArray(int depth, bool first) {
  for (int i = 0; i < depth; ++i) stack_.push_back(Frame{false, false});
  if (depth > 0) stack_.back().first = first;
}

void JsonOut::RawElements(std::string_view text) {
  if (text.empty()) return;
  Frame& f = stack_.back();
  if (!f.first) out_->push_back(',');
  out_->append(text);
  f.first = false;
}

void JsonOut::StringArray(const std::vector<std::string>& items) {
  BeginArray(/*inline_=*/true);
  for (const std::string& s : items) String(s);
  EndArray();
}

}  // namespace hivelineage::output
