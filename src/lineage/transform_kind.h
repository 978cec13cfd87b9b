// lineage::Transform: how a column's value is made from its sources.
#pragma once

#include <cstdint>

namespace hivelineage::lineage {

// How a column's value is made from its sources (OpenLineage's DIRECT
// subtypes), read from the AST: from the expression itself and from the
// columns it reads, so a derived table's, CTE's or view's `sum(x)` copied out
// by the outer query is still an Aggregation. Ordered by precedence: where
// two meet (an expression over several columns, UNION branches, INSERT bodies
// writing one column) the larger wins.
enum class Transform : uint8_t {
  Identity,        // a column copied unchanged: `u.name`
  Transformation,  // any other expression, a constant, a struct field, TRANSFORM / UDTF outputs
  Conditional,     // CASE ... END or IF(...)
  Aggregation,     // calls a built-in aggregate function: sum(x), count(DISTINCT x)
  Window,          // a function with OVER (...)
};

const char* TransformName(Transform t);  // "identity", "transformation", "conditional", "aggregation", "window"

}  // namespace hivelineage::lineage
