// Expression tracing: a target's expression with every column reference that
// reads a derived column replaced by that column's own (traced) expression,
// down to base columns. `SELECT t1.id FROM (SELECT id1 + id2 AS id ...) t1`
// traces `t1.id` to `id1 + id2`. Substituted trees are built in the
// Resolver's arena; the AST itself is never modified.
#include <algorithm>
#include <type_traits>

#include "absl/container/inlined_vector.h"
#include "ast/children.h"
#include "ast/print_sql.h"
#include "base/strings.h"
#include "lineage/derived_order.h"
#include "lineage/resolver.h"

namespace hivelineage::lineage {

namespace {

using namespace ast;

// Tracing stops (keeps the reference as written) past this depth or once a
// target's traced tree would exceed this many nodes: shared subexpressions
// can otherwise grow exponentially with nesting.
constexpr int kMaxTraceDepth = 200;
constexpr size_t kTraceBudget = 4096;
constexpr size_t kMaxPrintedNodes = 20000;
// Printing a subquery prints every derived table it reads, and CTE inlining
// shares one chain between all its readers: a chain of n CTEs each filtering
// on the previous one would print O(n^2) text. Past this many derived tables
// the subqueries of an expression print as `(SELECT ...)`.
constexpr size_t kMaxPrintedQueries = 256;

// Trees built here share the AST's subtrees, which lineage holds as const:
// the slots of a node are plain pointers, so sharing needs the const off. The
// trees are only printed, never modified.
Expr* Shared(const Expr* e) { return const_cast<Expr*>(e); }
Query* Shared(const Query* q) { return const_cast<Query*>(q); }

// A copy of `e` in which each child c that `sub` takes (an expression, or a
// subquery) is replaced by sub(c); `e` itself when sub maps every child to
// itself. Copies live in `arena`.
template <typename F>
const Expr* Rebuilt(Arena& arena, const Expr* e, F&& sub) {
  absl::InlinedVector<const Node*, 8> mapped;
  bool changed = false;
  VisitChildren(*e, [&](const auto* c) {
    if constexpr (std::is_invocable_v<F&, decltype(c)>) {
      const Node* m = sub(c);
      changed |= m != c;
      mapped.push_back(m);
    }
  });
  if (!changed) return e;
  Expr* copy = CopyNode(arena, *e);
  size_t i = 0;
  VisitChildren(*copy, [&](auto*& slot) {
    using Child = std::remove_pointer_t<std::remove_reference_t<decltype(slot)>>;
    if constexpr (std::is_invocable_v<F&, const Child*>) slot = Shared(static_cast<const Child*>(mapped[i++]));
  });
  return copy;
}

}  // namespace

const Expr* Resolver::TraceColumn(const Column& c, int depth) {
  if (depth > kMaxTraceDepth || trace_budget_ == 0) return nullptr;
  auto [it, first] = traced_.try_emplace(&c, nullptr);  // nullptr: the cycle guard
  if (!first) return it->second;
  const Expr* result = nullptr;
  if (c.forward != nullptr) {
    result = TraceColumn(*c.forward, depth + 1);
    if (result == nullptr && c.forward->base) {
      // A star-expanded base column: print its name.
      auto* ref = arena_.New<ColumnRef>();
      Ident* id = arena_.New<Ident>();
      id->name = arena_.CopyString(c.forward->name);
      ref->parts = std::span<Ident>(id, 1);
      result = ref;
    }
  } else if (c.expr != nullptr) {
    result = TraceExpr(c.expr, c.scope, depth + 1);
  }
  traced_[&c] = result;
  return result;
}

const Expr* Resolver::TraceExpr(const Expr* e, Scope* scope, int depth) {
  if (e == nullptr || depth > kMaxTraceDepth || trace_budget_ == 0) return e;
  --trace_budget_;
  switch (e->expr_kind()) {
    case ExprKind::ColumnRef: {
      auto* ref = static_cast<const ColumnRef*>(e);
      size_t used = 0;
      quiet_ = true;
      const Column* c = Resolve(ref, scope, &used);
      quiet_ = false;
      if (c == nullptr) return e;
      const Expr* t = TraceColumn(*c, depth + 1);
      if (t == nullptr) return e;
      for (size_t i = used; i < ref->parts.size(); ++i) {
        auto* fa = arena_.New<FieldAccess>();
        fa->base = Shared(t);
        fa->field = ref->parts[i];
        t = fa;
      }
      return t;
    }
    case ExprKind::Literal:
    case ExprKind::StarExpr:
    case ExprKind::LambdaExpr:  // its variables are no columns: printed as written
    case ExprKind::LambdaVariable:
      return e;
    case ExprKind::ExistsExpr:
    case ExprKind::SubqueryExpr:
    case ExprKind::InSubqueryExpr:
      return e;  // a subquery reads its own scope: printed as written
    case ExprKind::FieldAccess:
    case ExprKind::Subscript:
    case ExprKind::UnaryExpr:
    case ExprKind::BinaryExpr:
    case ExprKind::IsExpr:
    case ExprKind::BetweenExpr:
    case ExprKind::InListExpr:
    case ExprKind::LikeExpr:
    case ExprKind::CaseExpr:
    case ExprKind::CastExpr:
    case ExprKind::FunctionCall:  // OVER clause keys are printed as written
    case ExprKind::IntervalExpr:
    case ExprKind::ExtractExpr:
    case ExprKind::StructExpr:
    case ExprKind::VariantPathExpr:
      return Rebuilt(arena_, e, [&](const Expr* child) { return TraceExpr(child, scope, depth + 1); });
  }
  return e;
}

namespace {

// Whether the tree under `e`, shared subtrees counted once per use, has more
// than `limit` nodes: traced trees share subexpressions, and printing one
// that repeats a column at every level would grow exponentially.
bool TreeLarger(const Expr* e, size_t limit) {
  absl::InlinedVector<const Expr*, 32> stack{e};
  size_t n = 0;
  while (!stack.empty()) {
    const Expr* x = stack.back();
    stack.pop_back();
    if (++n > limit) return true;
    ForEachChildExpr(*x, [&](const Expr* c) { stack.push_back(c); });
  }
  return false;
}

}  // namespace

namespace {

// Whether printing the subqueries inside `root` would print more than `limit` queries.
bool ReadsManyQueries(const Expr* root, size_t limit) {
  std::vector<const Query*> queries;
  absl::InlinedVector<const Expr*, 32> stack{root};
  while (!stack.empty()) {
    const Expr* e = stack.back();
    stack.pop_back();
    auto push = [&](const Expr* c) { stack.push_back(c); };
    VisitChildren(*e, Overloaded{push, [&](const Query* q) { queries.push_back(q); },
                                 [&](const WindowSpec* w) { VisitChildren(*w, push); }});
  }
  size_t n = 0;
  while (!queries.empty()) {
    const Query* q = queries.back();
    queries.pop_back();
    if (q == nullptr) continue;
    if (++n > limit) return true;
    DirectDerivedTables(q, queries);
  }
  return false;
}

}  // namespace

const Expr* Resolver::ElideSubqueries(const Expr* root) {
  if (elided_query_ == nullptr) {
    auto* dots = arena_.New<Literal>();
    dots->text = "...";
    auto* item = arena_.New<SelectItem>();
    item->expr = dots;
    auto* core = arena_.New<SelectCore>();
    core->items = std::span<SelectItem>(item, 1);
    elided_query_ = arena_.New<Query>();
    elided_query_->body = core;
  }
  // Post-order without recursion: binary chains can be very long.
  absl::flat_hash_map<const Expr*, const Expr*> rebuilt;
  auto mapped = [&](const Expr* c) -> const Expr* {
    auto it = rebuilt.find(c);
    return it == rebuilt.end() ? c : it->second;
  };
  std::vector<std::pair<const Expr*, bool>> stack{{root, false}};
  while (!stack.empty()) {
    auto [e, children_done] = stack.back();
    stack.pop_back();
    if (!children_done) {
      stack.emplace_back(e, true);
      VisitChildren(*e, [&](const Expr* c) { stack.emplace_back(c, false); });
      continue;
    }
    const Expr* out =
        Rebuilt(arena_, e, Overloaded{mapped, [&](const Query*) -> const Query* { return elided_query_; }});
    if (out != e) rebuilt[e] = out;
  }
  return mapped(root);
}

std::string Resolver::Print(const Expr* e) {
  if (ReadsManyQueries(e, kMaxPrintedQueries)) e = ElideSubqueries(e);
  return ast::PrintExpr(e);
}

std::string Resolver::TransformText(const ast::ScriptTransform& t, Scope* scope) {
  std::string out;
  switch (t.style) {
    case ast::ScriptTransform::Style::Transform:
      out = "TRANSFORM(";
      break;
    case ast::ScriptTransform::Style::Map:
      out = "MAP(";
      break;
    case ast::ScriptTransform::Style::Reduce:
      out = "REDUCE(";
      break;
  }
  for (size_t i = 0; i < t.args.size(); ++i) {
    if (i > 0) out += ", ";
    if (t.args[i] == nullptr) continue;
    trace_budget_ = kTraceBudget;
    const Expr* traced = TraceExpr(t.args[i], scope, 0);
    if (traced != t.args[i] && TreeLarger(traced, kMaxPrintedNodes)) traced = t.args[i];
    out += Print(traced);
  }
  out += ") USING ";
  ast::AppendQuotedString(out, t.script);
  return out;
}

std::string Resolver::ExpressionText(const Column& c) {
  if (c.script != nullptr) return TransformText(*c.script, c.scope);
  trace_budget_ = kTraceBudget;
  const Expr* t = TraceColumn(c, 0);
  if (t != nullptr && t != c.expr && TreeLarger(t, kMaxPrintedNodes)) t = nullptr;
  if (t == nullptr) {
    if (c.expr != nullptr) return Print(c.expr);
    return c.base ? c.name : std::string();
  }
  return Print(t);
}

namespace {

void AppendOrderItem(std::string& out, const OrderItem& o, const std::string& key) {
  out += key;
  if (o.direction == OrderItem::Direction::Asc) out += " ASC";
  if (o.direction == OrderItem::Direction::Desc) out += " DESC";
  if (o.nulls == OrderItem::Nulls::First) out += " NULLS FIRST";
  if (o.nulls == OrderItem::Nulls::Last) out += " NULLS LAST";
}

}  // namespace

std::string Resolver::PrintCondition(const PredicateRecord& p) {
  if (p.sort != nullptr) {
    // `ORDER BY a DESC`, `DISTRIBUTE BY a SORT BY b`: the clauses as Hive orders them.
    std::string out;
    auto keys = [&](const char* clause, auto list, auto print) {
      if (list.empty()) return;
      if (!out.empty()) out += ' ';
      out += clause;
      for (size_t i = 0; i < list.size(); ++i) {
        out += i > 0 ? ", " : " ";
        print(list[i]);
      }
    };
    auto order = [&](const OrderItem& o) { AppendOrderItem(out, o, o.expr != nullptr ? Print(o.expr) : ""); };
    auto plain = [&](const Expr* e) {
      if (e != nullptr) out += Print(e);
    };
    keys("ORDER BY", p.sort->order_by, order);
    keys("CLUSTER BY", p.sort->cluster_by, plain);
    keys("DISTRIBUTE BY", p.sort->distribute_by, plain);
    keys("SORT BY", p.sort->sort_by, order);
    return out;
  }
  if (!p.group_by.empty()) {
    std::string out;
    for (size_t i = 0; i < p.group_by.size(); ++i) {
      if (i > 0) out += ", ";
      if (p.group_by[i] != nullptr) out += Print(p.group_by[i]);
    }
    return out;
  }
  return p.expr != nullptr ? Print(p.expr) : std::string();
}

}  // namespace hivelineage::lineage
