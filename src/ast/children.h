// The children of every AST node, in one place: the only code that knows
// which fields of a node hold other nodes. The rewrite passes, lineage and the
// tests walk trees with it (DuckDB's ParsedExpressionIterator is the model).
//
// VisitChildren(node, visitor) hands the visitor each direct child, in the
// order the SQL text writes them (but a SELECT's FROM first, since it defines
// the names the other clauses read), skipping absent (null) ones. A child comes
// as its slot, typed by what it holds:
//   mutable walk:  Expr*&  Query*&  QueryExpr*&  TableRef*&  Statement*&  WindowSpec*&
//   const walk:    const Expr*  const Query*  ...  const WindowSpec*
// so a visitor may replace a child by assigning to the slot, and nothing can
// change a tree through the const walk. Both walks expand from the same
// template, so they cannot disagree.
//
// The visitor is any callable: a lambda, several joined with Overloaded, an
// object with operator()s. A slot type it does not accept is skipped, so
// `[&](const Expr* e) {...}` sees expression children only, and
// `[&](const auto* c) {...}` sees them all.
//
// WindowSpec is not a node but a part of one: an OVER clause, a named WINDOW
// or a table function's PARTITION BY comes as one slot, and VisitChildren on
// it gives its expressions. A caller decides whether window keys count (the
// rewrite passes walk them; lineage does not count them as a column's sources).
// The sort keys a pass took off a query are not in the tree any more (they are
// in the pass's rewrite::RewriteResult).
//
// Only direct children: a caller walking deeper keeps its own stack, since
// left spines (AND chains, joins, UNION chains) can be thousands deep.
#pragma once

#include <cassert>
#include <span>
#include <type_traits>

#include "ast/ast.h"
#include "base/arena.h"

