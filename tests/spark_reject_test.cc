// What Spark's parser rejects is rejected under --dialect spark too
// (src/parser/spark_checks.cc, docs/dialects.md "What Spark rejects"): each
// rule with a located spark-rejects error, next to the valid neighbour that
// still parses; Spark's double-quoted identifiers setting; and the one error
// per file that a script of the other dialect gets (docs/dialects.md).
#include <doctest/doctest.h>

#include <string>

#include "base/dialect.h"
#include "cli_in_process.h"
#include "parser/parser.h"
#include "test_support.h"

using namespace hivelineage;

namespace {

parser::ParseOptions SparkOptions() {
  parser::ParseOptions o;
  o.dialect = Dialect::Spark;
  return o;
}

// "" when `sql` parses under Spark; else the first error's code name, a
// colon, and the error's offset.
std::string Verdict(std::string_view sql, const parser::ParseOptions& options = SparkOptions()) {
  Arena arena;
  Diagnostics diags;
  if (parser::ParseStatement(sql, arena, options, diags) != nullptr) return "";
  for (const Diagnostic& d : diags)
    if (d.severity == Severity::Error) return Cat(DiagnosticCodeName(d.code), ":", d.span.begin);
  return "no error";
}

// Rejected one way or another: Spark's parse-time checks or the grammar itself.
bool Rejected(std::string_view sql) {
  const std::string v = Verdict(sql);
  return !v.empty() && v != "no error";
}

// Spark rejects `bad` at byte `at` for its value or form; `good` parses.
void RejectsAt(std::string_view bad, uint32_t at, std::string_view good) {
  CAPTURE(bad);
  CHECK_EQ(Verdict(bad), Cat("spark-rejects:", at));
  CHECK_EQ(Verdict(good), "");
}

}  // namespace

TEST_CASE("spark rejects: typed literals whose text is not Spark's format") {
  RejectsAt("SELECT DATE '1999 Jan 08'", 7, "SELECT DATE '1999-01-08'");
  RejectsAt("SELECT date'015'", 7, "SELECT date'2015'");
  RejectsAt("SELECT DATE '2023-02-29'", 7, "SELECT DATE '2024-02-29'");
  RejectsAt("SELECT DATE '2020-01-01\xE4\xB8\xAD'", 7, "SELECT DATE '2020-01-01 10:00'");
  RejectsAt("SELECT TIMESTAMP '2016-33-11 20:54:00.000'", 7, "SELECT TIMESTAMP '2016-03-11 20:54:00.000'");
  RejectsAt("SELECT TIMESTAMP '2021-01-01T12:30:4294967297.1'", 7,
            "SELECT TIMESTAMP '2021-01-01T12:30:42.123456Z'");
  RejectsAt("SELECT timestamp_ntz '4294967297'", 7, "SELECT TIMESTAMP '2019-01-01 10:00:00 America/Los_Angeles'");
  RejectsAt("SELECT X'XuZ'", 7, "SELECT X'1F'");
  CHECK_EQ(Verdict("SELECT TIMESTAMP 'now'"), "");
  CHECK_EQ(Verdict("SELECT TIMESTAMP '10:30'"), "");
  // HiveQL checks none of this.
  parser::ParseOptions hive;
  CHECK_EQ(Verdict("SELECT DATE '1999 Jan 08'", hive), "");
}

TEST_CASE("spark rejects: numbers out of their suffix's range") {
  RejectsAt("SELECT 128Y", 7, "SELECT 127Y");
  RejectsAt("SELECT 32768S", 7, "SELECT -32768S");
  RejectsAt("SELECT 9223372036854775808L", 7, "SELECT -9223372036854775808L");
  RejectsAt("SELECT -3.4028235E39f", 7, "SELECT -3.4028235E38f");
  RejectsAt("SELECT 1E309", 7, "SELECT 1E308");
  RejectsAt("SELECT 1.20E-38BD", 7, "SELECT 1.20E-36BD");
}

