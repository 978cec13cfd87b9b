// Scripts run in a given order (--sequence, or the scripts of one scheduler
// job) must not read a table that a later one writes: the table would not be
// filled yet when they run. This finds such reads as the statements go by,
// so a streaming run needs no second pass.
//
// A read counts when no earlier statement wrote the table. It is reported
// when a later script writes the table; a script that reads a table and then
// writes it itself (a table updated from its previous state) is its own
// producer and is not reported.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "base/source_file.h"

namespace hivelineage::driver {

struct EarlyRead {
  std::string table;
  std::string reader_file;
  LineCol reader_at;        // where the reading statement starts
  std::string reader_line;  // that line's text (for the caret display)
  std::string writer_file;
  LineCol writer_at;
};

class ReadBeforeWrite {
 public:
  // A statement of the `script`-th script (numbered in run order, from 0),
  // starting at `at` on line text `line`.
  void Statement(size_t script, const std::string& file, LineCol at, std::string_view line,
                 const std::vector<std::string>& reads, const std::vector<std::string>& writes);

  // The early reads found so far, in the order their writers came; cleared.
  std::vector<EarlyRead> Take();

 private:
  struct Pending {
    size_t script;
    std::string file;
    LineCol at;
    std::string line;
  };
  absl::flat_hash_set<std::string> written_;
  absl::flat_hash_map<std::string, std::vector<Pending>> pending_;  // table -> first read per script
  std::vector<EarlyRead> found_;
};

// `file:line:col: warning: MESSAGE`, the line and a caret, as diagnostics are
// printed: "reads T, which a later script (W:line) writes; run that script first".
std::string RenderEarlyRead(const EarlyRead& e, std::string_view what_later = "a later script in the sequence");

}  // namespace hivelineage::driver
