// The AST dump (see dump.h).
#include "ast/dump.h"

#include <vector>

namespace hivelineage::ast {

namespace {

// Enumerator names, so a dump does not change when an enum is reordered:
// one `std::string_view Name(E v)` per enum of ast/enum_values.def.
#define HIVEQL_AST_ENUM_BEGIN(Type) \
  std::string_view Name(Type v) {   \
    switch (v) {
#define HIVEQL_AST_ENUMERATOR(Type, Name) \
  case Type::Name:                        \
    return #Name;
#define HIVEQL_AST_ENUM_END(Type) \
  }                               \
  return "?";                     \
  }
#include "ast/enum_values.def"

class Dumper {
 public:
  std::string out;

  void Str(std::string_view s) {
    out += '"';
    for (char c : s) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += '"';
  }
  void F(const char* name) {
    out += ' ';
    out += name;
    out += '=';
  }
  void FStr(const char* name, std::string_view s) {
    if (s.empty()) return;
    F(name);
    Str(s);
  }
  void FBool(const char* name, bool b) {
    if (!b) return;
    out += ' ';
    out += name;
  }
  template <typename E>
  void FEnum(const char* name, E v) {
    F(name);
    out += Name(v);
  }
  void Id(const Ident& id) { Str(id.name); }
  void FId(const char* name, const Ident& id) {
    if (id.name.empty()) return;
    F(name);
    Id(id);
  }
  void Ids(List<Ident> ids) {
    out += '[';
    for (size_t i = 0; i < ids.size(); ++i) {
      if (i > 0) out += ' ';
      Id(ids[i]);
    }
    out += ']';
  }
  void FIds(const char* name, List<Ident> ids) {
    if (ids.empty()) return;
    F(name);
    Ids(ids);
  }
  void FQName(const char* name, const QualifiedName& q) {
    if (q.parts.empty()) return;
    F(name);
    Ids(q.parts);
  }
  void Exprs(List<Expr*> es) {
    out += '[';
    for (size_t i = 0; i < es.size(); ++i) {
      if (i > 0) out += ' ';
      E(es[i]);
    }
    out += ']';
  }
  void FExprs(const char* name, List<Expr*> es) {
    if (es.empty()) return;
    F(name);
    Exprs(es);
  }
  void FE(const char* name, const Expr* e) {
    if (e == nullptr) return;
    F(name);
    E(e);
  }
  void Open(const Node* n) {
    out += '(';
    out += NodeKindName(n->kind);
  }

  void Order(List<OrderItem> items) {
    out += '[';
    for (size_t i = 0; i < items.size(); ++i) {
      if (i > 0) out += ' ';
      out += "(order";
      FE("expr", items[i].expr);
      FEnum("dir", items[i].direction);
      FEnum("nulls", items[i].nulls);
      out += ')';
    }
    out += ']';
  }
  void FOrder(const char* name, List<OrderItem> items) {
    if (items.empty()) return;
    F(name);
    Order(items);
  }

  void Window(const WindowSpec* w) {
    if (w == nullptr) {
      out += "nil";
      return;
    }
    out += "(window";
    FId("base", w->base);
    FExprs("partition", w->partition_by);
    FOrder("order", w->order_by);
    FEnum("style", w->style);
    if (w->frame != nullptr) {
      F("frame");
      out += "(frame";
      FEnum("unit", w->frame->unit);
      FEnum("start", w->frame->start.type);
      FE("start_offset", w->frame->start.offset);
      FBool("has_end", w->frame->has_end);
      FEnum("end", w->frame->end.type);
      FE("end_offset", w->frame->end.offset);
      out += ')';
    }
    out += ')';
  }

