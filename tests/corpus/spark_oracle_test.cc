// Agreement with Spark's analyzed plans on Spark's own SQL query tests
// (../shared/corpus/spark-sqltests): ../shared/tools/spark_plan_oracle.py
// runs the built CLI with --dialect spark on every file and compares the
// tables read, the output names of queries and the columns INSERT / CTAS /
// views write with Spark's plans. Each measure, over the statements compared
// and over all plans (a statement the analyzer fails counts as a miss), must
// not fall below its pinned floor (docs/dialects.md has the figures).
#include <doctest/doctest.h>

#include <cstdio>
#include <string>

#include "corpus_support.h"
#include "nlohmann/json.hpp"
#include "test_support.h"

namespace hivelineage {
namespace {

namespace fs = std::filesystem;

// Percentages reached, rounded down to 0.1%. Raise them when the analyzer
// improves; never lower them.
// Measured: tables 99.92 / 99.68, names 98.76 / 98.59, written columns
// 100.00 / 99.13, target 100.00 / 99.13. (Written columns compared fell from
// 99.07 when the views WITH SCHEMA ... and DEFAULT COLLATION, failed before,
// came to be compared: of all plans they rose from 93.70.)
constexpr double kTablesCompared = 99.9, kTablesAll = 99.6;
constexpr double kNamesCompared = 98.7, kNamesAll = 98.5;
constexpr double kTargetColsCompared = 99.9, kTargetColsAll = 99.1;
constexpr double kTargetCompared = 99.9, kTargetAll = 99.1;
// Output names agreed without a guess over a schema hivelineage lacked, of
// all query plans (tools/spark_plan_report). Measured: 98.43.
constexpr double kNamesSettledAll = 98.4;

double Percent(const nlohmann::json& ok, const nlohmann::json& of) {
  REQUIRE(ok.is_number());
  REQUIRE(of.is_number());
  REQUIRE(of.get<double>() > 0);
  return 100.0 * ok.get<double>() / of.get<double>();
}

TEST_CASE("Spark corpus: agreement with Spark's analyzed plans, floors per measure") {
  const fs::path shared = testing::SharedDir();
  const fs::path tool = shared / "tools" / "spark_plan_oracle.py";
  const fs::path split = shared / "corpus" / "spark-sqltests";
  REQUIRE_MESSAGE(fs::exists(tool), tool.string());
  REQUIRE_MESSAGE(fs::exists(split / "statements.jsonl"), split.string());
  const fs::path scratch = testing::ProcessTempDir("hivelineage_spark_oracle_");
  const fs::path summary = scratch / "summary.json";
  const fs::path details = scratch / "details.jsonl";
  const fs::path work = scratch / "work";
  const std::string command = "python3 " + testing::ShellQuote(tool.string()) + " " +
                              testing::ShellQuote(split.string()) + " --bin " + testing::ShellQuote(HIVELINEAGE_CLI) +
                              " --extra-args '--dialect spark' --json " + testing::ShellQuote(summary.string()) +
                              " --details " + testing::ShellQuote(details.string()) + " --work " +
                              testing::ShellQuote(work.string());
  const testing::ShellResult r = testing::RunShell(command, scratch, scratch);
  INFO(r.out);
  INFO(r.err);
  REQUIRE(r.code == 0);
  const nlohmann::json j = nlohmann::json::parse(testing::ReadFile(summary), nullptr, false);
  REQUIRE(j.is_object());
  const nlohmann::json& all = j["all"];
  const nlohmann::json& query = j["categories"]["query"];
  REQUIRE(all["plans"].get<int>() > 10000);
  // The plans that write columns: INSERT, INSERT OVERWRITE, CTAS, views.
  double writing_plans = 0;
  for (const char* c : {"insert", "insert_overwrite", "ctas", "create_view"})
    writing_plans += j["categories"][c].value("plans", 0);
  REQUIRE(writing_plans > 500);

  const double tables_compared = Percent(all["tables_direct_ok"], all["tables_direct_n"]);
  const double tables_all = Percent(all["tables_direct_ok"], all["plans"]);
  const double names_compared = Percent(query["names_exact_ok"], query["names_exact_n"]);
  const double names_all = Percent(query["names_exact_ok"], query["plans"]);
  const double cols_compared = Percent(all["target_cols_ok"], all["target_cols_n"]);
  const double cols_all = Percent(all["target_cols_ok"], nlohmann::json(writing_plans));
  const double target_compared = Percent(all["target_ok"], all["target_n"]);
  const double target_all = Percent(all["target_ok"], nlohmann::json(writing_plans));
  std::printf(
      "spark oracle (compared / of all plans): tables read %.2f%% / %.2f%%, output names %.2f%% / %.2f%%, "
      "written columns %.2f%% / %.2f%%, target %.2f%% / %.2f%%; analyzer errors %d of %d plans\n",
      tables_compared, tables_all, names_compared, names_all, cols_compared, cols_all, target_compared, target_all,
      all.value("hivelineage error", 0), all["plans"].get<int>());
  CHECK(tables_compared >= kTablesCompared);
  CHECK(tables_all >= kTablesAll);
  CHECK(names_compared >= kNamesCompared);
  CHECK(names_all >= kNamesAll);
  CHECK(cols_compared >= kTargetColsCompared);
  CHECK(cols_all >= kTargetColsAll);
  CHECK(target_compared >= kTargetCompared);
  CHECK(target_all >= kTargetAll);

  // tools/spark_plan_report: the same figures, with the agreements only
  // Spark's catalog settles (hivelineage warned it lacked a schema or name)
  // said apart, and the differences split into hivelineage's own, catalog
  // and withheld settings.
  const fs::path report_json = scratch / "report.json";
  const testing::ShellResult rep = testing::RunShell(
      testing::ShellQuote(HIVELINEAGE_SPARK_PLAN_REPORT) + " " + testing::ShellQuote(split.string()) + " --details " +
          testing::ShellQuote(details.string()) + " --catalog " + testing::ShellQuote((work / "suite-tables.sql").string()) +
          " --json " + testing::ShellQuote(report_json.string()),
      scratch, scratch);
  INFO(rep.out);
  INFO(rep.err);
  REQUIRE(rep.code == 0);
  std::printf("%s", rep.out.c_str());
  const nlohmann::json report = nlohmann::json::parse(testing::ReadFile(report_json), nullptr, false);
  REQUIRE(report.is_object());
  const auto same = [&](const char* measure, const nlohmann::json& ok, const nlohmann::json& n, double plans) {
    const nlohmann::json& m = report[measure];
    INFO(measure);
    CHECK_EQ(m["ok"].get<long>(), ok.get<long>());
    CHECK_EQ(m["compared"].get<long>(), n.get<long>());
    CHECK_EQ(m["plans"].get<double>(), plans);
    CHECK_EQ(m["ok_settled"].get<long>() + m["ok_catalog"].get<long>(), m["ok"].get<long>());
    CHECK_EQ(m["bad_own"].get<long>() + m["bad_catalog"].get<long>() + m["bad_settings"].get<long>(),
             m["compared"].get<long>() - m["ok"].get<long>());
  };
  same("tables_direct", all["tables_direct_ok"], all["tables_direct_n"], all["plans"].get<double>());
  same("names_exact", query["names_exact_ok"], query["names_exact_n"], query["plans"].get<double>());
  same("target", all["target_ok"], all["target_n"], writing_plans);
  same("target_cols", all["target_cols_ok"], all["target_cols_n"], writing_plans);
  // Known of this corpus: '*' over tables it never declares (guesses), files
  // run under a time zone the oracle does not pass (settings).
  CHECK(report["names_exact"]["ok_catalog"].get<long>() > 0);
  CHECK(report["names_exact"]["bad_catalog"].get<long>() > 0);
  CHECK(report["names_exact"]["bad_settings"].get<long>() > 0);
  const double names_settled = Percent(report["names_exact"]["ok_settled"], query["plans"]);
  CHECK(names_settled >= kNamesSettledAll);
}

}  // namespace
}  // namespace hivelineage
