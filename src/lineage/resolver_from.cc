// The resolver: FROM: tables, derived tables (bottom-up past a depth),
// lateral views and renamed columns.
#include "lineage/resolver.h"

#include <utility>

#include "absl/container/flat_hash_set.h"
#include "base/strings.h"
#include "lineage/derived_order.h"
#include "lineage/masked_source.h"
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

}  // namespace hivelineage::lineage
