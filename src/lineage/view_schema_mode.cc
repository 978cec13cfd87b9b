#include "lineage/view_schema_mode.h"

#include "base/strings.h"
#include "lineage/resolver.h"

namespace hivelineage::lineage {

namespace {

using namespace ast;

// Adds the tables of a FROM clause whose columns all reach `*` in order; false
// when one of its parts is no plain table (or a join that merges columns).
bool AddStarTables(const TableRef* from, const Resolver& rs, std::vector<std::string>& out) {
  if (const auto* t = DynCast<TableName>(from)) {
    out.push_back(rs.TableKey(t->name));
    return !out.back().empty();
  }
  const auto* j = DynCast<JoinRef>(from);
  if (j == nullptr || j->natural || !j->using_columns.empty()) return false;
  switch (j->join_kind) {
    case JoinKind::Inner:
    case JoinKind::Left:
    case JoinKind::Right:
    case JoinKind::Full:
    case JoinKind::Cross:
    case JoinKind::Comma:
      return AddStarTables(j->left, rs, out) && AddStarTables(j->right, rs, out);
    case JoinKind::LeftSemi:  // `*` lists the left side only; kept simple: not followed
    case JoinKind::LeftAnti:
    case JoinKind::UniqueJoin:
      return false;
  }
  return false;
}

}  // namespace

std::vector<std::string> StarTables(const Query* query, const Resolver& rs) {
  if (query == nullptr || !query->ctes.empty()) return {};
  const auto* core = DynCast<SelectCore>(query->body);
  if (core == nullptr || core->from == nullptr || core->transform != nullptr || core->group_by != nullptr ||
      core->items.size() != 1 || !core->items[0].star_except.empty())
    return {};
  const auto* star = DynCast<StarExpr>(core->items[0].expr);
  if (star == nullptr || !star->qualifier.empty() || !star->regex.empty() || !star->except_columns.empty() ||
      !star->replaced_names.empty())
    return {};
  std::vector<std::string> tables;
  if (!AddStarTables(core->from, rs, tables)) return {};
  return tables;
}

std::optional<bool> SchemaEvolutionClause(std::string_view text) {
  const std::string lower = ToLower(text);
  const size_t at = lower.find("with schema ");
  if (at == std::string::npos) return std::nullopt;
  return std::string_view(lower).substr(at + 12).starts_with("evolution");
}

}  // namespace hivelineage::lineage
