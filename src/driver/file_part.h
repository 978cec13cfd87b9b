// The unit in which results stream out of a run: a piece of one file, and
// the hook that renders statements into it on the analysing thread.
#pragma once

#include <cstddef>
#include <string>

#include "driver/analyze_script.h"

namespace hivelineage::driver {

// A piece of one file's results as a run hands it over. A file comes as one
// or more pieces in a row, the first with `first` set, the last with `last`
// set. Each piece carries the file-level diagnostics found since the previous
// one (reading and limit problems come with the first; one found between two
// statements comes with the piece after it). Without a renderer the
// statements are in `file.statements`; with one they were turned into `text`
// and are gone.
struct FilePart {
  FileResult file;                    // source and flags of the file; this piece's diagnostics and kept statements
  std::string text;                   // what the renderer made of this piece's statements
  std::string diagnostics_text;       // and of their diagnostics (for stderr), if it renders those
  size_t statements = 0;              // statements in this piece, rendered or kept
  size_t statements_with_errors = 0;  // of those
  bool first = true;
  bool last = true;
};

// Turns statements into output on the thread that analysed them; called on
// several threads at once (for different files), so it must not change
// shared state.
class Renderer {
 public:
  virtual ~Renderer() = default;
  // Renders `statement` of `file` into `part` (its text, for instance); what
  // it leaves in `statement` is dropped.
  virtual void Statement(const FileResult& file, StatementResult&& statement, FilePart& part) const = 0;
};

}  // namespace hivelineage::driver
