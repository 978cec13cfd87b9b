// A script's text plus a lazily built, sparse line table.
//
// Positions come in two frames. Those that leave a statement's analysis
// (statement spans, diagnostics, the output) are byte offsets into this text:
// the file as read, or its UTF-8 transcoding when the file was GB18030
// (driver/encoding.h). Inside one statement, tokens and AST spans are offsets
// into that statement's own text after variable substitution, 0 at its first
// byte (lexer/token.h, ast/ast.h); lexer::StatementText::ToOriginal maps them
// here. Line and column (1-based, the column counted in bytes) are computed on
// demand. The buffer is NUL-padded so scanners may peek a few bytes past the end.
#pragma once

#include <concepts>
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
  // Takes `text` over without a copy (padding is added in place when its
  // capacity allows): a 100 MB script is not held twice.
  // (A template so that a string literal still picks the string_view form.)
  template <class S>
  requires std::same_as<S, std::string> SourceFile(std::string name, S&& text)
      : name_(std::move(name)), buf_(std::move(text)), size_(buf_.size()) {
    buf_.append(kPadding, '\0');
  }

  std::string_view name() const { return name_; }
  std::string_view text() const { return {buf_.data(), size_}; }
  std::string_view Slice(Span s) const { return text().substr(s.begin, s.end - s.begin); }

  LineCol Locate(uint32_t offset) const;
  // Text of a 1-based line without its line terminator.
  std::string_view LineText(int line) const;

 private:
  // One line start kept in kLinesPerMark: a line table of every start is 4 bytes a line, 11% of a 100 MB script
  // of short lines (docs/limits.md); Locate scans at most kLinesPerMark - 1 line breaks past the mark before it.
  static constexpr uint32_t kLinesPerMark = 8;
  void BuildLines() const;
  // From `start`, a line's first byte, past `lines` line breaks (at most to the end): the start of the line after.
  size_t SkipLines(size_t start, uint32_t lines) const;
  // The first line break (\n or \r) at or after `from`, or size_.
  size_t NextBreak(size_t from) const;
  // Where the line after the break at `b` starts (past a CRLF whole).
  size_t LineAfter(size_t b) const;

  std::string name_;
  std::string buf_;  // text + kPadding NULs
  size_t size_ = 0;
  // Built on first Locate() or LineText(): marks_[k] is where line k * kLinesPerMark + 1 starts.
  mutable std::vector<uint32_t> marks_;
  mutable uint32_t line_count_ = 0;  // a text ending in a line break has an empty last line
};

}  // namespace hivelineage
