#include "base/source_file.h"

#include <algorithm>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace hivelineage {

SourceFile::SourceFile(std::string name, std::string_view text) : name_(std::move(name)), size_(text.size()) {
  buf_.reserve(text.size() + kPadding);
  buf_.append(text);
  buf_.append(kPadding, '\0');
}

// Lines end at LF, CRLF, or a lone CR (old Mac files still show up).
void SourceFile::BuildLines() const {
  line_starts_.push_back(0);
  const std::string_view t = text();
  const size_t n = t.size();
  size_t i = 0;
  // A line break at i: \n, \r\n or a lone \r. Returns the next line's start.
  auto at_break = [&](size_t k) {
    if (t[k] == '\r' && k + 1 < n && t[k + 1] == '\n') ++k;
    line_starts_.push_back(static_cast<uint32_t>(k + 1));
    return k + 1;
  };
#if defined(__SSE2__)
  // Sixteen bytes a step: most steps hold no line break.
  const __m128i lf = _mm_set1_epi8('\n');
  const __m128i cr = _mm_set1_epi8('\r');
  while (i + 16 <= n) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(t.data() + i));
    const unsigned mask =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr))));
    if (mask == 0) {
      i += 16;
      continue;
    }
    i = at_break(i + static_cast<size_t>(__builtin_ctz(mask)));
  }
#endif
  for (; i < n; ++i) {
    if (t[i] == '\n' || t[i] == '\r') i = at_break(i) - 1;
  }
}

LineCol SourceFile::Locate(uint32_t offset) const {
  if (line_starts_.empty()) BuildLines();
  if (offset > size_) offset = static_cast<uint32_t>(size_);
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  const size_t line = static_cast<size_t>(it - line_starts_.begin());  // >= 1
  return {static_cast<int>(line), static_cast<int>(offset - line_starts_[line - 1] + 1)};
}

std::string_view SourceFile::LineText(int line) const {
  if (line_starts_.empty()) BuildLines();
  if (line < 1 || static_cast<size_t>(line) > line_starts_.size()) return {};
  const uint32_t begin = line_starts_[line - 1];
  uint32_t end = static_cast<size_t>(line) < line_starts_.size() ? line_starts_[line] : static_cast<uint32_t>(size_);
  const std::string_view t = text();
  while (end > begin && (t[end - 1] == '\n' || t[end - 1] == '\r')) --end;
  return t.substr(begin, end - begin);
}

}  // namespace hivelineage
