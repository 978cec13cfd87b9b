// What the dialect tests do with every statement, written once: the print ->
// parse round trip (a statement prints as text that parses, in the same
// dialect, to the same print and, where asked, the same tree), and its lineage.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "ast/dump.h"
#include "ast/print_sql.h"
#include "base/dialect.h"
#include "lineage/lineage.h"
#include "parser/parser.h"
#include "rewrite/pipeline.h"

namespace hivelineage::testing {

inline parser::ParseOptions DialectOptions(Dialect d) {
  parser::ParseOptions o;
  o.dialect = d;
  return o;
}

// What CheckedPrint says besides the print, and how much it checks.
struct PrintCheck {
  bool error_message = false;  // "ERROR: <the first error>" rather than "ERROR"
  bool other = false;          // "OTHER" for a statement kept as text
  bool same_tree = false;      // the print parses back to the same tree (dump), not only the same print
};

// The canonical print of `sql` read in `d`, after checking that the print
// parses back to the same print (and tree); "ERROR" when `sql` does not parse.
inline std::string CheckedPrint(std::string_view sql, Dialect d, PrintCheck check) {
  Arena arena;
  Diagnostics diags;
  const ast::Statement* stmt = parser::ParseStatement(sql, arena, DialectOptions(d), diags);
  if (stmt == nullptr) {
    if (check.error_message)
      for (const Diagnostic& diag : diags)
        if (diag.severity == Severity::Error) return "ERROR: " + diag.message;
    return "ERROR";
  }
  if (check.other && stmt->stmt_kind() == ast::StmtKind::OtherStatement) return "OTHER";
  const std::string printed = ast::PrintStatement(stmt);
  Arena again_arena;
  Diagnostics again_diags;
  const ast::Statement* again = parser::ParseStatement(printed, again_arena, DialectOptions(d), again_diags);
  REQUIRE_MESSAGE(again != nullptr, printed);
  CHECK_EQ(ast::PrintStatement(again), printed);
  if (check.same_tree) CHECK_EQ(ast::Dump(again), ast::Dump(stmt));
  return printed;
}

// The lineage of one statement read in `d`, in a session of its own.
inline lineage::StatementLineage DialectLineage(const std::string& sql, Dialect d = Dialect::Spark) {
  Arena arena;
  Diagnostics diags;
  ast::Statement* stmt = parser::ParseStatement(sql, arena, DialectOptions(d), diags);
  REQUIRE_MESSAGE(stmt != nullptr, (diags.empty() ? std::string("parse failed") : diags[0].message));
  lineage::Session session;
  return lineage::ComputeLineage(rewrite::RunPipeline(*stmt, arena), session);
}

// The output names of one Spark query, named as Spark names them (lower case as every name is).
inline std::vector<std::string> SparkOutputNames(std::string_view sql) {
  Arena arena;
  Diagnostics diags;
  ast::Statement* stmt = parser::ParseStatement(sql, arena, DialectOptions(Dialect::Spark), diags);
  REQUIRE_MESSAGE(stmt != nullptr, sql);
  lineage::Session session;
  session.spark_names = true;
  const lineage::StatementLineage l = lineage::ComputeLineage(rewrite::RunPipeline(*stmt, arena), session);
  std::vector<std::string> names;
  for (const auto& c : l.columns) names.push_back(c.target);
  return names;
}

// The name Spark gives one select item, `SELECT item FROM t`.
inline std::string SparkItemName(std::string_view item) {
  const std::vector<std::string> names = SparkOutputNames("SELECT " + std::string(item) + " FROM t");
  REQUIRE_EQ(names.size(), 1u);
  return names[0];
}

// A Spark session whose statements run in turn, so DDL gives later
// statements their schemas (temporary views, functions, variables too).
class SparkSession {
 public:
  SparkSession() { session_.spark_names = true; }

  lineage::StatementLineage Run(std::string_view sql) {
    Arena arena;
    Diagnostics diags;
    ast::Statement* stmt = parser::ParseStatement(sql, arena, DialectOptions(Dialect::Spark), diags);
    REQUIRE_MESSAGE(stmt != nullptr, (diags.empty() ? std::string("parse failed") : diags[0].message));
    return lineage::ComputeLineage(rewrite::RunPipeline(*stmt, arena), session_);
  }

  std::vector<std::string> OutputNames(std::string_view sql) {
    std::vector<std::string> out;
    for (const auto& c : Run(sql).columns) out.push_back(c.target);
    return out;
  }

 private:
  lineage::Session session_;
};

}  // namespace hivelineage::testing