TEST_CASE("spark rejects: interval strings and units that do not fit") {
  RejectsAt("SELECT INTERVAL '15:40' HOUR TO SECOND", 7, "SELECT INTERVAL '15:40:32.5' HOUR TO SECOND");
  RejectsAt("SELECT INTERVAL '1 2:03' DAY TO HOUR", 7, "SELECT INTERVAL '1 02' DAY TO HOUR");
  RejectsAt("SELECT INTERVAL '1' YEAR TO SECOND", 7, "SELECT INTERVAL '-1-2' YEAR TO MONTH");
  RejectsAt("SELECT INTERVAL 1 YEAR TO MONTH", 7, "SELECT INTERVAL '1-11' YEAR TO MONTH");
  RejectsAt("SELECT INTERVAL '178956970-8' YEAR TO MONTH", 7, "SELECT INTERVAL '178956970-7' YEAR TO MONTH");
  RejectsAt("SELECT INTERVAL '106751992 04' DAY TO HOUR", 7, "SELECT INTERVAL '106751991 04' DAY TO HOUR");
  RejectsAt("SELECT INTERVAL '10-9' YEAR TO MONTH '2-1' YEAR TO MONTH", 7, "SELECT INTERVAL 1 YEAR 2 MONTHS");
  RejectsAt("SELECT INTERVAL 3 MONTH 1 HOUR", 7, "SELECT INTERVAL 3 DAY 1 HOUR");
  RejectsAt("SELECT INTERVAL '1 day 2' DAY", 7, "SELECT INTERVAL '2' DAY");
  RejectsAt("SELECT INTERVAL '1 day 1'", 7, "SELECT INTERVAL '1 day 2 hours'");
  RejectsAt("SELECT INTERVAL '-1 month 1 day'", 7, "SELECT INTERVAL 'interval 1 year -2 months'");
}

TEST_CASE("spark rejects: a quoted unit in DATEADD and its kin, IN (), IDENTIFIER of a query") {
  RejectsAt("SELECT timestampdiff('MINUTE', a, b) FROM t", 21, "SELECT date_add(d, 1) FROM t");
  RejectsAt("SELECT dateadd('MICROSECOND', 1, ts) FROM t", 15, "SELECT datediff(a, b) FROM t");
  RejectsAt("SELECT 1 NOT IN ()", 7, "SELECT 1 NOT IN (2)");
  RejectsAt("SELECT IDENTIFIER((SELECT 'c', 'd')) FROM t", 18, "SELECT IDENTIFIER((SELECT 'c')) FROM t");
}

TEST_CASE("spark rejects: duplicate names, window references, frame bounds, VALUES widths, temporary views") {
  RejectsAt("WITH t AS (SELECT 1), T AS (SELECT 2) SELECT * FROM t", 22,
            "WITH t AS (SELECT 1), u AS (SELECT 2) SELECT * FROM t");
  const std::string loop = "SELECT sum(a) OVER w1 FROM t WINDOW w1 AS w2, w2 AS w1";
  CHECK(Verdict(loop).starts_with("spark-rejects:"));
  CHECK_EQ(Verdict("SELECT sum(a) OVER w2 FROM t WINDOW w1 AS (ORDER BY a), w2 AS w1"), "");
  CHECK(Verdict("SELECT sum(a) OVER w FROM t WINDOW w AS (ORDER BY a), w AS (ORDER BY b)")
            .starts_with("spark-rejects:"));
  CHECK(Verdict("SELECT count(a) OVER (ORDER BY a RANGE BETWEEN CURRENT ROW AND current_date PRECEDING) FROM t")
            .starts_with("spark-rejects:"));
  CHECK_EQ(Verdict("SELECT count(a) OVER (ORDER BY a ROWS BETWEEN CURRENT ROW AND 2 FOLLOWING) FROM t"), "");
  RejectsAt("SELECT * FROM VALUES (1, 2), (3) AS v(a, b)", 14, "SELECT * FROM VALUES (1, 2), (3, 4) AS v(a, b)");
  CHECK(Verdict("SELECT * FROM VALUES (1), (2) AS v(a, b)").starts_with("spark-rejects:"));
  RejectsAt("CREATE TEMPORARY VIEW db.v AS SELECT 1", 22, "CREATE TEMPORARY VIEW v AS SELECT 1");
  RejectsAt("SELECT FALSE IS NOT NULL :: string", 7, "SELECT (FALSE IS NOT NULL) :: string");
}

