// Diagnostics: what went wrong, where (a span of the file's text), how bad.
//
// Rendered in GCC's form so editors can jump to them:
//   etl/a.sql:3:14: error: expected expression, found ')'
//     WHERE x IN ()
//                 ^
#pragma once

#include <string>
#include <vector>

#include "base/source_file.h"

namespace hivelineage {

enum class Severity : uint8_t { Error, Warning, Note };

struct Diagnostic {
  Severity severity = Severity::Error;
  Span span;  // the file's text (source_file.h); the parser's and lineage's are in
              // their statement's text until the driver maps them
  std::string message;
};

const char* SeverityName(Severity s);

// `file:line:col: severity: message`, the source line, and a caret line.
std::string Render(const SourceFile& src, const Diagnostic& d);

using Diagnostics = std::vector<Diagnostic>;

}  // namespace hivelineage
