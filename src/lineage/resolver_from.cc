// The resolver: FROM: tables, derived tables (bottom-up past a depth),
// lateral views and renamed columns.
#include "lineage/resolver.h"

#include <algorithm>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "ast/children.h"
#include "ast/print_sql.h"
#include "base/strings.h"
#include "lexer/lexer.h"
#include "lineage/derived_order.h"
#include "lineage/masked_source.h"
#include "lineage/output_names.h"
#include "lineage/resolver_helpers.h"

namespace hivelineage::lineage {

namespace {

using namespace ast;
using namespace resolver_internal;

}  // namespace

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
  const size_t first = scope->relations.size();  // this item's relations start here
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
          if (!s->column_aliases.empty()) cols = Renamed(cols, s);
          scope->relations.push_back(Relation{Lower(s->alias), "", cols});
          break;
        }
        if (session_.spark_names && scope->parent != nullptr) {
          // Spark: a derived table inside a subquery expression may read the
          // query around that subquery (not its own FROM siblings).
          cols = AnalyzeQuery(s->query, scope->parent);
          if (!s->column_aliases.empty()) cols = Renamed(cols, s);
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
        if (!s->column_aliases.empty()) cols = Renamed(cols, s);
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
        if (f->input == nullptr && session_.spark_names) {
          // Spark's table-valued function: named by its alias, else by the function's name.
          scope->relations.push_back(
              Relation{Lower(f->alias.name.empty() ? f->name : f->alias), "", TableFunctionColumns(f, scope)});
          break;
        }
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
      case TableRefKind::PivotRef: {
        auto* p = static_cast<const PivotRef*>(cur);
        scope->relations.push_back(Relation{Lower(p->alias), "", PivotColumns(p)});
        break;
      }
      case TableRefKind::BinByRef:
        AddBinBy(static_cast<const BinByRef*>(cur), scope);
        break;
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
      const size_t mid = scope->relations.size();
      if (j->right != nullptr) AddFromItem(j->right, scope);
      if (session_.spark_names && (j->join_kind == JoinKind::LeftSemi || j->join_kind == JoinKind::LeftAnti))
        for (size_t r = mid; r < scope->relations.size(); ++r) scope->relations[r].condition_only = true;
      // Under Hive, USING keeps its old reading (both sides' columns, the first one taken).
      if (j->natural || (!j->using_columns.empty() && session_.spark_names)) MergeJoinKeys(j, scope, first, mid);
      if (j->on != nullptr) RecordPredicate(j->on, scope, Clause::JoinOn);
      for (const Expr* k : j->unique_keys_left) RecordPredicate(k, scope, Clause::JoinOn);
      for (const Expr* k : j->unique_keys_right) RecordPredicate(k, scope, Clause::JoinOn);
    } else {
      AddLateralView(static_cast<const LateralViewRef*>(spine[i]), scope);
    }
  }
}

namespace {

// The columns relations [first, end) show to an unqualified name or `*`, in
// order; `open` says whether some relation's columns are not all known.
std::vector<const Column*> VisibleColumns(const Scope* scope, size_t first, size_t end, bool* open) {
  std::vector<const Column*> out;
  for (size_t r = first; r < end; ++r) {
    const Relation& rel = scope->relations[r];
    if (rel.columns->open()) *open = true;
    for (size_t i = 0; i < rel.columns->declared; ++i)
      if (!rel.MergedAway(rel.columns->At(i).name)) out.push_back(&rel.columns->At(i));
  }
  return out;
}

// The name Spark gives a PIVOT column of an unaliased IN value: the value as
// Spark prints it (a string unquoted, a tuple `{a, 1}`, an array `[1, 2]`).
std::string PivotValueName(const Expr* e) {
  if (auto* lit = DynCast<Literal>(e)) {
    if (lit->type == Literal::Type::String) return lexer::UnescapeString(lit->text);
    if (lit->type == Literal::Type::Number) return std::string(lit->text);
  }
  auto join = [](List<Expr*> items, char open, char close) {
    std::string out(1, open);
    for (size_t i = 0; i < items.size(); ++i) {
      if (i > 0) out += ", ";
      out += PivotValueName(items[i]);
    }
    out += close;
    return out;
  };
  if (auto* s = DynCast<StructExpr>(e)) return join(s->fields, '{', '}');
  if (auto* f = DynCast<FunctionCall>(e); f != nullptr && f->name.size() == 1 && Lower(f->name[0]) == "array")
    return join(f->args, '[', ']');
  return PrintExpr(e);
}

}  // namespace

