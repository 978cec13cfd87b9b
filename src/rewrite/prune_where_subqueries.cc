#include "rewrite/prune_where_subqueries.h"

#include <vector>

#include "absl/container/inlined_vector.h"
#include "ast/children.h"
#include "rewrite/walk.h"

namespace hivelineage::rewrite {

namespace {

using namespace ast;

// The SELECT blocks a query's rows come from (every branch of a set operation).
template <typename F>
void ForEachCore(Query* q, F&& f) {
  if (q == nullptr) return;
  std::vector<QueryExpr*> todo{q->body};
  while (!todo.empty()) {
    QueryExpr* qe = todo.back();
    todo.pop_back();
    if (qe == nullptr) continue;
    if (auto* core = DynCast<SelectCore>(qe)) {
      f(*core);
    } else if (auto* chain = DynCast<SetOperationChain>(qe)) {  // collapse_set_operations ran before
      for (SetOperationChain::Branch& b : chain->branches) todo.push_back(b.query);
    } else if (auto* n = DynCast<NestedQuery>(qe); n && n->query) {
      todo.push_back(n->query->body);
    }
  }
}

class Pruner {
 public:
  explicit Pruner(Arena& arena) : arena_(arena) {}

  void Condition(Expr* e) {
    if (e == nullptr || e->kind == NodeKind::ColumnRef || e->kind == NodeKind::Literal) return;
    absl::InlinedVector<Expr*, 32> stack{e};
    while (!stack.empty()) {
      Expr* x = stack.back();
      stack.pop_back();
      if (auto* ex = DynCast<ExistsExpr>(x)) {
        ForEachCore(ex->query, [&](SelectCore& core) { SelectOne(core); });
      } else if (auto* in = DynCast<InSubqueryExpr>(x)) {
        ForEachCore(in->query, [&](SelectCore& core) {
          core.distinct = false;
          if (core.transform == nullptr && core.items.size() > 1 && !AliasesVisible(core))
            core.items = core.items.subspan(0, 1);
        });
      }
      ForEachChildExprSlot(*x, [&](Expr* c) { stack.push_back(c); });
    }
  }

 private:
  // HAVING / QUALIFY may name select-list aliases: keep the list then.
  static bool AliasesVisible(const SelectCore& core) { return core.having != nullptr || core.qualify != nullptr; }

  void SelectOne(SelectCore& core) {
    if (AliasesVisible(core)) return;
    if (core.transform == nullptr && core.items.size() == 1) {
      if (auto* lit = DynCast<Literal>(core.items[0].expr); lit && lit->text == "1") return;
    }
    auto* one = arena_.New<Literal>();
    one->type = Literal::Type::Number;
    one->text = "1";
    auto* item = arena_.New<SelectItem>();
    item->expr = one;
    core.items = std::span<SelectItem>(item, 1);
    core.transform = nullptr;
    core.distinct = false;
  }

  Arena& arena_;
};

}  // namespace

void PruneWhereSubqueries(ast::Statement& stmt, Arena& arena, RewriteResult&) {
  Pruner p(arena);
  QueryWalker w;
  w.on_core = [&](SelectCore& core) {
    p.Condition(core.where);
    p.Condition(core.having);
    p.Condition(core.qualify);
  };
  w.Statement(stmt);
  // UPDATE / DELETE conditions filter too.
  if (auto* u = DynCast<UpdateStatement>(&stmt)) p.Condition(u->where);
  if (auto* d = DynCast<DeleteStatement>(&stmt)) p.Condition(d->where);
}

}  // namespace hivelineage::rewrite
