// More of the names Spark gives select items and of the columns a `*` or a
// view lists (lineage/spark_names.h, the resolver's star expansion), each
// rule checked on a small query of our own under --dialect spark.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "base/dialect.h"
#include "lineage/catalog.h"
#include "lineage/lineage.h"
#include "parser/parser.h"
#include "rewrite/pipeline.h"
#include "dialect_print_check.h"

using namespace hivelineage;

namespace {

using Names = std::vector<std::string>;

std::string Name(std::string_view item) { return testing::SparkItemName(item); }

}  // namespace

TEST_CASE("spark names: a multi-unit interval with weeks is one day-time literal") {
  // Weeks are seven days; milli- and microseconds are fractions of the seconds.
  CHECK_EQ(Name("interval 1 week 2 microseconds"), "interval '7 00:00:00.000002' day to second");
  CHECK_EQ(Name("interval 2 weeks 5 millisecond 1 microsecond"), "interval '14 00:00:00.005001' day to second");
  CHECK_EQ(Name("interval 1 week 2 microseconds * 2"), "(interval '7 00:00:00.000002' day to second * 2)");
}

TEST_CASE("spark names: time_bucket of a TIMESTAMP_NTZ takes the epoch as its origin") {
  CHECK_EQ(Name("time_bucket(INTERVAL '5' MINUTE, TIMESTAMP_NTZ '2020-02-02 10:10:00')"),
           "time_bucket(interval '05' minute, timestamp_ntz '2020-02-02 10:10:00', "
           "timestamp_ntz '1970-01-01 00:00:00')");
  // Any other timestamp's origin depends on the session's time zone: not guessed.
  CHECK_EQ(Name("time_bucket(INTERVAL '5' MINUTE, ts)"), "time_bucket(interval '05' minute, ts)");
}

TEST_CASE("spark names: mode() WITHIN GROUP with a FILTER prints the filter after the order") {
  CHECK_EQ(Name("mode() WITHIN GROUP (ORDER BY a) FILTER (WHERE a > 3)"),
           "mode() within group (order by a desc) filter (where (a > 3))");
}

TEST_CASE("spark names: a RANGE frame's PRECEDING over an INT or DECIMAL key is written as such") {
  testing::SparkSession s;
  s.Run("CREATE TABLE w (i INT, d DECIMAL(10,2), b BIGINT, f FLOAT) USING parquet");
  // The offset needs no cast to the key's type: Spark keeps `n PRECEDING`.
  CHECK_EQ(s.OutputNames("SELECT sum(i) OVER (ORDER BY i RANGE BETWEEN 2 PRECEDING AND 1 PRECEDING) FROM w"),
           Names{"sum(i) over (order by i asc nulls first range between 2 preceding and 1 preceding)"});
  CHECK_EQ(s.OutputNames("SELECT sum(i) OVER x FROM w WINDOW x AS (ORDER BY d RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING)"),
           Names{"sum(i) over (order by d asc nulls first range between 1 preceding and 1 following)"});
  // Cast to a BIGINT or FLOAT key, the offset is the negated value FOLLOWING.
  CHECK_EQ(s.OutputNames("SELECT sum(i) OVER (ORDER BY b RANGE BETWEEN 2 PRECEDING AND CURRENT ROW) FROM w"),
           Names{"sum(i) over (order by b asc nulls first range between (- 2) following and current row)"});
  CHECK_EQ(s.OutputNames("SELECT sum(i) OVER (ORDER BY f RANGE BETWEEN 2 PRECEDING AND CURRENT ROW) FROM w"),
           Names{"sum(i) over (order by f asc nulls first range between (- 2) following and current row)"});
}

TEST_CASE("spark names: a LATERAL subquery names what it reads of the FROM items before it outer(qualifier.column)") {
  testing::SparkSession s;
  s.Run("CREATE TABLE p (k INT, m INT) USING parquet");
  s.Run("CREATE TABLE q (k INT, n INT) USING parquet");
  // An unaliased table is qualified by catalog and database; an alias stands alone.
  CHECK_EQ(s.OutputNames("SELECT * FROM p, LATERAL (SELECT p.m * n FROM q)"),
           Names{"k", "m", "(outer(spark_catalog.default.p.m) * n)"});
  CHECK_EQ(s.OutputNames("SELECT * FROM p AS r JOIN LATERAL (SELECT greatest(r.k, 3))"),
           Names{"k", "m", "greatest(outer(r.k), 3)"});
  // A temporary view is qualified by its name alone.
  s.Run("CREATE TEMPORARY VIEW tv AS SELECT 1 AS z");
  CHECK_EQ(s.OutputNames("SELECT * FROM tv, LATERAL (SELECT tv.z + 1)"), Names{"z", "(outer(tv.z) + 1)"});
  // Read alone, the outer column keeps its own name.
  CHECK_EQ(s.OutputNames("SELECT x.* FROM p, LATERAL (SELECT p.m FROM q) AS x"), Names{"m"});
}

