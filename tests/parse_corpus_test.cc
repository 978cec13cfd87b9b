// The Hive qtest corpus: the parse rate must not fall below a pinned floor,
// and every parsed statement must survive print -> parse with the same AST.
#include <doctest/doctest.h>

#include <cstdio>
#include <string>

#include "ast/dump.h"
#include "ast/print_sql.h"
#include "base/strings.h"
#include "lexer/script.h"
#include "parser/parser.h"
#include "test_support.h"

namespace hivelineage {
namespace {

// Parse rate reached on the corpus, rounded down to 0.1%. Raise it when the
// parser improves; never lower it. The statements that still fail are
// corrupt test input (cbo_rp_lineage2.q has `select_n16`-style keywords from
// a bad search-and-replace) and `_UTF-8 0x...` charset literals.
constexpr double kParseRateFloor = 99.9;

// Round-trip mismatches allowed (print, parse again, compare dumps).
constexpr int kRoundTripMismatches = 0;

std::string QuotedIdentifiersSetting(std::string_view cmd) {
  std::string s;
  for (char c : cmd)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') s.push_back(AsciiLower(c));
  const std::string key = "sethive.support.quoted.identifiers=";
  if (s.rfind(key, 0) != 0) return "";
  return s.substr(key.size());
}

TEST_CASE("Hive corpus: parse rate floor and round trip") {
  const auto files = testing::HiveQueryFiles();
  if (files.empty()) {
    MESSAGE("Hive corpus not found; skipped");
    return;
  }
  size_t total = 0, parsed = 0;
  int mismatches = 0;
  for (const auto& path : files) {
    SourceFile src(path.filename().string(), testing::ReadFile(path));
    lexer::Variables vars;
    Diagnostics split_diags;
    const auto stmts = lexer::SplitScript(src, vars, split_diags);
    parser::ParseOptions options;
    Arena arena;
    for (const lexer::StatementText& st : stmts) {
      if (st.command == lexer::CommandKind::Set) {
        const std::string mode = QuotedIdentifiersSetting(st.text());
        if (!mode.empty()) {
          options.regex_column_specs = mode == "none";
          options.lex.double_quoted_identifiers = mode == "standard";
        }
        continue;
      }
      if (st.command != lexer::CommandKind::None) continue;
      ++total;
      Diagnostics diags;
      ast::Statement* stmt = parser::ParseStatement(st.text(), arena, options, diags);
      if (stmt == nullptr) continue;
      ++parsed;
      const std::string printed = ast::PrintStatement(stmt);
      Arena arena2;
      Diagnostics diags2;
      ast::Statement* again = parser::ParseStatement(printed, arena2, options, diags2);
      if (again == nullptr || ast::Dump(again) != ast::Dump(stmt)) {
        ++mismatches;
        MESSAGE(Cat(src.name(), ":", src.Locate(st.span.begin).line, " round trip differs: ", printed));
      }
    }
  }
  const double rate = 100.0 * static_cast<double>(parsed) / static_cast<double>(total);
  MESSAGE(Cat("parsed ", parsed, " of ", total, " statements; round-trip mismatches: ", mismatches));
  CHECK(total > 40000);
  CHECK(rate >= kParseRateFloor);
  CHECK(mismatches <= kRoundTripMismatches);
}

}  // namespace
}  // namespace hivelineage
