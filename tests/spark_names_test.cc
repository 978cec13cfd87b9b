// The names Spark gives unaliased select items (lineage/spark_names.h): one
// check per rule of Spark's that the names follow, each on a query's output
// names as the analyzer computes them under --dialect spark.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "base/dialect.h"
#include "lineage/lineage.h"
#include "lineage/spark_names.h"
#include "parser/parser.h"
#include "rewrite/pipeline.h"
#include "dialect_print_check.h"

using namespace hivelineage;

namespace {

std::vector<std::string> Names(std::string_view sql) { return testing::SparkOutputNames(sql); }
std::string Name(std::string_view item) { return testing::SparkItemName(item); }

}  // namespace

TEST_CASE("spark names: CAST prints the type's SQL name") {
  CHECK_EQ(Name("CAST(a AS long)"), "cast(a as bigint)");
  CHECK_EQ(Name("CAST(a AS dec)"), "cast(a as decimal(10,0))");
  CHECK_EQ(Name("CAST(a AS struct<x:int, y: string>)"), "cast(a as struct<x: int, y: string>)");
  CHECK_EQ(Name("CAST(a AS map<int,string>)"), "cast(a as map<int, string>)");
  CHECK_EQ(Name("CAST(10 AS interval day to second)"), "cast(10 as interval day to second)");
  // A column cast to an interval or a time is named after the column.
  CHECK_EQ(Name("CAST(a AS interval day to second)"), "a");
  CHECK_EQ(Name("CAST(a AS timestamp_ltz)"), "cast(a as timestamp)");
  CHECK_EQ(Name("CAST('1' AS time)"), "cast(1 as time(6))");
  CHECK_EQ(lineage::SparkTypeSql("array<short>"), "ARRAY<SMALLINT>");
  // A typed NULL of a complex type is a NULL literal.
  CHECK_EQ(Name("CAST(NULL AS array<int>)"), "null");
}

TEST_CASE("spark names: casts by a type's name are named after their operand") {
  CHECK_EQ(Name("float(a)"), "a");
  CHECK_EQ(Name("timestamp_seconds(double(1.5))"), "timestamp_seconds(1.5)");
}

TEST_CASE("spark names: double literals as Java prints them") {
  CHECK_EQ(Name("6.8e0"), "6.8");
  CHECK_EQ(Name("3.14e8"), "3.14e8");
  CHECK_EQ(Name("1.5D"), "1.5");
  CHECK_EQ(Name("1e-5"), "1.0e-5");
  CHECK_EQ(Name("2.5BD"), "2.5");
}

TEST_CASE("spark names: interval literals in their canonical ANSI form") {
  CHECK_EQ(Name("INTERVAL 2 YEAR 4 MONTH"), "interval '2-4' year to month");
  CHECK_EQ(Name("INTERVAL 30 YEARS 25 MONTHS"), "interval '32-1' year to month");
  CHECK_EQ(Name("INTERVAL '2 seconds'"), "interval '02' second");
  CHECK_EQ(Name("INTERVAL '1 day 2 hours'"), "interval '1 02' day to hour");
  CHECK_EQ(Name("INTERVAL 4 DAY 5 HOUR 6 MINUTE 7 SECOND"), "interval '4 05:06:07' day to second");
  CHECK_EQ(Name("INTERVAL '1' HOUR"), "interval '01' hour");
  CHECK_EQ(Name("INTERVAL -'-59' SECOND"), "interval '59' second");
  CHECK_EQ(Name("INTERVAL '40:32.99899999' MINUTE TO SECOND"), "interval '40:32.998999' minute to second");
  CHECK_EQ(Name("INTERVAL '1 2:3:4.001' DAY TO SECOND"), "interval '1 02:03:04.001' day to second");
  CHECK_EQ(Name("INTERVAL '-1-2' YEAR TO MONTH"), "interval '-1-2' year to month");
  // An interval times a number is written interval first.
  CHECK_EQ(Name("2 * INTERVAL '2' YEAR"), "(interval '2' year * 2)");
}