// `l JOIN r USING (k)` and `l NATURAL JOIN r` (the columns both sides have):
// as Spark plans them, each key is one column, listed first by `*`, that reads
// the left side's (the right side's for RIGHT JOIN, both for FULL JOIN);
// `l.k` and `r.k` still name each side's own.
void Resolver::MergeJoinKeys(const JoinRef* j, Scope* scope, size_t first, size_t mid) {
  const size_t end = scope->relations.size();
  std::vector<std::string> keys;
  if (j->natural) {
    bool open = false;
    std::vector<const Column*> left = VisibleColumns(scope, first, mid, &open);
    std::vector<const Column*> right = VisibleColumns(scope, mid, end, &open);
    for (const Column* l : left) {
      for (const Column* r : right) {
        if (r->name == l->name && std::find(keys.begin(), keys.end(), l->name) == keys.end()) keys.push_back(l->name);
      }
    }
    if (open) {
      std::string known;
      for (const std::string& k : keys) Append(known, known.empty() ? "" : ", ", k);
      Warn(j->span,
           Cat("NATURAL JOIN over a side whose columns are not all known: joined on the columns known to be shared (",
               known.empty() ? "none" : known, "); give --catalog"),
           DiagnosticCode::StarOverUnknownTable);
    }
  } else {
    for (const Ident& id : j->using_columns) keys.push_back(Lower(id));
  }
  if (keys.empty()) return;
  // A side's column by an unqualified name: declared ones first, then one of unknown schema.
  auto find = [&](size_t lo, size_t hi, const std::string& name) -> const Column* {
    for (size_t r = lo; r < hi; ++r) {
      const Relation& rel = scope->relations[r];
      if (rel.MergedAway(name)) continue;
      if (const Column* c = rel.columns->FindDeclared(name)) return c;
    }
    for (size_t r = lo; r < hi; ++r) {
      if (scope->relations[r].columns->open())
        if (const Column* c = Lookup(scope->relations[r].columns, name)) return c;
    }
    return nullptr;
  };
  ColumnList* merged = NewList();
  for (const std::string& k : keys) {
    const Column* l = find(first, mid, k);
    const Column* r = find(mid, end, k);
    if (j->join_kind == JoinKind::Right) std::swap(l, r);
    if (l == nullptr) std::swap(l, r);
    if (l == nullptr) {
      Warn(j->span, Cat("cannot resolve USING column '", k, "'"), DiagnosticCode::UnresolvedColumn);
      continue;
    }
    Column c = Copy(*l, k);
    if (j->join_kind == JoinKind::Full && r != nullptr) {
      // FULL JOIN's key is coalesce(l.k, r.k).
      c.forward = nullptr;
      MergeInto(c.sources, r->sources);
      c.type = MaxType(MaxType(c.type, r->type), DepType::Expression);
      c.derivation = MaxDerivation(c.derivation, r->derivation);
      c.masking = c.masking || r->masking;
    }
    merged->Add(std::move(c));
  }
  merged->declared = merged->size();
  for (size_t r = first; r < end; ++r)
    for (const std::string& k : keys) scope->relations[r].merged_away.push_back(k);
  scope->relations.insert(scope->relations.begin() + static_cast<std::ptrdiff_t>(first), Relation{"", "", merged});
}

