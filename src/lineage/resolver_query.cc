// The resolver: queries, set operations, VALUES, SELECT cores and their
// select lists (star expansion, UDTF outputs).
#include "lineage/resolver.h"

#include <algorithm>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "ast/print_sql.h"
#include "base/strings.h"
#include "lineage/column_regex.h"
#include "lineage/output_names.h"
#include "lineage/resolver_helpers.h"

namespace hivelineage::lineage {

namespace {

using namespace ast;
using namespace resolver_internal;

}  // namespace

// ---------------------------------------------------------------- queries

ColumnList* Resolver::AnalyzeQuery(const Query* q, Scope* outer) {
  if (q == nullptr) return NewList();
  if (depth_ >= kMaxDepth) {
    Warn(q->span, "query nested too deeply for lineage", DiagnosticCode::QueryTooDeep);
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
  out->columns.reserve(core->items.size());  // one item, one column, but for `*`s
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
    if (session_.spark_names) scope->lateral_aliases = out;
    for (size_t i = 0; i < core->items.size(); ++i) {
      const SelectItem& item = core->items[i];
      if (item.expr == nullptr) continue;
      if (auto* star = DynCast<StarExpr>(item.expr)) {
        ExpandStar(star, scope, out, item.star_except);
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
      SparkNameContext naming{core->windows, {}, {}, {}, {}, {}, {}, {}, {}, {}};
      if (session_.spark_names) {
        naming.outer_ref = [this, scope](const ColumnRef* ref, std::span<const std::string> inner) {
          return SparkOuterRef(ref, scope, inner);
        };
        naming.star_columns = [this, scope](const StarExpr* star) { return StarColumnNames(star, scope); };
        naming.column_type = [this](const ColumnRef* ref) { return SparkColumnType(ref); };
        if (core->group_by != nullptr)
          naming.grouped_field_path = [this, scope](const ColumnRef* ref) { return SparkFieldPath(ref, scope); };
        if (scope->parent != nullptr)
          naming.outer_column = [this, scope](const ColumnRef* ref) { return SparkOuterColumn(ref, scope); };
        naming.column_collation = [this](const ColumnRef* ref) { return SparkColumnCollation(ref); };
        naming.default_collation = spark_default_collation_;
        if (!session_.session_variables.empty())
          naming.variable = [this](const ColumnRef* ref) { return SparkVariableName(ref); };
        if (!session_.sql_functions.empty())
          naming.sql_function = [this](std::span<const Ident> name) -> std::string {
            if (name.empty() || name.size() > 2) return "";
            const std::string key = Cat(name.size() == 2 ? ToLower(name[0].name) : session_.current_database, ".",
                                        ToLower(name.back().name));
            return session_.sql_functions.contains(key) ? Cat("spark_catalog.", key) : "";
          };
      }
      c.name = SelectItemName(item, i, AutogenLabel(session_), session_.spark_names, naming);
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
  scope->lateral_aliases = nullptr;

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

// ---------------------------------------------------------------- select list

// Which of Spark's `|> SET` assignments of the `*` names the column (replaced_names.size() if none).
size_t Resolver::ReplacedAt(const StarExpr* star, std::string_view name) {
  for (size_t k = 0; k < star->replaced_names.size(); ++k)
    if (Lower(star->replaced_names[k]) == name) return k;
  return star->replaced_names.size();
}

// The column `|> SET name = value` makes: named as the one it replaces, reading the value's sources.
Column Resolver::ReplacedColumn(const StarExpr* star, size_t k, Scope* scope) {
  ExprInfo info = AnalyzeExpr(star->replaced_values[k], scope);
  Column c;
  c.name = Lower(star->replaced_names[k]);
  c.sources = std::move(info.sources);
  c.type = info.type;
  c.derivation = info.derivation;
  c.masking = info.masking;
  c.expr = star->replaced_values[k];
  c.scope = scope;
  return c;
}

void Resolver::ExpandStar(const StarExpr* star, Scope* scope, ColumnList* out,
                          std::span<const ast::QualifiedName> except) {
  std::string qualifier;
  std::string qualifier_key;
  if (!star->qualifier.empty()) {
    qualifier = Lower(star->qualifier.back());
    if (star->qualifier.size() >= 2)
      qualifier_key = Cat(Lower(star->qualifier[star->qualifier.size() - 2]), ".", qualifier);
  }
  // Regex column specs: compiled once per `*`, matched against whole names.
  bool bad_regex = false;
  const std::unique_ptr<ColumnRegex> regex = StarRegex(star, &bad_regex);
  if (bad_regex) return;
  // Spark's `* EXCEPT (c, t.c)`: the columns left out, as (relation alias or "", name). A longer
  // path (`s.f`, a struct's field) leaves its column in: lineage keeps whole columns.
  std::vector<std::pair<std::string, std::string>> excluded;
  for (const ast::QualifiedName& q : except) {
    if (q.parts.size() == 1) {
      excluded.emplace_back("", Lower(q.parts[0]));
    } else if (q.parts.size() == 2) {
      for (const Relation& rel : scope->relations)
        if (rel.alias == Lower(q.parts[0])) excluded.emplace_back(rel.alias, Lower(q.parts[1]));
    }
  }
  auto is_excluded = [&](const Relation& rel, const std::string& name) {
    for (const auto& [alias, column] : excluded)
      if (column == name && (alias.empty() || alias == rel.alias)) return true;
    return false;
  };
  bool matched = false;
  bool any_open = false;
  std::vector<bool> replaced(star->replaced_names.size(), false);
  for (size_t r = 0; r < scope->relations.size(); ++r) {
    const Relation& rel = scope->relations[r];
    if (qualifier.empty() && rel.condition_only) continue;  // the right side of a semi / anti join
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
        Warn(star->span,
             Cat(what, " over ", rel.columns->open_table, " expands to the ", rel.columns->declared,
                 " column(s) the scripts name through it; its schema is not declared (give --catalog)"),
             DiagnosticCode::StarOverUnknownTable);
      } else {
        Warn(star->span,
             Cat(what, " over ", rel.columns->open_table,
                 ", a table of unknown schema: its columns cannot be listed; an INSERT takes its target's "
                 "columns by name from it (give --catalog)"),
             DiagnosticCode::StarOverUnknownTable);
      }
    }
    for (size_t i = 0; i < rel.columns->declared; ++i) {
      const Column& src = rel.columns->At(i);
      if (regex != nullptr && !regex->Matches(src.name)) continue;
      if (qualifier.empty() && rel.MergedAway(src.name)) continue;  // the USING key, listed first, stands for it
      if (!excluded.empty() && is_excluded(rel, src.name)) continue;
      if (std::any_of(star->except_columns.begin(), star->except_columns.end(),
                      [&](const Ident& d) { return Lower(d) == src.name; }))
        continue;  // Spark's `|> DROP`
      const size_t k = ReplacedAt(star, src.name);
      if (k < star->replaced_names.size()) {
        replaced[k] = true;
        out->Add(ReplacedColumn(star, k, scope));  // Spark's `|> SET`: in place
        continue;
      }
      out->Add(Copy(src, src.name));
    }
    if (rel.columns->open()) {
      out->open_stars.push_back(OpenStar{scope, static_cast<int>(r)});
      any_open = true;
    }
  }
  // `|> SET c = e` over a query whose columns are not all known: c is one of them.
  for (size_t k = 0; k < replaced.size(); ++k)
    if (!replaced[k] && any_open) out->Add(ReplacedColumn(star, k, scope));
  if (!matched) {
    if (!qualifier.empty()) {
      Warn(star->span, Cat("cannot resolve '", qualifier, ".*': no such table or alias"),
           DiagnosticCode::UnresolvedStar);
    } else if (scope->relations.empty()) {
      Warn(star->span, "cannot expand '*': the query has no FROM clause", DiagnosticCode::UnresolvedStar);
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
  for (std::string& n : UdtfOutputNames(f, aliases, session_.spark_names)) {
    Column c;
    c.name = std::move(n);
    c.sources = all;
    c.type = DepType::Script;
    c.derivation = Derivation::Transformation;
    c.masking = masking;
    out->Add(std::move(c));
  }
}

}  // namespace hivelineage::lineage
