#include "output/writer.h"

#include "output/hive_writer.h"
#include "output/json_writer.h"

namespace hivelineage::output {

std::optional<Format> ParseFormat(std::string_view name) {
  if (name == "json") return Format::Json;
  if (name == "jsonl") return Format::Jsonl;
  if (name == "hive") return Format::Hive;
  return std::nullopt;
}

std::unique_ptr<Writer> MakeWriter(Format format) {
  switch (format) {
    case Format::Json:
      return MakeJsonWriter();
    case Format::Jsonl:
      return MakeJsonlWriter();
    case Format::Hive:
      return MakeHiveWriter();
  }
  return MakeJsonWriter();
}

void RenderDiagnostics(const SourceFile& source, const Diagnostics& diagnostics, std::string& out) {
  for (const Diagnostic& d : diagnostics) out += Render(source, d);
}

void RenderDiagnostics(const FileOutput& file, std::string& out) {
  RenderDiagnostics(*file.source, *file.diagnostics, out);
  for (const StatementOutput& st : file.statements) RenderDiagnostics(*file.source, *st.diagnostics, out);
}

}  // namespace hivelineage::output
