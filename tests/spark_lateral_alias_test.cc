// Spark's lateral column aliases: in a select list, a name no column of the
// FROM clause has may be the alias of an earlier item (`SELECT a + 1 AS b,
// b * 2 AS c`). Its lineage is that item's; Hive has no such thing.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "base/dialect.h"
#include "dialect_print_check.h"
#include "lineage/lineage.h"
#include "parser/parser.h"
#include "rewrite/pipeline.h"
#include "catalog_support.h"
#include "statement_lineage_lookup.h"
#include "test_support.h"

namespace hivelineage {
namespace {

using Strings = std::vector<std::string>;

struct Result {
  lineage::StatementLineage lineage;
  Strings codes;  // the diagnostics' codes
};

// Lineage of one statement over a catalog of ods.t(x, y) and ods.u(x, z).
Result Analyze(const std::string& sql, Dialect d = Dialect::Spark) {
  Arena arena;
  Diagnostics diags;
  ast::Statement* stmt = parser::ParseStatement(sql, arena, testing::DialectOptions(d), diags);
  REQUIRE_MESSAGE(stmt != nullptr, sql);
  lineage::Session session;
  session.spark_names = d == Dialect::Spark;
  session.catalog.Put(testing::CatalogTable("ods.t", {"x", "y"}));
  session.catalog.Put(testing::CatalogTable("ods.u", {"x", "z"}));
  Result r;
  r.lineage = lineage::ComputeLineage(rewrite::RunPipeline(*stmt, arena), session);
  for (const Diagnostic& diag : r.lineage.diagnostics) r.codes.push_back(DiagnosticCodeName(diag.code));
  return r;
}

TEST_CASE("spark lineage: an earlier item's alias is read through, without a warning") {
  const Result r = Analyze("INSERT INTO dw.r SELECT sum(x) AS a, a + max(y) AS b, b + 1 AS c FROM ods.t");
  CHECK(r.codes.empty());
  CHECK_EQ(testing::Sources(r.lineage, "dw.r.a"), Strings{"ods.t.x"});
  CHECK_EQ(testing::Sources(r.lineage, "dw.r.b"), Strings{"ods.t.x", "ods.t.y"});
  CHECK_EQ(testing::Sources(r.lineage, "dw.r.c"), Strings{"ods.t.x", "ods.t.y"});
}

TEST_CASE("spark lineage: a column wins over a lateral alias; only earlier items are seen") {
  // `x` is a column of ods.t: the column, not the alias of the first item.
  const Result r = Analyze("INSERT INTO dw.r SELECT y AS x, x + 1 AS w FROM ods.t");
  CHECK_EQ(testing::Sources(r.lineage, "dw.r.w"), Strings{"ods.t.x"});
  // A later item's alias is not seen: `v` is unresolved.
  const Result later = Analyze("INSERT INTO dw.r SELECT v + 1 AS w, y AS v FROM ods.t");
  CHECK_EQ(later.codes, Strings{"unresolved-column"});
  // Over a join, through a qualified column.
  const Result j = Analyze("SELECT t.x + u.z AS s, s * 2 AS d FROM ods.t JOIN ods.u ON t.x = u.x");
  CHECK(j.codes.empty());
  CHECK_EQ(testing::Sources(j.lineage, "d"), Strings{"ods.t.x", "ods.u.z"});
}

TEST_CASE("hive lineage: no lateral aliases") {
  const Result r = Analyze("INSERT INTO dw.r SELECT sum(x) AS a, a + 1 AS b FROM ods.t", Dialect::Hive);
  CHECK_EQ(r.codes, Strings{"unresolved-column"});
}

}  // namespace
}  // namespace hivelineage
