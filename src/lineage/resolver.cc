#include "lineage/resolver.h"

#include <algorithm>
#include <forward_list>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/container/inlined_vector.h"
#include "ast/children.h"
#include "ast/print_sql.h"
#include "base/strings.h"
#include "lineage/column_regex.h"
#include "lineage/derived_order.h"
#include "lineage/function_kind.h"
#include "lineage/masked_source.h"
#include "lineage/masking_shape.h"
#include "lineage/output_names.h"

namespace hivelineage::lineage {

namespace {

using namespace ast;

// Nesting beyond this is reported instead of recursed into (the parser bounds
// nesting too; this keeps the resolver safe on hand-built trees).
constexpr int kMaxDepth = kMaxQueryNesting;
// Past this depth, derived tables are analysed bottom-up (deepest first), so
// chains of CTEs or FROM subqueries do not deepen the recursion. Shallower
// queries keep the natural order, in which predicates are recorded.
constexpr int kBottomUpDepth = 32;

std::string Lower(const Ident& id) { return ToLower(id.name); }

// Hive's virtual columns and Spark's _metadata: readable from any table
// though not in its schema.
bool IsVirtualColumn(std::string_view name) {
  return name == "block__offset__inside__file" || name == "input__file__name" || name == "row__id" ||
         name == "row__is__deleted" || name == "raw__data__size" || name == "_metadata";
}

// A column that copies `src` under `name`: star expansion, renaming, a set
// operation's first branch. Its expression prints as src's.
Column Copy(const Column& src, std::string name) {
  Column c;
  c.name = std::move(name);
  c.sources = src.sources;
  c.type = src.type;
  c.derivation = src.derivation;
  c.masking = src.masking;
  c.forward = &src;
  return c;
}

}  // namespace

std::string Resolver::TableKey(const QualifiedName& name) const {
  if (name.parts.empty()) return {};
  if (name.parts.size() == 1) return Cat(ToLower(session_.current_database), ".", Lower(name.parts[0]));
  return Cat(Lower(name.parts[0]), ".", Lower(name.parts[1]));
}

void Resolver::AddInput(std::string key) { out_.inputs.push_back(std::move(key)); }

void Resolver::Warn(Span span, std::string message) {
  if (quiet_) return;
  out_.diagnostics.push_back(Diagnostic{Severity::Warning, span, std::move(message)});
}

void Resolver::Unrewritten(Span span, std::string_view what, std::string_view pass) {
  out_.diagnostics.push_back(
      Diagnostic{Severity::Error, span,
                 Cat("internal error: ", what, " reached lineage unrewritten (the ", pass, " pass did not run)")});
}

ColumnList* Resolver::NewList() {
  ColumnList* l = &lists_.emplace_back();
  l->pool = &column_pool_;
  return l;
}

Scope* Resolver::NewScope(Scope* parent) {
  Scope& s = scopes_.emplace_back();
  s.parent = parent;
  return &s;
}

// ---------------------------------------------------------------- queries

ColumnList* Resolver::AnalyzeQuery(const Query* q, Scope* outer) {
  if (q == nullptr) return NewList();
  if (depth_ >= kMaxDepth) {
    Warn(q->span, "query nested too deeply for lineage");
    return NewList();
  }
  ++depth_;
  if (!q->ctes.empty()) Unrewritten(q->span, "WITH", "inline_ctes");
  ColumnList* out = nullptr;
  Scope* core_scope = nullptr;
  if (auto* core = DynCast<SelectCore>(q->body)) {
    out = AnalyzeCore(core, outer, &core_scope);
  } else {
    out = AnalyzeQueryExpr(q->body, outer);
  }
  RecordSortKeys(q, out, core_scope);
  --depth_;
  return out;
}

void Resolver::RecordSortKeys(const Query* q, ColumnList* out, Scope* core_scope) {
  const rewrite::SortKeys* keys = rewritten_.SortKeysOf(q);
  if (keys == nullptr) return;
  // Keys name select-list aliases first, then the FROM clause's columns; over
  // a UNION or VALUES, the output columns alone.
  Scope* scope = NewScope(core_scope);
  scope->select_output = out;
  scope->select_aliases_visible = true;
  PredicateRecord p;
  p.clause = Clause::Sort;
  p.body = current_body;
  p.sort = keys;
  // Without diagnostics: these keys were never resolved before, and a key
  // naming a select alias that prune_where_subqueries removed is just not a source.
  const bool was_quiet = quiet_;
  quiet_ = true;
  auto add = [&](const Expr* e) {
    if (e != nullptr) MergeInto(p.sources, AnalyzeExpr(e, scope).sources);
  };
  for (const OrderItem& o : keys->order_by) add(o.expr);
  for (const Expr* e : keys->cluster_by) add(e);
  for (const Expr* e : keys->distribute_by) add(e);
  for (const OrderItem& o : keys->sort_by) add(o.expr);
  quiet_ = was_quiet;
  predicates_.push_back(std::move(p));
}

ColumnList* Resolver::AnalyzeQueryExpr(const QueryExpr* qe, Scope* outer) {
  if (qe == nullptr) return NewList();
  switch (qe->query_expr_kind()) {
    case QueryExprKind::SelectCore:
      return AnalyzeCore(static_cast<const SelectCore*>(qe), outer);
    case QueryExprKind::SetOperation:
      Unrewritten(qe->span, "a set operation", "collapse_set_operations");
      return NewList();
    case QueryExprKind::SetOperationChain:
      return AnalyzeSetOperationChain(static_cast<const SetOperationChain*>(qe), outer);
    case QueryExprKind::ValuesQuery: {
      auto* v = static_cast<const ValuesQuery*>(qe);
      return AnalyzeValues(v, v->first_row_aliases);
    }
    case QueryExprKind::NestedQuery:
      return AnalyzeQuery(static_cast<const NestedQuery*>(qe)->query, outer);
  }
  return NewList();
}

// Column i of a set operation reads column i of every branch: the first
// branch names the columns, the others' are merged in.
ColumnList* Resolver::AnalyzeSetOperationChain(const SetOperationChain* chain, Scope* outer) {
  ColumnList* out = NewList();
  for (size_t k = 0; k < chain->branches.size(); ++k) {
    ColumnList* in = AnalyzeQueryExpr(chain->branches[k].query, outer);
    if (k == 0) {
      for (size_t i = 0; i < in->declared; ++i) out->Add(Copy(in->At(i), in->At(i).name));
      out->open_stars = in->open_stars;
      out->inferred_star = in->inferred_star;
      continue;
    }
    for (size_t i = 0; i < std::min(in->declared, out->size()); ++i) {
      Column& c = out->At(i);
      const Column& b = in->At(i);
      FoldDerivation(c.derivation, c.masking, !c.sources.empty(), b.derivation, b.masking, !b.sources.empty());
      MergeInto(c.sources, b.sources);
      c.type = MaxType(c.type, b.type);
    }
  }
  out->declared = out->size();
  return out;
}

ColumnList* Resolver::AnalyzeValues(const ValuesQuery* values, std::span<const Ident> aliases) {
  ColumnList* out = NewList();
  size_t width = 0;
  for (const auto& row : values->rows) width = std::max(width, row.size());
  width = std::max(width, aliases.size());
  for (size_t i = 0; i < width; ++i) {
    Column c;
    c.name = i < aliases.size() ? Lower(aliases[i]) : Cat("col", i + 1);
    c.type = DepType::Script;  // Hive plans VALUES through a table function
    c.derivation = Derivation::Transformation;
    for (const auto& row : values->rows) {
      if (i >= row.size() || row[i] == nullptr) continue;
      ExprInfo info = AnalyzeExpr(row[i], nullptr);
      MergeInto(c.sources, info.sources);
      c.derivation = MaxDerivation(c.derivation, info.derivation);
      c.masking = c.masking || info.masking;
    }
    if (values->rows.size() == 1 && i < values->rows[0].size()) c.expr = values->rows[0][i];
    out->Add(std::move(c));
  }
  out->declared = out->size();
  return out;
}

ColumnList* Resolver::AnalyzeCore(const SelectCore* core, Scope* outer, Scope** scope_out) {
  Scope* scope = NewScope(outer);
  scope->windows = core->windows;
  if (core->from != nullptr) {
    AddFromItem(core->from, scope);
  } else if (shared_from_ != nullptr && core == shared_core_) {
    scope->relations = shared_from_->relations;
  }
  if (core->where != nullptr) RecordPredicate(core->where, scope, Clause::Where);
  // Not in the bodies of a FROM-first statement: Hive plans their filters after the shared FROM.
  if (core->where != nullptr && core->from != nullptr && session_.semantics == Semantics::Hive)
    FoldConstantFilters(core->where, scope);

  ColumnList* out = NewList();
  if (core->transform != nullptr) {
    // TRANSFORM: every output depends on every input (Hive's SCRIPT).
    const ast::ScriptTransform* t = core->transform;
    ColumnSet all;
    bool masking = false;
    for (const Expr* a : t->args) {
      ExprInfo info = AnalyzeExpr(a, scope);
      MergeInto(all, info.sources);
      masking = masking || info.masking;
    }
    auto add = [&](std::string name) {
      Column c;
      c.name = std::move(name);
      c.sources = all;
      c.type = DepType::Script;
      c.derivation = Derivation::Transformation;
      c.masking = masking;
      c.script = t;
      c.scope = scope;
      out->Add(std::move(c));
    };
    if (t->outputs.empty()) {
      add("key");
      add("value");
    } else {
      for (const ColumnDef& d : t->outputs) add(Lower(d.name));
    }
  } else {
    MarkLostDistinctArguments(core);
    // Windows after GROUP BY see the select list's aggregates by their aliases.
    if (core->group_by != nullptr) scope->select_so_far = out;
    for (size_t i = 0; i < core->items.size(); ++i) {
      const SelectItem& item = core->items[i];
      if (item.expr == nullptr) continue;
      if (auto* star = DynCast<StarExpr>(item.expr)) {
        ExpandStar(star, scope, out);
        continue;
      }
      if (const FunctionCall* f = AsUdtf(item)) {
        // `explode(x) AS c` names its one output as `AS (c)` would.
        const bool one_alias = item.aliases.empty() && !item.alias.name.empty();
        AddUdtfOutputs(f, one_alias ? std::span<const Ident>(&item.alias, 1) : std::span<const Ident>(item.aliases),
                       scope, out);
        continue;
      }
      ExprInfo info = AnalyzeExpr(item.expr, scope);
      Column c;
      c.name = SelectItemName(item, i, AutogenLabel(session_), session_.spark_names);
      c.sources = std::move(info.sources);
      c.type = info.type;
      c.derivation = info.derivation;
      c.masking = info.masking;
      c.expr = item.expr;
      c.scope = scope;
      out->Add(std::move(c));
    }
  }
  out->declared = out->size();
  scope->folded.clear();  // the select list only
  scope->select_so_far = nullptr;

  scope->select_output = out;
  scope->select_aliases_visible = true;
  if (core->group_by != nullptr) {
    PredicateRecord p;
    p.clause = Clause::GroupBy;
    p.body = current_body;
    p.group_by = core->group_by->items;
    for (const Expr* e : core->group_by->items) MergeInto(p.sources, AnalyzeExpr(e, scope).sources);
    for (const auto& set : core->group_by->grouping_sets)
      for (const Expr* e : set) MergeInto(p.sources, AnalyzeExpr(e, scope).sources);
    if (!p.group_by.empty()) p.expr = p.group_by[0];
    if (p.expr != nullptr || !p.sources.empty()) predicates_.push_back(std::move(p));
  }
  if (core->having != nullptr) RecordPredicate(core->having, scope, Clause::Having);
  if (core->qualify != nullptr) RecordPredicate(core->qualify, scope, Clause::Qualify);
  if (scope_out != nullptr) *scope_out = scope;
  return out;
}

// Hive semantics with `set hive.map.aggr=false`: Hive's reduce-side GROUP BY
// reads the argument of its i-th DISTINCT aggregate from a reduce key its
// reduce sink made only when that argument was new (not a GROUP BY key, not an
// earlier DISTINCT's argument), so a repeated argument leaves the aggregate no
// column source. Modelled only where the script shows Hive's conditions: GROUP
// BY keys (no grouping sets), a single insert, no return path; and only for a
// select item that is itself a one-argument DISTINCT aggregate whose argument
// prints the same as the key or earlier argument (docs/semantics.md).
void Resolver::MarkLostDistinctArguments(const SelectCore* core) {
  if (session_.semantics != Semantics::Hive || session_.map_aggr || session_.cbo_returnpath || !single_insert) return;
  if (core->group_by == nullptr || core->group_by->items.empty() ||
      core->group_by->modifier != ast::GroupBy::Modifier::None)
    return;
  absl::flat_hash_set<std::string> keys;
  for (const Expr* k : core->group_by->items) keys.insert(ast::PrintExpr(k));
  for (const SelectItem& item : core->items) {
    auto* f = DynCast<FunctionCall>(item.expr);
    if (f == nullptr || !f->distinct || f->over != nullptr || f->args.size() != 1) continue;
    if (!keys.insert(ast::PrintExpr(f->args[0])).second) lost_distinct_.insert(f);
  }
}

void Resolver::RecordPredicate(const Expr* e, Scope* scope, Clause clause) {
  PredicateRecord p;
  p.clause = clause;
  p.sources = AnalyzeExpr(e, scope).sources;
  p.expr = e;
  p.body = current_body;
  predicates_.push_back(std::move(p));
}

void Resolver::SetSharedFrom(const TableRef* from) {
  if (from == nullptr) {
    shared_from_ = nullptr;
    return;
  }
  Scope* s = NewScope(nullptr);
  AddFromItem(from, s);
  shared_from_ = s;
}

// ---------------------------------------------------------------- FROM

void Resolver::AnalyzeDerivedBottomUp(const Query* root) {
  struct Frame {
    const Query* query;
    size_t first_child;  // into `children`
    size_t next;
  };
  std::vector<const Query*> children;
  std::vector<Frame> stack;
  absl::flat_hash_set<const Query*> expanded;
  auto push = [&](const Query* q) {
    expanded.insert(q);
    size_t first = children.size();
    DirectDerivedTables(q, children);
    stack.push_back(Frame{q, first, first});
  };
  push(root);
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.next < children.size()) {
      const Query* c = children[f.next++];
      if (!derived_.contains(c) && !expanded.contains(c)) push(c);
      continue;
    }
    const Query* q = f.query;
    children.resize(f.first_child);
    stack.pop_back();
    // Every derived table q reads is known now: this recursion stays shallow.
    if (!derived_.contains(q)) {
      ColumnList* cols = AnalyzeQuery(q, nullptr);
      derived_.emplace(q, cols);
    }
  }
}

