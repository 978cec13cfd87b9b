#include "lineage/session_variables.h"

#include <charconv>
#include <string>

#include "base/strings.h"
#include "lexer/lexer.h"
#include "lineage/spark_names.h"

namespace hivelineage::lineage {

namespace {

using namespace ast;

// A variable's name, lower case: `v`, `session.v`, `system.session.v`.
std::string VariableName(const QualifiedName& name) {
  return name.parts.empty() ? std::string() : ToLower(name.parts.back().name);
}

// The value `e` takes as a variable of type `type_sql` ("" when declared
// without one), as Spark prints a literal: `7`, `7L`, `'x'`,
// `CAST(NULL AS INT)`; "" for a value only running the script would tell.
std::string ValueSql(const Expr* e, const std::string& type_sql) {
  const auto* l = DynCast<Literal>(e);
  if (e == nullptr || (l != nullptr && l->type == Literal::Type::Null))
    return !type_sql.empty() ? Cat("CAST(NULL AS ", type_sql, ")") : e != nullptr ? "NULL" : "";
  if (l == nullptr) return "";
  if (l->type == Literal::Type::Number) {
    const std::string_view t = l->text;
    int64_t v = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc() || end != t.data() + t.size() || v > INT32_MAX) return "";
    if (type_sql.empty() || type_sql == "INT") return Cat(v);
    if (type_sql == "BIGINT") return Cat(v, "L");
    return "";
  }
  if (l->type == Literal::Type::String && (type_sql.empty() || type_sql == "STRING")) {
    const std::string s = lexer::UnescapeString(l->text);
    if (s.find_first_of("'\\") != std::string::npos) return "";
    return Cat("'", s, "'");
  }
  return "";
}

}  // namespace

void RecordDeclaredVariable(const DeclareVariableStatement& stmt, Session& session) {
  const std::string name = VariableName(stmt.name);
  if (name.empty()) return;
  Session::SessionVariable v;
  if (!stmt.type.text.empty()) v.type_sql = SparkTypeSql(stmt.type.text);
  v.value_sql = ValueSql(stmt.default_value, v.type_sql);
  session.session_variables[name] = std::move(v);
}

void RecordSetVariables(const SetStatement& stmt, Session& session) {
  for (size_t i = 0; i < stmt.variables.size(); ++i) {
    auto it = session.session_variables.find(VariableName(stmt.variables[i]));
    if (it == session.session_variables.end()) continue;
    const Expr* value = stmt.query == nullptr && i < stmt.values.size() ? stmt.values[i] : nullptr;
    it->second.value_sql = value != nullptr ? ValueSql(value, it->second.type_sql) : "";
  }
}

}  // namespace hivelineage::lineage
