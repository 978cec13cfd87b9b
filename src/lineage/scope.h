// The scope model lineage is computed over.
//
// A query's FROM clause makes a Scope: an ordered list of Relations (base
// tables, views, derived tables — inlined CTEs among them, as inline_ctes left
// them — VALUES, table functions and LATERAL VIEW outputs), each exposing a
// ColumnList. Every column in the model — a base table column, a derived
// table's output, a set operation's output — is a Column that
// carries its set of base columns, so a reference is resolved once to a
// Column and never re-traced. Scopes chain to their enclosing query for
// correlated references. Column addresses are stable (StablePool), so
// resolution hands out plain pointers.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "ast/ast.h"
#include "lineage/column_set.h"
#include "lineage/lineage.h"
#include "lineage/stable_pool.h"

namespace hivelineage::lineage {

struct Scope;
struct ColumnList;

using DepType = ColumnLineage::Type;
inline DepType MaxType(DepType a, DepType b) { return a > b ? a : b; }
inline Derivation MaxDerivation(Derivation a, Derivation b) { return a > b ? a : b; }

// Folds how `from` makes a value into `into`'s for one column fed by both
// (UNION branches, INSERT bodies writing one column). A side that reads no
// column (a constant, count(*)) says nothing about how any source reaches
// the column, so it only counts when neither side reads one.
inline void FoldDerivation(Derivation& into, bool& into_masking, bool into_reads, Derivation from, bool from_masking,
                           bool from_reads) {
  if (from_reads && !into_reads) {
    into = from;
    into_masking = from_masking;
  } else if (from_reads || !into_reads) {
    into = MaxDerivation(into, from);
    into_masking = into_masking || from_masking;
  }
}

// One column a FROM item or a query exposes.
struct Column {
  std::string name;  // lower case
  ColumnSet sources;
  DepType type = DepType::Simple;
  // How its value is made, through every derived column it reads (base columns: Identity).
  Derivation derivation = Derivation::Identity;
  bool masking = false;
  // How to print the column's expression traced back to base columns: the
  // expression and the scope it reads (select items), or a column this one
  // copies (star expansion, renaming, UNION's first branch). Base columns have
  // neither and print as the reference that reached them.
  const ast::Expr* expr = nullptr;
  Scope* scope = nullptr;
  const Column* forward = nullptr;
  const ast::ScriptTransform* script = nullptr;  // a TRANSFORM output: prints as the TRANSFORM call
  bool base = false;                             // a column of a base table (sources = {itself})
};

// A `*` in a select list over a relation whose columns are unknown: names
// looked up in the query's output are searched for in that relation.
struct OpenStar {
  Scope* scope = nullptr;
  int relation = -1;  // index into scope->relations; -1: every open relation of the scope
};

// The columns of a FROM item or a query result, in order, with lookup by name.
// Columns live in the Resolver's pool; lists hold pointers, so a list costs
// one small vector and short lists are searched linearly (most have a handful
// of columns; a name index is built once a list grows past kLinearLookup).
struct ColumnList {
  static constexpr size_t kLinearLookup = 12;

  std::vector<Column*> columns;
  absl::flat_hash_map<std::string_view, uint32_t> by_name;  // name -> first column; long lists only
  StablePool<Column>* pool = nullptr;
  // Unknown schema: a base table not in the catalog (any name is one of its
  // columns) or a query whose select list has a `*` over such a table.
  std::string open_table;  // db.table
  std::vector<OpenStar> open_stars;
  // Columns appended on demand for open lookups are not part of a `*` expansion.
  size_t declared = 0;
  // Some columns come from a `*` over a table known only from the scripts'
  // use of it (lineage/warehouse_schema.h): their order is a guess.
  bool inferred_star = false;

  bool open() const { return !open_table.empty() || !open_stars.empty(); }
  size_t size() const { return columns.size(); }
  Column& At(size_t i) { return *columns[i]; }
  const Column& At(size_t i) const { return *columns[i]; }

  Column& Add(Column c) {
    Column& stored = pool->emplace_back(std::move(c));
    columns.push_back(&stored);
    if (columns.size() == kLinearLookup + 1) {
      for (size_t i = 0; i < columns.size(); ++i) by_name.try_emplace(columns[i]->name, static_cast<uint32_t>(i));
    } else if (columns.size() > kLinearLookup + 1) {
      by_name.try_emplace(stored.name, static_cast<uint32_t>(columns.size() - 1));
    }
    return stored;
  }
  const Column* FindDeclared(std::string_view name) const {
    if (columns.size() <= kLinearLookup) {
      for (const Column* c : columns)
        if (c->name == name) return c;
      return nullptr;
    }
    auto it = by_name.find(name);
    return it == by_name.end() ? nullptr : columns[it->second];
  }
};

// A FROM item as seen by column references.
struct Relation {
  std::string alias;      // lower case: what `alias.col` matches (table name when unaliased)
  std::string table_key;  // db.table of a base table or view, else empty: matched by `db.table.col`
  ColumnList* columns = nullptr;
  bool lateral = false;  // LATERAL VIEW output
  // The right side of Spark's LEFT SEMI / LEFT ANTI JOIN: its ON condition sees it; an unqualified `*`
  // does not list it (the join returns the left side's columns only).
  bool condition_only = false;
  // Columns a JOIN ... USING / NATURAL JOIN merged into one key column (a
  // relation of its own, before the join's): an unqualified name or `*` takes
  // the key, not this relation's copy; `alias.col` and `alias.*` still see it.
  std::vector<std::string> merged_away = {};
  bool MergedAway(std::string_view name) const {
    for (const std::string& n : merged_away)
      if (n == name) return true;
    return false;
  }
};

// The name environment of one SELECT.
struct Scope {
  Scope* parent = nullptr;  // enclosing query, for correlated references
  std::vector<Relation> relations;
  // Select-list aliases, visible to GROUP BY / HAVING / QUALIFY / ORDER BY.
  const ColumnList* select_output = nullptr;
  bool select_aliases_visible = false;
  // Hive semantics, while the select list is read: columns the WHERE holds
  // to a constant (FoldConstantFilters); they contribute no source.
  std::vector<const Column*> folded;
  // While the select list is read: its items so far, whose aliases a
  // window key may name (Resolver::WindowKeyAlias).
  const ColumnList* select_so_far = nullptr;
  // Spark, while the select list is read: its items so far, whose aliases a
  // later item may name when no column of the FROM clause has the name
  // (a lateral column alias: `SELECT a + 1 AS b, b * 2 AS c`).
  const ColumnList* lateral_aliases = nullptr;
  // The SELECT's WINDOW clause: what `OVER w` names.
  std::span<const ast::NamedWindow> windows;
  // Every column the FROM clause provides (what a window function's row
  // carries, in Hive's lineage); computed on first use.
  ColumnSet all_columns;
  bool all_columns_ready = false;
};

}  // namespace hivelineage::lineage