void Resolver::AddRelations(const TableRef* ref, Scope* scope) { AddFromItem(ref, scope); }

void Resolver::AddFromItem(const TableRef* ref, Scope* scope) {
  // Joins and lateral views nest on the left; walk that spine iteratively so
  // a FROM list of thousands of tables needs no deep recursion.
  std::vector<const TableRef*> spine;
  const TableRef* cur = ref;
  while (cur != nullptr) {
    if (auto* j = DynCast<JoinRef>(cur)) {
      spine.push_back(cur);
      cur = j->left;
    } else if (auto* lv = DynCast<LateralViewRef>(cur)) {
      spine.push_back(cur);
      cur = lv->source;
    } else {
      break;
    }
  }
  if (cur != nullptr) {
    switch (cur->table_ref_kind()) {
      case TableRefKind::TableName:
        AddTable(static_cast<const TableName*>(cur), scope);
        break;
      case TableRefKind::SubqueryRef: {
        // A derived table cannot see the enclosing query, so its output is
        // the same wherever it appears: CTE inlining shares one query between
        // references, and analysing it once keeps chains of CTEs linear.
        auto* s = static_cast<const SubqueryRef*>(cur);
        ColumnList* cols = nullptr;
        if (s->lateral) {
          // Spark's LATERAL (subquery) sees the sources before it: analysed where it stands, never shared.
          cols = AnalyzeQuery(s->query, scope);
          if (!s->column_aliases.empty()) cols = Renamed(cols, s->column_aliases);
          scope->relations.push_back(Relation{Lower(s->alias), "", cols});
          break;
        }
        if (depth_ >= kBottomUpDepth && !derived_.contains(s->query)) AnalyzeDerivedBottomUp(s->query);
        if (auto it = derived_.find(s->query); it != derived_.end()) {
          cols = it->second;
        } else {
          cols = AnalyzeQuery(s->query, nullptr);  // may insert into derived_: no reference kept across it
          derived_.emplace(s->query, cols);
        }
        if (!s->column_aliases.empty()) cols = Renamed(cols, s->column_aliases);
        scope->relations.push_back(Relation{Lower(s->alias), "", cols});
        break;
      }
      case TableRefKind::ValuesRef: {
        auto* v = static_cast<const ValuesRef*>(cur);
        ColumnList* cols = v->values != nullptr ? AnalyzeValues(v->values, v->column_aliases) : NewList();
        scope->relations.push_back(Relation{Lower(v->alias), "", cols});
        break;
      }
      case TableRefKind::TableFunctionRef: {
        // A PTF (noop, windowingtablefunction, ...) passes its input's columns through.
        auto* f = static_cast<const TableFunctionRef*>(cur);
        Scope* inner = NewScope(nullptr);
        if (f->input != nullptr) AddFromItem(f->input, inner);
        // Like windowing, Hive's lineage makes every PTF output read the whole
        // input row; precisely, each output is its input column.
        const bool hive = session_.semantics == Semantics::Hive;
        ColumnList* cols = NewList();
        for (const Relation& r : inner->relations) {
          for (size_t i = 0; i < r.columns->declared; ++i) {
            const Column& src = r.columns->At(i);
            Column c;
            c.name = src.name;
            c.sources = hive ? AllColumns(inner) : src.sources;
            c.type = hive ? DepType::Script : src.type;
            c.derivation = src.derivation;  // the value passes through unchanged
            c.masking = src.masking;
            c.forward = &src;
            cols->Add(std::move(c));
          }
          if (r.columns->open()) cols->open_stars.push_back(OpenStar{inner, -1});
        }
        cols->declared = cols->size();
        if (f->partitioning != nullptr) {
          for (const Expr* e : f->partitioning->partition_by) RecordPredicate(e, inner, Clause::Window);
        }
        scope->relations.push_back(Relation{Lower(f->alias), "", cols});
        break;
      }
      case TableRefKind::JoinRef:
      case TableRefKind::LateralViewRef:
        break;  // the spine, walked above and below
    }
  } else if (shared_from_ != nullptr) {
    // A legacy lateral view after a FROM-first body's select list: its source is the shared FROM.
    for (const Relation& r : shared_from_->relations) scope->relations.push_back(r);
  }
  for (size_t i = spine.size(); i-- > 0;) {
    if (auto* j = DynCast<JoinRef>(spine[i])) {
      if (j->right != nullptr) AddFromItem(j->right, scope);
      if (j->on != nullptr) RecordPredicate(j->on, scope, Clause::JoinOn);
      for (const Expr* k : j->unique_keys_left) RecordPredicate(k, scope, Clause::JoinOn);
      for (const Expr* k : j->unique_keys_right) RecordPredicate(k, scope, Clause::JoinOn);
    } else {
      AddLateralView(static_cast<const LateralViewRef*>(spine[i]), scope);
    }
  }
}

