// libFuzzer target: statement splitting, variable substitution and the
// tokenizer. Checks the lexer's invariants: tokens are in order, inside the
// text, end with Eof, and every offset maps back into the original file.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "lexer/lexer.h"
#include "lexer/script.h"

using namespace hivelineage;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 100 * 1024) return 0;
  SourceFile file("fuzz.sql", std::string_view(reinterpret_cast<const char*>(data), size));
  lexer::Variables vars;
  vars.Define("x", "${y}");  // substitution chains
  vars.Define("y", "a;b");
  Diagnostics diags;
  auto statements = lexer::SplitScript(file, vars, diags);
  std::vector<lexer::Token> tokens;
  for (const auto& st : statements) {
    if (st.span.end > size || st.span.begin > st.span.end) std::abort();
    tokens.clear();
    Diagnostics lex_diags;
    const std::string_view text = st.text();
    lexer::Tokenize(text, {}, tokens, lex_diags);
    if (tokens.empty() || tokens.back().kind != lexer::TokenKind::Eof) std::abort();
    uint32_t prev = 0;
    for (const auto& t : tokens) {
      if (t.begin < prev || t.end < t.begin || t.end > text.size()) std::abort();
      prev = t.end;
      if (st.ToOriginal(t.begin) > size) std::abort();
    }
    for (const auto& d : lex_diags) {
      const Span s = st.ToOriginal(d.span);
      if (s.end > size) std::abort();
      (void)Render(file, Diagnostic{d.severity, s, d.message, d.code});
    }
  }
  return 0;
}
