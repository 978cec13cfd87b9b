// libFuzzer target: for every input that parses, printing the AST and parsing
// the result again gives an equal AST (compared by dump, spans aside). A
// first byte 0x01 reads (both times) as Spark SQL (dialect_byte.h).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "ast/dump.h"
#include "ast/print_sql.h"
#include "parser/parser.h"
#include "dialect_byte.h"

using namespace hivelineage;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 100 * 1024) return 0;
  parser::ParseOptions options;
  options.dialect = fuzz::TakeDialect(data, size);
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Arena arena;
  Diagnostics diags;
  ast::Statement* first = parser::ParseStatement(text, arena, options, diags);
  if (first == nullptr) return 0;
  const std::string printed = ast::PrintStatement(first);
  Diagnostics diags2;
  ast::Statement* second = parser::ParseStatement(printed, arena, options, diags2);
  if (second == nullptr) {
    std::fprintf(stderr, "printed SQL does not parse:\n%s\n", printed.c_str());
    for (const auto& d : diags2) std::fprintf(stderr, "  %u: %s\n", d.span.begin, d.message.c_str());
    std::abort();
  }
  const std::string a = ast::Dump(first), b = ast::Dump(second);
  if (a != b) {
    std::fprintf(stderr, "round trip changed the AST\nprinted: %s\nbefore: %s\nafter:  %s\n", printed.c_str(),
                 a.c_str(), b.c_str());
    std::abort();
  }
  return 0;
}