ColumnList* Resolver::TableColumns(const std::string& key) {
  auto it = table_columns_.find(key);
  if (it != table_columns_.end()) return it->second;
  ColumnList* cols = NewList();
  const CatalogTable* t = session_.catalog.Find(key);
  if (t == nullptr) {
    cols->open_table = key;
  } else {
    auto add = [&](const CatalogColumn& cc) {
      Column c;
      c.name = cc.name;
      if (t->is_view && t->view_lineage_known) {
        // A view's masking is known as a flag only: its sources arrive through `mask`.
        for (const std::string& s : cc.view_sources) {
          const uint32_t id = interner_.InternFull(s);
          AddTo(c.sources, cc.view_masking ? MaskedId(interner_, id, "mask") : id);
        }
        c.type = cc.view_expression ? DepType::Expression : DepType::Simple;
        c.derivation = cc.view_derivation;
        c.masking = cc.view_masking;
      } else {
        c.sources.push_back(interner_.Intern(key, cc.name));
        c.base = true;
      }
      cols->Add(std::move(c));
    };
    for (const CatalogColumn& cc : t->columns) add(cc);
    for (const CatalogColumn& cc : t->partition_columns) add(cc);
    cols->declared = cols->size();
    // A schema-less entry (e.g. a table created LIKE an unknown one) stays
    // open, and so does one known only from the scripts' use of it.
    if (cols->size() == 0 || t->open) cols->open_table = key;
  }
  table_columns_.emplace(key, cols);
  return cols;
}