TEST_CASE("spark: SET spark.sql.ansi.doubleQuotedIdentifiers makes \"x\" a name") {
  parser::ParseOptions o = SparkOptions();
  CHECK(Verdict("SELECT 1 FROM \"t\"", o).starts_with("syntax-error:"));
  parser::ApplySetting("spark.sql.ansi.doubleQuotedIdentifiers", "true", o);
  CHECK_EQ(Verdict("SELECT \"a b\" FROM \"t\"", o), "");
  CHECK(Verdict("SELECT INTERVAL \"1\" YEAR", o).starts_with("syntax-error:"));
  parser::ApplySetting("spark.sql.ansi.doubleQuotedIdentifiers", "false", o);
  CHECK(Verdict("SELECT 1 FROM \"t\"", o).starts_with("syntax-error:"));
  // Spark's key does nothing to HiveQL.
  parser::ParseOptions hive;
  parser::ApplySetting("spark.sql.ansi.doubleQuotedIdentifiers", "true", hive);
  CHECK_FALSE(hive.lex.double_quoted_identifiers);
}

TEST_CASE("cli: a script's SET of doubleQuotedIdentifiers changes the statements after it") {
  const std::filesystem::path dir = testing::ProcessTempDir("spark_dq_");
  testing::WriteFile(dir, "q.sql",
                     "SET spark.sql.ansi.doubleQuotedIdentifiers=true;\n"
                     "INSERT INTO TABLE tgt SELECT \"a\" FROM \"src\";\n");
  const auto r = testing::RunMain("--quiet --dialect spark --format json q.sql", dir);
  CHECK_EQ(r.code, 0);
  CHECK(r.out.find("src") != std::string::npos);
  CHECK(r.err.find("error") == std::string::npos);
}

TEST_CASE("cli: a Spark script run as HiveQL gets one located error naming the dialect, not one per statement") {
  const std::filesystem::path dir = testing::ProcessTempDir("spark_hint_");
  testing::WriteFile(dir, "spark.sql",
                     "SELECT a FROM t LIMIT ALL;\n"
                     "INSERT INTO TABLE o SELECT a::int FROM t;\n"
                     "SELECT * FROM VALUES (1, 2) AS v(a, b);\n"
                     "SELECT FROM WHERE;\n");
  const auto r = testing::RunMain("--quiet spark.sql", dir);
  CAPTURE(r.err);
  CHECK_NE(r.code, 0);
  // One error names the dialect, at the first statement's failure (line 1).
  const size_t hint = r.err.find("spark.sql:1:");
  REQUIRE(hint != std::string::npos);
  CHECK(r.err.find("this is Spark SQL, not HiveQL; run with --dialect spark", hint) != std::string::npos);
  size_t named = 0;
  for (size_t at = r.err.find("run with --dialect spark"); at != std::string::npos;
       at = r.err.find("run with --dialect spark", at + 1))
    ++named;
  CHECK_EQ(named, 1);
  // The later Spark statements are notes, located; the real error stays an error.
  CHECK(r.err.find("spark.sql:2:") != std::string::npos);
  CHECK(r.err.find("spark.sql:4:") != std::string::npos);
  size_t errors = 0;
  for (size_t at = r.err.find(": error: "); at != std::string::npos; at = r.err.find(": error: ", at + 1)) ++errors;
  CHECK_EQ(errors, 2);
  // Read as Spark, the same script has only its real error.
  const auto spark = testing::RunMain("--quiet --dialect spark spark.sql", dir);
  CHECK(spark.err.find("--dialect") == std::string::npos);
  CHECK(spark.err.find("spark.sql:4:") != std::string::npos);
}

TEST_CASE("cli: a HiveQL script run as Spark SQL gets the hint the other way") {
  const std::filesystem::path dir = testing::ProcessTempDir("hive_hint_");
  testing::WriteFile(dir, "hive.sql", "SELECT DATE '1999 Jan 08' FROM t;\nSELECT 128Y FROM t;\n");
  const auto r = testing::RunMain("--quiet --dialect spark hive.sql", dir);
  CAPTURE(r.err);
  CHECK(r.err.find("this is HiveQL, not Spark SQL; run with --dialect hive") != std::string::npos);
  CHECK(r.err.find("hive.sql:2:") != std::string::npos);
}

TEST_CASE("cli: no dialect hint when the other dialect would only keep the statement as text") {
  // Hive keeps CREATE FUNCTION ... RETURN as text: that is no sign the script is HiveQL.
  const std::filesystem::path dir = testing::ProcessTempDir("no_hint_");
  testing::WriteFile(dir, "f.sql", "CREATE FUNCTION f() RETURNS TABLE() RETURN SELECT 1;\n");
  const auto r = testing::RunMain("--quiet --dialect spark f.sql", dir);
  CAPTURE(r.err);
  CHECK_NE(r.code, 0);
  CHECK(r.err.find("f.sql:1:") != std::string::npos);
  CHECK(r.err.find("--dialect hive") == std::string::npos);
}