TEST_CASE("spark names: arguments the analyzer adds") {
  CHECK_EQ(Name("split(a, ',')"), "split(a, ,, -1)");
  CHECK_EQ(Name("substr(a, 5)"), "substr(a, 5, 2147483647)");
  CHECK_EQ(Name("theta_sketch_agg(a)"), "theta_sketch_agg(a, 12)");
  CHECK_EQ(Name("tuple_sketch_agg_double(k, v)"), "tuple_sketch_agg_double(k, v, 12, sum)");
  CHECK_EQ(Name("tuple_sketch_agg_double(k, v, 14)"), "tuple_sketch_agg_double(k, v, 14, sum)");
  CHECK_EQ(Name("make_interval(1)"), "make_interval(1, 0, 0, 0, 0, 0, 0.000000)");
  CHECK_EQ(Name("lpad(a, 5)"), "lpad(a, 5,  )");
  CHECK_EQ(Name("lpad(unhex(a), 5)"), "lpad(unhex(a), 5, x'00')");
  CHECK_EQ(Name("assert_true(a > 1)"), "assert_true((a > 1), '(a > 1)' is not true!)");
  CHECK_EQ(Name("raise_error('m')"), "raise_error(user_raised_exception, map(errormessage, m))");
}

TEST_CASE("spark names: arguments the analyzer drops, and renamed calls") {
  CHECK_EQ(Name("from_json(a, 'x INT')"), "from_json(a)");
  CHECK_EQ(Name("to_json(a, map('k', 'v'))"), "to_json(a)");
  CHECK_EQ(Name("mode(a, false)"), "mode(a)");
  CHECK_EQ(Name("to_char(d, 'yyyy-MM')"), "date_format(d, yyyy-mm)");
  CHECK_EQ(Name("to_char(n, '999.99')"), "to_char(n, 999.99)");
  CHECK_EQ(Name("trim(LEADING 'x' FROM a)"), "trim(leading x from a)");
  CHECK_EQ(Name("timediff(HOUR, a, b)"), "timestampdiff(hour, a, b)");
}

TEST_CASE("spark names: operators Spark prints as operators, BETWEEN as a call") {
  CHECK_EQ(Name("a >> 2"), "(a >> 2)");
  CHECK_EQ(Name("positive(a)"), "(+ a)");
  CHECK_EQ(Name("isnotnull(a)"), "(a is not null)");
  CHECK_EQ(Name("div(a, 2)"), "(a div 2)");
  CHECK_EQ(Name("a BETWEEN 1 AND 2"), "between(a, 1, 2)");
  CHECK_EQ(Name("a NOT BETWEEN 1 AND 2"), "(not between(a, 1, 2))");
  CHECK_EQ(Name("count((a, b))"), "count(named_struct(a, a, b, b))");
}

TEST_CASE("spark names: FILTER, WITHIN GROUP and subqueries") {
  CHECK_EQ(Name("sum(a) FILTER (WHERE b > 1)"), "sum(a) filter (where (b > 1))");
  CHECK_EQ(Name("count(*) FILTER (WHERE b > 1)"), "count(1) filter (where (b > 1))");
  // A user's own IF keeps its name.
  CHECK_EQ(Name("sum(if(b > 1, a, NULL))"), "sum((if((b > 1), a, null)))");
  CHECK_EQ(Name("percentile_cont(0.5) WITHIN GROUP (ORDER BY a DESC)"),
           "percentile_cont(0.5) within group (order by a desc)");
  CHECK_EQ(Name("listagg(a) WITHIN GROUP (ORDER BY a)"),
           "listagg(a, null) within group (order by a asc nulls first)");
  // Spark's Mode prints the opposite direction.
  CHECK_EQ(Name("mode() WITHIN GROUP (ORDER BY a)"), "mode() within group (order by a desc)");
  CHECK_EQ(Name("(SELECT max(x) FROM u)"), "scalarsubquery()");
  CHECK_EQ(Name("(SELECT max(x) FROM u WHERE u.k = t.k)"), "scalarsubquery(k)");
  CHECK_EQ(Name("EXISTS (SELECT 1 FROM u)"), "exists()");
  CHECK_EQ(Name("a IN (SELECT x FROM u)"), "(a in (listquery()))");
}

TEST_CASE("spark names: window specifications spelled out") {
  CHECK_EQ(Name("sum(a) OVER (PARTITION BY b ORDER BY c)"),
           "sum(a) over (partition by b order by c asc nulls first range between unbounded preceding and current "
           "row)");
  CHECK_EQ(Name("count(*) OVER ()"), "count(1) over (rows between unbounded preceding and unbounded following)");
  CHECK_EQ(Name("rank() OVER (ORDER BY c DESC)"),
           "rank() over (order by c desc nulls last rows between unbounded preceding and current row)");
  CHECK_EQ(Name("lag(a) OVER (ORDER BY c)"),
           "lag(a, 1, null) over (order by c asc nulls first rows between -1 following and -1 following)");
  CHECK_EQ(Names("SELECT sum(a) OVER w FROM t WINDOW w AS (ORDER BY c ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)"),
           std::vector<std::string>{
               "sum(a) over (order by c asc nulls first rows between 1 preceding and current row)"});
}