void Resolver::AddTable(const TableName* t, Scope* scope) {
  if (t->name.parts.empty()) return;
  std::string alias = Lower(t->alias.name.empty() ? t->name.parts.back() : t->alias);
  std::string key = TableKey(t->name);
  AddInput(key);
  ColumnList* cols = TableColumns(key);
  scope->relations.push_back(Relation{std::move(alias), std::move(key), cols});
  // TABLESAMPLE (BUCKET x OUT OF y ON key) names the sampled table's columns.
  if (t->sample != nullptr)
    for (const Expr* e : t->sample->on) AnalyzeExpr(e, scope);
}

void Resolver::AddLateralView(const LateralViewRef* lv, Scope* scope) {
  ColumnList* cols = NewList();
  if (lv->udtf != nullptr) {
    AddUdtfOutputs(lv->udtf, lv->column_aliases, scope, cols);
  } else {
    for (const Ident& id : lv->column_aliases) {
      Column c;
      c.name = Lower(id);
      c.type = DepType::Script;
      c.derivation = Derivation::Transformation;
      cols->Add(std::move(c));
    }
  }
  cols->declared = cols->size();
  scope->relations.push_back(Relation{Lower(lv->table_alias), "", cols, /*lateral=*/true});
}

Scope* Resolver::NewTableScope(const QualifiedName& name, std::string_view alias) {
  Scope* s = NewScope(nullptr);
  std::string key = TableKey(name);
  if (key.empty()) return s;
  std::string a = alias.empty() ? (name.parts.empty() ? "" : Lower(name.parts.back())) : ToLower(alias);
  s->relations.push_back(Relation{std::move(a), key, TableColumns(key)});
  return s;
}

ColumnList* Resolver::Renamed(ColumnList* in, std::span<const Ident> names) {
  ColumnList* out = NewList();
  for (size_t i = 0; i < in->declared; ++i) {
    const Column& src = in->At(i);
    out->Add(Copy(src, i < names.size() ? Lower(names[i]) : src.name));
  }
  out->declared = out->size();
  out->open_table = in->open_table;
  out->open_stars = in->open_stars;
  out->inferred_star = in->inferred_star;
  return out;
}

// ---------------------------------------------------------------- select list

