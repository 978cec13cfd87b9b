// The derived tables (FROM subqueries) a query reads, for bottom-up analysis.
//
// A derived table cannot see the enclosing query, so its output can be
// computed before the query that reads it. Analysing a chain of thousands of
// CTEs (each inlined as a derived table reading the previous one) in that
// order keeps the resolver's recursion depth independent of the chain length.
#pragma once

#include <vector>

#include "ast/ast.h"

namespace hivelineage::lineage {

// Appends to `out` the queries of the SubqueryRefs directly inside `q`: in its
// FROM clauses, set-operation branches, parenthesised queries and expression
// subqueries, but not inside those derived tables themselves. Leftmost FROM
// items come first. Iterative: no recursion on nesting depth.
void DirectDerivedTables(const ast::Query* q, std::vector<const ast::Query*>& out);

}  // namespace hivelineage::lineage