TEST_CASE("spark names: literals, CASE, LIKE, EXTRACT and datetime arithmetic") {
  CHECK_EQ(Name(".5"), "0.5");
  CHECK_EQ(Name(".10F"), "0.1");
  CHECK_EQ(Name("-0"), "0");
  CHECK_EQ(Name("CASE a WHEN 1 THEN 'x' ELSE 'y' END"), "case when (a = 1) then x else y end");
  CHECK_EQ(Name("a LIKE 'x%'"), "a like x%");
  CHECK_EQ(Name("a NOT LIKE 'x%'"), "(not a like x%)");
  CHECK_EQ(Name("extract(DAY FROM a)"), "extract(day from a)");
  CHECK_EQ(Name("TIMESTAMP '2020-01-01 00:00:00' + INTERVAL '2' DAY"),
           "timestamp '2020-01-01 00:00:00' + interval '2' day");
  CHECK_EQ(Name("mode(a, true)"), "mode() within group (order by a desc)");
  CHECK_EQ(Name("typeof(current_date)"), "typeof(current_date)");
  CHECK_EQ(Name("CAST(array() AS array<float>)"), "array()");
}

TEST_CASE("spark names: generators name their outputs as Spark does") {
  CHECK_EQ(Names("SELECT posexplode(array(1, 2))"), std::vector<std::string>{"pos", "col"});
  CHECK_EQ(Names("SELECT posexplode(map(1, 'a'))"), std::vector<std::string>{"pos", "key", "value"});
  CHECK_EQ(Names("SELECT explode_outer(array(1))"), std::vector<std::string>{"col"});
  CHECK_EQ(Names("SELECT inline(array(struct(a, 'x'))) FROM t"), std::vector<std::string>{"a", "col2"});
  // Hive keeps its own: posexplode gives pos, val.
  parser::ParseOptions options;
  Arena arena;
  Diagnostics diags;
  ast::Statement* stmt = parser::ParseStatement("SELECT posexplode(array(1, 2))", arena, options, diags);
  REQUIRE(stmt != nullptr);
  lineage::Session hive;
  const auto l = lineage::ComputeLineage(rewrite::RunPipeline(*stmt, arena), hive);
  REQUIRE_EQ(l.columns.size(), 2u);
  CHECK_EQ(l.columns[1].target, "val");
}

TEST_CASE("spark names: a subquery lists the outer columns it reads, as the resolver found them") {
  const auto names = Names(
      "WITH o AS (SELECT 1 AS k, 2 AS v), i AS (SELECT 1 AS x) "
      "SELECT (SELECT max(x) FROM i WHERE x = k AND x > v) FROM o");
  CHECK_EQ(names, std::vector<std::string>{"scalarsubquery(k, v)"});
  // A subquery without FROM reads only outer columns.
  CHECK_EQ(Names("SELECT (SELECT a) FROM t"), std::vector<std::string>{"scalarsubquery(a)"});
}

TEST_CASE("spark names: a derived table inside a subquery may read the query around the subquery") {
  const auto names = Names(
      "WITH o AS (SELECT 1 AS k, 2 AS v), i AS (SELECT 1 AS x), j AS (SELECT 2 AS y) "
      "SELECT (SELECT sum(z) FROM (SELECT x AS z FROM i WHERE x = k UNION ALL SELECT y FROM j WHERE y = v)) FROM o");
  CHECK_EQ(names, std::vector<std::string>{"scalarsubquery(k, v)"});
}

TEST_CASE("spark names: TIME literals, IDENTIFIER, RANGE offsets and renamed calls") {
  CHECK_EQ(Name("TIME '1:2:3 PM'"), "time '13:02:03'");
  CHECK_EQ(Name("TIME '00:00:00.100000'"), "time '00:00:00.1'");
  CHECK_EQ(Name("TIME '12:30:00 AM'"), "time '00:30:00'");
  CHECK_EQ(Name("CAST('1:00' AS TIME) - CAST('0:30' AS TIME)"), "cast(1:00 as time(6)) - cast(0:30 as time(6))");
  CHECK_EQ(Names("SELECT IDENTIFIER('c' || '1') FROM t"), std::vector<std::string>{"c1"});
  CHECK_EQ(Name("sum(a) OVER (ORDER BY c RANGE BETWEEN 2 PRECEDING AND 2 FOLLOWING)"),
           "sum(a) over (order by c asc nulls first range between (- 2) following and 2 following)");
  CHECK_EQ(Name("current_database()"), "current_schema()");
  CHECK_EQ(Name("make_timestamp_ltz(d, t)"), "make_timestamp(d, t)");
  CHECK_EQ(Name("make_timestamp_ltz(2021, 7, 11, 6, 30, 45.678)"), "make_timestamp_ltz(2021, 7, 11, 6, 30, 45.678)");
}

