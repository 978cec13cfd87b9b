// SourceFile's sparse line table: Locate and LineText agree with a table of
// every line start, on texts of every kind of line break and length.
#include "base/source_file.h"

#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

namespace hivelineage {
namespace {

// Every line start of `t`: lines end at LF, CRLF or a lone CR.
std::vector<uint32_t> AllLineStarts(const std::string& t) {
  std::vector<uint32_t> starts = {0};
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '\r' && i + 1 < t.size() && t[i + 1] == '\n') ++i;
    if (t[i] == '\n' || t[i] == '\r') starts.push_back(static_cast<uint32_t>(i + 1));
  }
  return starts;
}

void CheckAgainstDense(const std::string& t) {
  const SourceFile f("t.sql", t);
  const std::vector<uint32_t> starts = AllLineStarts(t);
  for (uint32_t offset = 0; offset <= t.size() + 2; ++offset) {
    const uint32_t at = std::min<uint32_t>(offset, static_cast<uint32_t>(t.size()));
    size_t line = 0;
    while (line + 1 < starts.size() && starts[line + 1] <= at) ++line;
    const LineCol lc = f.Locate(offset);
    CAPTURE(offset);
    REQUIRE(lc.line == static_cast<int>(line + 1));
    REQUIRE(lc.column == static_cast<int>(at - starts[line] + 1));
  }
  for (size_t line = 0; line < starts.size(); ++line) {
    size_t end = line + 1 < starts.size() ? starts[line + 1] : t.size();
    while (end > starts[line] && (t[end - 1] == '\n' || t[end - 1] == '\r')) --end;
    CAPTURE(line);
    REQUIRE(f.LineText(static_cast<int>(line + 1)) == std::string_view(t).substr(starts[line], end - starts[line]));
  }
  CHECK(f.LineText(0).empty());
  CHECK(f.LineText(static_cast<int>(starts.size() + 1)).empty());
}

}  // namespace

TEST_CASE("source file: Locate and LineText on small texts") {
  for (const char* t : {"", "a", "\n", "\r", "\r\n", "\n\n", "\r\r\n\n", "abc\n", "abc", "a\nb\r\nc\rd\n\ne",
                        "select 1;\r\n-- x\r\n\r\nselect 2\r"}) {
    CAPTURE(std::string(t));
    CheckAgainstDense(t);
  }
  const SourceFile f("t.sql", "ab\ncd\r\nef");
  CHECK(f.Locate(4).line == 2);
  CHECK(f.Locate(4).column == 2);
  CHECK(f.Locate(7).line == 3);
  CHECK(f.LineText(2) == "cd");
}

TEST_CASE("source file: Locate and LineText on long texts, past many marks, in every line-break style") {
  std::mt19937 rng(7);
  const std::vector<std::string> pieces = {"\n", "\r\n", "\r", "x", "select a, b from t", std::string(40, 'y'), "\n\n"};
  for (int round = 0; round < 12; ++round) {
    std::string t;
    const int n = 50 + round * 40;
    for (int i = 0; i < n; ++i) t += pieces[rng() % pieces.size()];
    CAPTURE(round);
    CheckAgainstDense(t);
  }
  // Many short lines: a mark every 8 lines, and lines of 0 to 20 bytes.
  std::string t;
  for (int i = 0; i < 1000; ++i) t += std::string(static_cast<size_t>(i % 21), 'z') + (i % 3 == 0 ? "\r\n" : "\n");
  CheckAgainstDense(t);
}

}  // namespace hivelineage
