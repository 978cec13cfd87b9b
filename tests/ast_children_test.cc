// The traversal (ast/children.h) against every node kind: a node of each kind
// is built with every child slot filled, and the const and mutable walks must
// hand out exactly those children; the dumper and the printer must show them.
// Then, on real statements, the traversal and the dumper must agree on which
// nodes a tree holds.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "../tools/corpus_walk.h"
#include "ast/children.h"
#include "ast/dump.h"
#include "ast/print_sql.h"
#include "test_support.h"

namespace hivelineage {
namespace {

using namespace ast;

constexpr NodeKind kAllKinds[] = {
#define HIVEQL_NODE(Name) NodeKind::Name,
#include "ast/node_kind.def"
};

// Makes the children of the node under test: each a distinct, named node
// whose name shows wherever the child is dumped or printed.
class Children {
 public:
  Arena arena;
  std::vector<const void*> made;     // the direct children, in the order made
  std::vector<std::string> names;    // names that must show in the dump
  std::vector<std::string> printed;  // names that must show in the printed SQL
  int count = 0;

  Expr* E(bool is_printed = true) { return Record(Ref('e'), is_printed); }
  // An expression further down (inside a child that is not a node of its own).
  Expr* Deeper() {
    ColumnRef* r = Ref('d');
    names.emplace_back(Last());
    printed.emplace_back(Last());
    return r;
  }
  FunctionCall* Call() {
    auto* f = arena.New<FunctionCall>();
    f->name = One(Id(Name('f')));
    return Record(f, true, f->name[0].name);
  }
  Query* Q() {
    auto* q = arena.New<Query>();
    q->body = Core(Ref('q'));
    return Record(q, true, Last());
  }
  QueryExpr* B() { return Record(Core(Ref('b')), true, Last()); }
  ValuesQuery* VQ() {
    auto* v = arena.New<ValuesQuery>();
    v->rows = One(One<Expr*>(Ref('v')));
    return Record(v, true, Last());
  }
  TableRef* T() {
    auto* t = arena.New<TableName>();
    t->name.parts = One(Id(Name('t')));
    return Record(t, true, Last());
  }
  ValuesRef* VR() {
    auto* r = arena.New<ValuesRef>();
    r->values = arena.New<ValuesQuery>();
    r->values->rows = One(One<Expr*>(Ref('r')));
    r->alias = Id(arena.CopyString(std::string(Last()) + "_alias"));
    return Record(r, true, Last());
  }
  Statement* S(bool is_printed = true) {
    auto* u = arena.New<UseStatement>();
    u->database = Id(Name('s'));
    return Record(u, is_printed, u->database.name);
  }
  WindowSpec* W() {
    auto* w = arena.New<WindowSpec>();
    w->partition_by = One<Expr*>(Ref('w'));
    return Record(w, true, Last());
  }
  List<Expr*> Es(int n = 2, bool is_printed = true) {
    std::vector<Expr*> v;
    for (int i = 0; i < n; ++i) v.push_back(E(is_printed));
    return arena.CopyOf(v);
  }
  PartitionSpec* Partition() {
    auto* p = arena.New<PartitionSpec>();
    PartitionItem item;
    item.key = Id("p");
    item.op = "=";
    item.value = E();
    p->items = One(item);
    return p;
  }

  template <typename T>
  List<T> One(T v) {
    return arena.CopyOf(std::vector<T>{v});
  }
  template <typename T>
  List<T> Two(T a, T b) {
    return arena.CopyOf(std::vector<T>{a, b});
  }
  Ident Id(std::string_view name) {
    Ident id;
    id.name = name;
    return id;
  }

