// Every statement of the Hive q-test corpus: it splits and tokenizes without
// a lexer error, and the rewrite pipeline is idempotent on it (a second run
// changes nothing, compared with ast::Dump).
#include <doctest/doctest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "../../tools/corpus_walk.h"
#include "ast/dump.h"
#include "base/arena.h"
#include "corpus_support.h"
#include "lexer/lexer.h"
#include "lexer/script.h"
#include "parser/parser.h"
#include "rewrite/pipeline.h"
#include "test_support.h"

namespace hivelineage {
namespace {

std::vector<std::filesystem::path> Files() { return corpus::QueryFiles(testing::HiveCorpus() / "queries"); }

TEST_CASE("Hive corpus: every file splits and tokenizes without lexer errors") {
  const auto files = Files();
  REQUIRE(files.size() > 2000);
  size_t statements = 0;
  std::vector<std::string> failures;
  for (const auto& path : files) {
    SourceFile f(path.filename().string(), testing::ReadFile(path));
    lexer::Variables vars;
    Diagnostics diags;
    for (const lexer::StatementText& s : lexer::SplitScript(f, vars, diags)) {
      if (s.command != lexer::CommandKind::None) continue;
      ++statements;
      std::vector<lexer::Token> toks;
      Diagnostics lex;
      lexer::Tokenize(s.text(), {}, toks, lex);
      for (const auto& d : lex)
        if (d.severity == Severity::Error)
          failures.push_back(Render(f, Diagnostic{d.severity, s.ToOriginal(d.span), d.message, d.code}));
    }
  }
  std::printf("corpus: %zu statements tokenized, %zu lexer errors\n", statements, failures.size());
  REQUIRE(statements > 40000);
  for (size_t i = 0; i < failures.size() && i < 20; ++i) MESSAGE(failures[i]);
  CHECK(failures.empty());
}

TEST_CASE("Hive corpus: the rewrite pipeline run twice equals once on every statement") {
  size_t checked = 0;
  size_t differing = 0;
  std::string first_diff;
  for (const auto& path : Files()) {
    SourceFile file(path.string(), testing::ReadFile(path));
    corpus::ForEachStatement(file, [&](const lexer::StatementText& st, const parser::ParseOptions& options) {
      Arena arena;
      Diagnostics pd;
      ast::Statement* stmt = parser::ParseStatement(st.text(), arena, options, pd);
      if (stmt == nullptr) return;
      rewrite::RewriteResult result = rewrite::RunPipeline(*stmt, arena);
      const std::string once = ast::Dump(stmt);
      rewrite::RunPipeline(*stmt, arena, result);
      ++checked;
      if (ast::Dump(stmt) != once && differing++ == 0) first_diff = std::string(st.text());
    });
  }
  std::printf("corpus: rewrite pipeline idempotent on %zu of %zu parsed statements\n", checked - differing, checked);
  REQUIRE(checked > 40000);
  CHECK_MESSAGE(differing == 0, "first differing statement: " << first_diff);
}

}  // namespace
}  // namespace hivelineage
