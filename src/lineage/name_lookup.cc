// The resolver: column names looked up through the scopes of scope.h:
// declared columns, open (unknown-schema) tables, virtual columns, correlation.
#include "lineage/resolver.h"

#include <algorithm>
#include <utility>

#include "base/strings.h"
#include "lineage/resolver_helpers.h"
#include "lineage/spark_names.h"

namespace hivelineage::lineage {

namespace {

using namespace ast;
using namespace resolver_internal;

// Hive's virtual columns and Spark's _metadata: readable from any table
// though not in its schema.
bool IsVirtualColumn(std::string_view name) {
  return name == "block__offset__inside__file" || name == "input__file__name" || name == "row__id" ||
         name == "row__is__deleted" || name == "raw__data__size" || name == "_metadata";
}

}  // namespace

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
    if (rel.MergedAway(name)) continue;  // the USING key stands for it
    const Column* c = rel.columns->FindDeclared(name);
    if (c == nullptr) continue;
    if (found != nullptr && found != c) {
      // JOIN ... USING and natural duplicates of a lateral view's source are not ambiguous.
      if (!*ambiguous)
        Warn(ref->span, Cat("ambiguous column '", name, "': in '", found_rel->alias, "' and '", rel.alias, "'"),
             DiagnosticCode::AmbiguousColumn);
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
  Warn(ref->span,
       Cat("column '", name, "' could be in any of ", list,
           " (none is known to have it): reported as possible sources (qualify it or give --catalog)"),
       DiagnosticCode::PossibleColumn);
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
  if (c != nullptr && session_.spark_names) resolved_by_ref_[ref] = c;
  return c;
}

// A reference inside a subquery reads the query around it (scope `outer`)
// when it resolved to a column of a FROM item of `outer` or an enclosing
// scope, one the subquery does not read itself (a table read on both sides
// shares its columns).
bool Resolver::SparkOuterRef(const ColumnRef* ref, const Scope* outer, std::span<const std::string> inner_aliases) const {
  auto it = resolved_by_ref_.find(ref);
  if (it == resolved_by_ref_.end()) return false;
  for (const Scope* s = outer; s != nullptr; s = s->parent) {
    for (const Relation& rel : s->relations) {
      if (rel.columns == nullptr) continue;
      for (const Column* c : rel.columns->columns) {
        if (c != it->second) continue;
        for (const std::string& a : inner_aliases)
          if (a == rel.alias) return false;
        return true;
      }
    }
  }
  return false;
}

// The session variable `ref` names (`v`, `session.v`, `system.session.v`),
// or null: not one the script declared.
const Session::SessionVariable* Resolver::SessionVariableOf(const ColumnRef* ref) const {
  const auto& parts = ref->parts;
  if (parts.empty() || parts.size() > 3) return nullptr;
  if (parts.size() >= 2 && Lower(parts[parts.size() - 2]) != "session") return nullptr;
  if (parts.size() == 3 && Lower(parts[0]) != "system") return nullptr;
  auto v = session_.session_variables.find(Lower(parts.back()));
  return v == session_.session_variables.end() ? nullptr : &v->second;
}

std::string Resolver::SparkOuterColumn(const ColumnRef* ref, const Scope* scope) const {
  auto it = resolved_by_ref_.find(ref);
  if (it == resolved_by_ref_.end() || it->second == nullptr) return "";
  auto holds = [&](const Relation& rel) {
    return rel.columns != nullptr &&
           std::find(rel.columns->columns.begin(), rel.columns->columns.end(), it->second) != rel.columns->columns.end();
  };
  // A qualified reference names its relation (the same table read twice
  // shares its columns, so the column alone does not tell which).
  std::string qualifier_written;
  if (auto r = resolved_.find(ResolveKey{ref, scope}); r != resolved_.end() && r->second.second >= 2)
    qualifier_written = Lower(ref->parts[r->second.second - 2]);
  auto named = [&](const Relation& rel) { return qualifier_written.empty() || rel.alias == qualifier_written; };
  for (const Relation& rel : scope->relations)
    if (holds(rel) && named(rel)) return "";
  for (const Scope* s = scope->parent; s != nullptr; s = s->parent) {
    for (const Relation& rel : s->relations) {
      if (!holds(rel) || !named(rel)) continue;
      // Spark qualifies an unaliased table or view of the catalog by catalog
      // and database; an alias, a temporary view or a derived table by its name.
      std::string qualifier = rel.alias;
      if (!rel.table_key.empty() && rel.table_key.ends_with("." + rel.alias)) {
        const CatalogTable* t = session_.catalog.Find(rel.table_key);
        if (t != nullptr && !t->temporary) qualifier = "spark_catalog." + rel.table_key;
      }
      return qualifier.empty() ? it->second->name : Cat(qualifier, ".", it->second->name);
    }
  }
  return "";
}

std::string Resolver::SparkFieldPath(const ColumnRef* ref, const Scope* scope) const {
  auto it = resolved_.find(ResolveKey{ref, scope});
  if (it == resolved_.end() || it->second.first == nullptr) return "";
  const size_t used = it->second.second;
  if (used == 0 || used >= ref->parts.size()) return "";
  std::string path = Lower(ref->parts[used - 1]);
  for (size_t k = used; k < ref->parts.size(); ++k) {
    path += '.';
    path += ref->parts[k].name;
  }
  return path;
}

std::string Resolver::SparkColumnType(const ColumnRef* ref) {
  auto it = resolved_by_ref_.find(ref);
  return it == resolved_by_ref_.end() || it->second == nullptr ? std::string() : CopiedColumnType(*it->second);
}

std::string Resolver::SparkVariableName(const ColumnRef* ref) const {
  if (auto it = resolved_by_ref_.find(ref); it != resolved_by_ref_.end() && it->second != nullptr) return "";
  const Session::SessionVariable* v = SessionVariableOf(ref);
  if (v == nullptr || v->value_sql.empty()) return "";
  return Cat("variablereference(system.session.", Lower(ref->parts.back()), "=", v->value_sql, ")");
}

// Only a column of a table the catalog declares is known: its declared type
// says its collation. A column of a subquery or a view is not followed.
std::optional<std::string> Resolver::SparkColumnCollation(const ColumnRef* ref) const {
  auto it = resolved_by_ref_.find(ref);
  if (it == resolved_by_ref_.end() || it->second == nullptr) return std::nullopt;
  const Column* c = it->second;
  while (c->forward != nullptr) c = c->forward;
  if (!c->base || c->sources.size() != 1) return std::nullopt;
  const std::string_view full = interner_.Name(c->sources[0]);  // db.table.column
  const size_t dot = full.rfind('.');
  if (dot == std::string_view::npos) return std::nullopt;
  const CatalogTable* table = session_.catalog.Find(std::string(full.substr(0, dot)));
  const CatalogColumn* column = table == nullptr ? nullptr : table->FindColumn(full.substr(dot + 1));
  if (column == nullptr || column->type.empty()) return std::nullopt;
  return SparkStringCollation(column->type);
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
        Warn(ref->span, Cat("cannot resolve column '", p0, ".", p1, "': '", p0, "' has no such column"),
             DiagnosticCode::UnresolvedColumn);
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
  // Spark: an earlier item of the select list being read, by its alias, when
  // no declared column has the name (before guessing a column of an unknown schema).
  if (scope != nullptr && scope->lateral_aliases != nullptr) {
    if (const Column* c = scope->lateral_aliases->FindDeclared(p0)) {
      *used_parts = 1;
      return c;
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
  // Spark: no column of that name, so a declared session variable; it reads no column.
  if (SessionVariableOf(ref) != nullptr) return nullptr;
  Warn(ref->span, Cat("cannot resolve column '", p0, "'"), DiagnosticCode::UnresolvedColumn);
  return nullptr;
}

}  // namespace hivelineage::lineage
