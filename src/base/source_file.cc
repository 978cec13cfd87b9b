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

namespace {

#if defined(__SSE2__)
// Bit k set when p[k] is LF or CR, for the sixteen bytes at p.
unsigned BreakMask(const char* p) {
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  return static_cast<unsigned>(
      _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\r')))));
}
#endif

}  // namespace

// Lines end at LF, CRLF, or a lone CR (old Mac files still show up).
size_t SourceFile::NextBreak(size_t from) const {
  const char* t = buf_.data();
  size_t i = from;
#if defined(__SSE2__)
  // Sixteen bytes a step (the NUL padding makes the last step's load safe): most steps hold no line break.
  for (; i < size_; i += 16) {
    const unsigned mask = BreakMask(t + i);
    if (mask != 0) return std::min(size_, i + static_cast<size_t>(__builtin_ctz(mask)));
  }
  return size_;
#else
  while (i < size_ && t[i] != '\n' && t[i] != '\r') ++i;
  return std::min(i, size_);
#endif
}

size_t SourceFile::LineAfter(size_t b) const {
  return buf_[b] == '\r' && b + 1 < size_ && buf_[b + 1] == '\n' ? b + 2 : b + 1;
}

size_t SourceFile::SkipLines(size_t start, uint32_t lines) const {
  for (; lines > 0; --lines) {
    const size_t b = NextBreak(start);
    if (b >= size_) return size_;
    start = LineAfter(b);
  }
  return start;
}

void SourceFile::BuildLines() const {
  marks_.push_back(0);
  line_count_ = 1;
  for (size_t start = 0;;) {
    const size_t b = NextBreak(start);
    if (b >= size_) break;
    start = LineAfter(b);
    if (line_count_++ % kLinesPerMark == 0) marks_.push_back(static_cast<uint32_t>(start));
  }
}

LineCol SourceFile::Locate(uint32_t offset) const {
  if (marks_.empty()) BuildLines();
  if (offset > size_) offset = static_cast<uint32_t>(size_);
  // The last mark at or before offset, then every line break between it and offset, sixteen bytes a step.
  const size_t k = static_cast<size_t>(std::upper_bound(marks_.begin(), marks_.end(), offset) - marks_.begin()) - 1;
  size_t line = k * kLinesPerMark + 1;
  size_t start = marks_[k];
  const char* t = buf_.data();
  // A break at p (p < offset) starts a line at p + 1, which is at or before offset; a CR followed by LF is left
  // to its LF (and when that LF is at offset itself, offset is still on the CR's line). t[p + 1] is padding at
  // the end.
  auto take = [&](size_t p) {
    if (t[p] == '\r' && t[p + 1] == '\n') return;
    start = p + 1;
    ++line;
  };
  size_t i = start;
#if defined(__SSE2__)
  for (; i < offset; i += 16) {
    unsigned mask = BreakMask(t + i);
    if (offset - i < 16) mask &= (1u << (offset - i)) - 1;
    for (; mask != 0; mask &= mask - 1) take(i + static_cast<size_t>(__builtin_ctz(mask)));
  }
#else
  for (; i < offset; ++i)
    if (t[i] == '\n' || t[i] == '\r') take(i);
#endif
  return {static_cast<int>(line), static_cast<int>(offset - start + 1)};
}

std::string_view SourceFile::LineText(int line) const {
  if (marks_.empty()) BuildLines();
  if (line < 1 || static_cast<uint32_t>(line) > line_count_) return {};
  const uint32_t index = static_cast<uint32_t>(line - 1);
  const size_t begin = SkipLines(marks_[index / kLinesPerMark], index % kLinesPerMark);
  return text().substr(begin, NextBreak(begin) - begin);
}

}  // namespace hivelineage
