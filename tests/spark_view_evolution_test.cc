// Spark's CREATE VIEW ... WITH SCHEMA EVOLUTION (docs/dialects.md): a view
// whose query is `SELECT * FROM tables` and that names no columns of its own
// follows its tables' current columns, read again each time the view is read;
// any other view (BINDING, COMPENSATION, TYPE EVOLUTION, or a column list of
// its own) keeps the columns it was created with. ALTER VIEW v WITH SCHEMA
// changes the mode of a view already made.
#include <doctest/doctest.h>

#include <string>
#include <vector>

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

}  // namespace

TEST_CASE("spark view evolution: a view WITH SCHEMA EVOLUTION over `*` lists its table's current columns") {
  testing::SparkSession s;
  s.Run("CREATE TABLE orders(id INT, price INT) USING PARQUET");
  s.Run("CREATE VIEW v WITH SCHEMA EVOLUTION AS SELECT * FROM orders");
  CHECK_EQ(s.OutputNames("SELECT * FROM v"), Names{"id", "price"});
  s.Run("DROP TABLE orders");
  s.Run("CREATE TABLE orders(order_id STRING, amount DOUBLE, day DATE) USING PARQUET");
  CHECK_EQ(s.OutputNames("SELECT * FROM v"), Names{"order_id", "amount", "day"});
  CHECK_EQ(testing::Sources(s.Run("SELECT amount FROM v"), "amount"), Names{"default.orders.amount"});
  // A column added later is listed too, and one taken away is gone.
  s.Run("ALTER TABLE orders ADD COLUMNS (note STRING)");
  CHECK_EQ(s.OutputNames("SELECT * FROM v"), Names{"order_id", "amount", "day", "note"});
  s.Run("CREATE OR REPLACE TABLE orders(order_id STRING) USING PARQUET");
  CHECK_EQ(s.OutputNames("SELECT * FROM v"), Names{"order_id"});
}

TEST_CASE("spark view evolution: the `*` of several tables follows each of them") {
  testing::SparkSession s;
  s.Run("CREATE TABLE a(x INT) USING PARQUET");
  s.Run("CREATE TABLE b(y INT) USING PARQUET");
  s.Run("CREATE VIEW ab WITH SCHEMA EVOLUTION AS SELECT * FROM a, b");
  s.Run("ALTER TABLE b ADD COLUMNS (z INT)");
  CHECK_EQ(s.OutputNames("SELECT * FROM ab"), Names{"x", "y", "z"});
}

TEST_CASE("spark view evolution: other views keep the columns they were made with") {
  testing::SparkSession s;
  s.Run("CREATE TABLE orders(id INT, price INT) USING PARQUET");
  s.Run("CREATE VIEW plain AS SELECT * FROM orders");
  s.Run("CREATE VIEW bound WITH SCHEMA BINDING AS SELECT * FROM orders");
  s.Run("CREATE VIEW compensated WITH SCHEMA COMPENSATION AS SELECT * FROM orders");
  s.Run("CREATE VIEW typed WITH SCHEMA TYPE EVOLUTION AS SELECT * FROM orders");
  s.Run("CREATE VIEW named(a1, a2) WITH SCHEMA EVOLUTION AS SELECT * FROM orders");
  s.Run("CREATE VIEW picked WITH SCHEMA EVOLUTION AS SELECT id FROM orders");
  s.Run("ALTER TABLE orders ADD COLUMNS (note STRING)");
  for (const char* view : {"plain", "bound", "compensated", "typed"}) {
    CAPTURE(view);
    CHECK_EQ(s.OutputNames(std::string("SELECT * FROM ") + view), Names{"id", "price"});
  }
  CHECK_EQ(s.OutputNames("SELECT * FROM named"), Names{"a1", "a2"});
  CHECK_EQ(s.OutputNames("SELECT * FROM picked"), Names{"id"});
}

TEST_CASE("spark view evolution: ALTER VIEW ... WITH SCHEMA changes how a view follows its table") {
  testing::SparkSession s;
  s.Run("CREATE TABLE orders(id INT) USING PARQUET");
  s.Run("CREATE VIEW v AS SELECT * FROM orders");
  s.Run("ALTER VIEW v WITH SCHEMA EVOLUTION");
  s.Run("ALTER TABLE orders ADD COLUMNS (price INT)");
  CHECK_EQ(s.OutputNames("SELECT * FROM v"), Names{"id", "price"});
  s.Run("CREATE VIEW w WITH SCHEMA EVOLUTION AS SELECT * FROM orders");
  s.Run("ALTER VIEW w WITH SCHEMA COMPENSATION");
  s.Run("ALTER TABLE orders ADD COLUMNS (note STRING)");
  CHECK_EQ(s.OutputNames("SELECT * FROM w"), Names{"id", "price"});
}
