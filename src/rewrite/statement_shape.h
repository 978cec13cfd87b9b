// What in a statement the rewrite passes act on, found in one walk.
//
// Each pass walks the whole statement, and most statements give most passes
// nothing to do (no WITH, no set operation, no ORDER BY, no subquery in an
// expression): the pipeline asks the shape first and runs a pass only when
// its part of the shape is there. Each flag is a superset of what its passes
// change, so skipping a pass never changes the rewritten tree.
#pragma once

#include "ast/ast.h"

namespace hivelineage::rewrite {

struct StatementShape {
  bool ctes = false;             // a WITH on a query or statement: recursive_ctes, inline_ctes
  bool sort_or_limit = false;    // ORDER BY, SORT BY, CLUSTER BY, DISTRIBUTE BY, LIMIT or OFFSET: prune_order_limit
  bool set_operations = false;   // a query whose body is a set operation or parenthesised: collapse_set_operations
  bool expr_subqueries = false;  // a query inside an expression (EXISTS, IN, scalar): prune_where_subqueries
};

// The shape of `stmt` as the parser (or an earlier pass) left it; statements
// nested in it (EXPLAIN's, a scheduled query's body) included.
StatementShape ShapeOf(ast::Statement& stmt);

}  // namespace hivelineage::rewrite
