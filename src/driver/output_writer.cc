#include "driver/output_writer.h"

#include <utility>

#include "output/hive_writer.h"

namespace hivelineage::driver {
namespace {

// The file without its statements: what Statement needs of it.
output::FileOutput FileOnly(const FileResult& file) {
  output::FileOutput f;
  f.source = file.source.get();
  f.diagnostics = &file.diagnostics;
  f.is_catalog = file.is_catalog;
  return f;
}

}  // namespace

output::StatementOutput OutputOf(const StatementResult& statement) {
  output::StatementOutput s;
  s.index = statement.index;
  s.span = statement.span;
  s.start = statement.start;
  s.kind = statement.kind;
  s.parsed = statement.parsed;
  s.database = statement.database;
  s.lineage = &statement.lineage;
  s.diagnostics = &statement.diagnostics;
  return s;
}

output::FileOutput OutputOf(const FileResult& file) {
  output::FileOutput f = FileOnly(file);
  f.statements.reserve(file.statements.size());
  for (const StatementResult& st : file.statements) f.statements.push_back(OutputOf(st));
  return f;
}

void OutputWriter::Statement(const FileResult& file, StatementResult&& statement, FilePart& part) const {
  writer_->Statement(FileOnly(file), OutputOf(statement), part.text);
}

std::unique_ptr<OutputWriter> MakeWriter(output::Format format) { return std::make_unique<OutputWriter>(format); }

void RenderDiagnostics(const FileResult& file, std::string& out) { output::RenderDiagnostics(OutputOf(file), out); }

bool WriteHiveRecord(const FileResult& file, const StatementResult& statement, std::string& out) {
  output::FileOutput f = FileOnly(file);
  return output::WriteHiveRecord(f, OutputOf(statement), out);
}

}  // namespace hivelineage::driver
