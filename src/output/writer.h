// Output formats, as documented for users in docs/output-format.md:
//   json   one document {"statements": [...], "errors": [...]}
//   jsonl  one statement object per line (file-level problems only on stderr)
//   hive   one Hive LineageLogger record per line for statements that query or write
//
// A writer works in two halves. As a driver::Renderer it turns each statement
// into text on the thread that analysed it (several threads at once, no
// shared state). Then, in input order: Begin, Part for every piece of every
// file (catalog DDL files included: only their problems are reported; a
// piece may also bring statements kept unrendered), End. Each call appends to
// `out`, which the caller may flush between calls. Output is a pure function
// of the results, so runs are byte-for-byte reproducible.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "driver/analyze_script.h"
#include "driver/file_part.h"

namespace hivelineage::output {

enum class Format : uint8_t { Json, Jsonl, Hive };

std::optional<Format> ParseFormat(std::string_view name);

class Writer : public driver::Renderer {
 public:
  virtual void Begin(std::string& out) = 0;
  void Part(const driver::FilePart& part, std::string& out) { Piece(part.file, part.text, out); }
  // A whole file with its statements (the library API, tests).
  void File(const driver::FileResult& file, std::string& out) { Piece(file, {}, out); }
  virtual void End(std::string& out) = 0;

 protected:
  // `file` holds this piece's file-level diagnostics and any statements not
  // rendered yet; `rendered` what Statement made of the others.
  virtual void Piece(const driver::FileResult& file, std::string_view rendered, std::string& out) = 0;
};

std::unique_ptr<Writer> MakeWriter(Format format);

// Every diagnostic of `file` (file-level, then those of its statements) in
// GCC form (file:line:col: severity: message, the source line, a caret), for
// stderr.
void RenderDiagnostics(const driver::FileResult& file, std::string& out);
void RenderDiagnostics(const SourceFile& source, const Diagnostics& diagnostics, std::string& out);

}  // namespace hivelineage::output