  void E(const Expr* e) {
    if (e == nullptr) {
      out += "nil";
      return;
    }
    switch (e->expr_kind()) {
      case ExprKind::Literal: {
        const auto* l = static_cast<const Literal*>(e);
        Open(e);
        FEnum("type", l->type);
        F("text");
        Str(l->text);
        FStr("type_name", l->type_name);
        out += ')';
        return;
      }
      case ExprKind::ColumnRef:
        Open(e);
        out += ' ';
        Ids(static_cast<const ColumnRef*>(e)->parts);
        out += ')';
        return;
      case ExprKind::StarExpr: {
        const auto* s = static_cast<const StarExpr*>(e);
        Open(e);
        FIds("qualifier", s->qualifier);
        FStr("regex", s->regex);
        if (!s->except_columns.empty()) FIds("except", s->except_columns);
        for (List<Ident> path : s->dropped_fields) FIds("drop_field", path);
        if (!s->replaced_names.empty()) {
          FIds("replaced", s->replaced_names);
          FExprs("by", s->replaced_values);
        }
        out += ')';
        return;
      }
      case ExprKind::FieldAccess: {
        const auto* f = static_cast<const FieldAccess*>(e);
        Open(e);
        FE("base", f->base);
        FId("field", f->field);
        out += ')';
        return;
      }
      case ExprKind::Subscript: {
        const auto* s = static_cast<const Subscript*>(e);
        Open(e);
        FE("base", s->base);
        FE("index", s->index);
        out += ')';
        return;
      }
      case ExprKind::UnaryExpr: {
        const auto* u = static_cast<const UnaryExpr*>(e);
        Open(e);
        FEnum("op", u->op);
        FE("operand", u->operand);
        out += ')';
        return;
      }
      case ExprKind::BinaryExpr: {
        std::vector<const BinaryExpr*> spine;
        const Expr* cur = e;
        while (const auto* b = DynCast<BinaryExpr>(cur)) {
          spine.push_back(b);
          cur = b->lhs;
        }
        for (const BinaryExpr* b : spine) {
          Open(b);
          out += " op=";
          out += BinaryOpSpelling(b->op);
          out += " lhs=";
        }
        E(cur);
        for (size_t i = spine.size(); i-- > 0;) {
          F("rhs");
          E(spine[i]->rhs);
          out += ')';
        }
        return;
      }
      case ExprKind::IsExpr: {
        const auto* i = static_cast<const IsExpr*>(e);
        Open(e);
        FE("operand", i->operand);
        FEnum("what", i->what);
        FBool("negated", i->negated);
        out += ')';
        return;
      }
      case ExprKind::BetweenExpr: {
        const auto* b = static_cast<const BetweenExpr*>(e);
        Open(e);
        FE("value", b->value);
        FE("low", b->low);
        FE("high", b->high);
        FBool("negated", b->negated);
        out += ')';
        return;
      }
      case ExprKind::InListExpr: {
        const auto* i = static_cast<const InListExpr*>(e);
        Open(e);
        FE("value", i->value);
        F("items");
        Exprs(i->items);
        FBool("negated", i->negated);
        out += ')';
        return;
      }
      case ExprKind::InSubqueryExpr: {
        const auto* i = static_cast<const InSubqueryExpr*>(e);
        Open(e);
        FE("value", i->value);
        F("query");
        Q(i->query);
        FBool("negated", i->negated);
        out += ')';
        return;
      }
      case ExprKind::ExistsExpr:
        Open(e);
        F("query");
        Q(static_cast<const ExistsExpr*>(e)->query);
        out += ')';
        return;
      case ExprKind::SubqueryExpr: {
        const auto* s = static_cast<const SubqueryExpr*>(e);
        Open(e);
        FEnum("quantifier", s->quantifier);
        F("query");
        Q(s->query);
        out += ')';
        return;
      }
      case ExprKind::LikeExpr: {
        const auto* l = static_cast<const LikeExpr*>(e);
        Open(e);
        FEnum("op", l->op);
        FEnum("quantifier", l->quantifier);
        FBool("negated", l->negated);
        FE("value", l->value);
        F("patterns");
        Exprs(l->patterns);
        if (!l->escape.empty()) FStr("escape", l->escape);
        out += ')';
        return;
      }
      case ExprKind::CaseExpr: {
        const auto* c = static_cast<const CaseExpr*>(e);
        Open(e);
        FE("operand", c->operand);
        F("whens");
        out += '[';
        for (const WhenClause& w : c->whens) {
          out += "(when";
          FE("cond", w.condition);
          FE("result", w.result);
          out += ')';
        }
        out += ']';
        FE("else", c->else_result);
        out += ')';
        return;
      }
      case ExprKind::CastExpr: {
        const auto* c = static_cast<const CastExpr*>(e);
        Open(e);
        FE("operand", c->operand);
        FStr("type", c->type.text);
        FE("format", c->format);
        out += ')';
        return;
      }
      case ExprKind::FunctionCall: {
        const auto* f = static_cast<const FunctionCall*>(e);
        Open(e);
        F("name");
        Ids(f->name);
        F("args");
        Exprs(f->args);
        FBool("distinct", f->distinct);
        FBool("star", f->star);
        FEnum("nulls", f->nulls);
        FOrder("within_group", f->within_group);
        if (f->over != nullptr) {
          F("over");
          Window(f->over);
        }
        out += ')';
        return;
      }
      case ExprKind::IntervalExpr: {
        const auto* i = static_cast<const IntervalExpr*>(e);
        Open(e);
        FE("value", i->value);
        FStr("unit", i->unit);
        FStr("to_unit", i->to_unit);
        out += ')';
        return;
      }
      case ExprKind::ExtractExpr: {
        const auto* x = static_cast<const ExtractExpr*>(e);
        Open(e);
        FBool("floor", x->is_floor);
        FStr("unit", x->unit);
        FE("operand", x->operand);
        out += ')';
        return;
      }
      case ExprKind::StructExpr:
        Open(e);
        F("fields");
        Exprs(static_cast<const StructExpr*>(e)->fields);
        out += ')';
        return;
      case ExprKind::LambdaExpr: {
        const auto* l = static_cast<const LambdaExpr*>(e);
        Open(e);
        FIds("params", l->params);
        FE("body", l->body);
        out += ')';
        return;
      }
      case ExprKind::LambdaVariable:
        Open(e);
        FIds("parts", static_cast<const LambdaVariable*>(e)->parts);
        out += ')';
        return;
      case ExprKind::VariantPathExpr: {
        const auto* v = static_cast<const VariantPathExpr*>(e);
        Open(e);
        FE("base", v->base);
        FStr("path", v->path);
        out += ')';
        return;
      }
    }
  }

