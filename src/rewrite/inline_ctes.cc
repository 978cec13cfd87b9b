#include "rewrite/inline_ctes.h"

#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "base/strings.h"
#include "rewrite/walk.h"

namespace hivelineage::rewrite {

namespace {

using namespace ast;

// The CTEs visible at a point, innermost last.
struct Visible {
  std::string name;  // lower case
  const Cte* cte;
};

class Inliner {
 public:
  explicit Inliner(Arena& arena) : arena_(arena) {}

  void Statement(ast::Statement& stmt) {
    switch (stmt.kind) {
      case NodeKind::QueryStatement: {
        auto& s = static_cast<QueryStatement&>(stmt);
        size_t mark = PushCtes(s.ctes);
        TableRef(s.from);
        for (InsertBody& b : s.bodies) Query(b.query);
        visible_.resize(mark);
        s.ctes = {};
        return;
      }
      case NodeKind::CreateTableStatement:
        return Query(static_cast<CreateTableStatement&>(stmt).as_query);
      case NodeKind::CreateViewStatement:
        return Query(static_cast<CreateViewStatement&>(stmt).query);
      case NodeKind::ExplainStatement:
        if (auto* inner = static_cast<ExplainStatement&>(stmt).inner) Statement(*inner);
        return;
      default: {
        // UPDATE / DELETE / MERGE: subqueries may carry their own WITH.
        QueryWalker w;
        w.on_query = [&](ast::Query& q) { Query(&q); };
        w.Statement(stmt);
        return;
      }
    }
  }

 private:
  // Inlines inside each CTE body (seeing only earlier CTEs), then makes all
  // of them visible. Returns the previous size of the visible list.
  size_t PushCtes(List<Cte> ctes) {
    size_t mark = visible_.size();
    for (const Cte& c : ctes) {
      Query(c.query);
      visible_.push_back(Visible{ToLower(c.name.name), &c});
    }
    return mark;
  }

  const Cte* Find(std::string_view name) const {
    for (size_t i = visible_.size(); i-- > 0;)
      if (visible_[i].name == name) return visible_[i].cte;
    return nullptr;
  }

  void Query(ast::Query* q) {
    if (q == nullptr || done_.contains(q)) return;
    done_.insert(q);
    size_t mark = PushCtes(q->ctes);
    QueryExpr(q->body);
    visible_.resize(mark);
    q->ctes = {};
  }

  void QueryExpr(ast::QueryExpr* qe) {
    while (qe != nullptr) {
      switch (qe->kind) {
        case NodeKind::SelectCore: {
          auto* core = static_cast<SelectCore*>(qe);
          TableRefSlot(core->from);
          for (SelectItem& item : core->items) Expr(item.expr);
          if (core->transform != nullptr)
            for (ast::Expr* a : core->transform->args) Expr(a);
          Expr(core->where);
          if (core->group_by != nullptr)
            for (ast::Expr* g : core->group_by->items) Expr(g);
          Expr(core->having);
          Expr(core->qualify);
          return;
        }
        case NodeKind::SetOperation: {
          auto* op = static_cast<SetOperation*>(qe);
          QueryExpr(op->right);
          qe = op->left;
          continue;
        }
        case NodeKind::NestedQuery:
          return Query(static_cast<NestedQuery*>(qe)->query);
        case NodeKind::ValuesQuery:
          for (auto& row : static_cast<ValuesQuery*>(qe)->rows)
            for (ast::Expr* v : row) Expr(v);
          return;
        default:
          return;
      }
    }
  }

  void Expr(ast::Expr* e) {
    ForEachSubquerySlot(e, [&](ast::Query*& q) { Query(q); });
  }

  void TableRef(ast::TableRef*& slot) { TableRefSlot(slot); }

  // Replaces a CTE reference in `slot`; walks joins and lateral views down
  // their left spine iteratively.
  void TableRefSlot(ast::TableRef*& first) {
    ast::TableRef** slot = &first;
    while (*slot != nullptr) {
      ast::TableRef* ref = *slot;
      switch (ref->kind) {
        case NodeKind::TableName: {
          auto* t = static_cast<TableName*>(ref);
          if (t->name.parts.size() != 1) return;
          const Cte* cte = Find(ToLower(t->name.parts[0].name));
          if (cte == nullptr) return;
          auto* sub = arena_.New<SubqueryRef>();
          sub->span = t->span;
          sub->query = cte->query;
          sub->alias = t->alias.name.empty() ? t->name.parts[0] : t->alias;
          sub->column_aliases = cte->columns;
          *slot = sub;
          return;
        }
        case NodeKind::JoinRef: {
          auto* j = static_cast<JoinRef*>(ref);
          TableRefSlot(j->right);
          Expr(j->on);
          slot = &j->left;
          continue;
        }
        case NodeKind::LateralViewRef: {
          auto* lv = static_cast<LateralViewRef*>(ref);
          Expr(lv->udtf);
          slot = &lv->source;
          continue;
        }
        case NodeKind::SubqueryRef:
          return Query(static_cast<SubqueryRef*>(ref)->query);
        case NodeKind::TableFunctionRef: {
          auto* f = static_cast<TableFunctionRef*>(ref);
          for (ast::Expr* a : f->args) Expr(a);
          slot = &f->input;
          continue;
        }
        default:
          return;
      }
    }
  }

  Arena& arena_;
  std::vector<Visible> visible_;
  absl::flat_hash_set<const ast::Query*> done_;
};

}  // namespace

void InlineCtes(ast::Statement& stmt, Arena& arena) { Inliner(arena).Statement(stmt); }

}  // namespace hivelineage::rewrite