// PIVOT groups by the source's columns its aggregates and FOR columns do not
// name, then makes one column per IN value (per value and aggregate when
// there are several), read from the aggregate's columns and the FOR columns.
// UNPIVOT keeps the columns its IN list does not name, then the name column
// (no source) and the value columns, each reading its column of every IN entry.
ColumnList* Resolver::PivotColumns(const PivotRef* p) {
  Scope* inner = NewScope(nullptr);
  if (p->source != nullptr) AddFromItem(p->source, inner);
  bool open = false;
  std::vector<const Column*> input = VisibleColumns(inner, 0, inner->relations.size(), &open);
  ColumnList* out = NewList();
  absl::flat_hash_set<std::string> used;
  auto find = [&](const std::string& name) -> const Column* {
    for (const Column* c : input)
      if (c->name == name) return c;
    return nullptr;
  };
  if (!p->unpivot) {
    // The columns the aggregates name (their first part) and the FOR columns.
    std::vector<const Expr*> stack;
    for (const SelectItem& it : p->aggregates) stack.push_back(it.expr);
    while (!stack.empty()) {
      const Expr* e = stack.back();
      stack.pop_back();
      if (e == nullptr) continue;
      if (auto* ref = DynCast<ColumnRef>(e); ref != nullptr && !ref->parts.empty()) used.insert(Lower(ref->parts[0]));
      ForEachChildExpr(*e, [&](const Expr* c) { stack.push_back(c); });
    }
    ColumnSet for_sources;
    for (const Ident& id : p->pivot_columns) {
      used.insert(Lower(id));
      const Column* c = find(Lower(id));
      if (c == nullptr && open) {
        for (const Relation& rel : inner->relations)
          if (rel.columns->open() && (c = Lookup(rel.columns, Lower(id))) != nullptr) break;
      }
      if (c != nullptr) MergeInto(for_sources, c->sources);
    }
    for (const Column* c : input)
      if (!used.contains(c->name)) out->Add(Copy(*c, c->name));
    if (open)
      Warn(p->span, "PIVOT over a source whose columns are not all known: its grouping columns are not all known",
           DiagnosticCode::StarOverUnknownTable);
    std::vector<ExprInfo> aggs;
    for (const SelectItem& it : p->aggregates) aggs.push_back(AnalyzeExpr(it.expr, inner));
    for (size_t v = 0; v < p->pivot_values.size(); ++v) {
      const SelectItem& value = p->pivot_values[v];
      std::string value_name;
      if (!value.alias.name.empty()) {
        value_name = Lower(value.alias);
      } else {
        value_name = ToLower(PivotValueName(value.expr));
      }
      for (size_t a = 0; a < p->aggregates.size(); ++a) {
        Column c;
        c.name = p->aggregates.size() == 1
                     ? value_name
                     : Cat(value_name, "_", SelectItemName(p->aggregates[a], a, "_c", /*spark_names=*/true));
        c.sources = aggs[a].sources;
        MergeInto(c.sources, for_sources);
        c.type = MaxType(aggs[a].type, DepType::Expression);
        c.derivation = aggs[a].derivation;
        c.masking = aggs[a].masking;
        out->Add(std::move(c));
      }
    }
  } else {
    for (const PivotRef::UnpivotIn& in : p->unpivot_in)
      for (const Ident& id : in.columns) used.insert(Lower(id));
    for (const Column* c : input)
      if (!used.contains(c->name)) out->Add(Copy(*c, c->name));
    if (open)
      Warn(p->span, "UNPIVOT over a source whose columns are not all known: the columns it keeps are not all known",
           DiagnosticCode::StarOverUnknownTable);
    Column name;
    name.name = Lower(p->name_column);
    name.type = DepType::Expression;
    name.derivation = Derivation::Transformation;
    out->Add(std::move(name));
    for (size_t k = 0; k < p->value_columns.size(); ++k) {
      Column c;
      c.name = Lower(p->value_columns[k]);
      for (const PivotRef::UnpivotIn& in : p->unpivot_in) {
        if (k >= in.columns.size()) continue;
        const std::string n = Lower(in.columns[k]);
        const Column* src = find(n);
        if (src == nullptr && open) {
          for (const Relation& rel : inner->relations)
            if (rel.columns->open() && (src = Lookup(rel.columns, n)) != nullptr) break;
        }
        if (src == nullptr) continue;
        MergeInto(c.sources, src->sources);
        c.derivation = MaxDerivation(c.derivation, src->derivation);
        c.masking = c.masking || src->masking;
      }
      out->Add(std::move(c));
    }
  }
  out->declared = out->size();
  return out;
}