namespace hivelineage::ast {

// Joins lambdas into one visitor: VisitChildren(e, Overloaded{[&](const Expr*) {...}, [&](const Query*) {...}}).
template <typename... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <typename... F>
Overloaded(F...) -> Overloaded<F...>;

namespace children_internal {

// `T` with the constness of `N`: the node types of a const walk are const.
template <typename T, typename N>
using SameConst = std::conditional_t<std::is_const_v<N>, const T, T>;

template <typename T, typename N>
SameConst<T, N>& As(N& n) {
  return static_cast<SameConst<T, N>&>(n);
}

// What a visitor is handed for a child of category Base.
template <typename Base, bool kConst>
using SlotOf = std::conditional_t<kConst, const Base*, Base*&>;

template <typename V, bool kConst>
constexpr bool kTakesAChild =
    std::is_invocable_v<V&, SlotOf<Expr, kConst>> || std::is_invocable_v<V&, SlotOf<Query, kConst>> ||
    std::is_invocable_v<V&, SlotOf<QueryExpr, kConst>> || std::is_invocable_v<V&, SlotOf<TableRef, kConst>> ||
    std::is_invocable_v<V&, SlotOf<Statement, kConst>> || std::is_invocable_v<V&, SlotOf<WindowSpec, kConst>>;

// Hands the child in `slot` (of type T*, T being Base or one kind of it) to
// the visitor as a Base, if the visitor takes one.
template <typename Base, bool kConst, typename V, typename S>
void Give(V& v, S& slot) {
  if (slot == nullptr) return;
  if constexpr (kConst) {
    if constexpr (std::is_invocable_v<V&, const Base*>) v(static_cast<const Base*>(slot));
  } else if constexpr (std::is_invocable_v<V&, Base*&>) {
    using T = std::remove_pointer_t<S>;
    if constexpr (std::is_same_v<T, Base>) {
      v(slot);
    } else {
      // A slot for one kind (LATERAL VIEW's udtf is a FunctionCall): the
      // visitor sees a Base*, and may replace it by a node of that kind only.
      Base* base = slot;
      v(base);
      if (base != slot) {
        slot = DynCast<T>(base);
        assert(slot != nullptr);
      }
    }
  }
}

// A list of children (or of parts holding one, through `child`). Before its
// elements are handed out, a mutable walk lets a visitor with an OnList
// member swap the list's storage (CopyNode gives the copy lists of its own).
template <typename Base, bool kConst, typename V, typename T, typename Child>
void GiveList(V& v, std::span<T>& list, Child child) {
  if constexpr (!kConst && requires { v.OnList(list); }) v.OnList(list);
  for (T& item : list) Give<Base, kConst>(v, child(item));
}
template <typename Base, bool kConst, typename V, typename T, typename Child>
void GiveList(V& v, const std::span<T>& list, Child child) {
  static_assert(kConst);
  for (T& item : list) Give<Base, kConst>(v, child(item));
}
template <bool kConst, typename V, typename L>
void GiveExprs(V& v, L& list) {
  GiveList<Expr, kConst>(v, list, [](Expr*& e) -> Expr*& { return e; });
}
template <bool kConst, typename V, typename L>
void GiveOrderKeys(V& v, L& list) {
  GiveList<Expr, kConst>(v, list, [](OrderItem& o) -> Expr*& { return o.expr; });
}
template <bool kConst, typename V, typename P>
void GivePartition(V& v, P* partition) {
  if (partition == nullptr) return;
  GiveList<Expr, kConst>(v, partition->items, [](PartitionItem& p) -> Expr*& { return p.value; });
}
template <bool kConst, typename V, typename L>
void GiveAssignments(V& v, L& list) {
  GiveList<Expr, kConst>(v, list, [](Assignment& a) -> Expr*& { return a.value; });
}
template <bool kConst, typename V, typename L>
void GiveCteQueries(V& v, L& list) {
  GiveList<Query, kConst>(v, list, [](Cte& c) -> Query*& { return c.query; });
}

template <typename N, typename V>
void ExprChildren(N& e, V& v) {
  constexpr bool c = std::is_const_v<N>;
  switch (e.expr_kind()) {
    case ExprKind::Literal:
    case ExprKind::ColumnRef:
      return;
    case ExprKind::StarExpr:
      return GiveExprs<c>(v, As<StarExpr>(e).replaced_values);
    case ExprKind::FieldAccess:
      return Give<Expr, c>(v, As<FieldAccess>(e).base);
    case ExprKind::Subscript: {
      auto& n = As<Subscript>(e);
      Give<Expr, c>(v, n.base);
      return Give<Expr, c>(v, n.index);
    }
    case ExprKind::UnaryExpr:
      return Give<Expr, c>(v, As<UnaryExpr>(e).operand);
    case ExprKind::BinaryExpr: {
      auto& n = As<BinaryExpr>(e);
      Give<Expr, c>(v, n.lhs);
      return Give<Expr, c>(v, n.rhs);
    }
    case ExprKind::IsExpr:
      return Give<Expr, c>(v, As<IsExpr>(e).operand);
    case ExprKind::BetweenExpr: {
      auto& n = As<BetweenExpr>(e);
      Give<Expr, c>(v, n.value);
      Give<Expr, c>(v, n.low);
      return Give<Expr, c>(v, n.high);
    }
    case ExprKind::InListExpr: {
      auto& n = As<InListExpr>(e);
      Give<Expr, c>(v, n.value);
      return GiveExprs<c>(v, n.items);
    }
    case ExprKind::InSubqueryExpr: {
      auto& n = As<InSubqueryExpr>(e);
      Give<Expr, c>(v, n.value);
      return Give<Query, c>(v, n.query);
    }
    case ExprKind::ExistsExpr:
      return Give<Query, c>(v, As<ExistsExpr>(e).query);
    case ExprKind::SubqueryExpr:
      return Give<Query, c>(v, As<SubqueryExpr>(e).query);
    case ExprKind::LikeExpr: {
      auto& n = As<LikeExpr>(e);
      Give<Expr, c>(v, n.value);
      return GiveExprs<c>(v, n.patterns);
    }
    case ExprKind::CaseExpr: {
      auto& n = As<CaseExpr>(e);
      Give<Expr, c>(v, n.operand);
      if constexpr (!c) {
        if constexpr (requires { v.OnList(n.whens); }) v.OnList(n.whens);
      }
      for (WhenClause& w : n.whens) {
        Give<Expr, c>(v, w.condition);
        Give<Expr, c>(v, w.result);
      }
      return Give<Expr, c>(v, n.else_result);
    }
    case ExprKind::CastExpr: {
      auto& n = As<CastExpr>(e);
      Give<Expr, c>(v, n.operand);
      return Give<Expr, c>(v, n.format);
    }
    case ExprKind::FunctionCall: {
      auto& n = As<FunctionCall>(e);
      GiveExprs<c>(v, n.args);
      GiveOrderKeys<c>(v, n.within_group);
      return Give<WindowSpec, c>(v, n.over);
    }
    case ExprKind::IntervalExpr:
      return Give<Expr, c>(v, As<IntervalExpr>(e).value);
    case ExprKind::ExtractExpr:
      return Give<Expr, c>(v, As<ExtractExpr>(e).operand);
    case ExprKind::StructExpr:
      return GiveExprs<c>(v, As<StructExpr>(e).fields);
    case ExprKind::LambdaExpr:
      return Give<Expr, c>(v, As<LambdaExpr>(e).body);
    case ExprKind::LambdaVariable:
      return;
    case ExprKind::VariantPathExpr:
      return Give<Expr, c>(v, As<VariantPathExpr>(e).base);
  }
}

template <typename N, typename V>
void WindowChildren(N& w, V& v) {
  constexpr bool c = std::is_const_v<N>;
  GiveExprs<c>(v, w.partition_by);
  GiveOrderKeys<c>(v, w.order_by);
  if (w.frame != nullptr) {
    Give<Expr, c>(v, w.frame->start.offset);
    Give<Expr, c>(v, w.frame->end.offset);
  }
}

template <typename N, typename V>
void QueryChildren(N& q, V& v) {
  constexpr bool c = std::is_const_v<N>;
  GiveCteQueries<c>(v, q.ctes);
  Give<QueryExpr, c>(v, q.body);
  GiveOrderKeys<c>(v, q.order_by);
  GiveExprs<c>(v, q.cluster_by);
  GiveExprs<c>(v, q.distribute_by);
  GiveOrderKeys<c>(v, q.sort_by);
  Give<Expr, c>(v, q.limit);
  Give<Expr, c>(v, q.offset);
}

template <typename N, typename V>
void QueryExprChildren(N& qe, V& v) {
  constexpr bool c = std::is_const_v<N>;
  switch (qe.query_expr_kind()) {
    case QueryExprKind::SelectCore: {
      // FROM first: it defines the names the other clauses read.
      auto& n = As<SelectCore>(qe);
      Give<TableRef, c>(v, n.from);
      GiveList<Expr, c>(v, n.items, [](SelectItem& i) -> Expr*& { return i.expr; });
      if (n.transform != nullptr) GiveExprs<c>(v, n.transform->args);
      Give<Expr, c>(v, n.where);
      if (n.group_by != nullptr) {
        GiveExprs<c>(v, n.group_by->items);
        for (List<Expr*>& set : n.group_by->grouping_sets) GiveExprs<c>(v, set);
      }
      Give<Expr, c>(v, n.having);
      GiveList<WindowSpec, c>(v, n.windows, [](NamedWindow& w) -> WindowSpec*& { return w.spec; });
      return Give<Expr, c>(v, n.qualify);
    }
    case QueryExprKind::SetOperation: {
      auto& n = As<SetOperation>(qe);
      Give<QueryExpr, c>(v, n.left);
      return Give<QueryExpr, c>(v, n.right);
    }
    case QueryExprKind::SetOperationChain:
      GiveList<QueryExpr, c>(v, As<SetOperationChain>(qe).branches,
                             [](SetOperationChain::Branch& b) -> QueryExpr*& { return b.query; });
      return;
    case QueryExprKind::ValuesQuery:
      for (List<Expr*>& row : As<ValuesQuery>(qe).rows) GiveExprs<c>(v, row);
      return;
    case QueryExprKind::NestedQuery:
      return Give<Query, c>(v, As<NestedQuery>(qe).query);
  }
}

template <typename N, typename V>
void TableRefChildren(N& t, V& v) {
  constexpr bool c = std::is_const_v<N>;
  switch (t.table_ref_kind()) {
    case TableRefKind::TableName: {
      auto& n = As<TableName>(t);
      if (n.sample != nullptr) GiveExprs<c>(v, n.sample->on);
      return Give<Expr, c>(v, n.as_of);
    }
    case TableRefKind::SubqueryRef: {
      auto& n = As<SubqueryRef>(t);
      if (n.sample != nullptr) GiveExprs<c>(v, n.sample->on);
      return Give<Query, c>(v, n.query);
    }
    case TableRefKind::JoinRef: {
      auto& n = As<JoinRef>(t);
      Give<TableRef, c>(v, n.left);
      GiveExprs<c>(v, n.unique_keys_left);
      Give<TableRef, c>(v, n.right);
      GiveExprs<c>(v, n.unique_keys_right);
      return Give<Expr, c>(v, n.on);
    }
    case TableRefKind::LateralViewRef: {
      auto& n = As<LateralViewRef>(t);
      Give<TableRef, c>(v, n.source);
      Give<Expr, c>(v, n.udtf);
      return Give<TableRef, c>(v, n.values);
    }
    case TableRefKind::ValuesRef:
      return Give<QueryExpr, c>(v, As<ValuesRef>(t).values);
    case TableRefKind::TableFunctionRef: {
      auto& n = As<TableFunctionRef>(t);
      Give<TableRef, c>(v, n.input);
      Give<WindowSpec, c>(v, n.partitioning);
      return GiveExprs<c>(v, n.args);
    }
    case TableRefKind::PivotRef: {
      auto& n = As<PivotRef>(t);
      Give<TableRef, c>(v, n.source);
      GiveList<Expr, c>(v, n.aggregates, [](SelectItem& i) -> Expr*& { return i.expr; });
      return GiveList<Expr, c>(v, n.pivot_values, [](SelectItem& i) -> Expr*& { return i.expr; });
    }
    case TableRefKind::BinByRef: {
      auto& n = As<BinByRef>(t);
      Give<TableRef, c>(v, n.source);
      Give<Expr, c>(v, n.range_start);
      Give<Expr, c>(v, n.range_end);
      Give<Expr, c>(v, n.width);
      Give<Expr, c>(v, n.align);
      return GiveExprs<c>(v, n.distribute);
    }
  }
}

template <typename N, typename V>
void StatementChildren(N& s, V& v) {
  constexpr bool c = std::is_const_v<N>;
  switch (s.stmt_kind()) {
    case StmtKind::QueryStatement: {
      auto& n = As<QueryStatement>(s);
      GiveCteQueries<c>(v, n.ctes);
      Give<TableRef, c>(v, n.from);
      for (InsertBody& b : n.bodies) {
        if (b.target != nullptr) {
          GivePartition<c>(v, b.target->partition);
          Give<Expr, c>(v, b.target->replace_where);
        }
        Give<Query, c>(v, b.query);
      }
      return;
    }
    case StmtKind::CreateTableStatement:
      return Give<Query, c>(v, As<CreateTableStatement>(s).as_query);
    case StmtKind::CreateViewStatement:
      return Give<Query, c>(v, As<CreateViewStatement>(s).query);
    case StmtKind::AlterTableStatement: {
      auto& n = As<AlterTableStatement>(s);
      GivePartition<c>(v, n.partition);
      for (PartitionSpec& p : n.partitions) GivePartition<c>(v, &p);
      return;
    }
    case StmtKind::DropStatement:
      return;
    case StmtKind::UseStatement:
      return Give<Expr, c>(v, As<UseStatement>(s).identifier);
    case StmtKind::TruncateStatement:
      return GivePartition<c>(v, As<TruncateStatement>(s).partition);
    case StmtKind::LoadDataStatement:
      return GivePartition<c>(v, As<LoadDataStatement>(s).partition);
    case StmtKind::ExportStatement:
      return GivePartition<c>(v, As<ExportStatement>(s).partition);
    case StmtKind::ImportStatement:
      return GivePartition<c>(v, As<ImportStatement>(s).partition);
    case StmtKind::UpdateStatement: {
      auto& n = As<UpdateStatement>(s);
      GiveAssignments<c>(v, n.assignments);
      return Give<Expr, c>(v, n.where);
    }
    case StmtKind::DeleteStatement:
      return Give<Expr, c>(v, As<DeleteStatement>(s).where);
    case StmtKind::MergeStatement: {
      auto& n = As<MergeStatement>(s);
      Give<TableRef, c>(v, n.source);
      Give<Expr, c>(v, n.on);
      for (MergeClause& clause : n.clauses) {
        Give<Expr, c>(v, clause.condition);
        GiveAssignments<c>(v, clause.assignments);
        GiveExprs<c>(v, clause.insert_values);
      }
      return;
    }
    case StmtKind::ExplainStatement:
      return Give<Statement, c>(v, As<ExplainStatement>(s).inner);
    case StmtKind::SetStatement: {
      auto& n = As<SetStatement>(s);
      GiveExprs<c>(v, n.values);
      return Give<Query, c>(v, n.query);
    }
    case StmtKind::DescribeStatement: {
      auto& n = As<DescribeStatement>(s);
      Give<Expr, c>(v, n.target.identifier);
      GivePartition<c>(v, n.partition);
      return Give<Query, c>(v, n.query);
    }
    case StmtKind::ShowStatement: {
      auto& n = As<ShowStatement>(s);
      Give<Expr, c>(v, n.target.identifier);
      return GivePartition<c>(v, n.partition);
    }
    case StmtKind::UtilityStatement: {
      auto& n = As<UtilityStatement>(s);
      Give<Expr, c>(v, n.target.identifier);
      return GivePartition<c>(v, n.partition);
    }
    case StmtKind::ExecuteImmediateStatement: {
      auto& n = As<ExecuteImmediateStatement>(s);
      Give<Expr, c>(v, n.sql);
      Give<Statement, c>(v, n.inner);
      return GiveList<Expr, c>(v, n.using_args, [](SelectItem& i) -> Expr*& { return i.expr; });
    }
    case StmtKind::DeclareVariableStatement:
      return Give<Expr, c>(v, As<DeclareVariableStatement>(s).default_value);
    case StmtKind::CreateFunctionStatement: {
      auto& n = As<CreateFunctionStatement>(s);
      Give<Expr, c>(v, n.name.identifier);
      GiveList<Expr, c>(v, n.params, [](FunctionParam& p) -> Expr*& { return p.default_value; });
      Give<Expr, c>(v, n.return_expr);
      return Give<Query, c>(v, n.return_query);
    }
    case StmtKind::OtherStatement:
      return Give<Statement, c>(v, As<OtherStatement>(s).inner);
  }
}

template <typename N, typename V>
void NodeChildren(N& n, V& v) {
  switch (n.kind) {
#define HIVEQL_EXPR_NODE(Name) case NodeKind::Name:
#include "ast/node_kind.def"
    return ExprChildren(As<Expr>(n), v);
#define HIVEQL_QUERY_EXPR_NODE(Name) case NodeKind::Name:
#include "ast/node_kind.def"
    return QueryExprChildren(As<QueryExpr>(n), v);
#define HIVEQL_TABLE_REF_NODE(Name) case NodeKind::Name:
#include "ast/node_kind.def"
    return TableRefChildren(As<TableRef>(n), v);
#define HIVEQL_STATEMENT_NODE(Name) case NodeKind::Name:
#include "ast/node_kind.def"
    return StatementChildren(As<Statement>(n), v);
    case NodeKind::Query:
      return QueryChildren(As<Query>(n), v);
  }
}

}  // namespace children_internal

// The visitor must take at least one kind of slot: a visitor written for the
// mutable walk (`Expr*&`) handed a const node would otherwise visit nothing.
#define HIVEQL_CHILDREN_API(Type, Impl)                                                           \
  template <typename V>                                                                           \
  void VisitChildren(Type& n, V&& v) {                                                            \
    static_assert(children_internal::kTakesAChild<std::remove_reference_t<V>, false>,             \
                  "the visitor takes no child slot (Expr*&, Query*&, ...)");                      \
    children_internal::Impl(n, v);                                                                \
  }                                                                                               \
  template <typename V>                                                                           \
  void VisitChildren(const Type& n, V&& v) {                                                      \
    static_assert(children_internal::kTakesAChild<std::remove_reference_t<V>, true>,              \
                  "the visitor takes no child of a const tree (const Expr*, const Query*, ...)"); \
    children_internal::Impl(n, v);                                                                \
  }
HIVEQL_CHILDREN_API(Expr, ExprChildren)
HIVEQL_CHILDREN_API(WindowSpec, WindowChildren)
HIVEQL_CHILDREN_API(Query, QueryChildren)
HIVEQL_CHILDREN_API(QueryExpr, QueryExprChildren)
HIVEQL_CHILDREN_API(TableRef, TableRefChildren)
HIVEQL_CHILDREN_API(Statement, StatementChildren)
HIVEQL_CHILDREN_API(Node, NodeChildren)
#undef HIVEQL_CHILDREN_API

// The expressions directly inside `e`, OVER clause keys included (not those
// inside subqueries): f(const Expr*).
template <typename F>
void ForEachChildExpr(const Expr& e, F&& f) {
  VisitChildren(e, Overloaded{[&](const Expr* c) { f(c); },
                              [&](const WindowSpec* w) { VisitChildren(*w, [&](const Expr* c) { f(c); }); }});
}
// The same slots, mutable: f(Expr*&).
template <typename F>
void ForEachChildExprSlot(Expr& e, F&& f) {
  VisitChildren(
      e, Overloaded{[&](Expr*& c) { f(c); }, [&](WindowSpec*& w) { VisitChildren(*w, [&](Expr*& c) { f(c); }); }});
}

// A shallow copy of `e` in `arena`: a node of its own with lists of children
// of its own (so replacing a child of the copy leaves `e` alone); the
// children themselves are shared.
Expr* CopyNode(Arena& arena, const Expr& e);

}  // namespace hivelineage::ast