  // ------------------------------------------------------------ queries

  void Ctes(List<Cte> ctes) {
    out += '[';
    for (const Cte& c : ctes) {
      out += "(cte";
      FId("name", c.name);
      FIds("columns", c.columns);
      if (c.recursive) FBool("recursive", true);
      if (!c.max_recursion_level.empty()) FStr("max_recursion_level", c.max_recursion_level);
      F("query");
      Q(c.query);
      out += ')';
    }
    out += ']';
  }

  void Q(const Query* q) {
    if (q == nullptr) {
      out += "nil";
      return;
    }
    Open(q);
    if (!q->ctes.empty()) {
      F("ctes");
      Ctes(q->ctes);
    }
    F("body");
    QE(q->body);
    FOrder("order_by", q->order_by);
    if (q->order_by_all != nullptr) {
      F("order_by_all");
      Order({q->order_by_all, 1});
    }
    FExprs("cluster_by", q->cluster_by);
    FExprs("distribute_by", q->distribute_by);
    FOrder("sort_by", q->sort_by);
    FE("limit", q->limit);
    FE("offset", q->offset);
    out += ')';
  }

  void ColumnDefs(List<ColumnDef> defs) {
    out += '[';
    for (const ColumnDef& d : defs) {
      out += "(col";
      FId("name", d.name);
      FStr("type", d.type.text);
      FStr("comment", d.comment);
      out += ')';
    }
    out += ']';
  }
  void FColumnDefs(const char* name, List<ColumnDef> defs) {
    if (defs.empty()) return;
    F(name);
    ColumnDefs(defs);
  }

  void Values(const ValuesQuery* v) {
    Open(v);
    F("rows");
    out += '[';
    for (const List<Expr*>& row : v->rows) Exprs(row);
    out += ']';
    FIds("aliases", v->first_row_aliases);
    out += ')';
  }