void Resolver::ExpandStar(const StarExpr* star, Scope* scope, ColumnList* out) {
  std::string qualifier;
  std::string qualifier_key;
  if (!star->qualifier.empty()) {
    qualifier = Lower(star->qualifier.back());
    if (star->qualifier.size() >= 2)
      qualifier_key = Cat(Lower(star->qualifier[star->qualifier.size() - 2]), ".", qualifier);
  }
  // Regex column specs: compiled once per `*`, matched against whole names.
  std::unique_ptr<ColumnRegex> regex;
  if (!star->regex.empty()) {
    std::string error;
    regex = ColumnRegex::Compile(star->regex, error);
    if (regex == nullptr) {
      Warn(star->span, Cat("column regex `", star->regex, "`: ", error, "; no columns selected"));
      return;
    }
  }
  bool matched = false;
  for (size_t r = 0; r < scope->relations.size(); ++r) {
    const Relation& rel = scope->relations[r];
    if (!qualifier.empty()) {
      if (rel.alias != qualifier) continue;
      if (!qualifier_key.empty() && rel.table_key != qualifier_key) continue;
    }
    matched = true;
    if (rel.columns->inferred_star) out->inferred_star = true;
    if (!rel.columns->open_table.empty()) {
      // Say at the `*` what it stands for when the table's schema is not declared.
      const std::string what = qualifier.empty() ? "'*'" : Cat("'", qualifier, ".*'");
      if (rel.columns->declared > 0) {
        out->inferred_star = true;
        Warn(star->span, Cat(what, " over ", rel.columns->open_table, " expands to the ", rel.columns->declared,
                             " column(s) the scripts name through it; its schema is not declared (give --catalog)"));
      } else {
        Warn(star->span, Cat(what, " over ", rel.columns->open_table,
                             ", a table of unknown schema: its columns cannot be listed; an INSERT takes its target's "
                             "columns by name from it (give --catalog)"));
      }
    }
    for (size_t i = 0; i < rel.columns->declared; ++i) {
      const Column& src = rel.columns->At(i);
      if (regex != nullptr && !regex->Matches(src.name)) continue;
      out->Add(Copy(src, src.name));
    }
    if (rel.columns->open()) out->open_stars.push_back(OpenStar{scope, static_cast<int>(r)});
  }
  if (!matched) {
    if (!qualifier.empty()) {
      Warn(star->span, Cat("cannot resolve '", qualifier, ".*': no such table or alias"));
    } else if (scope->relations.empty()) {
      Warn(star->span, "cannot expand '*': the query has no FROM clause");
    }
  }
}

void Resolver::AddUdtfOutputs(const FunctionCall* f, std::span<const Ident> aliases, Scope* scope, ColumnList* out) {
  ColumnSet all;
  bool masking = false;
  for (const Expr* a : f->args) {
    ExprInfo info = AnalyzeExpr(a, scope);
    MergeInto(all, info.sources);
    masking = masking || info.masking;
  }
  for (std::string& n : UdtfOutputNames(f, aliases)) {
    Column c;
    c.name = std::move(n);
    c.sources = all;
    c.type = DepType::Script;
    c.derivation = Derivation::Transformation;
    c.masking = masking;
    out->Add(std::move(c));
  }
}

// ---------------------------------------------------------------- expressions

