// Lines of a saved table printout cut into cells, each with its offset in the
// file, for the readers of DESCRIBE output and metastore exports.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace hivelineage::catalog {

struct Cell {
  std::string_view text;  // without surrounding blanks
  uint32_t begin = 0;     // byte offset in the file (of the cell's start when it is blank)
};

struct Row {
  std::string_view line;  // without its line terminator
  uint32_t begin = 0;     // byte offset of the line
  std::vector<Cell> cells;
};

// The text's lines, `\n` or `\r\n` terminated.
std::vector<Row> Lines(std::string_view text);

// Cuts `row.line` at every `separator` into row.cells.
void SplitCells(Row& row, char separator);

// A beeline box row `| a | b |`: cells between the bars (none for a border
// `+---+---+` or a line that is not boxed). Returns whether the line is boxed.
bool SplitBoxed(Row& row);

}  // namespace hivelineage::catalog
