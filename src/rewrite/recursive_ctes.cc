#include "rewrite/recursive_ctes.h"

#include "base/strings.h"
#include "rewrite/walk.h"

namespace hivelineage::rewrite {

namespace {

using namespace ast;

// The anchor of a recursive CTE's body: the first branch of its set operation
// chain (Spark requires the anchor first); null when the body has no set operation.
Query* Anchor(const Cte& cte, Arena& arena) {
  if (cte.query == nullptr || DynCast<SetOperation>(cte.query->body) == nullptr) return nullptr;
  QueryExpr* first = cte.query->body;
  while (auto* op = DynCast<SetOperation>(first)) first = op->left;
  auto* anchor = arena.New<Query>();
  anchor->body = first;
  anchor->span = first->span;
  return anchor;
}

// Replaces, inside the CTE's body, each table name naming the CTE by a derived table over its anchor.
void ReadSelfReferences(const Cte& cte, Arena& arena) {
  if (!cte.recursive) return;
  Query* anchor = Anchor(cte, arena);
  if (anchor == nullptr) return;
  const std::string name = ToLower(cte.name.name);
  QueryWalker walker;
  walker.on_table_name = [&](TableRef*& slot) {
    auto* t = static_cast<TableName*>(slot);
    if (t->name.parts.size() != 1 || ToLower(t->name.parts[0].name) != name) return;
    auto* sub = arena.New<SubqueryRef>();
    sub->span = t->span;
    sub->query = anchor;
    sub->alias = t->alias.name.empty() ? t->name.parts[0] : t->alias;
    sub->column_aliases = cte.columns;
    slot = sub;
  };
  walker.Query(cte.query);
}

}  // namespace

void ReadRecursiveCtes(ast::Statement& stmt, Arena& arena, RewriteResult&) {
  if (auto* s = DynCast<QueryStatement>(&stmt))
    for (const Cte& c : s->ctes) ReadSelfReferences(c, arena);
  QueryWalker w;
  w.on_query = [&arena](Query& q) {
    for (const Cte& c : q.ctes) ReadSelfReferences(c, arena);
  };
  w.Statement(stmt);
}

}  // namespace hivelineage::rewrite