ExprInfo Resolver::AnalyzeExpr(const Expr* root, Scope* scope) {
  ExprInfo info;
  if (root == nullptr) return info;
  if (auto* ref = DynCast<ColumnRef>(root)) {
    size_t used = 0;
    if (const Column* c = Resolve(ref, scope, &used)) {
      if (!Folded(scope, c)) info.sources = c->sources;
      // `s.field` reads the struct column s: Hive calls that an expression.
      const bool field = used < ref->parts.size();
      info.type = field ? MaxType(c->type, DepType::Expression) : c->type;
      info.derivation = field ? MaxDerivation(c->derivation, Derivation::Transformation) : c->derivation;
      info.masking = c->masking;
    }
    return info;
  }
  info.derivation = Derivation::Transformation;
  if (root->kind == NodeKind::Literal) return info;
  info.type = DepType::Expression;
  // Masked only when every value that reaches the result is: `if(c, md5(x), x)`
  // copies x unmasked. A value is masked under a masking call, or when its
  // column already was; the conditions of IF and CASE choose a value, they are
  // not one, and do not count.
  bool any_value = false, all_masked = true;
  auto value = [&](bool masked) {
    any_value = true;
    all_masked = all_masked && masked;
  };
  // Iterative walk: left-deep operator chains can be very long. Each operand
  // goes with the masking that encloses it (masking calls and shapes, see
  // masked_source.h; null: none) and whether it is a value.
  struct Operand {
    const Expr* e;
    const std::string* mask;
    bool is_value;
  };
  std::forward_list<std::string> masks;  // stable storage for Operand::mask (no allocation until used)
  absl::flat_hash_map<const Expr*, const std::string*> shape_of;  // operands a masking shape masks
  absl::InlinedVector<Operand, 32> stack{{root, nullptr, true}};
  while (!stack.empty()) {
    // Named copies, not a structured binding: lambdas below capture them (clang 14).
    const Operand top = stack.back();
    stack.pop_back();
    const Expr* const e = top.e;
    const std::string* mask = top.mask;
    if (auto it = shape_of.find(e); it != shape_of.end())
      mask = &masks.emplace_front(ComposeMasking(*it->second, mask == nullptr ? "" : *mask));
    const bool under_mask = mask != nullptr, is_value = top.is_value;
    auto value_of = [&](bool masked) {
      if (is_value) value(masked);
    };
    // Sources read here: through the enclosing masking, if any; read by a
    // condition (no value), they unmask nothing (masked_source.h).
    auto merge = [&](const ColumnSet& from) {
      if (mask != nullptr) {
        MergeMasked(interner_, from, *mask, info.sources);
      } else if (!is_value) {
        MergeMasked(interner_, from, "", info.sources);
      } else {
        MergeInto(info.sources, from);
      }
    };
    const std::string* operand_mask = mask;
    const Expr* condition = nullptr;  // IF's first operand chooses a value, it is not one
    switch (e->expr_kind()) {
      case ExprKind::ColumnRef: {
        size_t used = 0;
        if (const Column* c = Resolve(static_cast<const ColumnRef*>(e), scope, &used)) {
          if (!Folded(scope, c)) merge(c->sources);
          info.type = MaxType(info.type, c->type);
          info.derivation = MaxDerivation(info.derivation, c->derivation);
          if (!c->sources.empty()) value_of(under_mask || c->masking);
        }
        continue;
      }
      case ExprKind::InSubqueryExpr: {
        auto* in = static_cast<const InSubqueryExpr*>(e);
        ColumnList* q = AnalyzeQuery(in->query, scope);
        for (size_t i = 0; i < q->declared; ++i) {
          merge(q->At(i).sources);
          if (!q->At(i).sources.empty()) value_of(under_mask || q->At(i).masking);
        }
        break;
      }
      case ExprKind::SubqueryExpr: {
        // A scalar subquery's value is its column's: `(SELECT max(x) FROM u)` aggregates.
        ColumnList* q = AnalyzeQuery(static_cast<const SubqueryExpr*>(e)->query, scope);
        for (size_t i = 0; i < q->declared; ++i) {
          merge(q->At(i).sources);
          info.derivation = MaxDerivation(info.derivation, q->At(i).derivation);
          if (!q->At(i).sources.empty()) value_of(under_mask || q->At(i).masking);
        }
        continue;
      }
      case ExprKind::ExistsExpr:
        AnalyzeQuery(static_cast<const ExistsExpr*>(e)->query, scope);
        continue;
      case ExprKind::StarExpr: {
        // The star's columns count as unmasked unless a masking call encloses it.
        ExprInfo star;
        StarSources(static_cast<const StarExpr*>(e), scope, star);
        merge(star.sources);
        info.type = MaxType(info.type, star.type);
        info.derivation = MaxDerivation(info.derivation, star.derivation);
        if (!star.sources.empty()) value_of(under_mask);
        continue;
      }
      case ExprKind::FunctionCall: {
        auto* f = static_cast<const FunctionCall*>(e);
        if (f->over != nullptr) {
          // A window's keys choose rows; they are read, not a value to mask.
          absl::InlinedVector<const Expr*, 32> keys;
          AddWindowSources(*f->over, scope, info, keys);
          for (const Expr* k : keys) stack.push_back({k, nullptr, false});
        }
        const FunctionTraits traits = ClassifyFunction(*f);
        if (traits.masking)
          operand_mask =
              &masks.emplace_front(ComposeMasking(ToLower(f->name.back().name), mask == nullptr ? "" : *mask));
        if (f->over != nullptr && scope != nullptr) value_of(operand_mask != nullptr);
        if (f->over != nullptr) {
          info.derivation = Derivation::Window;
        } else if (traits.aggregate) {
          info.derivation = MaxDerivation(info.derivation, Derivation::Aggregation);
        } else if (traits.conditional) {
          info.derivation = MaxDerivation(info.derivation, Derivation::Conditional);
        }
        if (traits.conditional && !f->args.empty()) condition = f->args[0];
        if (!lost_distinct_.empty() && lost_distinct_.contains(f)) continue;  // its argument is read as no column
        break;
      }
      case ExprKind::CaseExpr: {
        info.derivation = MaxDerivation(info.derivation, Derivation::Conditional);
        auto* c = static_cast<const CaseExpr*>(e);
        if (c->operand != nullptr) stack.push_back({c->operand, mask, false});
        for (const WhenClause& w : c->whens) {
          stack.push_back({w.condition, mask, false});
          stack.push_back({w.result, mask, is_value});
        }
        if (c->else_result != nullptr) stack.push_back({c->else_result, mask, is_value});
        continue;
      }
      case ExprKind::Literal:
      case ExprKind::FieldAccess:
      case ExprKind::Subscript:
      case ExprKind::UnaryExpr:
      case ExprKind::BinaryExpr:
      case ExprKind::IsExpr:
      case ExprKind::BetweenExpr:
      case ExprKind::InListExpr:
      case ExprKind::LikeExpr:
      case ExprKind::CastExpr:
      case ExprKind::IntervalExpr:
      case ExprKind::ExtractExpr:
      case ExprKind::StructExpr:
        break;  // a transformation of its operands
    }
    // Operands only: a window's keys were taken above (AddWindowSources), and
    // subqueries were analysed above.
    // A masking shape (concat(substr(x, 1, 3), '****', ...)) masks some of its operands.
    if (e->expr_kind() == ExprKind::FunctionCall || e->expr_kind() == ExprKind::BinaryExpr) {
      if (MaskingShape shape = RecognizeMaskingShape(*e); !shape.name.empty()) {
        const std::string* name = &masks.emplace_front(shape.name);
        for (const Expr* m : shape.masked) shape_of.try_emplace(m, name);
      }
    }
    VisitChildren(*e, [&](const Expr* c) { stack.push_back({c, operand_mask, is_value && c != condition}); });
  }
  info.masking = any_value && all_masked;
  return info;
}

// The catalog type of the one base column `c` copies, lower case; empty when
// it is not a plain copy of a base column of known type, or is a partition
// column (a filter on it prunes partitions and folds nothing).
std::string Resolver::CopiedColumnType(const Column& c) {
  if (c.sources.size() != 1 || c.type != DepType::Simple) return {};
  const std::string name(interner_.Name(c.sources[0]));
  const size_t dot = name.rfind('.');
  if (dot == std::string::npos) return {};
  const CatalogTable* t = session_.catalog.Find(name.substr(0, dot));
  if (t == nullptr) return {};
  for (const CatalogColumn& col : t->columns)
    if (col.name == std::string_view(name).substr(dot + 1)) return ToLower(col.type);
  return {};
}

