// The lineage of one statement with one rewrite pass left out: what the
// pass-reliance tests (tests/pass_reliance_test.cc, and the corpus suite's
// run over Hive's query tests) compare with the lineage after every pass.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "base/arena.h"
#include "lineage/lineage.h"
#include "parser/parser.h"
#include "rewrite/pipeline.h"

namespace hivelineage::testing {

// default.t(a, b, k) and default.u(k, x, y).
inline lineage::Session TestSession() {
  lineage::Session s;
  auto table = [&](const char* name, std::vector<std::string> columns) {
    lineage::CatalogTable t;
    t.name = name;
    for (const std::string& c : columns) {
      lineage::CatalogColumn col;
      col.name = c;
      t.columns.push_back(col);
    }
    s.catalog.Put(std::move(t));
  };
  table("default.t", {"a", "b", "k"});
  table("default.u", {"k", "x", "y"});
  return s;
}

// The lineage of `sql` after every pass but `skipped` ("" for none).
inline lineage::StatementLineage LineageWithout(std::string_view skipped, const std::string& sql) {
  Arena arena;
  Diagnostics diags;
  ast::Statement* stmt = parser::ParseStatement(sql, arena, parser::ParseOptions{}, diags);
  REQUIRE_MESSAGE(stmt != nullptr, sql);
  rewrite::RewriteResult result;
  result.statement = stmt;
  bool found = skipped.empty();
  for (const rewrite::Pass& p : rewrite::Passes()) {
    if (p.name == skipped) {
      found = true;
      continue;
    }
    p.run(*stmt, arena, result);
  }
  REQUIRE_MESSAGE(found, "no pass named " << skipped);
  lineage::Session session = TestSession();
  return lineage::ComputeLineage(result, session);
}

}  // namespace hivelineage::testing
