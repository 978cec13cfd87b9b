#include "base/utf8.h"

#include <cstdint>

namespace hivelineage {

std::optional<size_t> FindInvalidUtf8(std::string_view text) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const size_t n = text.size();
  size_t i = 0;
  while (i < n) {
    // ASCII runs dominate SQL; skip them eight bytes at a time.
    while (i + 8 <= n) {
      uint64_t w;
      __builtin_memcpy(&w, s + i, 8);
      if (w & 0x8080808080808080ULL) break;
      i += 8;
    }
    if (i >= n) break;
    if (s[i] < 0x80) {
      ++i;
      continue;
    }
    const size_t len = Utf8SequenceLength(s, i, n);
    if (len == 0) return i;
    i += len;
  }
  return std::nullopt;
}

std::string ValidUtf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  while (!s.empty()) {
    const std::optional<size_t> bad = FindInvalidUtf8(s);
    if (!bad) {
      out.append(s);
      break;
    }
    out.append(s.substr(0, *bad));
    out.append("\xEF\xBF\xBD");
    s.remove_prefix(*bad + 1);
  }
  return out;
}

void MakeValidUtf8(std::string& s) {
  if (FindInvalidUtf8(s)) s = ValidUtf8(s);
}

}  // namespace hivelineage