// Spark's BIN BY repeats each row of its source once per bin (the DISTRIBUTE
// columns scaled, still their own values' columns) and adds bin_start,
// bin_end and bin_distribute_ratio, each read from the RANGE columns, the bin
// width and the origin. Without an alias the source's tables keep their names
// (`metrics.value`); with one, every column is the alias's.
void Resolver::AddBinBy(const BinByRef* b, Scope* scope) {
  Scope* inner = b->alias.name.empty() ? scope : NewScope(nullptr);
  const size_t first = inner->relations.size();
  if (b->source != nullptr) AddFromItem(b->source, inner);
  const size_t end = inner->relations.size();
  ColumnSet sources;
  bool masking = false;
  for (const Expr* e : {b->range_start, b->range_end, b->width, b->align}) {
    if (e == nullptr) continue;
    const ExprInfo info = AnalyzeExpr(e, inner);
    MergeInto(sources, info.sources);
    masking = masking || info.masking;
  }
  for (const Expr* e : b->distribute) AnalyzeExpr(e, inner);
  auto bin_column = [&](const Ident& given, std::string_view spark_name) {
    Column c;
    c.name = given.name.empty() ? std::string(spark_name) : Lower(given);
    c.sources = sources;
    c.type = DepType::Expression;
    c.derivation = Derivation::Transformation;
    c.masking = masking;
    return c;
  };
  ColumnList* out = NewList();
  if (!b->alias.name.empty()) {
    bool open = false;
    for (const Column* c : VisibleColumns(inner, first, end, &open)) out->Add(Copy(*c, c->name));
    if (open)
      Warn(b->span, "BIN BY over a source whose columns are not all known: the columns it keeps are not all known",
           DiagnosticCode::StarOverUnknownTable);
  }
  out->Add(bin_column(b->start_name, "bin_start"));
  out->Add(bin_column(b->end_name, "bin_end"));
  out->Add(bin_column(b->ratio_name, "bin_distribute_ratio"));
  out->declared = out->size();
  scope->relations.push_back(Relation{Lower(b->alias), "", out});
}

ColumnList* Resolver::TableColumns(const std::string& key) {
  auto it = table_columns_.find(key);
  if (it != table_columns_.end()) return it->second;
  ColumnList* cols = NewList();
  // Cached first: a view following itself through others (view_schema_mode.h) ends here.
  table_columns_.emplace(key, cols);
  const CatalogTable* t = session_.catalog.Find(key);
  if (t == nullptr) {
    cols->open_table = key;
  } else if (t->is_view && t->view_schema_evolution && !t->view_star_tables.empty()) {
    // Spark's view WITH SCHEMA EVOLUTION over `*`: its tables' columns as they are now.
    const std::vector<std::string> stars = t->view_star_tables;  // a copy: the lookups below may load tables
    for (const std::string& star : stars) {
      const ColumnList* from = TableColumns(star);
      for (size_t i = 0; i < from->declared; ++i) cols->Add(from->At(i));
      if (from->open() && cols->open_table.empty()) cols->open_table = from->open_table.empty() ? star : from->open_table;
    }
    cols->declared = cols->size();
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
    cols->columns.reserve(t->columns.size() + t->partition_columns.size());
    for (const CatalogColumn& cc : t->columns) add(cc);
    for (const CatalogColumn& cc : t->partition_columns) add(cc);
    cols->declared = cols->size();
    // A schema-less entry (e.g. a table created LIKE an unknown one) stays
    // open, and so does one known only from the scripts' use of it.
    if (cols->size() == 0 || t->open) cols->open_table = key;
  }
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

ColumnList* Resolver::Renamed(ColumnList* in, const SubqueryRef* s) {
  const std::span<const Ident> names = s->column_aliases;
  ColumnList* out = NewList();
  if (!in->open_table.empty() || !in->open_stars.empty()) {
    // Over a table of unknown schema the names are known but not which column each renames:
    // say so rather than guess one by its name.
    for (const Ident& name : names) {
      Column c;
      c.name = Lower(name);
      out->Add(std::move(c));
    }
    out->declared = out->size();
    Warn(s->span,
         Cat("the column list of ", s->alias.name,
             " renames columns of a table of unknown schema by position: their sources are unknown (give --catalog)"),
         DiagnosticCode::StarOverUnknownTable);
    return out;
  }
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

}  // namespace hivelineage::lineage
