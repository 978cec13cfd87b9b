// Spark SQL's predicate, operator, literal and type forms (docs/dialects.md):
// LIKE/ILIKE ... ESCAPE, `!` for NOT, FILTER after WITHIN GROUP, OVERLAY ...
// PLACING, position(a IN s), Spark's further interval units, TIME and
// WITHOUT TIME ZONE types, named rows `(x AS a, y AS b)`, qualified collation
// names. Each parses into typed nodes under --dialect spark, prints back to
// text that parses to the same print, and is named as Spark names it.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "ast/print_sql.h"
#include "base/dialect.h"
#include "lineage/lineage.h"
#include "parser/parser.h"
#include "rewrite/pipeline.h"
#include "dialect_print_check.h"
#include "statement_lineage_lookup.h"

using namespace hivelineage;

namespace {

std::string P(std::string_view sql, Dialect d = Dialect::Spark) {
  return testing::CheckedPrint(sql, d, {.error_message = true, .other = false, .same_tree = false});
}

bool Rejected(std::string_view sql, Dialect d) { return P(sql, d).starts_with("ERROR"); }

std::string Name(std::string_view item) { return testing::SparkItemName(item); }

using Strings = std::vector<std::string>;

}  // namespace

TEST_CASE("spark: LIKE and ILIKE take an ESCAPE character") {
  CHECK_EQ(P("SELECT a LIKE 'x#%' ESCAPE '#', b NOT ILIKE 'y$_' ESCAPE '$' FROM t"),
           "SELECT a LIKE 'x#%' ESCAPE '#', b NOT ILIKE 'y$_' ESCAPE '$' FROM t");
  CHECK(Rejected("SELECT a LIKE 'x#%' ESCAPE '#' FROM t", Dialect::Hive));
  CHECK(Rejected("SELECT a RLIKE 'x' ESCAPE '#' FROM t", Dialect::Spark));
  // Spark names ILIKE as the call ilike(a, p), its escape left out; a LIKE keeps its escape.
  CHECK_EQ(Name("a ILIKE 'p%'"), "ilike(a, p%)");
  CHECK_EQ(Name("a ILIKE 'p#%' ESCAPE '#'"), "ilike(a, p#%)");
  CHECK_EQ(Name("a LIKE 'p#%' ESCAPE '#'"), "a like p#% escape '#'");
  const auto l = testing::DialectLineage("INSERT INTO dw.r SELECT a LIKE p ESCAPE '#' AS x FROM ods.t");
  CHECK_EQ(testing::Sources(l, "dw.r.x"), Strings{"ods.t.a", "ods.t.p"});
}

TEST_CASE("spark: `!` is NOT before IN, BETWEEN, LIKE and in IS ! NULL") {
  CHECK_EQ(P("SELECT a ! IN (1, 2), a ! BETWEEN 0 AND 2, s ! LIKE 'w%', a IS ! NULL FROM t"),
           "SELECT a NOT IN (1, 2), a NOT BETWEEN 0 AND 2, s NOT LIKE 'w%', a IS NOT NULL FROM t");
  CHECK(Rejected("SELECT a ! IN (1, 2) FROM t", Dialect::Hive));
}

TEST_CASE("spark: FILTER after WITHIN GROUP") {
  CHECK_EQ(P("SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY v) FILTER (WHERE k > 1) FROM t"),
           "SELECT percentile_cont(if((k > 1), 0.5, NULL)) WITHIN GROUP (ORDER BY v) FROM t");
  CHECK_EQ(P("SELECT mode() WITHIN GROUP (ORDER BY v) FILTER (WHERE k > 1) FROM t"),
           "SELECT mode() WITHIN GROUP (ORDER BY if((k > 1), v, NULL)) FROM t");
  const auto l = testing::DialectLineage(
      "INSERT INTO dw.r SELECT mode() WITHIN GROUP (ORDER BY v) FILTER (WHERE k > 1) AS m FROM ods.t");
  CHECK_EQ(testing::Sources(l, "dw.r.m"), Strings{"ods.t.k", "ods.t.v"});  // the condition's columns too
}

TEST_CASE("spark: OVERLAY ... PLACING and position(a IN s)") {
  CHECK_EQ(P("SELECT overlay(s PLACING 'ab' FROM 2), OVERLAY(s PLACING r FROM 2 FOR 3) FROM t"),
           "SELECT overlay(s, 'ab', 2), overlay(s, r, 2, 3) FROM t");
  CHECK_EQ(P("SELECT position('b' IN s), position(x, s) FROM t"), "SELECT locate('b', s), position(x, s) FROM t");
  CHECK(Rejected("SELECT overlay(s PLACING 'ab' FROM 2) FROM t", Dialect::Hive));
  // Spark names them with the defaults it adds: position(a IN s) is locate(a, s, 1).
  CHECK_EQ(Name("position('b' IN s)"), "locate(b, s, 1)");
  CHECK_EQ(Name("position('b', s)"), "position(b, s, 1)");
  CHECK_EQ(Name("overlay(s PLACING 'ab' FROM 2)"), "overlay(s, ab, 2, -1)");
}