  void QE(const QueryExpr* b) {
    if (b == nullptr) {
      out += "nil";
      return;
    }
    switch (b->query_expr_kind()) {
      case QueryExprKind::SelectCore: {
        const auto* c = static_cast<const SelectCore*>(b);
        Open(c);
        FStr("hint", c->hint);
        FBool("distinct", c->distinct);
        F("items");
        out += '[';
        for (const SelectItem& it : c->items) {
          out += "(item";
          FE("expr", it.expr);
          FId("alias", it.alias);
          FIds("aliases", it.aliases);
          for (const QualifiedName& q : it.star_except) FQName("except", q);
          out += ')';
        }
        out += ']';
        if (const ScriptTransform* t = c->transform) {
          F("transform");
          out += "(transform";
          FEnum("style", t->style);
          F("args");
          Exprs(t->args);
          FStr("script", t->script);
          FColumnDefs("outputs", t->outputs);
          FBool("parenthesized", t->parenthesized_outputs);
          FStr("input_format", t->input_format);
          FStr("output_format", t->output_format);
          out += ')';
        }
        if (c->from != nullptr) {
          F("from");
          T(c->from);
        }
        FE("where", c->where);
        if (const GroupBy* g = c->group_by) {
          F("group_by");
          out += "(group";
          F("items");
          Exprs(g->items);
          FEnum("modifier", g->modifier);
          if (!g->grouping_sets.empty()) {
            F("sets");
            out += '[';
            for (const List<Expr*>& s : g->grouping_sets) Exprs(s);
            out += ']';
          }
          out += ')';
        }
        FE("having", c->having);
        if (!c->windows.empty()) {
          F("windows");
          out += '[';
          for (const NamedWindow& w : c->windows) {
            out += "(named";
            FId("name", w.name);
            F("spec");
            Window(w.spec);
            out += ')';
          }
          out += ']';
        }
        FE("qualify", c->qualify);
        out += ')';
        return;
      }
      case QueryExprKind::SetOperation: {
        std::vector<const SetOperation*> spine;
        const QueryExpr* cur = b;
        while (const auto* s = DynCast<SetOperation>(cur)) {
          spine.push_back(s);
          cur = s->left;
        }
        for (const SetOperation* s : spine) {
          Open(s);
          FEnum("op", s->op);
          FEnum("quantifier", s->quantifier);
          out += " left=";
        }
        QE(cur);
        for (size_t i = spine.size(); i-- > 0;) {
          F("right");
          QE(spine[i]->right);
          out += ')';
        }
        return;
      }
      case QueryExprKind::SetOperationChain: {
        Open(b);
        out += " branches=[";
        const auto& branches = static_cast<const SetOperationChain*>(b)->branches;
        for (size_t i = 0; i < branches.size(); ++i) {
          if (i > 0) out += ' ';
          out += "(branch";
          if (i > 0) {
            FEnum("op", branches[i].op);
            FEnum("quantifier", branches[i].quantifier);
          }
          F("query");
          QE(branches[i].query);
          out += ')';
        }
        out += "])";
        return;
      }
      case QueryExprKind::ValuesQuery:
        Values(static_cast<const ValuesQuery*>(b));
        return;
      case QueryExprKind::NestedQuery:
        Open(b);
        F("query");
        Q(static_cast<const NestedQuery*>(b)->query);
        out += ')';
        return;
    }
  }

  // ------------------------------------------------------------ FROM

