// Expression tracing: a target's expression with every column reference that
// reads a derived column replaced by that column's own (traced) expression,
// down to base columns. `SELECT t1.id FROM (SELECT id1 + id2 AS id ...) t1`
// traces `t1.id` to `id1 + id2`. Substituted trees are built in the
// Analyzer's arena; the AST itself is never modified.
#include <algorithm>

#include "ast/print_sql.h"
#include "base/strings.h"
#include "absl/container/inlined_vector.h"
#include "lineage/analyzer.h"
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

std::string Print(const Expr& e) { return ast::PrintExpr(&e); }

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

const Expr* Analyzer::TraceExpr(const Expr* e, Scope* scope, int depth) {
  if (e == nullptr || depth > kMaxTraceDepth || trace_budget_ == 0) return e;
  --trace_budget_;
  auto sub = [&](Expr* child) -> Expr* {
    return const_cast<Expr*>(TraceExpr(child, scope, depth + 1));
  };
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
    case NodeKind::FieldAccess: {
      auto* n = Copy<FieldAccess>(arena_, e);
      one(n->base);
      return changed ? n : e;
    }
    case NodeKind::Subscript: {
      auto* n = Copy<Subscript>(arena_, e);
      one(n->base);
      one(n->index);
      return changed ? n : e;
    }
    case NodeKind::UnaryExpr: {
      auto* n = Copy<UnaryExpr>(arena_, e);
      one(n->operand);
      return changed ? n : e;
    }
    case NodeKind::BinaryExpr: {
      auto* n = Copy<BinaryExpr>(arena_, e);
      one(n->lhs);
      one(n->rhs);
      return changed ? n : e;
    }
    case NodeKind::IsExpr: {
      auto* n = Copy<IsExpr>(arena_, e);
      one(n->operand);
      return changed ? n : e;
    }
    case NodeKind::BetweenExpr: {
      auto* n = Copy<BetweenExpr>(arena_, e);
      one(n->value);
      one(n->low);
      one(n->high);
      return changed ? n : e;
    }
    case NodeKind::InListExpr: {
      auto* n = Copy<InListExpr>(arena_, e);
      one(n->value);
      n->items = MapList(arena_, n->items, sub, changed);
      return changed ? n : e;
    }
    case NodeKind::LikeExpr: {
      auto* n = Copy<LikeExpr>(arena_, e);
      one(n->value);
      n->patterns = MapList(arena_, n->patterns, sub, changed);
      return changed ? n : e;
    }
    case NodeKind::CaseExpr: {
      auto* n = Copy<CaseExpr>(arena_, e);
      one(n->operand);
      n->whens = MapList(
          arena_, n->whens,
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
      auto* n = Copy<CastExpr>(arena_, e);
      one(n->operand);
      return changed ? n : e;
    }
    case NodeKind::FunctionCall: {
      auto* n = Copy<FunctionCall>(arena_, e);
      n->args = MapList(arena_, n->args, sub, changed);
      return changed ? n : e;
    }
    case NodeKind::IntervalExpr: {
      auto* n = Copy<IntervalExpr>(arena_, e);
      one(n->value);
      return changed ? n : e;
    }
    case NodeKind::ExtractExpr: {
      auto* n = Copy<ExtractExpr>(arena_, e);
      one(n->operand);
      return changed ? n : e;
    }
    case NodeKind::StructExpr: {
      auto* n = Copy<StructExpr>(arena_, e);
      n->fields = MapList(arena_, n->fields, sub, changed);
      return changed ? n : e;
    }
    default:
      return e;
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

std::string Analyzer::ExpressionText(const Column& c) {
  trace_budget_ = kTraceBudget;
  const Expr* t = TraceColumn(c, 0);
  if (t != nullptr && t != c.expr && TreeLarger(t, kMaxPrintedNodes)) t = nullptr;
  if (t == nullptr) {
    if (c.expr != nullptr) return Print(*c.expr);
    return c.base ? c.name : std::string();
  }
  return Print(*t);
}

std::string Analyzer::PrintCondition(const PredicateRecord& p) {
  if (!p.group_by.empty()) {
    std::string out;
    for (size_t i = 0; i < p.group_by.size(); ++i) {
      if (i > 0) out += ", ";
      if (p.group_by[i] != nullptr) out += Print(*p.group_by[i]);
    }
    return out;
  }
  return p.expr != nullptr ? Print(*p.expr) : std::string();
}

}  // namespace hivelineage::lineage
