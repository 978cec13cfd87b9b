#include "catalog/show_create_table.h"

#include "catalog/text_rows.h"

namespace hivelineage::catalog {

bool IsBoxedShowCreateTable(std::string_view text) {
  for (Row& row : Lines(text))
    if (SplitBoxed(row) && row.cells.size() == 1 && row.cells[0].text == "createtab_stmt") return true;
  return false;
}

std::string UnboxShowCreateTable(std::string_view text) {
  std::string out(text);
  bool in_statement = false;  // a statement row came since the last border
  for (Row& row : Lines(text)) {
    char* line = out.data() + row.begin;
    if (!SplitBoxed(row)) {  // beeline's chatter around the boxes: a prompt, `N rows selected`
      for (size_t i = 0; i < row.line.size(); ++i) line[i] = ' ';
      continue;
    }
    if (row.cells.empty()) {  // a border
      for (size_t i = 0; i < row.line.size(); ++i)
        if (line[i] == '+' || line[i] == '-') line[i] = ' ';
      // A lone `|` is read as a border too, with no `+` to put the `;` on.
      if (in_statement && row.line.find('+') != std::string_view::npos) line[row.line.find('+')] = ';';
      in_statement = false;
      continue;
    }
    if (row.cells.size() == 1 && row.cells[0].text == "createtab_stmt") {
      for (size_t i = 0; i < row.line.size(); ++i) line[i] = ' ';
      continue;
    }
    // Only the box's own bars: the first, and the last when it closes the row.
    const size_t first = row.line.find('|');
    line[first] = ' ';
    const size_t last = row.line.find_last_not_of(" \t\r");
    if (last != first && row.line[last] == '|') line[last] = ' ';
    in_statement = true;
  }
  return out;
}

}  // namespace hivelineage::catalog