  void T(const TableRef* t) {
    if (t == nullptr) {
      out += "nil";
      return;
    }
    switch (t->table_ref_kind()) {
      case TableRefKind::TableName: {
        const auto* n = static_cast<const TableName*>(t);
        Open(t);
        FQName("name", n->name);
        FId("alias", n->alias);
        if (n->sample != nullptr) {
          F("sample");
          Str(n->sample->text);
          FExprs("on", n->sample->on);
        }
        FE("as_of", n->as_of);
        FBool("version", n->as_of_version);
        out += ')';
        return;
      }
      case TableRefKind::SubqueryRef: {
        const auto* s = static_cast<const SubqueryRef*>(t);
        Open(t);
        F("query");
        Q(s->query);
        FId("alias", s->alias);
        FIds("columns", s->column_aliases);
        if (s->lateral) out += " lateral";
        if (s->sample != nullptr) {
          F("sample");
          Str(s->sample->text);
          FExprs("on", s->sample->on);
        }
        out += ')';
        return;
      }
      case TableRefKind::ValuesRef: {
        const auto* v = static_cast<const ValuesRef*>(t);
        Open(t);
        F("values");
        Values(v->values);
        FId("alias", v->alias);
        FIds("columns", v->column_aliases);
        out += ')';
        return;
      }
      case TableRefKind::TableFunctionRef: {
        const auto* f = static_cast<const TableFunctionRef*>(t);
        Open(t);
        FIds("qualifier", f->qualifier);
        FId("name", f->name);
        if (f->lateral) out += " lateral";
        F("input");
        T(f->input);
        if (f->partitioning != nullptr) {
          F("partitioning");
          Window(f->partitioning);
        }
        FExprs("args", f->args);
        FIds("arg_names", f->arg_names);
        FId("alias", f->alias);
        FIds("columns", f->column_aliases);
        out += ')';
        return;
      }
      case TableRefKind::JoinRef: {
        std::vector<const JoinRef*> spine;
        const TableRef* cur = t;
        while (const auto* j = DynCast<JoinRef>(cur)) {
          spine.push_back(j);
          cur = j->left;
        }
        for (const JoinRef* j : spine) {
          Open(j);
          out += " kind=";
          out += JoinKindSpelling(j->join_kind);
          out += " left=";
        }
        T(cur);
        for (size_t i = spine.size(); i-- > 0;) {
          const JoinRef* j = spine[i];
          F("right");
          T(j->right);
          FE("on", j->on);
          FIds("using", j->using_columns);
          FBool("outer", j->outer_keyword);
          FBool("natural", j->natural);
          FBool("preserve_left", j->preserve_left);
          FBool("preserve_right", j->preserve_right);
          FExprs("keys_left", j->unique_keys_left);
          FExprs("keys_right", j->unique_keys_right);
          if (j->nearest != JoinRef::Nearest::None) {
            FBool(j->nearest == JoinRef::Nearest::Exact ? "exact_nearest" : "approx_nearest", true);
            FStr("nearest_count", j->nearest_count);
            FBool("by_distance", j->nearest_by_distance);
          }
          out += ')';
        }
        return;
      }
      case TableRefKind::LateralViewRef: {
        std::vector<const LateralViewRef*> chain;
        const TableRef* cur = t;
        while (const auto* l = DynCast<LateralViewRef>(cur)) {
          chain.push_back(l);
          cur = l->source;
        }
        for (const LateralViewRef* l : chain) {
          Open(l);
          out += " source=";
        }
        T(cur);
        for (size_t i = chain.size(); i-- > 0;) {
          const LateralViewRef* l = chain[i];
          FBool("outer", l->outer);
          FE("udtf", l->udtf);
          FId("alias", l->table_alias);
          FIds("columns", l->column_aliases);
          if (l->values != nullptr) {
            F("values");
            T(l->values);
          }
          out += ')';
        }
        return;
      }
      case TableRefKind::PivotRef: {
        const auto* p = static_cast<const PivotRef*>(t);
        Open(t);
        F("source");
        T(p->source);
        FBool("unpivot", p->unpivot);
        auto items = [&](const char* name, List<SelectItem> list) {
          if (list.empty()) return;
          F(name);
          out += '[';
          for (const SelectItem& it : list) {
            out += "(item";
            FE("expr", it.expr);
            FId("alias", it.alias);
            out += ')';
          }
          out += ']';
        };
        items("aggregates", p->aggregates);
        FIds("for", p->pivot_columns);
        items("in", p->pivot_values);
        if (p->nulls != PivotRef::Nulls::Default) FBool(p->nulls == PivotRef::Nulls::Include ? "include_nulls" : "exclude_nulls", true);
        FIds("values", p->value_columns);
        FId("name", p->name_column);
        for (const PivotRef::UnpivotIn& in : p->unpivot_in) {
          FIds("in", in.columns);
          FId("as", in.alias);
        }
        FId("alias", p->alias);
        out += ')';
        return;
      }
      case TableRefKind::BinByRef: {
        const auto* b = static_cast<const BinByRef*>(t);
        Open(t);
        F("source");
        T(b->source);
        FE("range_start", b->range_start);
        FE("range_end", b->range_end);
        FE("width", b->width);
        FE("align", b->align);
        FExprs("distribute", b->distribute);
        FId("bin_start", b->start_name);
        FId("bin_end", b->end_name);
        FId("bin_distribute_ratio", b->ratio_name);
        FId("alias", b->alias);
        out += ')';
        return;
      }
    }
  }

