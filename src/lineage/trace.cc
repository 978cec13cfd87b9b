// Expression tracing: a target's expression with every column reference that
// reads a derived column replaced by that column's own (traced) expression,
// down to base columns. `SELECT t1.id FROM (SELECT id1 + id2 AS id ...) t1`
// traces `t1.id` to `id1 + id2`. Substituted trees are built in the
// Analyzer's arena; the AST itself is never modified.
#include <algorithm>

#include "absl/container/inlined_vector.h"
#include "ast/print_sql.h"
#include "base/strings.h"
#include "lineage/analyzer.h"
#include "lineage/derived_order.h"
#include "lineage/expr_children.h"

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

template <typename T>
T* Copy(Arena& arena, const Expr* e) {
  return arena.New<T>(*static_cast<const T*>(e));
}

inline bool Same(const Expr* a, const Expr* b) { return a == b; }
inline bool Same(const WhenClause& a, const WhenClause& b) {
  return a.condition == b.condition && a.result == b.result;
}

template <typename T, typename F>
std::span<T> MapList(Arena& arena, std::span<T> in, F&& f, bool& changed) {
  if (in.empty()) return in;
  std::vector<T> out(in.begin(), in.end());
  bool any = false;
  for (T& x : out) {
    T y = f(x);
    if (!Same(y, x)) {
      x = y;
      any = true;
    }
  }
  if (!any) return in;
  changed = true;
  return arena.CopyOf(out);
}

}  // namespace

