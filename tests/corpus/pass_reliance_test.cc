// Lineage relies on every rewrite pass on real statements: on Hive's query
// tests, leaving out any one pass changes the lineage of some statement
// (tests/pass_reliance_test.cc shows what each pass carries on small cases).
#include <doctest/doctest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "../../tools/corpus_walk.h"
#include "base/arena.h"
#include "corpus_support.h"
#include "lexer/script.h"
#include "lineage/lineage.h"
#include "lineage_without.h"
#include "parser/parser.h"
#include "rewrite/pipeline.h"
#include "test_support.h"

namespace hivelineage {
namespace {

using testing::LineageWithout;

TEST_CASE("Hive corpus: each rewrite pass changes the lineage of real statements") {
  // Every statement of Hive's query tests, with all passes and with each left out.
  std::vector<std::string> statements;  // those that parse
  lexer::Variables vars;
  for (const auto& e : corpus::QueryFiles(testing::HiveCorpus() / "queries")) {
    SourceFile file(e.string(), testing::ReadFile(e));
    Diagnostics diags;
    for (const lexer::StatementText& st : lexer::SplitScript(file, vars, diags)) {
      Arena arena;
      if (st.command == lexer::CommandKind::None &&
          parser::ParseStatement(st.text(), arena, parser::ParseOptions{}, diags) != nullptr)
        statements.emplace_back(st.text());
    }
  }
  REQUIRE(statements.size() > 40000);
  auto render = [](const lineage::StatementLineage& l) {
    std::string out;
    for (const auto& c : l.columns) {
      out += c.target + "<-" + c.expression;
      for (const auto& s : c.sources) out += " " + s;
      out += "\n";
    }
    for (const auto& p : l.predicates) {
      out += std::string(lineage::ClauseName(p.clause)) + ":" + p.expression;
      for (const auto& s : p.sources) out += " " + s;
      out += "\n";
    }
    for (const auto& i : l.inputs) out += "in " + i + "\n";
    for (const auto& d : l.diagnostics) out += "! " + d.message + "\n";
    return out;
  };
  std::vector<std::string> all_passes;
  for (const std::string& sql : statements) all_passes.push_back(render(LineageWithout("", sql)));
  for (const rewrite::Pass& pass : rewrite::Passes()) {
    CAPTURE(pass.name);
    size_t changed = 0;
    for (size_t i = 0; i < statements.size(); ++i)
      changed += render(LineageWithout(pass.name, statements[i])) != all_passes[i];
    std::printf("corpus: without %s the lineage of %zu of %zu statements changes\n", std::string(pass.name).c_str(),
                changed, statements.size());
    // WITH RECURSIVE is Spark's: Hive's statements never meet the pass, which must leave them as they were
    // (tests/spark_recursive_cte_test.cc shows what it changes).
    if (pass.name == "recursive_ctes")
      CHECK(changed == 0);
    else
      CHECK(changed > 0);
  }
}

}  // namespace
}  // namespace hivelineage