  // ------------------------------------------------------------ statements

  void Partition(const PartitionSpec* p) {
    if (p == nullptr) {
      out += "nil";
      return;
    }
    out += "(partition";
    for (const PartitionItem& it : p->items) {
      out += " (";
      Id(it.key);
      FStr("op", it.op);
      FE("value", it.value);
      out += ')';
    }
    out += ')';
  }
  void FObjectName(const char* name, const ObjectName& n) {
    FQName(name, n.name);
    FE(name, n.identifier);
  }
  void FParams(const char* name, List<FunctionParam> params) {
    if (params.empty()) return;
    F(name);
    out += '[';
    for (const FunctionParam& p : params) {
      out += "(param ";
      Id(p.name);
      FStr("type", p.type.text);
      FBool("not_null", p.not_null);
      FE("default", p.default_value);
      FStr("comment", p.comment);
      out += ')';
    }
    out += ']';
  }
  void FPartition(const char* name, const PartitionSpec* p) {
    if (p == nullptr) return;
    F(name);
    Partition(p);
  }
  void Assignments(List<Assignment> as) {
    out += '[';
    for (const Assignment& a : as) {
      out += "(set ";
      Id(a.column);
      FE("value", a.value);
      out += ')';
    }
    out += ']';
  }

  void S(const Statement* s) {
    if (s == nullptr) {
      out += "nil";
      return;
    }
    Open(s);
    switch (s->stmt_kind()) {
      case StmtKind::QueryStatement: {
        const auto* q = static_cast<const QueryStatement*>(s);
        if (!q->ctes.empty()) {
          F("ctes");
          Ctes(q->ctes);
        }
        if (q->from != nullptr) {
          F("from");
          T(q->from);
        }
        F("bodies");
        out += '[';
        for (const InsertBody& b : q->bodies) {
          out += "(body";
          if (const InsertTarget* t = b.target) {
            F("target");
            out += "(target";
            FEnum("type", t->type);
            FBool("overwrite", t->overwrite);
            FBool("table_keyword", t->table_keyword);
            FQName("table", t->table);
            FPartition("partition", t->partition);
            FBool("if_not_exists", t->if_not_exists);
            FIds("columns", t->columns);
            FBool("by_name", t->by_name);
            FE("replace_where", t->replace_where);
            FBool("local", t->local);
            FStr("path", t->path);
            FStr("path_text", t->path_text);
            FStr("storage", t->storage_text);
            out += ')';
          }
          F("query");
          Q(b.query);
          out += ')';
        }
        out += ']';
        break;
      }
      case StmtKind::CreateTableStatement: {
        const auto* c = static_cast<const CreateTableStatement*>(s);
        FBool("temporary", c->temporary);
        FBool("external", c->external);
        FBool("transactional", c->transactional);
        FBool("managed", c->managed);
        FBool("if_not_exists", c->if_not_exists);
        FQName("name", c->name);
        FColumnDefs("columns", c->columns);
        FColumnDefs("partition_columns", c->partition_columns);
        FQName("like", c->like);
        FStr("comment", c->comment);
        FStr("options", c->options_text);
        if (c->as_query != nullptr) {
          F("as");
          Q(c->as_query);
        }
        break;
      }
      case StmtKind::CreateViewStatement: {
        const auto* v = static_cast<const CreateViewStatement*>(s);
        FBool("or_replace", v->or_replace);
        FBool("materialized", v->materialized);
        FBool("if_not_exists", v->if_not_exists);
        FBool("is_alter", v->is_alter);
        FQName("name", v->name);
        FColumnDefs("columns", v->columns);
        FStr("options", v->options_text);
        F("query");
        Q(v->query);
        break;
      }
      case StmtKind::AlterTableStatement: {
        const auto* a = static_cast<const AlterTableStatement*>(s);
        FEnum("object", a->object);
        FEnum("action", a->action);
        FQName("name", a->name);
        FPartition("partition", a->partition);
        FQName("new_name", a->new_name);
        FColumnDefs("columns", a->columns);
        FId("old_column", a->old_column);
        FId("after", a->after_column);
        FBool("first", a->first);
        if (!a->partitions.empty()) {
          F("partitions");
          out += '[';
          for (const PartitionSpec& p : a->partitions) Partition(&p);
          out += ']';
        }
        FStr("rest", a->rest_text);
        break;
      }
      case StmtKind::DropStatement: {
        const auto* d = static_cast<const DropStatement*>(s);
        FStr("object", d->object);
        FBool("if_exists", d->if_exists);
        FQName("name", d->name);
        FBool("purge", d->purge);
        FBool("cascade", d->cascade);
        FBool("temporary", d->temporary);
        break;
      }
      case StmtKind::TruncateStatement: {
        const auto* t = static_cast<const TruncateStatement*>(s);
        FQName("table", t->table);
        FPartition("partition", t->partition);
        break;
      }
      case StmtKind::LoadDataStatement: {
        const auto* l = static_cast<const LoadDataStatement*>(s);
        FBool("local", l->local);
        FBool("overwrite", l->overwrite);
        FStr("path", l->path);
        FQName("table", l->table);
        FPartition("partition", l->partition);
        FStr("options", l->options_text);
        break;
      }
      case StmtKind::ExportStatement: {
        const auto* e = static_cast<const ExportStatement*>(s);
        FQName("table", e->table);
        FPartition("partition", e->partition);
        FStr("path", e->path);
        FStr("options", e->options_text);
        break;
      }
      case StmtKind::ImportStatement: {
        const auto* i = static_cast<const ImportStatement*>(s);
        FBool("external", i->external);
        FQName("table", i->table);
        FPartition("partition", i->partition);
        FStr("path", i->path);
        FStr("location", i->location);
        break;
      }
      case StmtKind::UseStatement: {
        const auto* u = static_cast<const UseStatement*>(s);
        FId("database", u->database);
        FId("catalog", u->catalog);
        FStr("object", u->object);
        FE("identifier", u->identifier);
        break;
      }
      case StmtKind::UpdateStatement: {
        const auto* u = static_cast<const UpdateStatement*>(s);
        FQName("table", u->table);
        FId("alias", u->alias);
        F("set");
        Assignments(u->assignments);
        FE("where", u->where);
        break;
      }
      case StmtKind::DeleteStatement: {
        const auto* d = static_cast<const DeleteStatement*>(s);
        FQName("table", d->table);
        FId("alias", d->alias);
        FE("where", d->where);
        break;
      }
      case StmtKind::MergeStatement: {
        const auto* m = static_cast<const MergeStatement*>(s);
        FStr("hint", m->hint);
        FQName("target", m->target);
        FId("alias", m->target_alias);
        F("source");
        T(m->source);
        FE("on", m->on);
        F("clauses");
        out += '[';
        for (const MergeClause& c : m->clauses) {
          out += "(when";
          FBool("matched", c.matched);
          FBool("by_source", c.by_source);
          FE("cond", c.condition);
          FBool("star", c.star);
          FEnum("action", c.action);
          if (!c.assignments.empty()) {
            F("set");
            Assignments(c.assignments);
          }
          FIds("columns", c.insert_columns);
          FExprs("values", c.insert_values);
          out += ')';
        }
        out += ']';
        break;
      }
      case StmtKind::ExplainStatement: {
        const auto* e = static_cast<const ExplainStatement*>(s);
        FStr("options", e->options);
        F("inner");
        S(e->inner);
        break;
      }
      case StmtKind::SetStatement: {
        const auto* n = static_cast<const SetStatement*>(s);
        FEnum("form", n->form);
        FStr("key", n->key);
        FStr("value", n->value);
        FBool("has_value", n->has_value);
        FStr("variable_keyword", n->variable_keyword);
        for (const QualifiedName& v : n->variables) FQName("variable", v);
        FExprs("values", n->values);
        if (n->query != nullptr) {
          F("query");
          Q(n->query);
        }
        break;
      }
      case StmtKind::DescribeStatement: {
        const auto* n = static_cast<const DescribeStatement*>(s);
        FStr("object", n->object);
        FStr("option", n->option);
        FObjectName("target", n->target);
        FPartition("partition", n->partition);
        FIds("column", n->column);
        FBool("as_json", n->as_json);
        if (n->query != nullptr) {
          F("query");
          Q(n->query);
        }
        break;
      }
      case StmtKind::ShowStatement: {
        const auto* n = static_cast<const ShowStatement*>(s);
        FStr("what", n->what);
        FStr("preposition", n->preposition);
        FObjectName("target", n->target);
        FPartition("partition", n->partition);
        FStr("rest", n->rest_text);
        break;
      }
      case StmtKind::UtilityStatement: {
        const auto* n = static_cast<const UtilityStatement*>(s);
        FStr("verb", n->verb);
        FStr("object", n->object);
        FBool("if_exists", n->if_exists);
        FBool("if_not_exists", n->if_not_exists);
        FObjectName("target", n->target);
        FPartition("partition", n->partition);
        FStr("rest", n->rest_text);
        break;
      }
      case StmtKind::ExecuteImmediateStatement: {
        const auto* n = static_cast<const ExecuteImmediateStatement*>(s);
        FE("sql", n->sql);
        for (const QualifiedName& v : n->into) FQName("into", v);
        for (const SelectItem& a : n->using_args) {
          FE("using", a.expr);
          FId("as", a.alias);
        }
        if (n->inner != nullptr) {
          F("inner");
          S(n->inner);
        }
        break;
      }
      case StmtKind::DeclareVariableStatement: {
        const auto* n = static_cast<const DeclareVariableStatement*>(s);
        FBool("or_replace", n->or_replace);
        FStr("variable_keyword", n->variable_keyword);
        FQName("name", n->name);
        FStr("type", n->type.text);
        FE("default", n->default_value);
        FBool("default_keyword", n->default_keyword);
        break;
      }
      case StmtKind::CreateFunctionStatement: {
        const auto* n = static_cast<const CreateFunctionStatement*>(s);
        FBool("or_replace", n->or_replace);
        FBool("temporary", n->temporary);
        FBool("if_not_exists", n->if_not_exists);
        FObjectName("name", n->name);
        FParams("params", n->params);
        FEnum("returns", n->returns);
        FStr("return_type", n->return_type.text);
        FParams("return_columns", n->return_columns);
        FStr("characteristics", n->characteristics);
        FE("return", n->return_expr);
        if (n->return_query != nullptr) {
          F("return_query");
          Q(n->return_query);
        }
        FStr("class", n->class_name);
        FStr("resources", n->resources);
        break;
      }
      case StmtKind::OtherStatement: {
        const auto* o = static_cast<const OtherStatement*>(s);
        FStr("what", o->what);
        FStr("text", o->text);
        if (o->inner != nullptr) {
          F("inner");
          S(o->inner);
        }
        break;
      }
    }
    out += ')';
  }
};

}  // namespace

std::string Dump(const Statement* s) {
  Dumper d;
  d.S(s);
  return std::move(d.out);
}

std::string DumpExpr(const Expr* e) {
  Dumper d;
  d.E(e);
  return std::move(d.out);
}

std::string DumpQuery(const Query* q) {
  Dumper d;
  d.Q(q);
  return std::move(d.out);
}

}  // namespace hivelineage::ast
