#include "rewrite/inline_ctes.h"

#include <string>
#include <vector>

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
  explicit Inliner(Arena& arena) : arena_(arena) {
    walker_.take_query = [this](ast::Query& q) { Query(q); };
    walker_.take_statement = [this](ast::Statement& s) { Statement(s); };
    walker_.on_table_name = [this](ast::TableRef*& slot) { Replace(slot); };
  }

  void Statement(ast::Statement& stmt) {
    if (auto* s = DynCast<QueryStatement>(&stmt)) {
      size_t mark = PushCtes(s->ctes);
      walker_.TableRef(s->from);
      for (InsertBody& b : s->bodies) walker_.Query(b.query);
      visible_.resize(mark);
      s->ctes = {};
      return;
    }
    // CREATE ... AS, and subqueries of UPDATE / DELETE / MERGE, which may
    // carry their own WITH; a statement inside EXPLAIN comes back here.
    walker_.Statement(stmt);
  }

 private:
  // Inlines inside each CTE body (seeing only earlier CTEs), then makes all
  // of them visible. Returns the previous size of the visible list.
  size_t PushCtes(List<Cte> ctes) {
    size_t mark = visible_.size();
    for (const Cte& c : ctes) {
      walker_.Query(c.query);
      visible_.push_back(Visible{ToLower(c.name.name), &c});
    }
    return mark;
  }

  const Cte* Find(std::string_view name) const {
    for (size_t i = visible_.size(); i-- > 0;)
      if (visible_[i].name == name) return visible_[i].cte;
    return nullptr;
  }

  // Each query once (the walker remembers), in the scope it is written in.
  void Query(ast::Query& q) {
    size_t mark = PushCtes(q.ctes);
    walker_.QueryExpr(q.body);
    visible_.resize(mark);
    q.ctes = {};
  }

  // A one-part table name that a visible CTE defines becomes a derived table
  // over the CTE's query.
  void Replace(ast::TableRef*& slot) {
    auto* t = static_cast<TableName*>(slot);
    if (t->name.parts.size() != 1) return;
    const Cte* cte = Find(ToLower(t->name.parts[0].name));
    if (cte == nullptr) return;
    auto* sub = arena_.New<SubqueryRef>();
    sub->span = t->span;
    sub->query = cte->query;
    sub->alias = t->alias.name.empty() ? t->name.parts[0] : t->alias;
    sub->column_aliases = cte->columns;
    slot = sub;
  }

  Arena& arena_;
  QueryWalker walker_;
  std::vector<Visible> visible_;
};

}  // namespace

void InlineCtes(ast::Statement& stmt, Arena& arena, RewriteResult&) { Inliner(arena).Statement(stmt); }

}  // namespace hivelineage::rewrite
