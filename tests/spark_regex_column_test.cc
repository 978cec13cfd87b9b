// Spark's quoted regex column names: after `set
// spark.sql.parser.quotedRegexColumnNames=true` a back-quoted name in a select
// item (`(a)?+.+`, t.`(a|b)`, also a function's argument) stands for the
// columns whose whole names match it, case-insensitively unless
// spark.sql.caseSensitive is true. The settings hold for the rest of the script.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "base/dialect.h"
#include "base/source_file.h"
#include "driver/analyze_script.h"
#include "lineage/lineage.h"

namespace {

using namespace hivelineage;
using Strings = std::vector<std::string>;

constexpr char kTable[] = "create table t (a int, b int, cc int);\n";

// The output names (a query's) or written columns of each statement of `sql`, read as Spark after kTable.
std::vector<Strings> Columns(const std::string& sql) {
  lineage::Session session;
  driver::AnalyzeOptions options;
  options.parse.dialect = Dialect::Spark;
  driver::FileResult f =
      driver::AnalyzeScript(std::make_shared<const SourceFile>("r.sql", kTable + sql), session, options);
  std::vector<Strings> out;
  for (size_t i = 1; i < f.statements.size(); ++i) {
    Strings names;
    for (const lineage::ColumnLineage& c : f.statements[i].lineage.columns) names.push_back(c.target);
    out.push_back(names);
  }
  return out;
}

}  // namespace

TEST_CASE("spark regex columns: off by default, a back-quoted name is a column's name") {
  const auto cols = Columns("select `a` from t;\n");
  REQUIRE_EQ(cols.size(), 1u);
  CHECK_EQ(cols[0], Strings{"a"});
}

TEST_CASE("spark regex columns: after the setting a back-quoted select item lists the matching columns") {
  const auto cols = Columns(
      "set spark.sql.parser.quotedRegexColumnNames=true;\n"
      "select `(a)?+.+` from t;\n"
      "select x.`(A|b)` from t x;\n"
      "select `(e|f)` from t;\n"
      "select `(a)?+.+`, a from t;\n");
  REQUIRE_EQ(cols.size(), 5u);
  CHECK_EQ(cols[1], Strings{"b", "cc"});  // possessive: `a` is never given back to `.+`
  CHECK_EQ(cols[2], Strings{"a", "b"});   // case-insensitive
  CHECK_EQ(cols[3], Strings{});
  CHECK_EQ(cols[4], (Strings{"b", "cc", "a"}));
}

TEST_CASE("spark regex columns: a back-quoted function argument is the columns it matches") {
  const auto cols = Columns(
      "set spark.sql.parser.quotedRegexColumnNames=true;\n"
      "select sum(`(a)`) from t;\n"
      "select sum(`(a|cc)?+.+`) from t where `a` > 1;\n");
  REQUIRE_EQ(cols.size(), 3u);
  CHECK_EQ(cols[1], Strings{"sum(a)"});
  CHECK_EQ(cols[2], Strings{"sum(b)"});
}

TEST_CASE("spark regex columns: spark.sql.caseSensitive=true matches names as written") {
  const auto cols = Columns(
      "set spark.sql.parser.quotedRegexColumnNames=true;\n"
      "set spark.sql.caseSensitive=true;\n"
      "select `(A)?+.+` from t;\n"
      "select `(a)?+.+` from t;\n"
      "set spark.sql.caseSensitive=false;\n"
      "select `(A)?+.+` from t;\n");
  REQUIRE_EQ(cols.size(), 6u);
  CHECK_EQ(cols[2], (Strings{"a", "b", "cc"}));
  CHECK_EQ(cols[3], (Strings{"b", "cc"}));
  CHECK_EQ(cols[5], (Strings{"b", "cc"}));
}

TEST_CASE("spark regex columns: the setting turned off again reads names; a bad pattern warns") {
  lineage::Session session;
  driver::AnalyzeOptions options;
  options.parse.dialect = Dialect::Spark;
  driver::FileResult f = driver::AnalyzeScript(
      std::make_shared<const SourceFile>("r.sql", std::string(kTable) +
                                                      "set spark.sql.parser.quotedRegexColumnNames=true;\n"
                                                      "select `(a` from t;\n"
                                                      "set spark.sql.parser.quotedRegexColumnNames=false;\n"
                                                      "select `a` from t;\n"),
      session, options);
  REQUIRE_EQ(f.statements.size(), 5u);
  bool warned = false;
  for (const Diagnostic& d : f.statements[2].diagnostics)
    warned = warned || (d.severity == Severity::Warning && d.message.find("column regex") != std::string::npos);
  CHECK(warned);
  CHECK(f.statements[2].lineage.columns.empty());
  REQUIRE_EQ(f.statements[4].lineage.columns.size(), 1u);
  CHECK_EQ(f.statements[4].lineage.columns[0].target, "a");
}
