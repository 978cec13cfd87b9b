// Lineage relies on every rewrite pass: run the pipeline with one pass left
// out and the lineage is different (or the analyzer rejects the shape the
// pass should have removed). Each test shows what its pass carries.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "lineage/lineage.h"
#include "lineage_without.h"

using namespace hivelineage;
using hivelineage::testing::LineageWithout;
using Strings = std::vector<std::string>;

namespace {

Strings Sources(const lineage::StatementLineage& l, const std::string& target) {
  for (const lineage::ColumnLineage& c : l.columns)
    if (c.target == target) return c.sources;
  return {"<no " + target + ">"};
}

Strings Messages(const lineage::StatementLineage& l) {
  Strings out;
  for (const Diagnostic& d : l.diagnostics) out.push_back(d.message);
  return out;
}

// The first predicate of `clause` whose expression starts with `prefix`.
const lineage::PredicateLineage* Predicate(const lineage::StatementLineage& l, lineage::Clause clause,
                                           std::string_view prefix = "") {
  for (const lineage::PredicateLineage& p : l.predicates)
    if (p.clause == clause && std::string_view(p.expression).starts_with(prefix)) return &p;
  return nullptr;
}

}  // namespace

TEST_CASE("pass reliance: without inline_ctes, lineage rejects WITH and cannot see the CTE") {
  const std::string sql = "WITH w AS (SELECT a + b AS s FROM t) INSERT INTO d SELECT s FROM w";
  const auto with = LineageWithout("", sql);
  CHECK(with.inputs == Strings{"default.t"});
  CHECK(Sources(with, "default.d.s") == Strings{"default.t.a", "default.t.b"});
  CHECK(with.diagnostics.empty());
  // The analyzer has no CTE scoping of its own: `w` is a table it does not know.
  const auto without = LineageWithout("inline_ctes", sql);
  CHECK(without.inputs == Strings{"default.w"});
  CHECK(Sources(without, "default.d.s") == Strings{"default.w.s"});
  CHECK(Messages(without) ==
        Strings{"internal error: WITH reached lineage unrewritten (the inline_ctes pass did not run)"});
}

TEST_CASE("pass reliance: without collapse_set_operations, lineage rejects the unflattened set operation") {
  const std::string sql = "INSERT INTO d SELECT a FROM t UNION ALL (SELECT x FROM u UNION ALL SELECT y FROM u)";
  const auto with = LineageWithout("", sql);
  CHECK(Sources(with, "default.d.a") == Strings{"default.t.a", "default.u.x", "default.u.y"});
  CHECK(with.diagnostics.empty());
  const auto without = LineageWithout("collapse_set_operations", sql);
  CHECK(without.columns.empty());
  CHECK(Messages(without) ==
        Strings{"internal error: a set operation reached lineage unrewritten (the collapse_set_operations pass did not "
                "run)"});
}

TEST_CASE("pass reliance: without prune_order_limit, no sort keys reach lineage") {
  const std::string sql = "INSERT INTO d SELECT a FROM t DISTRIBUTE BY k SORT BY b";
  const auto with = LineageWithout("", sql);
  const lineage::PredicateLineage* sort = Predicate(with, lineage::Clause::Sort);
  REQUIRE(sort != nullptr);
  CHECK(sort->sources == Strings{"default.t.b", "default.t.k"});
  CHECK(sort->expression == "DISTRIBUTE BY k SORT BY b");
  // Lineage reads sort keys only from the pass's result, never from the query.
  const auto without = LineageWithout("prune_order_limit", sql);
  CHECK(Predicate(without, lineage::Clause::Sort) == nullptr);
  CHECK(Sources(without, "default.d.a") == Strings{"default.t.a"});
}

TEST_CASE("pass reliance: without prune_where_subqueries, lineage reads what filtering subqueries select") {
  // IN compares its first column only: the others are not read.
  const std::string in = "INSERT INTO d SELECT a FROM t WHERE k IN (SELECT x, y FROM u)";
  const auto in_with = LineageWithout("", in);
  const lineage::PredicateLineage* where = Predicate(in_with, lineage::Clause::Where);
  REQUIRE(where != nullptr);
  CHECK(where->sources == Strings{"default.t.k", "default.u.x"});
  const auto in_without = LineageWithout("prune_where_subqueries", in);
  where = Predicate(in_without, lineage::Clause::Where);
  REQUIRE(where != nullptr);
  CHECK(where->sources == Strings{"default.t.k", "default.u.x", "default.u.y"});
  // EXISTS selects nothing the condition reads: the table and the column only
  // its select list named are not read, and the predicate shows what is.
  const std::string exists =
      "INSERT INTO d SELECT a FROM t WHERE b > 0 AND EXISTS (SELECT nope, (SELECT max(z) FROM v) FROM u WHERE u.k = "
      "t.k)";
  const auto with = LineageWithout("", exists);
  CHECK(with.inputs == Strings{"default.t", "default.u"});
  CHECK(with.diagnostics.empty());
  where = Predicate(with, lineage::Clause::Where, "((b > 0)");
  REQUIRE(where != nullptr);
  CHECK(where->expression == "((b > 0) AND EXISTS (SELECT 1 FROM u WHERE (u.k = t.k)))");
  const auto without = LineageWithout("prune_where_subqueries", exists);
  CHECK(without.inputs == Strings{"default.t", "default.u", "default.v"});
  CHECK(Messages(without) == Strings{"cannot resolve column 'nope'"});
}
