// The names Spark SQL gives unaliased select items that are not a column:
// the expression's text as Spark's analyzer prints it (`count(b)`,
// `(a + 1)`, `1.0` for `1F`, `CAST(a AS INT)`), where Hive says `_c<n>`.
//
// Each rule below follows one of Spark's: how an expression's `sql` is
// written (operators in parentheses, CAST types as their SQL names, interval
// literals in their canonical ANSI form), and the arguments its analyzer
// adds or drops (`split(s, p)` is `split(s, p, -1)`, `from_json(s, schema)`
// is `from_json(s)`). What only Spark's catalog settles (implicit casts from
// type coercion, the types that pick an overload) is not guessed.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ast/ast.h"

namespace hivelineage::lineage {

// What the name of an expression may depend on beyond the expression itself.
struct SparkNameContext {
  // The SELECT's WINDOW clause: `OVER w` is named with w's specification.
  std::span<const ast::NamedWindow> windows;
  // Whether an unqualified reference inside a subquery reads the query
  // around it, given the names of the FROM items inside the subquery
  // (the resolver knows); unset: only qualified references are told.
  std::function<bool(const ast::ColumnRef*, std::span<const std::string>)> outer_ref;
  // The name Spark gives a call of a persistent SQL function the script
  // created (`spark_catalog.db.f`), or "" for any other function; unset: "".
  std::function<std::string(std::span<const ast::Ident>)> sql_function;
  // The names of the columns a star argument covers (`array(*)` is named `array(c1, c2)`;
  // nullptr: the bare `*` of `f(*)`), or none when they are not all known; unset: none.
  std::function<std::vector<std::string>(const ast::StarExpr*)> star_columns;
  // The name Spark gives a reference inside an expression that reads a
  // session variable (`variablereference(system.session.v=1)`), or "" for a
  // column or a variable of unknown value; unset: "".
  std::function<std::string(const ast::ColumnRef*)> variable;
  // The catalog type of the base column a reference copies (`int`,
  // `decimal(10,2)`), or "" when not known; unset: "".
  std::function<std::string(const ast::ColumnRef*)> column_type;
  // For a reference a LATERAL subquery makes to a FROM item before it (an
  // outer reference): the column qualified as Spark qualifies it
  // (`spark_catalog.default.t.c`, `alias.c`), printed `outer(...)`; "" for
  // any other reference; unset: "".
  std::function<std::string(const ast::ColumnRef*)> outer_column;
  // In a SELECT with GROUP BY: a reference into a struct's fields as its
  // column and field path (`st.xs` for `t.st.xs`), which Spark writes whole
  // once the analyzer has matched it to the grouping; "" for a plain column;
  // unset: the last field alone.
  std::function<std::string(const ast::ColumnRef*)> grouped_field_path;
  // The collation of the string column a reference reads, as Spark prints it
  // (UTF8_BINARY for a plain STRING), "" when the column is not a string,
  // nullopt when its type is not known; unset: never known. String literals
  // that meet collated columns take their collation (Spark's collation
  // coercion) and are named `'x' collate UTF8_LCASE`.
  std::function<std::optional<std::string>(const ast::ColumnRef*)> column_collation;
  // The DEFAULT COLLATION of the view being created (as written; "" for none):
  // the collation of its string literals that meet no collated value.
  std::string_view default_collation;
};

std::string SparkExprName(const ast::Expr* e, const SparkNameContext& context = {});

// A Spark SQL type as its `sql` prints it: `long` is BIGINT, `decimal` is
// DECIMAL(10,0), `struct<a:int>` is STRUCT<a: INT>, `interval day to second`
// is INTERVAL DAY TO SECOND.
std::string SparkTypeSql(std::string_view type);

// The collation of a declared column type as Spark prints it: `string collate
// utf8_lcase` is UTF8_LCASE, `string` (and char / varchar) UTF8_BINARY; "" for
// a type that is not a string.
std::string SparkStringCollation(std::string_view type);

}  // namespace hivelineage::lineage