TEST_CASE("spark names: a persistent SQL function the script created is named by catalog and database") {
  parser::ParseOptions options;
  options.dialect = Dialect::Spark;
  lineage::Session session;
  session.spark_names = true;
  auto names = [&](std::string_view sql) {
    Arena arena;
    Diagnostics diags;
    ast::Statement* stmt = parser::ParseStatement(sql, arena, options, diags);
    REQUIRE_MESSAGE(stmt != nullptr, sql);
    const auto l = lineage::ComputeLineage(rewrite::RunPipeline(*stmt, arena), session);
    std::vector<std::string> out;
    for (const auto& c : l.columns) out.push_back(c.target);
    return out;
  };
  CHECK(names("SELECT foo(1)") == std::vector<std::string>{"foo(1)"});  // not created: as written
  names("CREATE FUNCTION foo(x INT) RETURNS INT RETURN x + 1");
  names("CREATE TEMPORARY FUNCTION bar(x INT) RETURNS INT RETURN x");
  names("CREATE FUNCTION other.baz() RETURNS INT RETURN 1");
  // Session and catalog statements in between are no function definitions.
  CHECK(names("SET spark.sql.ansi.enabled = true").empty());
  CHECK(names("DESCRIBE TABLE t").empty());
  CHECK(names("SHOW TABLES").empty());
  CHECK(names("SELECT foo(1), bar(2), other.baz(), default.foo(3)") ==
        std::vector<std::string>{"spark_catalog.default.foo(1)", "bar(2)", "spark_catalog.other.baz()",
                                 "spark_catalog.default.foo(3)"});
}

TEST_CASE("spark names: a VARIANT path is named by its last field") {
  CHECK_EQ(Name("v:price"), "price");
  CHECK_EQ(Name("v:price::decimal(5, 2)"), "price");
  CHECK_EQ(Name("v:item[0].model"), "model");
  CHECK_EQ(Name("v:metadata.tags[0]"), "tags");
  CHECK_EQ(Name("v:['field.name']::string"), "field.name");
  CHECK_EQ(Name("v:`field.name`::string"), "name");
}

TEST_CASE("spark names: a VARIANT path inside an expression is Spark's aliased variant_get") {
  CHECK_EQ(Name("typeof(v:a.b)"), "typeof(variant_get(v, $.a.b) as b)");
  CHECK_EQ(Name("v:s[1]::int + 1"), "(cast(variant_get(v, $.s[1]) as s as int) + 1)");
  // Alone, the extraction is named by its last field.
  CHECK_EQ(Name("v:a.b::string"), "b");
}

TEST_CASE("spark names: substr(s FROM p) is Spark's substring") {
  CHECK_EQ(Name("substr(a FROM 2 FOR 3)"), "substring(a, 2, 3)");
  CHECK_EQ(Name("substr(a, 2, 3)"), "substr(a, 2, 3)");
}

TEST_CASE("spark names: a date plus or minus whole days is date_add of the interval's days") {
  CHECK_EQ(Name("DATE '2020-01-02' + INTERVAL 3 DAY"),
           "date_add(date '2020-01-02', extractansiintervaldays(interval '3' day))");
  CHECK_EQ(Name("CAST(a AS DATE) - INTERVAL '3' DAY"),
           "date_add(cast(a as date), (- extractansiintervaldays(interval '3' day)))");
  // A timestamp (or a column of unknown type) keeps the operator.
  CHECK_EQ(Name("TIMESTAMP '2020-01-02 00:00:00' + INTERVAL 3 DAY"),
           "timestamp '2020-01-02 00:00:00' + interval '3' day");
}

TEST_CASE("spark names: named arguments are named in their signature's order, skipped ones by their default") {
  CHECK_EQ(Name("mask(lowerChar => 'q', str => a, digitChar => 'd')"), "mask(a, x, q, d, null)");
  CHECK_EQ(Name("count_min_sketch(a, seed => 1, epsilon => 0.5D, confidence => 0.5D)"),
           "count_min_sketch(a, 0.5, 0.5, 1)");
  CHECK_EQ(Name("tuple_sketch_agg_double(mode => 'max', summary => b, key => a)"),
           "tuple_sketch_agg_double(a, b, 12, max)");
  CHECK_EQ(Name("tuple_union_agg_integer(c)"), "tuple_union_agg_integer(c, 12, sum)");
  // A call Spark's analyzer refuses (a positional argument after a named one) stays as written.
  CHECK_EQ(Name("encode(str => a, 'utf-8')"), "encode(a, utf-8)");
}

