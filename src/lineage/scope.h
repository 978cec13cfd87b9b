// The scope model lineage is computed over.
//
// A query's FROM clause makes a Scope: an ordered list of Relations (base
// tables, views, derived tables, CTE references, LATERAL VIEW and TRANSFORM
// outputs), each exposing a ColumnList. Every column in the model — a base
// table column, a derived table's output, a UNION's output — is a Column that
// carries its set of base columns, so a reference is resolved once to a
// Column and never re-traced. Scopes chain to their enclosing query for
// correlated references. Column addresses are stable (std::deque), so
// resolution hands out plain pointers.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "ast/ast.h"
#include "lineage/column_set.h"
#include "lineage/lineage.h"

namespace hivelineage::lineage {

struct Scope;
struct ColumnList;

using DepType = ColumnLineage::Type;
inline DepType MaxType(DepType a, DepType b) { return a > b ? a : b; }

// One column a FROM item or a query exposes.
struct Column {
  std::string name;  // lower case
  ColumnSet sources;
  DepType type = DepType::Simple;
  // How to print the column's expression traced back to base columns: the
  // expression and the scope it reads (select items), or a column this one
  // copies (star expansion, renaming, UNION's first branch). Base columns have
  // neither and print as the reference that reached them.
  const ast::Expr* expr = nullptr;
  Scope* scope = nullptr;
  const Column* forward = nullptr;
  bool base = false;  // a column of a base table (sources = {itself})
};

// A `*` in a select list over a relation whose columns are unknown: names
// looked up in the query's output are searched for in that relation.
struct OpenStar {
  Scope* scope = nullptr;
  int relation = -1;  // index into scope->relations; -1: every open relation of the scope
};

// The columns of a FROM item or a query result, in order, with lookup by name.
struct ColumnList {
  std::deque<Column> columns;
  absl::flat_hash_map<std::string, uint32_t> by_name;  // lower-case name -> first column of that name
  // Unknown schema: a base table not in the catalog (any name is one of its
  // columns) or a query whose select list has a `*` over such a table.
  std::string open_table;  // db.table
  std::vector<OpenStar> open_stars;
  // Columns appended on demand for open lookups are not part of a `*` expansion.
  size_t declared = 0;

  bool open() const { return !open_table.empty() || !open_stars.empty(); }
  Column& Add(Column c) {
    by_name.try_emplace(c.name, static_cast<uint32_t>(columns.size()));
    columns.push_back(std::move(c));
    return columns.back();
  }
  const Column* FindDeclared(const std::string& name) const {
    auto it = by_name.find(name);
    return it == by_name.end() ? nullptr : &columns[it->second];
  }
};

// A FROM item as seen by column references.
struct Relation {
  std::string alias;      // lower case: what `alias.col` matches (table name when unaliased)
  std::string table_key;  // db.table of a base table or view, else empty: matched by `db.table.col`
  ColumnList* columns = nullptr;
  bool lateral = false;   // LATERAL VIEW output
};

// The name environment of one SELECT.
struct Scope {
  Scope* parent = nullptr;  // enclosing query, for correlated references
  std::vector<Relation> relations;
  // Select-list aliases, visible to GROUP BY / HAVING / QUALIFY / ORDER BY.
  const ColumnList* select_output = nullptr;
  bool select_aliases_visible = false;
  // Every column the FROM clause provides (what a window function's row
  // carries, in Hive's lineage); computed on first use.
  ColumnSet all_columns;
  bool all_columns_ready = false;
};

}  // namespace hivelineage::lineage
