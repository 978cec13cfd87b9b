// Diagnostics: what went wrong, where (a span of the file's text), how bad.
//
// Rendered in GCC's form so editors can jump to them:
//   etl/a.sql:3:14: error: expected expression, found ')'
//     WHERE x IN ()
//                 ^
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/source_file.h"

namespace hivelineage {

enum class Severity : uint8_t { Error, Warning, Note };

// What a diagnostic is, one per kind of problem (base/diagnostic_code.def):
// tests and tools match it, never the message's wording.
enum class DiagnosticCode : uint8_t {
#define HIVEQL_DIAGNOSTIC(Name, Kebab, Summary) Name,
#include "base/diagnostic_code.def"
#undef HIVEQL_DIAGNOSTIC
};

struct Diagnostic {
  Severity severity = Severity::Error;
  Span span;  // the file's text (source_file.h); the parser's and lineage's are in
              // their statement's text until the driver maps them
  std::string message;
  // No default: every place that makes a diagnostic names its code (the
  // compiler, -Wmissing-field-initializers, lists a place that does not).
  DiagnosticCode code;
};

const char* SeverityName(Severity s);
// "unterminated-string", ...: the code's stable name (docs/diagnostics.md).
const char* DiagnosticCodeName(DiagnosticCode code);
// The code DiagnosticCodeName gives `name`; false when none does.
bool ParseDiagnosticCode(std::string_view name, DiagnosticCode& out);

// `file:line:col: severity: message`, the source line, and a caret line.
std::string Render(const SourceFile& src, const Diagnostic& d);

using Diagnostics = std::vector<Diagnostic>;

}  // namespace hivelineage
