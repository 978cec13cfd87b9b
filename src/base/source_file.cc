#include "base/source_file.h"

#include <algorithm>

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
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '\n') {
      line_starts_.push_back(static_cast<uint32_t>(i + 1));
    } else if (t[i] == '\r') {
      if (i + 1 < t.size() && t[i + 1] == '\n') ++i;
      line_starts_.push_back(static_cast<uint32_t>(i + 1));
    }
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
