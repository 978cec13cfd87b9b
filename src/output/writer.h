// Output formats, as fixed by ../shared/docs/output-contract.md:
//   json   one document {"statements": [...], "errors": [...]}
//   jsonl  one statement object per line (file-level problems only on stderr)
//   hive   one Hive LineageLogger record per line for statements that query or write
//
// Writers stream: Begin, File for every analysed file in order (catalog DDL
// files included: only their problems are reported), End. Each call appends
// to `out`, which the caller may flush between calls. Output is a pure
// function of the results, so runs are byte-for-byte reproducible.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "driver/analyze.h"

namespace hivelineage::output {

enum class Format : uint8_t { Json, Jsonl, Hive };

std::optional<Format> ParseFormat(std::string_view name);

class Writer {
 public:
  virtual ~Writer() = default;
  virtual void Begin(std::string& out) = 0;
  virtual void File(const driver::FileResult& file, std::string& out) = 0;
  virtual void End(std::string& out) = 0;
};

std::unique_ptr<Writer> MakeWriter(Format format);

// Every diagnostic of `file` in GCC form (file:line:col: severity: message,
// the source line, a caret), for stderr.
void RenderDiagnostics(const driver::FileResult& file, std::string& out);

}  // namespace hivelineage::output
