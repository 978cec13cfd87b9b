// Diagnostic codes (base/diagnostic_code.def): every code has a stable name
// that reads back and a row in docs/diagnostics.md, and typical inputs give
// their codes, so tests can match codes instead of messages.
#include <doctest/doctest.h>

#include <memory>
#include <set>
#include <string>
#include <string_view>

#include "base/diagnostic.h"
#include "driver/analyze_script.h"
#include "test_support.h"

using namespace hivelineage;

namespace {

constexpr DiagnosticCode kAllCodes[] = {
#define HIVEQL_DIAGNOSTIC(Name, Kebab, Summary) DiagnosticCode::Name,
#include "base/diagnostic_code.def"
#undef HIVEQL_DIAGNOSTIC
};

// Every diagnostic of the file and of its statements.
Diagnostics AllDiagnostics(std::string_view text) {
  lineage::Session session;
  const driver::FileResult r =
      driver::AnalyzeScript(std::make_shared<const SourceFile>("t.sql", text), session, driver::AnalyzeOptions{});
  Diagnostics all = r.diagnostics;
  for (const driver::StatementResult& s : r.statements)
    all.insert(all.end(), s.diagnostics.begin(), s.diagnostics.end());
  return all;
}

bool Has(const Diagnostics& diags, DiagnosticCode code) {
  for (const Diagnostic& d : diags)
    if (d.code == code) return true;
  return false;
}

}  // namespace

TEST_CASE("diagnostic codes: every name is distinct and reads back") {
  std::set<std::string> names;
  for (DiagnosticCode code : kAllCodes) {
    const std::string name = DiagnosticCodeName(code);
    CAPTURE(name);
    CHECK(names.insert(name).second);
    DiagnosticCode back{};
    REQUIRE(ParseDiagnosticCode(name, back));
    CHECK(back == code);
  }
  DiagnosticCode unused{};
  CHECK_FALSE(ParseDiagnosticCode("no-such-code", unused));
  CHECK(names.size() > 40);
}

TEST_CASE("diagnostic codes: docs/diagnostics.md has a row for every code") {
  const std::string doc = testing::ReadFile(testing::SourceDir() / "docs/diagnostics.md");
  REQUIRE(!doc.empty());
  for (DiagnosticCode code : kAllCodes) {
    const std::string row = std::string("| `") + DiagnosticCodeName(code) + "` |";
    CAPTURE(row);
    CHECK(doc.find(row) != std::string::npos);
  }
}

TEST_CASE("diagnostic codes: typical inputs give their codes") {
  struct Case {
    std::string_view sql;
    DiagnosticCode code;
  };
  const Case cases[] = {
      {"select 'abc", DiagnosticCode::UnterminatedString},
      {"select `abc", DiagnosticCode::UnterminatedString},
      {"select 1 /* never closed", DiagnosticCode::UnterminatedComment},
      {"select 1\xC2\xA0+ 2", DiagnosticCode::WhiteSpaceVariant},
      {"select 1\xEF\xBC\x9B select 2", DiagnosticCode::FullWidthSemicolon},
      {"select a from t where", DiagnosticCode::SyntaxError},
      {"select ${undefined_here} from t", DiagnosticCode::UndefinedVariable},
      {"create table a (x int);\nselect y from a", DiagnosticCode::UnresolvedColumn},
      {"create table a (x int);\ncreate table b (x int);\nselect x from a join b", DiagnosticCode::AmbiguousColumn},
      {"select q.* from t", DiagnosticCode::UnresolvedStar},
      {"select *", DiagnosticCode::UnresolvedStar},
      {"create table a (x int, y int);\ninsert into table a select 1", DiagnosticCode::ColumnCountMismatch},
      {"select k from s join u on s.id = u.id", DiagnosticCode::PossibleColumn},
  };
  for (const Case& c : cases) {
    CAPTURE(c.sql);
    CAPTURE(DiagnosticCodeName(c.code));
    const Diagnostics diags = AllDiagnostics(c.sql);
    std::string got;
    for (const Diagnostic& d : diags) got += std::string(DiagnosticCodeName(d.code)) + ": " + d.message + "\n";
    CAPTURE(got);
    CHECK(Has(diags, c.code));
  }
}
