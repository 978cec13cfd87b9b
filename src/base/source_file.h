// A script's bytes plus a lazily built line table.
//
// Every position in hivelineage is a byte offset into the ORIGINAL file text;
// line and column (1-based, column counted in bytes) are computed on demand.
// The buffer is NUL-padded so scanners may peek a few bytes past the end.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hivelineage {

struct Span {
  uint32_t begin = 0;
  uint32_t end = 0;  // exclusive
  uint32_t size() const { return end - begin; }
  friend bool operator==(Span, Span) = default;
};

struct LineCol {
  int line = 1;
  int column = 1;
};

class SourceFile {
 public:
  static constexpr size_t kPadding = 16;

  SourceFile() = default;
  SourceFile(std::string name, std::string_view text);

  std::string_view name() const { return name_; }
  std::string_view text() const { return {buf_.data(), size_}; }
  std::string_view Slice(Span s) const { return text().substr(s.begin, s.end - s.begin); }

  LineCol Locate(uint32_t offset) const;
  // Text of a 1-based line without its line terminator.
  std::string_view LineText(int line) const;

 private:
  void BuildLines() const;

  std::string name_;
  std::string buf_;  // text + kPadding NULs
  size_t size_ = 0;
  mutable std::vector<uint32_t> line_starts_;  // built on first Locate()
};

}  // namespace hivelineage