TEST_CASE("spark names: DATE and TIMESTAMP literals print their value as Spark reads it") {
  CHECK_EQ(Name("TIMESTAMP_NTZ '2016-12-31'"), "timestamp_ntz '2016-12-31 00:00:00'");
  CHECK_EQ(Name("TIMESTAMP '2019-1-2 3:04:05.120'"), "timestamp '2019-01-02 03:04:05.12'");
  CHECK_EQ(Name("DATE ' 2019-1-2 '"), "date '2019-01-02'");
  CHECK_EQ(Name("TIME '16:39:45 '"), "time '16:39:45'");
  // A nanosecond fraction is kept as written; a time zone is not read.
  CHECK_EQ(Name("TIMESTAMP_NTZ '2020-01-01 12:30:15.123456780'"), "timestamp_ntz '2020-01-01 12:30:15.123456780'");
  CHECK_EQ(Name("TIMESTAMP '2020-01-01 12:30:15 UTC'"), "timestamp '2020-01-01 12:30:15 utc'");
}

TEST_CASE("spark names: a time and NULL, or a string minus a time, print bare") {
  CHECK_EQ(Name("NULL + TIME '08:30'"), "time '08:30:00' + null");
  CHECK_EQ(Name("NULL - TIME '08:30'"), "null - time '08:30:00'");
  CHECK_EQ(Name("'12:30' - TIME '08:30'"), "12:30 - time '08:30:00'");
}

TEST_CASE("spark names: a session variable inside an expression is named with its current value") {
  lineage::Session session;
  session.spark_names = true;
  Arena arena;
  const auto names = [&](std::string_view sql) {
    parser::ParseOptions options;
    options.dialect = Dialect::Spark;
    Diagnostics diags;
    ast::Statement* stmt = parser::ParseStatement(sql, arena, options, diags);
    REQUIRE_MESSAGE(stmt != nullptr, sql);
    std::vector<std::string> out;
    for (const auto& c : lineage::ComputeLineage(rewrite::RunPipeline(*stmt, arena), session).columns)
      out.push_back(c.target);
    return out;
  };
  names("DECLARE VARIABLE v INT");
  CHECK_EQ(names("SELECT typeof(v), v"), std::vector<std::string>{"typeof(variablereference(system.session.v=cast(null as int)))", "v"});
  names("SET VAR v = 7");
  CHECK_EQ(names("SELECT v + 1"), std::vector<std::string>{"(variablereference(system.session.v=7) + 1)"});
  names("DECLARE OR REPLACE VARIABLE s = 'x'");
  CHECK_EQ(names("SELECT upper(system.session.s)"), std::vector<std::string>{"upper(variablereference(system.session.s='x'))"});
  // A column of the same name is the column; a value known only by running the script is not guessed.
  CHECK_EQ(names("SELECT v + 1 FROM (SELECT 1 AS v)"), std::vector<std::string>{"(v + 1)"});
  names("SET VAR v = rand()");
  CHECK_EQ(names("SELECT v + 1"), std::vector<std::string>{"(v + 1)"});
}

TEST_CASE("spark lineage: a session variable is not an unresolved column") {
  // A declared variable reads no column: no 'cannot resolve column' warning
  // (it would say the answer rests on a schema hivelineage lacks); a name
  // that is neither column nor variable still warns.
  lineage::Session session;
  session.spark_names = true;
  Arena arena;
  const auto codes = [&](std::string_view sql) {
    parser::ParseOptions options;
    options.dialect = Dialect::Spark;
    Diagnostics diags;
    ast::Statement* stmt = parser::ParseStatement(sql, arena, options, diags);
    REQUIRE_MESSAGE(stmt != nullptr, sql);
    std::vector<std::string> out;
    for (const Diagnostic& d : lineage::ComputeLineage(rewrite::RunPipeline(*stmt, arena), session).diagnostics)
      out.push_back(DiagnosticCodeName(d.code));
    return out;
  };
  codes("DECLARE VARIABLE v INT DEFAULT 5");
  CHECK(codes("SELECT v, session.v, system.session.v + 1").empty());
  CHECK_EQ(codes("SELECT w"), std::vector<std::string>{"unresolved-column"});
}
