// Spark's IDENTIFIER clause (docs/dialects.md): IDENTIFIER('name'), and a
// constant string built of pieces ('db.' || 't', 'a' 'b'), is folded to the
// name it spells wherever a name stands: tables read and written, columns,
// functions. A name computed at run time is unknown, and lineage says so.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "dialect_print_check.h"
#include "statement_lineage_lookup.h"

using namespace hivelineage;

namespace {

using Names = std::vector<std::string>;

std::string P(std::string_view sql, Dialect d = Dialect::Spark) {
  return testing::CheckedPrint(sql, d, {.error_message = false, .other = true, .same_tree = false});
}

Names Warnings(const lineage::StatementLineage& l) {
  Names out;
  for (const Diagnostic& d : l.diagnostics) out.push_back(d.message);
  return out;
}

}  // namespace

TEST_CASE("spark identifier: a concatenated constant string is the name it spells") {
  CHECK_EQ(P("SELECT * FROM IDENTIFIER('sales' || '.' || 'orders')"), "SELECT * FROM sales.orders");
  CHECK_EQ(P("SELECT * FROM IDENTIFIER('sales.' 'orders')"), "SELECT * FROM sales.orders");
  const auto read = testing::DialectLineage("SELECT IDENTIFIER('am' || 'ount') FROM IDENTIFIER('sales.' || 'orders')");
  CHECK_EQ(read.inputs, Names{"sales.orders"});
  CHECK_EQ(testing::Sources(read, "amount"), Names{"sales.orders.amount"});
  const auto insert = testing::DialectLineage(
      "INSERT INTO IDENTIFIER('rep' || 'ort') SELECT IDENTIFIER('COAL' || 'ESCE')(amount, 0) AS total FROM orders");
  CHECK_EQ(insert.outputs, Names{"default.report"});
  CHECK_EQ(insert.inputs, Names{"default.orders"});
  const auto create = testing::DialectLineage("CREATE TABLE IDENTIFIER('mart.' || 'daily') AS SELECT id FROM orders");
  CHECK_EQ(create.outputs, Names{"mart.daily"});
  const auto drop = testing::DialectLineage("DROP TABLE IF EXISTS IDENTIFIER('mart' || '.daily')");
  CHECK(Warnings(drop).empty());
  // A temporary function lives in no database, however its name is spelled.
  CHECK_EQ(P("CREATE TEMPORARY FUNCTION IDENTIFIER('db.' || 'f') AS 'com.example.F'"), "ERROR");
  CHECK_EQ(P("DROP TEMPORARY FUNCTION IDENTIFIER('db.' || 'f')"), "ERROR");
  CHECK_NE(P("DROP TEMPORARY FUNCTION IDENTIFIER('f')"), "ERROR");
  // An empty string names nothing: Spark rejects it.
  CHECK_EQ(P("SELECT IDENTIFIER('') FROM t"), "ERROR");
}

TEST_CASE("spark identifier: a name not known before run time is said to be unknown") {
  for (const std::string sql : {"SELECT * FROM IDENTIFIER(tab_name)", "SELECT IDENTIFIER(col_name) AS c FROM orders",
                                "DESCRIBE TABLE IDENTIFIER(:t)"}) {
    CAPTURE(sql);
    Arena arena;
    Diagnostics diags;
    REQUIRE(parser::ParseStatement(sql, arena, testing::DialectOptions(Dialect::Spark), diags) != nullptr);
    REQUIRE_EQ(diags.size(), 1);
    CHECK(diags[0].severity == Severity::Warning);
    CHECK(diags[0].code == DiagnosticCode::NameNotConstant);
    CHECK_NE(diags[0].message.find("unknown"), std::string::npos);
  }
  // A constant name warns of nothing.
  Arena arena;
  Diagnostics diags;
  REQUIRE(parser::ParseStatement("SELECT IDENTIFIER('a' || 'b') FROM t", arena,
                                 testing::DialectOptions(Dialect::Spark), diags) != nullptr);
  CHECK(diags.empty());
}

TEST_CASE("spark identifier: `all` before a comma, FROM or the end is a column so named") {
  CHECK_EQ(P("SELECT all, b FROM (SELECT a AS all, b FROM t) GROUP BY all, b"),
           "SELECT `all`, b FROM (SELECT a AS `all`, b FROM t) GROUP BY `all`, b");
  CHECK_EQ(P("SELECT ALL a, b FROM t GROUP BY ALL"), "SELECT a, b FROM t GROUP BY ALL");
  CHECK_EQ(P("SELECT all FROM t"), "SELECT `all` FROM t");
  CHECK_EQ(P("SELECT all, b FROM t", Dialect::Hive), "ERROR");
  const auto l = testing::DialectLineage("SELECT all, count(*) AS n FROM (SELECT a AS all FROM orders) GROUP BY all, 1");
  CHECK_EQ(testing::Sources(l, "all"), Names{"default.orders.a"});
}

TEST_CASE("spark identifier: backquotes inside the string quote the parts of the name") {
  CHECK_EQ(P("SELECT * FROM IDENTIFIER('`sales`.`orders`')"), "SELECT * FROM sales.orders");
  const auto read = testing::DialectLineage("SELECT * FROM IDENTIFIER('`sales`.orders')");
  CHECK_EQ(read.inputs, Names{"sales.orders"});
  // A quoted part keeps its dot and its space; a doubled backquote is one backquote.
  const auto dotted = testing::DialectLineage("SELECT * FROM IDENTIFIER('sales.`day.orders`')");
  CHECK_EQ(dotted.inputs, Names{"sales.day.orders"});
  CHECK_EQ(testing::SparkOutputNames("SELECT IDENTIFIER('`unit price`') FROM VALUES (1) AS v(`unit price`)"),
           Names{"unit price"});
  CHECK_EQ(testing::SparkOutputNames("SELECT IDENTIFIER('`a``b`') FROM VALUES (1) AS v(`a``b`)"), Names{"a`b"});
  CHECK_EQ(testing::SparkOutputNames("SELECT IDENTIFIER('``') FROM VALUES (1) AS v(``)"), Names{""});
}