TEST_CASE("spark rejects: TIME literals out of the clock") {
  RejectsAt("SELECT TIME'24:00:00'", 7, "SELECT TIME'23:59:59.123456789'");
  RejectsAt("SELECT TIME'00:00:00 PM'", 7, "SELECT TIME'12:00:00 PM'");
  RejectsAt("SELECT TIME'00:60'", 7, "SELECT TIME'1:2:3'");
  RejectsAt("SELECT INTERVAL -'178956970-9' YEAR TO MONTH", 7, "SELECT INTERVAL -'178956970-8' YEAR TO MONTH");
  CHECK_EQ(Verdict("SELECT INTERVAL '-\t 1' DAY"), "");
}

TEST_CASE("spark rejects: IDENTIFIER('text') that is no name, LATERAL joins with USING") {
  RejectsAt("SELECT IDENTIFIER('c 1') FROM t", 18, "SELECT IDENTIFIER('`c 1`') FROM t");
  CHECK(Verdict("SELECT * FROM t JOIN LATERAL (SELECT t.a AS b) s USING (b)").starts_with("spark-rejects:"));
  CHECK_EQ(Verdict("SELECT * FROM t JOIN LATERAL (SELECT t.a AS b) s ON s.b = t.a"), "");
}

TEST_CASE("spark rejects: DESCRIBE of an INSERT, DESCRIBE ... AS JSON without EXTENDED") {
  CHECK(Rejected("DESCRIBE INSERT INTO t SELECT * FROM s"));
  CHECK_EQ(Verdict("DESCRIBE QUERY SELECT * FROM s"), "");
  CHECK(Verdict("DESCRIBE t AS JSON").starts_with("spark-rejects:0"));
  CHECK_EQ(Verdict("DESCRIBE EXTENDED t AS JSON"), "");
}

TEST_CASE("spark rejects: SET TIME ZONE without a value or past 18 hours") {
  CHECK(Rejected("SET TIME ZONE"));
  CHECK(Verdict("SET TIME ZONE INTERVAL 3 DAYS").starts_with("spark-rejects:0"));
  CHECK(Verdict("SET TIME ZONE INTERVAL '19:40:32' HOUR TO SECOND").starts_with("spark-rejects:0"));
  CHECK(Verdict("SET TIME ZONE INTERVAL 10 HOURS 'GMT+1'").starts_with("spark-rejects:0"));
  CHECK_EQ(Verdict("SET TIME ZONE INTERVAL '15:40:32' HOUR TO SECOND"), "");
  CHECK_EQ(Verdict("SET TIME ZONE INTERVAL 10 HOURS"), "");
  CHECK_EQ(Verdict("SET TIME ZONE 'America/Los_Angeles'"), "");
  CHECK_EQ(Verdict("SET TIME ZONE LOCAL"), "");
}

TEST_CASE("spark rejects: session variables, SHOW TABLE EXTENDED and SQL functions") {
  CHECK(Verdict("DROP VARIABLE v").starts_with("spark-rejects:0"));
  CHECK_EQ(Verdict("DROP TEMPORARY VARIABLE v"), "");
  CHECK(Verdict("DECLARE v").starts_with("spark-rejects:0"));
  CHECK(Rejected("DECLARE VARIABLE IF NOT EXISTS v INT"));
  CHECK_EQ(Verdict("DECLARE VARIABLE v INT DEFAULT 1"), "");
  CHECK_EQ(Verdict("DECLARE v = 10"), "");
  CHECK(Verdict("SHOW TABLE EXTENDED").starts_with("spark-rejects:0"));
  CHECK_EQ(Verdict("SHOW TABLE EXTENDED LIKE 't*'"), "");
  CHECK(Rejected("CREATE FUNCTION f(x INT, y INT UNIQUE) RETURNS INT RETURN y"));
  CHECK(Rejected("CREATE FUNCTION f() RETURNS TABLE() RETURN SELECT 1"));
  CHECK(Rejected("CREATE FUNCTION f() RETURNS TABLE(c INT DEFAULT 5) RETURN SELECT 1"));
  CHECK_EQ(Verdict("CREATE FUNCTION f(x INT DEFAULT 1) RETURNS TABLE(c INT) RETURN SELECT x"), "");
}