void Resolver::FoldConstantFilters(const Expr* where, Scope* scope) {
  // `c = literal` folds only when both have the same kind of type: Hive
  // compares a string column with a number as doubles, and keeps the column.
  const auto same_kind = [](const std::string& type, const Literal& lit) {
    static constexpr std::string_view kNumbers[] = {"tinyint", "smallint", "int", "integer", "bigint",
                                                    "float",   "double",   "decimal"};
    const bool number = std::any_of(std::begin(kNumbers), std::end(kNumbers),
                                    [&](std::string_view n) { return type.starts_with(n); });
    const bool text = type.starts_with("string") || type.starts_with("varchar") || type.starts_with("char");
    return (lit.type == Literal::Type::Number && number) || (lit.type == Literal::Type::String && text);
  };
  const auto fold = [&](const Expr* e, const Literal* equal_to) {
    auto* ref = DynCast<ColumnRef>(e);
    if (ref == nullptr) return;
    size_t used = 0;
    const Column* c = Resolve(ref, scope, &used);
    if (c == nullptr || used != ref->parts.size()) return;
    if (equal_to != nullptr && !same_kind(CopiedColumnType(*c), *equal_to)) return;
    scope->folded.push_back(c);
  };
  absl::InlinedVector<const Expr*, 8> conjuncts{where};
  while (!conjuncts.empty()) {
    const Expr* e = conjuncts.back();
    conjuncts.pop_back();
    if (auto* b = DynCast<BinaryExpr>(e)) {
      if (b->op == BinaryOp::And) {
        conjuncts.push_back(b->lhs);
        conjuncts.push_back(b->rhs);
      } else if (b->op == BinaryOp::Eq || b->op == BinaryOp::EqEq) {
        if (auto* lit = DynCast<Literal>(b->rhs)) fold(b->lhs, lit);
        if (auto* lit = DynCast<Literal>(b->lhs)) fold(b->rhs, lit);
      }
    } else if (auto* is = DynCast<IsExpr>(e); is != nullptr && is->what == IsExpr::What::Null && !is->negated) {
      fold(is->operand, nullptr);
    }
  }
}

void Resolver::AddWindowSources(const WindowSpec& over, Scope* scope, ExprInfo& info,
                                absl::InlinedVector<const Expr*, 32>& operands) {
  if (session_.semantics == Semantics::Hive) {
    // Hive evaluates windowing in a PTF whose output rows carry the whole
    // input row: its lineage gives a window function every column of the
    // FROM clause, as a SCRIPT dependency.
    if (scope != nullptr) {
      MergeInto(info.sources, AllColumns(scope));
      info.type = DepType::Script;
    }
    return;
  }
  // Precise: the keys of the OVER clause, and of the named windows it builds
  // on (`OVER w`, `WINDOW w AS (v ORDER BY x)`), are read like operands.
  auto key = [&](const Expr* k) {
    if (const Column* alias = WindowKeyAlias(k, scope)) {
      MergeMasked(interner_, alias->sources, "", info.sources);  // read, not a value
      return;
    }
    operands.push_back(k);
  };
  const WindowSpec* spec = &over;
  for (size_t hops = 0; spec != nullptr; ++hops) {
    for (const Expr* k : spec->partition_by) key(k);
    for (const ast::OrderItem& k : spec->order_by) key(k.expr);
    if (spec->base.name.empty() || scope == nullptr || hops > scope->windows.size()) break;
    const WindowSpec* next = nullptr;
    for (const ast::NamedWindow& w : scope->windows)
      if (EqualsIgnoreCase(w.name.name, spec->base.name)) next = w.spec;
    spec = next;
  }
}

// A window key that names an earlier item of the select list being read
// (`max(f) mf, rank() OVER (ORDER BY mf)`) in a SELECT with GROUP BY: Hive
// computes windows after the aggregates, so the key reads that item. Only when no relation
// of the FROM clause declares the name and none is of unknown schema (whose
// column it may be): a column wins over an alias, as for GROUP BY.
const Column* Resolver::WindowKeyAlias(const Expr* k, Scope* scope) {
  auto* ref = DynCast<ColumnRef>(k);
  if (ref == nullptr || ref->parts.size() != 1 || scope == nullptr || scope->select_so_far == nullptr) return nullptr;
  const std::string name = Lower(ref->parts[0]);
  for (const Relation& rel : scope->relations)
    if (rel.columns->open() || rel.columns->FindDeclared(name) != nullptr) return nullptr;
  return scope->select_so_far->FindDeclared(name);
}

const ColumnSet& Resolver::AllColumns(Scope* s) {
  if (!s->all_columns_ready) {
    s->all_columns_ready = true;
    for (const Relation& rel : s->relations)
      for (size_t i = 0; i < rel.columns->declared; ++i) MergeInto(s->all_columns, rel.columns->At(i).sources);
  }
  return s->all_columns;
}

void Resolver::StarSources(const StarExpr* star, Scope* scope, ExprInfo& info) {
  if (scope == nullptr) return;
  std::string qualifier = star->qualifier.empty() ? std::string() : Lower(star->qualifier.back());
  for (const Relation& rel : scope->relations) {
    if (!qualifier.empty() && rel.alias != qualifier) continue;
    for (size_t i = 0; i < rel.columns->declared; ++i) {
      MergeInto(info.sources, rel.columns->At(i).sources);
      info.type = MaxType(info.type, rel.columns->At(i).type);
      info.derivation = MaxDerivation(info.derivation, rel.columns->At(i).derivation);
      info.masking = info.masking || rel.columns->At(i).masking;
    }
  }
}

// ---------------------------------------------------------------- resolution

const Column* Resolver::Lookup(ColumnList* list, const std::string& name) {
  if (const Column* c = list->FindDeclared(name)) return c;
  if (!list->open_table.empty()) {
    Column c;
    c.name = name;
    c.sources.push_back(interner_.Intern(list->open_table, name));
    c.base = true;
    return &list->Add(std::move(c));
  }
  if (!list->open_stars.empty()) {
    Column c;
    c.name = name;
    bool found = false;
    for (const OpenStar& star : list->open_stars) {
      Scope* s = star.scope;
      for (size_t r = 0; r < s->relations.size(); ++r) {
        if (star.relation >= 0 && static_cast<size_t>(star.relation) != r) continue;
        ColumnList* rel = s->relations[r].columns;
        if (!rel->open()) continue;
        if (const Column* src = Lookup(rel, name)) {
          MergeInto(c.sources, src->sources);
          c.type = MaxType(c.type, src->type);
          c.derivation = MaxDerivation(c.derivation, src->derivation);
          c.masking = c.masking || src->masking;
          if (c.forward == nullptr) c.forward = src;
          found = true;
        }
      }
    }
    if (found) return &list->Add(std::move(c));
  }
  return nullptr;
}

