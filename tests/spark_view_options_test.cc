// Spark's CREATE VIEW clauses (docs/dialects.md): WITH SCHEMA BINDING |
// COMPENSATION | EVOLUTION | TYPE EVOLUTION and DEFAULT COLLATION name, in any
// order with COMMENT / TBLPROPERTIES, each at most once; kept as the view's
// options and printed back.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "dialect_print_check.h"
#include "statement_lineage_lookup.h"

using namespace hivelineage;

namespace {

std::string P(std::string_view sql, Dialect d = Dialect::Spark) {
  return testing::CheckedPrint(sql, d, {.error_message = false, .other = true, .same_tree = true});
}

}  // namespace

TEST_CASE("spark view options: schema binding modes and a default collation print back") {
  CHECK_EQ(P("create view v WITH SCHEMA BINDING as select 1 as one"),
           "CREATE VIEW v WITH SCHEMA BINDING AS SELECT 1 AS one");
  CHECK_EQ(P("CREATE OR REPLACE VIEW v WITH SCHEMA TYPE EVOLUTION AS SELECT 1 AS one"),
           "CREATE OR REPLACE VIEW v WITH SCHEMA TYPE EVOLUTION AS SELECT 1 AS one");
  CHECK_EQ(P("CREATE VIEW v WITH SCHEMA COMPENSATION COMMENT 'c' AS SELECT 1 AS one"),
           "CREATE VIEW v WITH SCHEMA COMPENSATION COMMENT 'c' AS SELECT 1 AS one");
  CHECK_EQ(P("CREATE VIEW v DEFAULT COLLATION UTF8_LCASE WITH SCHEMA EVOLUTION AS SELECT 'a' AS s"),
           "CREATE VIEW v DEFAULT COLLATION UTF8_LCASE WITH SCHEMA EVOLUTION AS SELECT 'a' AS s");
  // Spark reads the clauses once each, and only its four binding modes.
  CHECK_EQ(P("CREATE VIEW v WITH SCHEMA BINDING WITH SCHEMA EVOLUTION AS SELECT 1"), "ERROR");
  CHECK_EQ(P("CREATE VIEW v COMMENT 'a' COMMENT 'b' AS SELECT 1"), "ERROR");
  CHECK_EQ(P("CREATE VIEW v WITH SCHEMA LOOSE AS SELECT 1"), "ERROR");
  // Hive has none of them.
  CHECK_EQ(P("CREATE VIEW v WITH SCHEMA BINDING AS SELECT 1", Dialect::Hive), "ERROR");
}

TEST_CASE("spark view options: spark.sql.legacy.viewSchemaBindingMode=false rejects WITH SCHEMA") {
  parser::ParseOptions options = testing::DialectOptions(Dialect::Spark);
  parser::ApplySetting("spark.sql.legacy.viewSchemaBindingMode", "false", options);
  Arena arena;
  Diagnostics diags;
  CHECK(parser::ParseStatement("CREATE VIEW v WITH SCHEMA BINDING AS SELECT 1", arena, options, diags) == nullptr);
  CHECK(parser::ParseStatement("CREATE VIEW v COMMENT 'c' AS SELECT 1", arena, options, diags) != nullptr);
  parser::ApplySetting("spark.sql.legacy.viewSchemaBindingMode", "true", options);
  CHECK(parser::ParseStatement("CREATE VIEW v WITH SCHEMA BINDING AS SELECT 1", arena, options, diags) != nullptr);
}

TEST_CASE("spark view options: the view's lineage is its query's") {
  const auto l = testing::DialectLineage("CREATE VIEW v WITH SCHEMA BINDING AS SELECT a FROM src");
  CHECK_EQ(l.inputs, std::vector<std::string>{"default.src"});
  CHECK_EQ(testing::Sources(l, "default.v.a"), std::vector<std::string>{"default.src.a"});
}
