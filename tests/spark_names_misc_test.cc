// Spark's output names of smaller forms: a keyword-list table function,
// grouping__id, `||` among arithmetic, a signed literal before `::`,
// adjacent string literals, a field of a computed struct, a back-quoted
// name with dots.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "dialect_print_check.h"

namespace hivelineage {
namespace {

using Names = std::vector<std::string>;

TEST_CASE("spark names: sql_keywords() lists keyword, reserved") {
  CHECK_EQ(testing::SparkOutputNames("SELECT * FROM sql_keywords()"), Names{"keyword", "reserved"});
}

TEST_CASE("spark names: grouping__id is Spark's grouping_id()") {
  CHECK_EQ(testing::SparkOutputNames("SELECT typeof(grouping__id) FROM t GROUP BY a GROUPING SETS ((a))"),
           Names{"typeof(grouping_id())"});
}

TEST_CASE("spark names: || binds as + and - do, left to right") {
  CHECK_EQ(testing::SparkOutputNames("SELECT 'four: ' || 2 + 2"), Names{"(concat(four: , 2) + 2)"});
  CHECK_EQ(testing::SparkOutputNames("SELECT 1 + 2 || 'x'"), Names{"concat((1 + 2), x)"});
  CHECK_EQ(testing::SparkOutputNames("SELECT 'a' || 2 * 3"), Names{"concat(a, (2 * 3))"});
}

TEST_CASE("spark names: a minus sign before a number is part of the literal") {
  CHECK_EQ(testing::SparkOutputNames("SELECT -10L :: interval second"), Names{"cast(-10 as interval second)"});
  CHECK_EQ(testing::SparkOutputNames("SELECT - a FROM t"), Names{"(- a)"});
}

TEST_CASE("spark names: adjacent string literals are one string") {
  CHECK_EQ(testing::SparkOutputNames("SELECT 'hello' 'world', 'a' \" \" 'b'"), Names{"helloworld", "a b"});
  CHECK_EQ(testing::SparkOutputNames("SELECT 'x' AS y"), Names{"y"});
}

TEST_CASE("spark names: a field of a computed struct is named by the whole expression") {
  CHECK_EQ(testing::SparkOutputNames("SELECT from_json(a, 'struct<a:int>').a FROM t"), Names{"from_json(a).a"});
  CHECK_EQ(testing::SparkOutputNames("SELECT s.a, s.a.b FROM t"), Names{"a", "b"});
}

TEST_CASE("spark lineage: a back-quoted name with dots is one name") {
  const auto l = testing::DialectLineage("WITH `a.b.c` AS (SELECT 1 AS x) INSERT INTO dw.r SELECT x FROM `a.b.c`");
  CHECK(l.inputs.empty());
}

}  // namespace
}  // namespace hivelineage
