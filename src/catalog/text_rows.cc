#include "catalog/text_rows.h"

namespace hivelineage::catalog {
namespace {

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

Cell Trimmed(std::string_view line, uint32_t line_begin, size_t from, size_t to) {
  size_t b = from;
  size_t e = to;
  while (b < e && IsBlank(line[b])) ++b;
  while (e > b && IsBlank(line[e - 1])) --e;
  return Cell{line.substr(b, e - b), static_cast<uint32_t>(line_begin + (b < e ? b : from))};
}

}  // namespace

std::vector<Row> Lines(std::string_view text) {
  std::vector<Row> rows;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    size_t stop = end;
    if (stop > at && text[stop - 1] == '\r') --stop;
    rows.push_back(Row{text.substr(at, stop - at), static_cast<uint32_t>(at), {}});
    at = end + 1;
  }
  return rows;
}

void SplitCells(Row& row, char separator) {
  row.cells.clear();
  size_t from = 0;
  for (;;) {
    const size_t to = row.line.find(separator, from);
    row.cells.push_back(Trimmed(row.line, row.begin, from, to == std::string_view::npos ? row.line.size() : to));
    if (to == std::string_view::npos) return;
    from = to + 1;
  }
}

bool SplitBoxed(Row& row) {
  row.cells.clear();
  const std::string_view line = row.line;
  size_t first = 0;
  while (first < line.size() && IsBlank(line[first])) ++first;
  if (first == line.size()) return false;
  if (line[first] == '+' && line.find_first_not_of("+-", first) >= line.find_last_not_of(" \t\r") + 1) return true;
  if (line[first] != '|') return false;
  size_t last = line.find_last_not_of(" \t\r");
  if (last == first || line[last] != '|') last = line.size();  // a row cut short: its last cell runs to the end
  size_t from = first + 1;
  while (from < last) {
    size_t to = line.find('|', from);
    if (to == std::string_view::npos || to > last) to = last;
    row.cells.push_back(Trimmed(line, row.begin, from, to));
    from = to + 1;
  }
  return true;
}

}  // namespace hivelineage::catalog
