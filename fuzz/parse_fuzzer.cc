// libFuzzer target: the parser on one statement's text. It must return a
// statement or an error diagnostic, never crash, and keep spans in the text.
// A first byte 0x01 reads the rest as Spark SQL (dialect_byte.h).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "ast/dump.h"
#include "parser/parser.h"
#include "dialect_byte.h"

using namespace hivelineage;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 100 * 1024) return 0;
  const Dialect dialect = fuzz::TakeDialect(data, size);
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Arena arena;
  Diagnostics diags;
  parser::ParseOptions options;
  options.dialect = dialect;
  options.regex_column_specs = size % 2 == 1;  // exercise both quoting modes
  ast::Statement* stmt = parser::ParseStatement(text, arena, options, diags);
  bool has_error = false;
  for (const Diagnostic& d : diags) {
    if (d.span.begin > d.span.end || d.span.end > size) std::abort();
    has_error |= d.severity == Severity::Error;
  }
  if (stmt == nullptr && !has_error) std::abort();  // a failure must say why
  if (stmt != nullptr) {
    if (stmt->span.end > size) std::abort();
    (void)ast::Dump(stmt);
    (void)parser::StatementKindOf(stmt);
  }
  return 0;
}
