// Output formats, as documented for users in docs/output-format.md:
//   json   one document {"statements": [...], "errors": [...]}
//   jsonl  one statement object per line (file-level problems only on stderr)
//   hive   one Hive LineageLogger record per line for statements that query or write
//
// A writer works in two halves. Statement turns one statement into text, on
// the thread that analysed it (several threads at once, no shared state).
// Then, in input order: Begin, Piece for every piece of every file (catalog
// DDL files included: only their problems are reported; a piece may also
// bring statements not rendered yet), End. Each call appends to `out`, which
// the caller may flush between calls. Output is a pure function of the
// values (output/file_output.h), so runs are byte-for-byte reproducible.
//
// Writers take plain values, never the driver's results: the driver adapts
// its results to them (driver/output_writer.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "output/file_output.h"

namespace hivelineage::output {

enum class Format : uint8_t { Json, Jsonl, Hive };

std::optional<Format> ParseFormat(std::string_view name);

class Writer {
 public:
  virtual ~Writer() = default;
  // Appends `statement` of `file` (whose own statements are not read) to
  // `text`, the rendered text of its piece so far.
  virtual void Statement(const FileOutput& file, const StatementOutput& statement, std::string& text) const = 0;
  virtual void Begin(std::string& out) = 0;
  // `file` holds this piece's file-level diagnostics and any statements not
  // rendered yet; `rendered` what Statement made of the others.
  virtual void Piece(const FileOutput& file, std::string_view rendered, std::string& out) = 0;
  virtual void End(std::string& out) = 0;
};

std::unique_ptr<Writer> MakeWriter(Format format);

// Every diagnostic of `file` (file-level, then those of its statements) in
// GCC form (file:line:col: severity: message, the source line, a caret), for
// stderr.
void RenderDiagnostics(const FileOutput& file, std::string& out);
void RenderDiagnostics(const SourceFile& source, const Diagnostics& diagnostics, std::string& out);

}  // namespace hivelineage::output
