#include "base/json_out.h"

#include <charconv>
#include <cstring>

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

}  // namespace

void AppendJsonString(std::string& out, std::string_view str) {
  const auto* s = reinterpret_cast<const unsigned char*>(str.data());
  const size_t n = str.size();
  out.push_back('"');
  size_t i = 0;
  while (i < n) {
    size_t j = i;
    // Eight bytes at a time while none needs attention (SWAR: no byte < 0x20,
    // >= 0x80, '"' or '\\'); names and expressions are mostly plain ASCII.
    while (j + 8 <= n) {
      uint64_t w;
      std::memcpy(&w, s + j, 8);
      constexpr uint64_t kOnes = 0x0101010101010101ULL;
      constexpr uint64_t kHigh = 0x8080808080808080ULL;
      const uint64_t quote = w ^ (kOnes * '"');
      const uint64_t slash = w ^ (kOnes * '\\');
      const uint64_t special = ((w - kOnes * 0x20) | (quote - kOnes) | (slash - kOnes) | w) & kHigh;
      if (special != 0) break;
      j += 8;
    }
    while (j < n && kPlain.v[s[j]]) ++j;
    out.append(str.data() + i, j - i);
    i = j;
    if (i >= n) break;
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
  out_->push_back('\n');
  out_->append(stack_.size() * 2, ' ');
}

void JsonOut::Value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (stack_.empty()) return;
  Frame& f = stack_.back();
  if (!f.first) out_->push_back(',');
  if (pretty_) {
    if (f.flat) {
      if (!f.first) out_->push_back(' ');
    } else {
      NewLine();
    }
  }
  f.first = false;
}

void JsonOut::Key(std::string_view key) {
  Value();
  AppendJsonString(*out_, key);
  out_->append(pretty_ ? ": " : ":");
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
