// Spark's table-valued functions in FROM (range, the generators, a SQL
// table function) and the SQL functions a script creates: their output
// columns are named as Spark names them, they print back to text that parses
// to the same print, and a call reads what the function's body reads.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "catalog_support.h"
#include "ast/print_sql.h"
#include "base/dialect.h"
#include "lineage/catalog.h"
#include "lineage/lineage.h"
#include "parser/parser.h"
#include "rewrite/pipeline.h"
#include "dialect_print_check.h"
#include "statement_lineage_lookup.h"

using namespace hivelineage;

namespace {

using Names = std::vector<std::string>;

std::string P(std::string_view sql) {
  return testing::CheckedPrint(sql, Dialect::Spark, {.error_message = false, .other = true, .same_tree = true});
}

// A Spark session over orders(id, items, price) and people(pid, name): statements run in turn.
class SparkScript {
 public:
  SparkScript() {
    session_.spark_names = true;
    session_.catalog.Put(testing::CatalogTable("default.orders", {"id", "items", "price"}));
    session_.catalog.Put(testing::CatalogTable("default.people", {"pid", "name"}));
  }

  lineage::StatementLineage Run(std::string_view sql) {
    Arena arena;
    Diagnostics diags;
    ast::Statement* stmt = parser::ParseStatement(sql, arena, testing::DialectOptions(Dialect::Spark), diags);
    REQUIRE_MESSAGE(stmt != nullptr, (diags.empty() ? std::string("parse failed") : diags[0].message));
    return lineage::ComputeLineage(rewrite::RunPipeline(*stmt, arena), session_);
  }

  Names OutputNames(std::string_view sql) {
    Names out;
    for (const auto& c : Run(sql).columns) out.push_back(c.target);
    return out;
  }

 private:
  lineage::Session session_;
};

}  // namespace

TEST_CASE("spark table functions: LATERAL, qualified names, named arguments and column aliases print back") {
  CHECK_EQ(P("SELECT * FROM range(3) AS t(x)"), "SELECT * FROM `range`(3) AS t(x)");
  CHECK_EQ(P("select * from explode(collection => array(1, 2))"),
           "SELECT * FROM explode(collection => array(1, 2))");
  CHECK_EQ(P("SELECT * FROM orders JOIN LATERAL explode(items) e(item) ON id = item"),
           "SELECT * FROM orders JOIN LATERAL explode(items) AS e(item) ON (id = item)");
  CHECK_EQ(P("SELECT * FROM mydb.listing(2) AS x"), "SELECT * FROM mydb.listing(2) AS x");
  CHECK_EQ(P("SELECT * FROM orders, LATERAL listing(id)"), "SELECT * FROM orders, LATERAL listing(id)");
}

TEST_CASE("spark table functions: built-in generators name their columns as Spark does") {
  SparkScript s;
  CHECK(s.OutputNames("SELECT * FROM range(5, 10)") == Names{"id"});
  CHECK(s.OutputNames("SELECT * FROM range(4) AS r(n)") == Names{"n"});
  CHECK(s.OutputNames("SELECT * FROM explode(array(7, 8))") == Names{"col"});
  CHECK(s.OutputNames("SELECT * FROM explode(map('k', 1))") == Names{"key", "value"});
  CHECK(s.OutputNames("SELECT * FROM posexplode(array(7))") == Names{"pos", "col"});
  CHECK(s.OutputNames("SELECT * FROM posexplode_outer(map('k', 1)) p(i, k, v)") == Names{"i", "k", "v"});
  CHECK(s.OutputNames("SELECT * FROM inline(array(struct(1, 'x')))") == Names{"col1", "col2"});
  CHECK(s.OutputNames("SELECT * FROM inline(array(named_struct('u', 1, 'w', 2)))") == Names{"u", "w"});
  CHECK(s.OutputNames("SELECT * FROM json_tuple('{}', 'p', 'q', 'r')") == Names{"c0", "c1", "c2"});
  CHECK(s.OutputNames("SELECT * FROM stack(2, 1, 2, 3, 4)") == Names{"col0", "col1"});
  CHECK(s.OutputNames("SELECT * FROM variant_explode(parse_json('{}'))") == Names{"pos", "key", "value"});
  CHECK(s.OutputNames("SELECT * FROM explode(collection => array(1))") == Names{"col"});
}

TEST_CASE("spark table functions: a LATERAL generator reads the columns before it") {
  SparkScript s;
  const auto l = s.Run("SELECT o.id, e.item FROM orders o JOIN LATERAL explode(o.items) e(item) ON o.id = e.item");
  CHECK(testing::Sources(l, "item") == Names{"default.orders.items"});
  CHECK(s.OutputNames("SELECT * FROM orders, LATERAL range(2) r(n)") == Names{"id", "items", "price", "n"});
  CHECK(s.OutputNames("SELECT * FROM orders JOIN LATERAL explode(items)") == Names{"id", "items", "price", "col"});
  // inline over a column: its struct's fields are the column type's, not known here.
  CHECK(s.OutputNames("SELECT * FROM orders JOIN LATERAL inline(items)") == Names{"id", "items", "price"});
}

TEST_CASE("spark SQL functions: a table function's RETURNS TABLE columns and its body's columns") {
  SparkScript s;
  s.Run("CREATE FUNCTION big_orders(minimum INT) RETURNS TABLE (oid INT, cost INT) "
        "RETURN SELECT id, price FROM orders WHERE price > minimum");
  const auto l = s.Run("SELECT * FROM big_orders(10)");
  CHECK(testing::Sources(l, "oid") == Names{"default.orders.id"});
  CHECK(testing::Sources(l, "cost") == Names{"default.orders.price"});
  // Spark lists the body's tables under the function, not as the statement's direct reads.
  CHECK(l.inputs.empty());
  CHECK(s.OutputNames("SELECT * FROM default.big_orders(minimum => 1) AS b(x, y)") == Names{"x", "y"});
  // A temporary one, whose columns are its query's.
  s.Run("CREATE TEMPORARY FUNCTION names_of() RETURNS TABLE RETURN SELECT name AS who FROM people");
  CHECK(s.OutputNames("SELECT * FROM names_of()") == Names{"who"});
  // An unknown function's columns are not known: only its alias list names some.
  CHECK(s.OutputNames("SELECT * FROM nowhere(1)").empty());
  CHECK(s.OutputNames("SELECT * FROM nowhere(1) AS n(a, b)") == Names{"a", "b"});
}

TEST_CASE("spark SQL functions: a scalar function's call reads the tables its body reads") {
  SparkScript s;
  s.Run("CREATE TEMPORARY FUNCTION name_of(p INT) RETURNS STRING "
        "RETURN (SELECT max(name) FROM people WHERE pid = p)");
  const auto l = s.Run("SELECT id, name_of(id) AS who FROM orders");
  CHECK(l.inputs == Names{"default.orders", "default.people"});
  CHECK(testing::Sources(l, "who") == Names{"default.orders.id", "default.people.name"});
  // Creating the function reads nothing.
  CHECK(s.Run("CREATE FUNCTION f2(p INT) RETURNS INT RETURN (SELECT max(pid) FROM people)").inputs.empty());
}
