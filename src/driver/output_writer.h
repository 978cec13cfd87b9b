// The output writers (src/output) as the driver's Renderer: adapts a run's
// results (FileResult, StatementResult, FilePart) to the plain values the
// writers take (output/file_output.h), so that src/output never includes
// the driver.
#pragma once

#include <memory>
#include <string>

#include "driver/analyze_script.h"
#include "driver/file_part.h"
#include "output/file_output.h"
#include "output/writer.h"

namespace hivelineage::driver {

// What the writers read of a statement, borrowing from `statement`.
output::StatementOutput OutputOf(const StatementResult& statement);
// What the writers read of a file and its statements, borrowing from `file`.
output::FileOutput OutputOf(const FileResult& file);

class OutputWriter : public Renderer {
 public:
  explicit OutputWriter(output::Format format) : writer_(output::MakeWriter(format)) {}
  // Renders on the analysing thread (Renderer).
  void Statement(const FileResult& file, StatementResult&& statement, FilePart& part) const override;
  void Begin(std::string& out) { writer_->Begin(out); }
  void Part(const FilePart& part, std::string& out) { writer_->Piece(OutputOf(part.file), part.text, out); }
  // A whole file with its statements (the library API, tests).
  void File(const FileResult& file, std::string& out) { writer_->Piece(OutputOf(file), {}, out); }
  void End(std::string& out) { writer_->End(out); }

 private:
  std::unique_ptr<output::Writer> writer_;
};

std::unique_ptr<OutputWriter> MakeWriter(output::Format format);

// Every diagnostic of `file` (file-level, then those of its statements), as
// output::RenderDiagnostics writes them.
void RenderDiagnostics(const FileResult& file, std::string& out);

// The hive format's record of `statement` of `file` (output::WriteHiveRecord).
bool WriteHiveRecord(const FileResult& file, const StatementResult& statement, std::string& out);

}  // namespace hivelineage::driver
