#include "usage/partition_filters.h"

#include <algorithm>
#include <tuple>

#include "base/strings.h"
#include "rewrite/walk.h"

namespace hivelineage::usage {
namespace {

using namespace ast;

struct FromTable {
  std::string alias;  // lower case
  std::string key;    // db.table
};

// Base tables of a FROM clause (not inside its subqueries) and its JOIN ON conditions.
void CollectFrom(TableRef* ref, std::string_view database, std::vector<FromTable>& tables,
                 std::vector<Expr*>& conditions) {
  std::vector<TableRef*> stack = {ref};
  while (!stack.empty()) {
    TableRef* r = stack.back();
    stack.pop_back();
    if (r == nullptr) continue;
    if (auto* t = DynCast<TableName>(r)) {
      const List<Ident>& parts = t->name.parts;
      if (parts.empty()) continue;
      const std::string key = parts.size() == 1 ? Cat(ToLower(database), ".", ToLower(parts[0].name))
                                                : Cat(ToLower(parts[0].name), ".", ToLower(parts[1].name));
      tables.push_back(FromTable{ToLower(t->alias.name.empty() ? parts.back().name : t->alias.name), key});
    } else if (auto* j = DynCast<JoinRef>(r)) {
      if (j->on != nullptr) conditions.push_back(j->on);
      stack.push_back(j->right);
      stack.push_back(j->left);
    } else if (auto* lv = DynCast<LateralViewRef>(r)) {
      stack.push_back(lv->source);
    }
  }
}

// The conjuncts of `e` (a AND b AND c).
void Conjuncts(Expr* e, std::vector<Expr*>& out) {
  std::vector<Expr*> stack = {e};
  while (!stack.empty()) {
    Expr* x = stack.back();
    stack.pop_back();
    if (auto* b = DynCast<BinaryExpr>(x); b != nullptr && b->op == BinaryOp::And) {
      stack.push_back(b->rhs);
      stack.push_back(b->lhs);
    } else if (x != nullptr) {
      out.push_back(x);
    }
  }
}

// A literal's value: strings unquoted, numbers as written; nothing for others.
bool LiteralValue(const Expr* e, std::string& out) {
  const auto* l = DynCast<Literal>(e);
  if (l == nullptr) return false;
  std::string_view t = l->text;
  switch (l->type) {
    case Literal::Type::String:
    case Literal::Type::Typed:
      if (t.size() >= 2 && (t.front() == '\'' || t.front() == '"') && t.back() == t.front())
        t = t.substr(1, t.size() - 2);
      out = std::string(t);
      return true;
    case Literal::Type::Number:
      out = std::string(t);
      return true;
    case Literal::Type::Boolean:
    case Literal::Type::Null:
    case Literal::Type::Charset:
    case Literal::Type::Variable:
    case Literal::Type::Parameter:
    case Literal::Type::CurrentDate:
    case Literal::Type::CurrentTimestamp:
      return false;
  }
  return false;
}

class Finder {
 public:
  Finder(std::string_view database, const lineage::Catalog& catalog, const std::vector<std::string>& names,
         std::vector<PartitionRead>& out)
      : database_(database), catalog_(catalog), names_(names), out_(out) {}

  void Core(SelectCore& core) {
    std::vector<FromTable> tables;
    std::vector<Expr*> conditions;
    CollectFrom(core.from, database_, tables, conditions);
    if (tables.empty()) return;
    if (core.where != nullptr) conditions.push_back(core.where);
    std::vector<Expr*> conjuncts;
    for (Expr* c : conditions) Conjuncts(c, conjuncts);
    for (Expr* c : conjuncts) Condition(c, tables);
  }

 private:
  bool IsPartitionColumn(const std::string& table, const std::string& column) const {
    if (const lineage::CatalogTable* t = catalog_.Find(table); t != nullptr && !t->partition_columns.empty()) {
      for (const lineage::CatalogColumn& c : t->partition_columns)
        if (c.name == column) return true;
      return false;
    }
    return std::find(names_.begin(), names_.end(), column) != names_.end();
  }

  // The table of `ref` when it names a partition column of one of `tables`.
  const FromTable* Resolve(const ColumnRef* ref, const std::vector<FromTable>& tables, std::string& column) const {
    if (ref == nullptr || ref->parts.empty() || ref->parts.size() > 3) return nullptr;
    column = ToLower(ref->parts.back().name);
    const FromTable* found = nullptr;
    for (const FromTable& t : tables) {
      if (ref->parts.size() == 2 && t.alias != ToLower(ref->parts[0].name)) continue;
      if (ref->parts.size() == 3 && t.key != Cat(ToLower(ref->parts[0].name), ".", ToLower(ref->parts[1].name)))
        continue;
      if (!IsPartitionColumn(t.key, column)) continue;
      if (found != nullptr) return nullptr;  // several tables could hold it
      found = &t;
    }
    return found;
  }

  void Condition(Expr* c, const std::vector<FromTable>& tables) {
    std::string column, value;
    if (auto* b = DynCast<BinaryExpr>(c)) {
      if (b->op != BinaryOp::Eq && b->op != BinaryOp::EqEq && b->op != BinaryOp::NullSafeEq) return;
      const Expr* col = b->lhs;
      const Expr* lit = b->rhs;
      if (DynCast<ColumnRef>(col) == nullptr) std::swap(col, lit);
      const FromTable* t = Resolve(DynCast<ColumnRef>(col), tables, column);
      if (t != nullptr && LiteralValue(lit, value)) Add(t->key, Cat(column, "=", value));
    } else if (auto* in = DynCast<InListExpr>(c); in != nullptr && !in->negated) {
      const FromTable* t = Resolve(DynCast<ColumnRef>(in->value), tables, column);
      if (t == nullptr) return;
      std::vector<std::string> values;
      for (const Expr* item : in->items)
        if (!LiteralValue(item, values.emplace_back())) return;
      for (const std::string& v : values) Add(t->key, Cat(column, "=", v));
    } else if (auto* bt = DynCast<BetweenExpr>(c); bt != nullptr && !bt->negated) {
      const FromTable* t = Resolve(DynCast<ColumnRef>(bt->value), tables, column);
      std::string low, high;
      if (t != nullptr && LiteralValue(bt->low, low) && LiteralValue(bt->high, high))
        Add(t->key, Cat(column, "=[", low, ", ", high, "]"));
    }
  }

  void Add(const std::string& table, std::string filter) { out_.push_back(PartitionRead{table, std::move(filter)}); }

  std::string_view database_;
  const lineage::Catalog& catalog_;
  const std::vector<std::string>& names_;
  std::vector<PartitionRead>& out_;
};

}  // namespace

std::vector<PartitionRead> PartitionFilters(Statement& statement, std::string_view database,
                                            const lineage::Catalog& catalog,
                                            const std::vector<std::string>& default_names) {
  std::vector<PartitionRead> out;
  Finder finder(database, catalog, default_names, out);
  rewrite::QueryWalker walker;
  walker.on_core = [&](SelectCore& core) { finder.Core(core); };
  walker.Statement(statement);
  auto key = [](const PartitionRead& p) { return std::tie(p.table, p.filter); };
  std::sort(out.begin(), out.end(), [&](const auto& a, const auto& b) { return key(a) < key(b); });
  out.erase(std::unique(out.begin(), out.end(), [&](const auto& a, const auto& b) { return key(a) == key(b); }),
            out.end());
  return out;
}

}  // namespace hivelineage::usage
