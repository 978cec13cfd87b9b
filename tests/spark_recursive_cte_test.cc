// Spark's WITH RECURSIVE (docs/dialects.md): the CTE's reference to itself is
// the CTE, not a table; the tables read are the branches' real tables and the
// CTE's columns take both branches' lineage. Prints back with RECURSIVE and
// MAX RECURSION LEVEL.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "dialect_print_check.h"
#include "statement_lineage_lookup.h"

using namespace hivelineage;

namespace {

using Names = std::vector<std::string>;

std::string P(std::string_view sql, Dialect d = Dialect::Spark) {
  return testing::CheckedPrint(sql, d, {.error_message = false, .other = true, .same_tree = true});
}

}  // namespace

TEST_CASE("spark recursive cte: RECURSIVE and MAX RECURSION LEVEL print back; the level needs RECURSIVE") {
  CHECK_EQ(P("with recursive r(n) as (values 0 union all select n + 1 from r where n < 3) select * from r"),
           "WITH RECURSIVE r (n) AS (VALUES (0) UNION ALL SELECT (n + 1) FROM r WHERE (n < 3)) SELECT * FROM r");
  CHECK_EQ(P("WITH RECURSIVE r(n) MAX RECURSION LEVEL 12 AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r"),
           "WITH RECURSIVE r (n) MAX RECURSION LEVEL 12 AS (SELECT 1 UNION ALL SELECT (n + 1) FROM r) SELECT n FROM r");
  // Spark rejects a recursion level on a CTE that is not recursive.
  CHECK_EQ(P("WITH r(n) MAX RECURSION LEVEL 12 AS (SELECT 1) SELECT n FROM r"), "ERROR");
  CHECK_EQ(P("WITH RECURSIVE r(n) MAX RECURSION LEVEL AS (SELECT 1) SELECT n FROM r"), "ERROR");
}

TEST_CASE("spark recursive cte: the self reference reads no table; columns take both branches' sources") {
  const auto values = testing::DialectLineage(
      "WITH RECURSIVE r(level) AS (VALUES 0 UNION ALL SELECT level + 1 FROM r WHERE level < 5) SELECT * FROM r");
  CHECK(values.inputs.empty());
  const auto tree = testing::DialectLineage(
      "WITH RECURSIVE tree(id, parent) AS ("
      "  SELECT id, parent_id FROM nodes WHERE parent_id IS NULL"
      "  UNION ALL SELECT e.child, tree.id FROM edges e JOIN tree ON e.parent = tree.id)"
      "INSERT INTO out_tree SELECT id, parent FROM tree");
  CHECK_EQ(tree.inputs, Names{"default.edges", "default.nodes"});
  CHECK_EQ(testing::Sources(tree, "default.out_tree.id"), Names{"default.edges.child", "default.nodes.id"});
  CHECK_EQ(testing::Sources(tree, "default.out_tree.parent"), Names{"default.nodes.id", "default.nodes.parent_id"});
  // Without RECURSIVE the name inside the body is a table, as before.
  const auto plain = testing::DialectLineage("WITH r AS (SELECT 1 AS x UNION ALL SELECT x FROM r) SELECT * FROM r");
  CHECK_EQ(plain.inputs, Names{"default.r"});
}