TEST_CASE("spark names: under GROUP BY a subscript of a struct field is named by its whole path") {
  testing::SparkSession s;
  s.Run("CREATE TABLE g (st STRUCT<xs: ARRAY<INT>, m: MAP<STRING, STRING>>, k INT) USING parquet");
  CHECK_EQ(s.OutputNames("SELECT st.xs[1] FROM g GROUP BY st"), Names{"st.xs[1]"});
  CHECK_EQ(s.OutputNames("SELECT g.st.m['a'] FROM g GROUP BY st"), Names{"st.m[a]"});
  CHECK_EQ(s.OutputNames("SELECT st.m['a'] AS v, st.xs[0] FROM g GROUP BY st"), Names{"v", "st.xs[0]"});
  s.Run("CREATE TABLE h (st STRUCT<rows: ARRAY<STRUCT<f: INT>>>) USING parquet");
  CHECK_EQ(s.OutputNames("SELECT st.rows[0].f FROM h GROUP BY st"), Names{"st.rows[0].f"});
  // An aggregate's argument is read from the rows: named as without GROUP BY.
  CHECK_EQ(s.OutputNames("SELECT max(st.xs[1]) FROM g GROUP BY k"), Names{"max(xs[1])"});
  // Without GROUP BY the field access is named by its field.
  CHECK_EQ(s.OutputNames("SELECT st.xs[1] FROM g"), Names{"xs[1]"});
  // A plain field path keeps the last field's name.
  CHECK_EQ(s.OutputNames("SELECT st.xs FROM g GROUP BY st"), Names{"xs"});
}

TEST_CASE("spark: ALTER TABLE ADD COLUMN without parentheses adds the columns a later `*` lists") {
  CHECK_EQ(testing::CheckedPrint("ALTER TABLE t ADD COLUMN c INT", Dialect::Spark, {.same_tree = true}),
           "ALTER TABLE t ADD COLUMNS (c int)");
  CHECK_EQ(testing::CheckedPrint("ALTER TABLE t ADD COLUMNS c INT, d STRUCT<x: INT, y: INT>", Dialect::Spark,
                                 {.same_tree = true}),
           "ALTER TABLE t ADD COLUMNS (c int, d struct<x:int,y:int>)");
  testing::SparkSession s;
  s.Run("CREATE TABLE l (a INT, b INT) USING parquet");
  s.Run("CREATE TABLE r (c INT, d INT) USING parquet");
  s.Run("ALTER TABLE l ADD COLUMN c INT");
  s.Run("ALTER TABLE l ADD COLUMN (cc INT)");
  CHECK_EQ(s.OutputNames("SELECT * FROM l"), Names{"a", "b", "c", "cc"});
  // A NATURAL join lists the shared key first, then the rest of each side.
  CHECK_EQ(s.OutputNames("SELECT * FROM l NATURAL JOIN r"), Names{"c", "a", "b", "cc", "d"});
}

TEST_CASE("spark: a data-source temporary view with declared columns gives them to later queries") {
  CHECK_EQ(testing::CheckedPrint("CREATE OR REPLACE TEMPORARY VIEW v (a INT, b STRING) USING parquet", Dialect::Spark,
                                 {.same_tree = true}),
           "CREATE OR REPLACE TEMPORARY VIEW v (a int, b string) USING parquet");
  testing::SparkSession s;
  const lineage::StatementLineage created = s.Run("CREATE TEMPORARY VIEW dv (k INT, w INT) USING parquet");
  CHECK(created.columns.empty());  // its columns come from the source's files, not from a table
  s.Run("CREATE TEMPORARY VIEW other AS SELECT 1 AS j");
  CHECK_EQ(s.OutputNames("SELECT * FROM other LEFT JOIN dv ON j = k"), Names{"j", "k", "w"});
}

TEST_CASE("spark names: outer(...) told by the qualifier when the LATERAL subquery reads the same table again") {
  testing::SparkSession s;
  s.Run("CREATE TABLE nums (v INT, w INT) USING parquet");
  CHECK_EQ(s.OutputNames("SELECT * FROM nums a JOIN LATERAL (SELECT b.w AS bw, least(a.v, b.v) FROM nums b) ss ON true"),
           Names{"v", "w", "bw", "least(outer(a.v), v)"});
}