const Expr* Analyzer::TraceColumn(const Column& c, int depth) {
  if (depth > kMaxTraceDepth || trace_budget_ == 0) return nullptr;
  auto it = traced_.find(&c);
  if (it != traced_.end()) return it->second;
  traced_.emplace(&c, nullptr);  // cycle guard
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

namespace {

// A copy of `e` with each direct child c replaced by sub(c), or `e` itself
// when no child changes. Copies live in `arena`.
template <typename F>
const Expr* RebuildChildren(Arena& arena, const Expr* e, F&& sub) {
  bool changed = false;
  auto one = [&](Expr*& slot) {
    if (slot == nullptr) return;
    Expr* t = sub(slot);
    if (t != slot) {
      slot = t;
      changed = true;
    }
  };
  switch (e->kind) {
    case NodeKind::FieldAccess: {
      auto* n = Copy<FieldAccess>(arena, e);
      one(n->base);
      return changed ? n : e;
    }
    case NodeKind::Subscript: {
      auto* n = Copy<Subscript>(arena, e);
      one(n->base);
      one(n->index);
      return changed ? n : e;
    }
    case NodeKind::UnaryExpr: {
      auto* n = Copy<UnaryExpr>(arena, e);
      one(n->operand);
      return changed ? n : e;
    }
    case NodeKind::BinaryExpr: {
      auto* n = Copy<BinaryExpr>(arena, e);
      one(n->lhs);
      one(n->rhs);
      return changed ? n : e;
    }
    case NodeKind::IsExpr: {
      auto* n = Copy<IsExpr>(arena, e);
      one(n->operand);
      return changed ? n : e;
    }
    case NodeKind::BetweenExpr: {
      auto* n = Copy<BetweenExpr>(arena, e);
      one(n->value);
      one(n->low);
      one(n->high);
      return changed ? n : e;
    }
    case NodeKind::InListExpr: {
      auto* n = Copy<InListExpr>(arena, e);
      one(n->value);
      n->items = MapList(arena, n->items, sub, changed);
      return changed ? n : e;
    }
    case NodeKind::LikeExpr: {
      auto* n = Copy<LikeExpr>(arena, e);
      one(n->value);
      n->patterns = MapList(arena, n->patterns, sub, changed);
      return changed ? n : e;
    }
    case NodeKind::CaseExpr: {
      auto* n = Copy<CaseExpr>(arena, e);
      one(n->operand);
      n->whens = MapList(
          arena, n->whens,
          [&](WhenClause w) {
            w.condition = w.condition ? sub(w.condition) : nullptr;
            w.result = w.result ? sub(w.result) : nullptr;
            return w;
          },
          changed);
      one(n->else_result);
      return changed ? n : e;
    }
    case NodeKind::CastExpr: {
      auto* n = Copy<CastExpr>(arena, e);
      one(n->operand);
      return changed ? n : e;
    }
    case NodeKind::FunctionCall: {
      auto* n = Copy<FunctionCall>(arena, e);
      n->args = MapList(arena, n->args, sub, changed);
      return changed ? n : e;
    }
    case NodeKind::IntervalExpr: {
      auto* n = Copy<IntervalExpr>(arena, e);
      one(n->value);
      return changed ? n : e;
    }
    case NodeKind::ExtractExpr: {
      auto* n = Copy<ExtractExpr>(arena, e);
      one(n->operand);
      return changed ? n : e;
    }
    case NodeKind::StructExpr: {
      auto* n = Copy<StructExpr>(arena, e);
      n->fields = MapList(arena, n->fields, sub, changed);
      return changed ? n : e;
    }
    default:
      return e;
  }
}

}  // namespace

const Expr* Analyzer::TraceExpr(const Expr* e, Scope* scope, int depth) {
  if (e == nullptr || depth > kMaxTraceDepth || trace_budget_ == 0) return e;
  --trace_budget_;
  switch (e->kind) {
    case NodeKind::ColumnRef: {
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
        fa->base = const_cast<Expr*>(t);
        fa->field = ref->parts[i];
        t = fa;
      }
      return t;
    }
    case NodeKind::Literal:
    case NodeKind::StarExpr:
    case NodeKind::ExistsExpr:
    case NodeKind::SubqueryExpr:
    case NodeKind::InSubqueryExpr:
      return e;
    default:
      return RebuildChildren(
          arena_, e, [&](Expr* child) -> Expr* { return const_cast<Expr*>(TraceExpr(child, scope, depth + 1)); });
  }
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
    ForEachChild(x, [&](const Expr* c) { stack.push_back(c); });
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
    if (auto* in = DynCast<InSubqueryExpr>(e)) queries.push_back(in->query);
    if (auto* sq = DynCast<SubqueryExpr>(e)) queries.push_back(sq->query);
    if (auto* ex = DynCast<ExistsExpr>(e)) queries.push_back(ex->query);
    ForEachChild(e, [&](const Expr* c) { stack.push_back(c); });
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

const Expr* Analyzer::ElideSubqueries(const Expr* root) {
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
  absl::flat_hash_map<const Expr*, Expr*> rebuilt;
  auto mapped = [&](Expr* c) -> Expr* {
    auto it = rebuilt.find(c);
    return it == rebuilt.end() ? c : it->second;
  };
  std::vector<std::pair<const Expr*, bool>> stack{{root, false}};
  while (!stack.empty()) {
    auto [e, children_done] = stack.back();
    stack.pop_back();
    if (!children_done) {
      stack.emplace_back(e, true);
      ForEachChild(e, [&](const Expr* c) { stack.emplace_back(c, false); });
      continue;
    }
    const Expr* out = e;
    switch (e->kind) {
      case NodeKind::InSubqueryExpr: {
        auto* n = Copy<InSubqueryExpr>(arena_, e);
        if (n->value != nullptr) n->value = mapped(n->value);
        n->query = elided_query_;
        out = n;
        break;
      }
      case NodeKind::SubqueryExpr: {
        auto* n = Copy<SubqueryExpr>(arena_, e);
        n->query = elided_query_;
        out = n;
        break;
      }
      case NodeKind::ExistsExpr: {
        auto* n = Copy<ExistsExpr>(arena_, e);
        n->query = elided_query_;
        out = n;
        break;
      }
      default:
        out = RebuildChildren(arena_, e, mapped);
        break;
    }
    if (out != e) rebuilt[e] = const_cast<Expr*>(out);
  }
  return mapped(const_cast<Expr*>(root));
}

std::string Analyzer::Print(const Expr* e) {
  if (ReadsManyQueries(e, kMaxPrintedQueries)) e = ElideSubqueries(e);
  return ast::PrintExpr(e);
}

std::string Analyzer::TransformText(const ast::Transform& t, Scope* scope) {
  std::string out;
  switch (t.style) {
    case ast::Transform::Style::Transform:
      out = "TRANSFORM(";
      break;
    case ast::Transform::Style::Map:
      out = "MAP(";
      break;
    case ast::Transform::Style::Reduce:
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

std::string Analyzer::ExpressionText(const Column& c) {
  if (c.transform != nullptr) return TransformText(*c.transform, c.scope);
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

std::string Analyzer::PrintCondition(const PredicateRecord& p) {
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
