#include "big_input_mode.h"

#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ast/ast.h"
#include "base/arena.h"
#include "driver/analyze_script.h"
#include "driver/session.h"
#include "parser/parser.h"

namespace hivelineage::bench {
namespace {

driver::FileResult Analyze(std::string_view text) {
  lineage::Session session;
  return driver::AnalyzeScript(std::make_shared<const SourceFile>("t.sql", text), session, driver::AnalyzeOptions{});
}

std::string Repeat(std::string_view s, size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (size_t i = 0; i < n; ++i) out.append(s);
  return out;
}

// The sources of the only column of statement `i`, or "" when it has not one column.
std::vector<std::string> OnlyColumnSources(const driver::FileResult& r, size_t i) {
  if (i >= r.statements.size() || r.statements[i].lineage.columns.size() != 1) return {};
  return r.statements[i].lineage.columns[0].sources;
}

// 10 MB identifiers and string literals: each is one token.
bool HugeTokens() {
  const std::string ident(10u << 20, 'c');
  const driver::FileResult r = Analyze("insert into table o select " + ident + " from t;\n" +
                                       "insert into table o select '" + std::string(10u << 20, 'x') +
                                       "' as s, a from t;");
  return r.statements.size() == 2 && !r.statements[0].has_error() && !r.statements[1].has_error() &&
         OnlyColumnSources(r, 0) == std::vector<std::string>{"default.t." + ident} &&
         r.statements[1].lineage.columns.size() == 2 && r.statements[1].lineage.columns[0].sources.empty() &&
         r.statements[1].lineage.columns[1].sources == std::vector<std::string>{"default.t.a"};
}

// A 10 MB script of ordinary statements: every one analysed.
bool HugeScript() {
  const std::string unit =
      "set hive.exec.dynamic.partition=true;\n"
      "insert overwrite table dw.orders partition (dt = '2024-03-01')\n"
      "select o.id, o.user_id, upper(u.name) as user_name, sum(o.amount) over (partition by o.user_id) as total\n"
      "from ods.orders o join ods.users u on o.user_id = u.id\n"
      "where o.dt = '2024-03-01' and u.deleted = 0;\n"
      "with recent as (select id, amount from ods.orders where dt >= '2024-02-01')\n"
      "insert into table dw.big select id from recent where amount > 100 union all select id from ods.refunds;\n"
      "select count(*) from dw.orders; -- a comment\n";
  const size_t copies = (10u << 20) / unit.size() + 1;
  const driver::FileResult r = Analyze(Repeat(unit, copies));
  size_t written = 0;
  for (const driver::StatementResult& s : r.statements) written += !s.lineage.outputs.empty();
  return r.statements.size() == copies * 4 && !r.has_error() && written == copies * 2 &&
         r.statements.back().lineage.inputs == std::vector<std::string>{"dw.orders"};
}

// A 50 MB statement: an IN list of over five million items.
bool HugeStatement() {
  std::string sql = "SELECT * FROM t WHERE x IN (0";
  sql.reserve(50u << 20);
  for (int i = 1; sql.size() < (50u << 20); ++i) {
    sql += ", ";
    sql += std::to_string(i);
  }
  sql += ")";
  Arena arena;
  Diagnostics diags;
  ast::Statement* stmt = parser::ParseStatement(sql, arena, {}, diags);
  if (stmt == nullptr) return false;
  const auto* q = static_cast<const ast::QueryStatement*>(stmt);
  const auto* core = static_cast<const ast::SelectCore*>(q->bodies[0].query->body);
  const auto* in = ast::DynCast<ast::InListExpr>(core->where);
  return in != nullptr && in->items.size() > 5000000;
}

}  // namespace

int BigInputMode() {
  struct Case {
    const char* name;
    std::function<bool()> run;
  };
  const Case cases[] = {{"10 MB identifier and 10 MB string literal", HugeTokens},
                        {"10 MB script of ordinary statements", HugeScript},
                        {"50 MB statement (IN list)", HugeStatement}};
  int status = 0;
  for (const Case& c : cases) {
    const auto start = std::chrono::steady_clock::now();
    const bool ok = c.run();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%-45s %6.2f s  %s\n", c.name, seconds, ok ? "ok" : "FAILED");
    if (!ok) status = 1;
  }
  return status;
}

}  // namespace hivelineage::bench