TEST_CASE("spark: WEEK, MILLISECOND, MICROSECOND and NANOSECOND interval units") {
  CHECK_EQ(P("SELECT INTERVAL 2 weeks, INTERVAL 3 week 8 milliseconds 9 microsecond FROM t"),
           P("SELECT INTERVAL 2 week, INTERVAL 3 week + INTERVAL 8 millisecond + INTERVAL 9 microsecond FROM t"));
  CHECK_FALSE(Rejected("SELECT INTERVAL 10 nanoseconds FROM t", Dialect::Spark));
  // A later value may carry its sign.
  CHECK_EQ(P("SELECT INTERVAL -1 day 1 hour -1 minute FROM t"),
           P("SELECT INTERVAL -1 day + INTERVAL 1 hour + INTERVAL -1 minute FROM t"));
  CHECK(Rejected("SELECT INTERVAL 2 weeks FROM t", Dialect::Hive));
  CHECK_EQ(Name("INTERVAL 3 week"), "interval '21' day");  // Spark counts weeks in days
}

TEST_CASE("spark: TIME and WITHOUT TIME ZONE types") {
  CHECK_EQ(P("SELECT CAST(a AS time), CAST(a AS time(6) without time zone), "
             "CAST(b AS TIMESTAMP WITHOUT TIME ZONE) FROM t"),
           "SELECT CAST(a AS time), CAST(a AS time(6)), CAST(b AS timestamp_ntz) FROM t");
  CHECK(Rejected("SELECT CAST(b AS TIMESTAMP WITHOUT TIME ZONE) FROM t", Dialect::Hive));
}

TEST_CASE("spark: DEC names a column") {
  CHECK_EQ(P("SELECT f(dec) FROM t"), "SELECT f(`dec`) FROM t");
  CHECK(Rejected("SELECT f(dec) FROM t", Dialect::Hive));
}

TEST_CASE("spark: a row of named values is a named struct") {
  CHECK_EQ(P("SELECT aggregate(xs, (0 AS s, 0 AS n), (acc, x) -> acc) FROM t"),
           "SELECT aggregate(xs, named_struct('s', 0, 'n', 0), (acc, x) -> acc) FROM t");
  CHECK_EQ(P("SELECT (a AS x, b) FROM t"), "SELECT named_struct('x', a, 'b', b) FROM t");
  CHECK(Rejected("SELECT (a AS x) FROM t", Dialect::Spark));
  CHECK(Rejected("SELECT (a AS x, b) FROM t", Dialect::Hive));
}

TEST_CASE("spark: a collation named with its catalog and schema") {
  CHECK_EQ(P("SELECT s COLLATE system.builtin.UTF8_LCASE, CAST(s AS STRING COLLATE system.builtin.UNICODE) FROM t"),
           "SELECT collate(s, 'utf8_lcase'), CAST(s AS string collate unicode) FROM t");
  CHECK_EQ(Name("'a' COLLATE system.builtin.UNICODE"), "collate(a, unicode)");
}

TEST_CASE("spark names: a string literal compared with a collated value takes its collation") {
  CHECK_EQ(Name("'a' COLLATE unicode_ci = 'A'"), "(collate(a, unicode_ci) = 'a' collate unicode_ci)");
  CHECK_EQ(Name("'c' = 'd' COLLATE sr_latn_ai"), "('c' collate sr_latn_ai = collate(d, sr_latn_ai))");
  CHECK_EQ(Name("'a' = 'A'"), "(a = a)");
}

TEST_CASE("spark names: IS TRUE / FALSE / UNKNOWN, extract('unit', d), cume_dist's frame, substr ... FROM") {
  CHECK_EQ(Name("a IS TRUE"), "(a <=> true)");
  CHECK_EQ(Name("a IS NOT FALSE"), "(not (a <=> false))");
  CHECK_EQ(Name("a IS NOT UNKNOWN"), "(a is not null)");
  CHECK_EQ(Name("extract('year', d)"), "extract(year from d)");
  CHECK_EQ(Name("cume_dist() OVER (ORDER BY a)"),
           "cume_dist() over (order by a asc nulls first range between unbounded preceding and current row)");
  CHECK_EQ(Name("substr(s FROM 2)"), "substring(s, 2, 2147483647)");
  CHECK_EQ(Name("substr(s, 2)"), "substr(s, 2, 2147483647)");
}
