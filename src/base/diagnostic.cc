#include "base/diagnostic.h"

#include "base/strings.h"

namespace hivelineage {

const char* SeverityName(Severity s) {
  switch (s) {
    case Severity::Error:
      return "error";
    case Severity::Warning:
      return "warning";
    case Severity::Note:
      return "note";
  }
  return "error";
}

const char* DiagnosticCodeName(DiagnosticCode code) {
  switch (code) {
#define HIVEQL_DIAGNOSTIC(Name, Kebab, Summary) \
  case DiagnosticCode::Name:                    \
    return Kebab;
#include "base/diagnostic_code.def"
#undef HIVEQL_DIAGNOSTIC
  }
  return "internal-error";
}

bool ParseDiagnosticCode(std::string_view name, DiagnosticCode& out) {
#define HIVEQL_DIAGNOSTIC(Name, Kebab, Summary) \
  if (name == Kebab) {                          \
    out = DiagnosticCode::Name;                 \
    return true;                                \
  }
#include "base/diagnostic_code.def"
#undef HIVEQL_DIAGNOSTIC
  return false;
}

std::string Render(const SourceFile& src, const Diagnostic& d) {
  const LineCol lc = src.Locate(d.span.begin);
  std::string_view line = src.LineText(lc.line);
  // Very long lines (minified scripts) are cut around the caret.
  size_t col = static_cast<size_t>(lc.column - 1);
  size_t from = 0;
  if (line.size() > 200 && col > 100) from = col - 100;
  // Control bytes (a NUL, an escape sequence) are shown as '?': the source
  // line is echoed to a terminal, and one byte stays one column for the caret.
  std::string shown(line.substr(from, 200));
  for (char& c : shown)
    if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7F) c = '?';
  std::string caret;
  for (size_t i = from; i < col && i < line.size(); ++i) caret += line[i] == '\t' ? '\t' : ' ';
  return Cat(src.name(), ":", lc.line, ":", lc.column, ": ", SeverityName(d.severity), ": ", d.message, "\n", shown,
             "\n", caret, "^\n");
}

}  // namespace hivelineage