 private:
  std::string_view Name(char prefix) { return arena.CopyString(prefix + std::to_string(++count)); }
  std::string_view Last() { return last_; }
  ColumnRef* Ref(char prefix) {
    auto* c = arena.New<ColumnRef>();
    c->parts = One(Id(Name(prefix)));
    last_ = c->parts[0].name;
    return c;
  }
  SelectCore* Core(Expr* item) {
    auto* core = arena.New<SelectCore>();
    SelectItem it;
    it.expr = item;
    core->items = One(it);
    return core;
  }
  template <typename T>
  T* Record(T* child, bool is_printed, std::string_view name = {}) {
    if (name.empty()) name = Last();
    made.push_back(child);
    names.emplace_back(name);
    if (is_printed) printed.emplace_back(name);
    return child;
  }
  std::string_view last_;
};

// A node of kind `k` with every child slot of one shape of it filled
// (variant 1 is a second shape where one exists, else null).
Node* Sample(NodeKind k, int variant, Children& c) {
  Arena& a = c.arena;
  switch (k) {
    case NodeKind::Literal:
    case NodeKind::ColumnRef:
    case NodeKind::StarExpr: {
      if (variant > 0) return nullptr;
      if (k == NodeKind::Literal) {
        auto* l = a.New<Literal>();
        l->type = Literal::Type::Number;
        l->text = "1";
        return l;
      }
      if (k == NodeKind::ColumnRef) {
        auto* r = a.New<ColumnRef>();
        r->parts = c.One(c.Id("col"));
        return r;
      }
      return a.New<StarExpr>();
    }
    case NodeKind::FieldAccess: {
      if (variant > 0) return nullptr;
      auto* n = a.New<FieldAccess>();
      n->base = c.Call();
      n->field = c.Id("fld");
      return n;
    }
    case NodeKind::Subscript: {
      if (variant > 0) return nullptr;
      auto* n = a.New<Subscript>();
      n->base = c.E();
      n->index = c.E();
      return n;
    }
    case NodeKind::UnaryExpr: {
      if (variant > 0) return nullptr;
      auto* n = a.New<UnaryExpr>();
      n->op = UnaryOp::Minus;
      n->operand = c.E();
      return n;
    }
    case NodeKind::BinaryExpr: {
      if (variant > 0) return nullptr;
      auto* n = a.New<BinaryExpr>();
      n->op = BinaryOp::Add;
      n->lhs = c.E();
      n->rhs = c.E();
      return n;
    }
    case NodeKind::IsExpr: {
      if (variant > 0) return nullptr;
      auto* n = a.New<IsExpr>();
      n->operand = c.E();
      return n;
    }
    case NodeKind::BetweenExpr: {
      if (variant > 0) return nullptr;
      auto* n = a.New<BetweenExpr>();
      n->value = c.E();
      n->low = c.E();
      n->high = c.E();
      return n;
    }
    case NodeKind::InListExpr: {
      if (variant > 0) return nullptr;
      auto* n = a.New<InListExpr>();
      n->value = c.E();
      n->items = c.Es();
      return n;
    }
    case NodeKind::InSubqueryExpr: {
      if (variant > 0) return nullptr;
      auto* n = a.New<InSubqueryExpr>();
      n->value = c.E();
      n->query = c.Q();
      return n;
    }
    case NodeKind::ExistsExpr: {
      if (variant > 0) return nullptr;
      auto* n = a.New<ExistsExpr>();
      n->query = c.Q();
      return n;
    }
    case NodeKind::SubqueryExpr: {
      if (variant > 0) return nullptr;
      auto* n = a.New<SubqueryExpr>();
      n->query = c.Q();
      return n;
    }
    case NodeKind::LikeExpr: {
      auto* n = a.New<LikeExpr>();
      n->value = c.E();
      if (variant == 0) {
        n->patterns = c.Es(1);
      } else {
        n->quantifier = LikeExpr::Quantifier::Any;
        n->patterns = c.Es(2);
      }
      return n;
    }
    case NodeKind::CaseExpr: {
      if (variant > 0) return nullptr;
      auto* n = a.New<CaseExpr>();
      n->operand = c.E();
      WhenClause w1{c.E(), c.E()};
      WhenClause w2{c.E(), c.E()};
      n->whens = c.Two(w1, w2);
      n->else_result = c.E();
      return n;
    }
    case NodeKind::CastExpr: {
      if (variant > 0) return nullptr;
      auto* n = a.New<CastExpr>();
      n->operand = c.E();
      n->type.text = "string";
      n->format = c.E();
      return n;
    }
    case NodeKind::FunctionCall: {
      if (variant > 0) return nullptr;
      auto* n = a.New<FunctionCall>();
      n->name = c.One(c.Id("fn"));
      n->args = c.Es();
      OrderItem o;
      o.expr = c.E();
      n->within_group = c.One(o);
      n->over = c.W();
      n->over->frame = a.New<WindowFrame>();
      n->over->frame->start.type = FrameBound::Type::Preceding;
      n->over->frame->start.offset = c.Deeper();
      n->over->frame->end.type = FrameBound::Type::Following;
      n->over->frame->end.offset = c.Deeper();
      n->over->frame->has_end = true;
      return n;
    }
    case NodeKind::IntervalExpr: {
      if (variant > 0) return nullptr;
      auto* n = a.New<IntervalExpr>();
      n->value = c.E();
      n->unit = "day";
      return n;
    }
    case NodeKind::ExtractExpr: {
      if (variant > 0) return nullptr;
      auto* n = a.New<ExtractExpr>();
      n->unit = "year";
      n->operand = c.E();
      return n;
    }
    case NodeKind::StructExpr: {
      if (variant > 0) return nullptr;
      auto* n = a.New<StructExpr>();
      n->fields = c.Es();
      return n;
    }
    case NodeKind::LambdaExpr: {
      if (variant > 0) return nullptr;
      auto* n = a.New<LambdaExpr>();
      n->params = c.One(c.Id("p"));
      n->body = c.E();
      return n;
    }
    case NodeKind::LambdaVariable: {
      if (variant > 0) return nullptr;
      auto* n = a.New<LambdaVariable>();
      n->parts = c.One(c.Id("p"));
      return n;
    }
    case NodeKind::VariantPathExpr: {
      if (variant > 0) return nullptr;
      auto* n = a.New<VariantPathExpr>();
      n->base = c.E();
      n->path = "a.b";
      return n;
    }
    case NodeKind::Query: {
      if (variant > 0) return nullptr;
      auto* q = a.New<Query>();
      Cte cte;
      cte.name = c.Id("cte");
      cte.query = c.Q();
      q->ctes = c.One(cte);
      q->body = c.B();
      OrderItem o;
      o.expr = c.E();
      q->order_by = c.One(o);
      q->cluster_by = c.Es(1);
      q->distribute_by = c.Es(1);
      o.expr = c.E();
      q->sort_by = c.One(o);
      q->limit = c.E();
      q->offset = c.E();
      return q;
    }
    case NodeKind::SelectCore: {
      auto* n = a.New<SelectCore>();
      n->from = c.T();
      if (variant == 0) {
        SelectItem it;
        it.expr = c.E();
        n->items = c.One(it);
      } else {
        n->transform = a.New<ScriptTransform>();
        n->transform->args = c.Es();
        n->transform->script = "x.py";
      }
      n->where = c.E();
      n->group_by = a.New<GroupBy>();
      n->group_by->items = c.Es(1);
      n->group_by->modifier = GroupBy::Modifier::GroupingSets;
      n->group_by->grouping_sets = c.One(c.Es(1));
      n->having = c.E();
      NamedWindow w;
      w.name = c.Id("win");
      w.spec = c.W();
      n->windows = c.One(w);
      n->qualify = c.E();
      return n;
    }
    case NodeKind::SetOperation: {
      if (variant > 0) return nullptr;
      auto* n = a.New<SetOperation>();
      n->left = c.B();
      n->right = c.B();
      return n;
    }
    case NodeKind::SetOperationChain: {
      if (variant > 0) return nullptr;
      auto* n = a.New<SetOperationChain>();
      SetOperationChain::Branch first;
      first.query = c.B();
      SetOperationChain::Branch second;
      second.quantifier = SetOperation::Quantifier::All;
      second.query = c.B();
      n->branches = c.Two(first, second);
      return n;
    }
    case NodeKind::ValuesQuery: {
      if (variant > 0) return nullptr;
      auto* n = a.New<ValuesQuery>();
      n->rows = c.Two(c.Es(), c.Es());
      return n;
    }
    case NodeKind::NestedQuery: {
      if (variant > 0) return nullptr;
      auto* n = a.New<NestedQuery>();
      n->query = c.Q();
      return n;
    }
    case NodeKind::TableName: {
      if (variant > 0) return nullptr;
      auto* n = a.New<TableName>();
      n->name.parts = c.One(c.Id("tbl"));
      n->sample = a.New<TableSample>();
      n->sample->text = "BUCKET 1 OUT OF 2 ON x";
      n->sample->on = c.Es(1, /*is_printed=*/false);  // printed as the sample's text
      n->as_of = c.E();
      return n;
    }
    case NodeKind::SubqueryRef: {
      if (variant > 0) return nullptr;
      auto* n = a.New<SubqueryRef>();
      n->query = c.Q();
      n->alias = c.Id("sq");
      return n;
    }
    case NodeKind::JoinRef: {
      auto* n = a.New<JoinRef>();
      n->left = c.T();
      n->right = c.T();
      if (variant == 0) {
        n->join_kind = JoinKind::Left;
        n->on = c.E();
      } else {
        n->join_kind = JoinKind::UniqueJoin;
        n->unique_keys_left = c.Es(1);
        n->unique_keys_right = c.Es(1);
      }
      return n;
    }
    case NodeKind::LateralViewRef: {
      auto* n = a.New<LateralViewRef>();
      n->source = c.T();
      if (variant == 0) {
        n->udtf = c.Call();
        n->table_alias = c.Id("lv");
      } else {
        n->values = c.VR();
      }
      return n;
    }
    case NodeKind::ValuesRef: {
      if (variant > 0) return nullptr;
      auto* n = a.New<ValuesRef>();
      n->values = c.VQ();
      n->alias = c.Id("vr");
      return n;
    }
    case NodeKind::TableFunctionRef: {
      if (variant > 0) return nullptr;
      auto* n = a.New<TableFunctionRef>();
      n->name = c.Id("noop");
      n->input = c.T();
      n->partitioning = c.W();
      n->args = c.Es(1);
      return n;
    }
    case NodeKind::PivotRef: {
      if (variant > 0) return nullptr;
      auto* n = a.New<PivotRef>();
      n->source = c.T();
      SelectItem agg;
      agg.expr = c.E();
      n->aggregates = c.One(agg);
      n->pivot_columns = c.One(c.Id("k"));
      SelectItem value;
      value.expr = c.E();
      n->pivot_values = c.One(value);
      return n;
    }
    case NodeKind::BinByRef: {
      if (variant > 0) return nullptr;
      auto* n = a.New<BinByRef>();
      n->source = c.T();
      n->range_start = c.E();
      n->range_end = c.E();
      n->width = c.E();
      n->align = c.E();
      n->distribute = c.Es(1);
      return n;
    }
    case NodeKind::QueryStatement: {
      if (variant > 0) return nullptr;
      auto* n = a.New<QueryStatement>();
      Cte cte;
      cte.name = c.Id("cte");
      cte.query = c.Q();
      n->ctes = c.One(cte);
      n->from = c.T();
      InsertBody body;
      body.target = a.New<InsertTarget>();
      body.target->table.parts = c.One(c.Id("target"));
      body.target->partition = c.Partition();
      body.target->replace_where = c.E();
      body.query = c.Q();
      n->bodies = c.One(body);
      return n;
    }
    case NodeKind::CreateTableStatement: {
      if (variant > 0) return nullptr;
      auto* n = a.New<CreateTableStatement>();
      n->name.parts = c.One(c.Id("created"));
      n->as_query = c.Q();
      return n;
    }
    case NodeKind::CreateViewStatement: {
      if (variant > 0) return nullptr;
      auto* n = a.New<CreateViewStatement>();
      n->name.parts = c.One(c.Id("view"));
      n->query = c.Q();
      return n;
    }
    case NodeKind::AlterTableStatement: {
      if (variant > 0) return nullptr;
      auto* n = a.New<AlterTableStatement>();
      n->name.parts = c.One(c.Id("altered"));
      n->action = AlterTableStatement::Action::AddPartition;
      n->partition = c.Partition();
      n->partitions = c.Two(*c.Partition(), *c.Partition());
      return n;
    }
    case NodeKind::DropStatement:
    case NodeKind::UseStatement: {
      if (variant > 0) return nullptr;
      if (k == NodeKind::UseStatement) {
        auto* u = a.New<UseStatement>();
        u->database = c.Id("db");
        u->identifier = c.E();  // Spark's USE IDENTIFIER(expr)
        return u;
      }
      auto* d = a.New<DropStatement>();
      d->object = "table";
      d->name.parts = c.One(c.Id("dropped"));
      return d;
    }
    case NodeKind::TruncateStatement: {
      if (variant > 0) return nullptr;
      auto* n = a.New<TruncateStatement>();
      n->table.parts = c.One(c.Id("x"));
      n->partition = c.Partition();
      return n;
    }
    case NodeKind::LoadDataStatement: {
      if (variant > 0) return nullptr;
      auto* n = a.New<LoadDataStatement>();
      n->path = "/p";
      n->table.parts = c.One(c.Id("x"));
      n->partition = c.Partition();
      return n;
    }
    case NodeKind::ExportStatement: {
      if (variant > 0) return nullptr;
      auto* n = a.New<ExportStatement>();
      n->table.parts = c.One(c.Id("x"));
      n->partition = c.Partition();
      n->path = "/p";
      return n;
    }
    case NodeKind::ImportStatement: {
      if (variant > 0) return nullptr;
      auto* n = a.New<ImportStatement>();
      n->table.parts = c.One(c.Id("x"));
      n->partition = c.Partition();
      n->path = "/p";
      return n;
    }
    case NodeKind::UpdateStatement: {
      if (variant > 0) return nullptr;
      auto* n = a.New<UpdateStatement>();
      n->table.parts = c.One(c.Id("x"));
      n->assignments = c.Two(Assignment{c.Id("a"), c.E()}, Assignment{c.Id("b"), c.E()});
      n->where = c.E();
      return n;
    }
    case NodeKind::DeleteStatement: {
      if (variant > 0) return nullptr;
      auto* n = a.New<DeleteStatement>();
      n->table.parts = c.One(c.Id("x"));
      n->where = c.E();
      return n;
    }
    case NodeKind::MergeStatement: {
      if (variant > 0) return nullptr;
      auto* n = a.New<MergeStatement>();
      n->target.parts = c.One(c.Id("x"));
      n->source = c.T();
      n->on = c.E();
      MergeClause update;
      update.condition = c.E();
      update.assignments = c.One(Assignment{c.Id("a"), c.E()});
      MergeClause insert;
      insert.matched = false;
      insert.action = MergeClause::Action::Insert;
      insert.insert_values = c.Es();
      n->clauses = c.Two(update, insert);
      return n;
    }
    case NodeKind::ExplainStatement: {
      if (variant > 0) return nullptr;
      auto* n = a.New<ExplainStatement>();
      n->inner = c.S();
      return n;
    }
    case NodeKind::SetStatement: {
      auto* n = a.New<SetStatement>();
      n->form = SetStatement::Form::Variable;
      n->variable_keyword = "var";
      QualifiedName v1, v2;
      v1.parts = c.One(c.Id("v1"));
      v2.parts = c.One(c.Id("v2"));
      n->variables = c.Two(v1, v2);
      if (variant == 0)
        n->values = c.Es(2);
      else
        n->query = c.Q();
      return n;
    }
    case NodeKind::DescribeStatement: {
      auto* n = a.New<DescribeStatement>();
      if (variant == 0) {
        n->target.identifier = c.E();
        n->partition = c.Partition();
      } else {
        n->query = c.Q();
      }
      return n;
    }
    case NodeKind::ShowStatement: {
      if (variant > 0) return nullptr;
      auto* n = a.New<ShowStatement>();
      n->what = "partitions";
      n->target.identifier = c.E();
      n->partition = c.Partition();
      return n;
    }
    case NodeKind::UtilityStatement: {
      if (variant > 0) return nullptr;
      auto* n = a.New<UtilityStatement>();
      n->verb = "analyze";
      n->object = "table";
      n->target.identifier = c.E();
      n->partition = c.Partition();
      return n;
    }
    case NodeKind::ExecuteImmediateStatement: {
      if (variant > 0) return nullptr;
      auto* n = a.New<ExecuteImmediateStatement>();
      n->sql = c.E();
      n->inner = c.S(/*is_printed=*/false);  // parsed from the string, not printed
      SelectItem u1, u2;
      u1.expr = c.E();
      u2.expr = c.E();
      n->using_args = c.Two(u1, u2);
      return n;
    }
    case NodeKind::DeclareVariableStatement: {
      if (variant > 0) return nullptr;
      auto* n = a.New<DeclareVariableStatement>();
      n->name.parts = c.One(c.Id("v"));
      n->default_value = c.E();
      return n;
    }
    case NodeKind::CreateFunctionStatement: {
      auto* n = a.New<CreateFunctionStatement>();
      n->name.identifier = c.E();
      FunctionParam p1, p2;
      p1.name = c.Id("p1");
      p1.type.text = "int";
      p1.default_value = c.E();
      p2.name = c.Id("p2");
      p2.type.text = "int";
      p2.default_value = c.E();
      n->params = c.Two(p1, p2);
      if (variant == 0)
        n->return_expr = c.E();
      else
        n->return_query = c.Q();
      return n;
    }
    case NodeKind::OtherStatement: {
      if (variant > 0) return nullptr;
      auto* n = a.New<OtherStatement>();
      n->what = "create scheduled";
      n->text = "CREATE SCHEDULED QUERY q EVERY 1 DAY AS";
      n->inner = c.S();
      return n;
    }
  }
  return nullptr;
}

enum class Category { Expr, Query, QueryExpr, TableRef, Statement };

Category CategoryOf(NodeKind k) {
  switch (k) {
#define HIVEQL_EXPR_NODE(Name) \
  case NodeKind::Name:         \
    return Category::Expr;
#define HIVEQL_QUERY_EXPR_NODE(Name) \
  case NodeKind::Name:               \
    return Category::QueryExpr;
#define HIVEQL_TABLE_REF_NODE(Name) \
  case NodeKind::Name:              \
    return Category::TableRef;
#define HIVEQL_STATEMENT_NODE(Name) \
  case NodeKind::Name:              \
    return Category::Statement;
#include "ast/node_kind.def"
    case NodeKind::Query:
      return Category::Query;
  }
  return Category::Query;
}

// The dump and the SQL of any node (a FROM item or a query body inside a query).
std::pair<std::string, std::string> DumpAndPrint(Node* n, Arena& arena) {
  auto* q = arena.New<Query>();
  switch (CategoryOf(n->kind)) {
    case Category::Statement:
      return {Dump(static_cast<Statement*>(n)), PrintStatement(static_cast<Statement*>(n))};
    case Category::Expr:
      return {DumpExpr(static_cast<Expr*>(n)), PrintExpr(static_cast<Expr*>(n))};
    case Category::Query:
      q = static_cast<Query*>(n);
      break;
    case Category::QueryExpr:
      q->body = static_cast<QueryExpr*>(n);
      break;
    case Category::TableRef: {
      auto* core = arena.New<SelectCore>();
      core->from = static_cast<TableRef*>(n);
      q->body = core;
      break;
    }
  }
  return {DumpQuery(q), PrintQuery(q)};
}

std::vector<const void*> Sorted(std::vector<const void*> v) {
  std::sort(v.begin(), v.end());
  return v;
}

TEST_CASE("traversal: every node kind hands out exactly its children, and they are dumped and printed") {
  int samples = 0;
  for (NodeKind k : kAllKinds) {
    for (int variant = 0; variant < 2; ++variant) {
      Children c;
      Node* n = Sample(k, variant, c);
      if (n == nullptr) continue;
      ++samples;
      CAPTURE(NodeKindName(k));
      CAPTURE(variant);
      CHECK(n->kind == k);

      std::vector<const void*> seen;
      VisitChildren(std::as_const(*n), [&](const auto* child) { seen.push_back(child); });
      CHECK(seen.size() == c.made.size());
      CHECK(Sorted(seen) == Sorted(c.made));

      const auto [dump, sql] = DumpAndPrint(n, c.arena);
      const auto& dump_ = dump;  // clang 14 cannot capture a structured binding
      CAPTURE(dump_);
      const auto& sql_ = sql;  // clang 14 cannot capture a structured binding
      CAPTURE(sql_);
      CHECK(dump.find("(?)") == std::string::npos);
      CHECK(sql.find("<?>") == std::string::npos);
      for (const std::string& name : c.names) CHECK_MESSAGE(dump.find(name) != std::string::npos, name);
      for (const std::string& name : c.printed) CHECK_MESSAGE(sql.find(name) != std::string::npos, name);

      // The mutable walk hands out the real slots: every child replaced
      // through them is what the next walk finds.
      Children fresh;
      std::vector<const void*> replacements;
      auto replace = [&](auto* node, auto*& slot) {
        slot = node;
        replacements.push_back(node);
      };
      VisitChildren(
          *n,
          Overloaded{[&](Expr*& s) { replace(fresh.Call(), s); },  // a FunctionCall fits every Expr slot
                     [&](Query*& s) { replace(fresh.Q(), s); },
                     [&](QueryExpr*& s) { replace(fresh.VQ(), s); },  // ValuesRef's slot takes a ValuesQuery only
                     [&](TableRef*& s) { replace(fresh.VR(), s); },   // LATERAL TABLE's takes a ValuesRef only
                     [&](Statement*& s) { replace(fresh.S(), s); }, [&](WindowSpec*& s) { replace(fresh.W(), s); }});
      CHECK(replacements.size() == c.made.size());
      seen.clear();
      VisitChildren(std::as_const(*n), [&](const auto* child) { seen.push_back(child); });
      CHECK(Sorted(seen) == Sorted(replacements));
    }
  }
  CHECK(samples >= static_cast<int>(std::size(kAllKinds)));
}

TEST_CASE("traversal: a visitor takes only the slots it names") {
  Children c;
  Node* n = Sample(NodeKind::InSubqueryExpr, 0, c);
  int exprs = 0, queries = 0;
  VisitChildren(std::as_const(*n), [&](const Expr*) { ++exprs; });
  VisitChildren(std::as_const(*n), [&](const Query*) { ++queries; });
  CHECK(exprs == 1);
  CHECK(queries == 1);
  // ForEachChildExpr reaches into the OVER clause: arguments, WITHIN GROUP
  // key, PARTITION BY key, frame offsets.
  Node* call = Sample(NodeKind::FunctionCall, 0, c);
  int keys = 0;
  ForEachChildExpr(*static_cast<const Expr*>(call), [&](const Expr*) { ++keys; });
  CHECK(keys == 6);
}

TEST_CASE("traversal: a copied node has lists of its own") {
  Children c;
  auto* in = static_cast<InListExpr*>(Sample(NodeKind::InListExpr, 0, c));
  Expr* copy = CopyNode(c.arena, *in);
  CHECK(copy != in);
  CHECK(copy->kind == NodeKind::InListExpr);
  Expr* replacement = c.E();
  VisitChildren(*copy, [&](Expr*& slot) { slot = replacement; });
  for (Expr* item : in->items) CHECK(item != replacement);
  CHECK(in->value != replacement);
  for (Expr* item : static_cast<InListExpr*>(copy)->items) CHECK(item == replacement);
}

// How many nodes of each kind a tree holds: by walking it with the
// traversal, and by reading its dump (each node opens with `(Kind`).
std::map<std::string, int> KindsByTraversal(const Statement& root) {
  std::map<std::string, int> kinds;
  std::vector<const Node*> stack{&root};
  auto push = [&](const Node* c) { stack.push_back(c); };
  while (!stack.empty()) {
    const Node* n = stack.back();
    stack.pop_back();
    ++kinds[std::string(NodeKindName(n->kind))];
    VisitChildren(*n, Overloaded{push, [&](const WindowSpec* w) { VisitChildren(*w, push); }});
  }
  return kinds;
}

std::map<std::string, int> KindsInDump(std::string_view dump) {
  std::map<std::string, std::string_view> names;
  for (NodeKind k : kAllKinds) names.emplace(std::string(NodeKindName(k)), NodeKindName(k));
  std::map<std::string, int> kinds;
  bool in_string = false;
  for (size_t i = 0; i < dump.size(); ++i) {
    if (in_string) {
      if (dump[i] == '\\')
        ++i;
      else if (dump[i] == '"')
        in_string = false;
      continue;
    }
    if (dump[i] == '"') in_string = true;
    if (dump[i] != '(') continue;
    size_t j = i + 1;
    while (j < dump.size() && std::isalpha(static_cast<unsigned char>(dump[j]))) ++j;
    const std::string word(dump.substr(i + 1, j - i - 1));
    if (names.contains(word)) ++kinds[word];
  }
  return kinds;
}

TEST_CASE("traversal: it reaches every node the dumper shows, on the bundled scripts") {
  int statements = 0;
  for (const auto& entry : std::filesystem::directory_iterator(testing::SourceDir() / "corpus" / "scripts")) {
    if (entry.path().extension() != ".sql") continue;
    SourceFile src(entry.path().filename().string(), testing::ReadFile(entry.path()));
    Arena arena;
    corpus::ForEachStatement(src, [&](const lexer::StatementText& st, const parser::ParseOptions& options) {
      Diagnostics diags;
      const Statement* stmt = parser::ParseStatement(st.text(), arena, options, diags);
      if (stmt == nullptr) return;
      ++statements;
      CAPTURE(st.text());
      CHECK(KindsByTraversal(*stmt) == KindsInDump(Dump(stmt)));
    });
  }
  CHECK(statements > 40);
}

}  // namespace
}  // namespace hivelineage
