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

// Length of the prefix of s[0, n) that is copied as it is: up to the first
// byte < 0x20, >= 0x80, '"' or '\\'. Sixteen bytes per step with SSE2 (a
// signed compare with 0x20 catches both the control bytes and the high ones),
// then eight with SWAR, then byte by byte.
inline size_t PlainPrefix(const unsigned char* s, size_t n) {
  size_t j = 0;
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i slash = _mm_set1_epi8('\\');
  const __m128i space = _mm_set1_epi8(0x20);
  for (; j + 16 <= n; j += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + j));
    const __m128i bad =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, slash)), _mm_cmplt_epi8(v, space));
    const int mask = _mm_movemask_epi8(bad);
    if (mask != 0) return j + static_cast<size_t>(__builtin_ctz(static_cast<unsigned>(mask)));
  }
#endif
  while (j + 8 <= n) {
    uint64_t w;
    std::memcpy(&w, s + j, 8);
    constexpr uint64_t kOnes = 0x0101010101010101ULL;
    constexpr uint64_t kHigh = 0x8080808080808080ULL;
    const uint64_t quote8 = w ^ (kOnes * '"');
    const uint64_t slash8 = w ^ (kOnes * '\\');
    const uint64_t special = ((w - kOnes * 0x20) | (quote8 - kOnes) | (slash8 - kOnes) | w) & kHigh;
    if (special != 0) break;
    j += 8;
  }
  while (j < n && kPlain.v[s[j]]) ++j;
  return j;
}

}  // namespace

void AppendJsonString(std::string& out, std::string_view str) {
  const auto* s = reinterpret_cast<const unsigned char*>(str.data());
  const size_t n = str.size();
  size_t i = PlainPrefix(s, n);
  if (i == n && n <= 62) {
    // Most strings are short names with nothing to escape: one append with their quotes.
    char buf[64];
    buf[0] = '"';
    std::memcpy(buf + 1, str.data(), n);
    buf[n + 1] = '"';
    out.append(buf, n + 2);
    return;
  }
  out.push_back('"');
  out.append(str.data(), i);
  while (i < n) {
    if (const size_t plain = PlainPrefix(s + i, n - i); plain != 0) {
      out.append(str.data() + i, plain);
      i += plain;
      if (i >= n) break;
    }
    const unsigned char c = s[i];
    if (c >= 0x80) {
      const size_t len = Utf8SequenceLength(s, i, n);
      if (len == 0) {
        out.append("\xEF\xBF\xBD");  // U+FFFD for a byte that is not UTF-8
        ++i;
      } else {
        out.append(str.data() + i, len);
        i += len;
      }
      continue;
    }
    switch (c) {
      case '"':
        out.append("\\\"");
        break;
      case '\\':
        out.append("\\\\");
        break;
      case '\n':
        out.append("\\n");
        break;
      case '\r':
        out.append("\\r");
        break;
      case '\t':
        out.append("\\t");
        break;
      case '\b':
        out.append("\\b");
        break;
      case '\f':
        out.append("\\f");
        break;
      default: {
        static constexpr char kHex[] = "0123456789abcdef";
        const char esc[6] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 15]};
        out.append(esc, 6);
      }
    }
    ++i;
  }
  out.push_back('"');
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