const Column* Resolver::LookupDeclaredInScope(Scope* s, const std::string& name, const ColumnRef* ref,
                                              bool* ambiguous) {
  const Column* found = nullptr;
  const Relation* found_rel = nullptr;
  for (const Relation& rel : s->relations) {
    const Column* c = rel.columns->FindDeclared(name);
    if (c == nullptr) continue;
    if (found != nullptr && found != c) {
      // JOIN ... USING and natural duplicates of a lateral view's source are not ambiguous.
      if (!*ambiguous)
        Warn(ref->span, Cat("ambiguous column '", name, "': in '", found_rel->alias, "' and '", rel.alias, "'"));
      *ambiguous = true;
      continue;
    }
    found = c;
    found_rel = &rel;
  }
  return found;
}

// A bare column several relations of unknown schema could hold: a column
// whose sources are the candidates, marked possible (kPossibleMark), so they
// reach every target it feeds apart from the certain sources.
const Column* Resolver::PossibleColumn(Scope* s, const std::string& name, const ColumnRef* ref) {
  Column c;
  c.name = name;
  std::vector<std::string> tables;
  for (Relation& rel : s->relations) {
    if (!rel.columns->open()) continue;
    const Column* found = Lookup(rel.columns, name);
    if (found == nullptr) continue;
    for (uint32_t id : found->sources) {
      std::string_view source = interner_.Name(id);
      if (!source.empty() && source[0] == kPossibleMark) source.remove_prefix(1);
      AddTo(c.sources, interner_.InternFull(Cat(kPossibleMark, source)));
      tables.emplace_back(source.substr(0, source.rfind('.')));
    }
  }
  std::sort(tables.begin(), tables.end());
  tables.erase(std::unique(tables.begin(), tables.end()), tables.end());
  std::string list;
  for (const std::string& t : tables) Append(list, list.empty() ? "" : ", ", t);
  Warn(ref->span, Cat("column '", name, "' could be in any of ", list,
                      " (none is known to have it): reported as possible sources (qualify it or give --catalog)"));
  c.type = DepType::Simple;
  return &column_pool_.emplace_back(std::move(c));
}

const Column* Resolver::VirtualColumn(Scope* s, const std::string& name) {
  if (name == "grouping__id") return &constant_;
  if (!IsVirtualColumn(name)) return nullptr;
  for (const Relation& rel : s->relations) {
    if (rel.table_key.empty()) continue;
    if (const Column* known = rel.columns->FindDeclared(name)) return known;
    Column c;
    c.name = name;
    c.sources.push_back(interner_.Intern(rel.table_key, name));
    c.base = true;
    return &rel.columns->Add(std::move(c));
  }
  return nullptr;
}

const Column* Resolver::Resolve(const ColumnRef* ref, Scope* scope, size_t* used_parts) {
  auto it = resolved_.find(ResolveKey{ref, scope});
  if (it != resolved_.end()) {
    *used_parts = it->second.second;
    return it->second.first;
  }
  const Column* c = ResolveUncached(ref, scope, used_parts);
  resolved_.emplace(ResolveKey{ref, scope}, std::make_pair(c, *used_parts));
  return c;
}

const Column* Resolver::ResolveUncached(const ColumnRef* ref, Scope* scope, size_t* used_parts) {
  const auto& parts = ref->parts;
  if (parts.empty()) return nullptr;
  std::string p0 = Lower(parts[0]);
  std::string p1 = parts.size() >= 2 ? Lower(parts[1]) : std::string();

  // Qualified: `alias.col[.field...]` or `db.table.col`.
  if (parts.size() >= 2) {
    for (Scope* s = scope; s != nullptr; s = s->parent) {
      if (parts.size() >= 3) {
        std::string key = Cat(p0, ".", p1);
        for (Relation& rel : s->relations) {
          if (rel.table_key != key) continue;
          if (const Column* c = Lookup(rel.columns, Lower(parts[2]))) {
            *used_parts = 3;
            return c;
          }
        }
      }
      for (Relation& rel : s->relations) {
        if (rel.alias != p0) continue;
        // A virtual column is never taken for a column of an unknown schema.
        const Column* c = p1 == "grouping__id" || IsVirtualColumn(p1) ? VirtualColumn(s, p1) : nullptr;
        if (c == nullptr) c = Lookup(rel.columns, p1);
        if (c != nullptr) {
          *used_parts = 2;
          return c;
        }
        // A known alias without that column: maybe `struct_col.field` after all.
        bool ambiguous = false;
        if (const Column* sc = LookupDeclaredInScope(s, p0, ref, &ambiguous)) {
          *used_parts = 1;
          return sc;
        }
        Warn(ref->span, Cat("cannot resolve column '", p0, ".", p1, "': '", p0, "' has no such column"));
        return nullptr;
      }
    }
  }

  // Unqualified (possibly a struct path `col.field`): declared columns first,
  // then select-list aliases, then enclosing scopes, then unknown schemas.
  for (Scope* s = scope; s != nullptr; s = s->parent) {
    bool ambiguous = false;
    if (const Column* c = LookupDeclaredInScope(s, p0, ref, &ambiguous)) {
      *used_parts = 1;
      return c;
    }
    if (s->select_aliases_visible && s->select_output != nullptr) {
      if (const Column* c = s->select_output->FindDeclared(p0)) {
        *used_parts = 1;
        return c;
      }
    }
  }
  for (Scope* s = scope; s != nullptr; s = s->parent) {
    // Before the unknown schemas: a virtual column is never learned as a table's.
    if (const Column* c = VirtualColumn(s, p0)) {
      *used_parts = 1;
      return c;
    }
    int open = 0;
    Relation* only = nullptr;
    for (Relation& rel : s->relations) {
      if (rel.columns->open()) {
        ++open;
        only = &rel;
      }
    }
    if (open == 1) {
      if (const Column* c = Lookup(only->columns, p0)) {
        *used_parts = 1;
        return c;
      }
    } else if (open > 1) {
      return PossibleColumn(s, p0, ref);
    }
  }
  Warn(ref->span, Cat("cannot resolve column '", p0, "'"));
  return nullptr;
}

}  // namespace hivelineage::lineage
