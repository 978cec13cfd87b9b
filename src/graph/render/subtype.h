// OpenLineage transformation subtypes, from what the lineage layer recorded
// on the AST (this layer never reads SQL text).
//
// Projections (DIRECT): the column's lineage::Derivation, found from its
// expression and from every derived table, CTE and view it reads through:
// IDENTITY for a column copied unchanged, WINDOW when a function has
// OVER (...), AGGREGATION when it calls an aggregate function, CONDITIONAL
// for CASE or IF(...), TRANSFORMATION otherwise (TRANSFORM scripts and UDTF
// outputs included); the first that applies wins. One subtype covers all the
// sources of a target column.
//
// Predicates (INDIRECT): the subtype follows the clause the lineage layer
// recorded (lineage::Clause): JOIN for JOIN ON (and MERGE ON), GROUP_BY for
// GROUP BY, WINDOW for a table function's PARTITION BY, SORT for a query's
// ORDER BY / SORT BY / DISTRIBUTE BY / CLUSTER BY, FILTER for WHERE, HAVING,
// QUALIFY and MERGE's WHEN ... AND conditions.
#pragma once

#include "lineage/lineage.h"

namespace hivelineage::graph {

enum class Subtype : uint8_t {
  Identity,
  Transformation,
  Aggregation,
  Filter,
  Join,
  GroupBy,
  Sort,
  Window,
  Conditional,
};

const char* SubtypeName(Subtype s);  // "IDENTITY", ..., as OpenLineage spells them
bool IsDirect(Subtype s);            // a projection subtype (DIRECT), else INDIRECT

Subtype ProjectionSubtype(lineage::Derivation derivation);

Subtype PredicateSubtype(lineage::Clause clause);

}  // namespace hivelineage::graph
