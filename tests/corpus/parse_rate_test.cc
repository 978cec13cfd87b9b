// The Hive qtest corpus: the parse rate must not fall below a pinned floor,
// and every parsed statement must survive print -> parse with the same AST.
#include <doctest/doctest.h>

#include <cstdio>
#include <string>

#include "../../tools/corpus_walk.h"
#include "base/strings.h"
#include "corpus_support.h"
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

TEST_CASE("Hive corpus: parse rate floor and round trip") {
  const auto files = corpus::QueryFiles(testing::HiveCorpus() / "queries");
  REQUIRE(files.size() > 2000);
  size_t total = 0, parsed = 0;
  int mismatches = 0;
  for (const auto& path : files) {
    SourceFile src(path.filename().string(), testing::ReadFile(path));
    Arena arena;
    corpus::ForEachStatement(src, [&](const lexer::StatementText& st, const parser::ParseOptions& options) {
      ++total;
      Diagnostics diags;
      ast::Statement* stmt = parser::ParseStatement(st.text(), arena, options, diags);
      if (stmt == nullptr) return;
      ++parsed;
      const corpus::RoundTrip rt = corpus::PrintAndReparse(stmt, options);
      if (!rt.same) {
        ++mismatches;
        MESSAGE(Cat(src.name(), ":", src.Locate(st.span.begin).line, " round trip differs: ", rt.printed));
      }
    });
  }
  REQUIRE(total > 40000);
  const double rate = 100.0 * static_cast<double>(parsed) / static_cast<double>(total);
  std::printf("corpus: parse rate %.2f%% (%zu of %zu statements), print/parse round-trip mismatches %d\n", rate, parsed,
              total, mismatches);
  CHECK(rate >= kParseRateFloor);
  CHECK(mismatches <= kRoundTripMismatches);
}

}  // namespace
}  // namespace hivelineage
