// OpenLineage transformation subtypes, read from the printed expressions the
// lineage layer hands over (it keeps no AST past the statement).
//
// Projections: IDENTITY for a bare column, WINDOW when the expression has
// OVER (...), AGGREGATION when it calls an aggregate function, CONDITIONAL
// for CASE or IF(...), TRANSFORMATION otherwise; the first that applies wins.
// One subtype covers all the sources of a target column.
//
// Predicates: the subtype follows the clause the lineage layer recorded
// (lineage::Clause): JOIN for JOIN ON (and MERGE ON), GROUP_BY for GROUP BY,
// WINDOW for a table function's PARTITION BY, FILTER for WHERE, HAVING,
// QUALIFY and MERGE's WHEN ... AND conditions. The lineage layer records no
// ORDER BY / SORT BY columns, so SORT never appears.
#pragma once

#include <string>
#include <string_view>
#include <vector>

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

struct ExpressionShape {
  bool bare_column = false;     // a (possibly qualified) column name and nothing else
  bool has_window = false;      // OVER (...)
  bool has_aggregate = false;   // a call of a built-in aggregate function
  bool has_conditional = false; // CASE ... END or IF(...)
  bool top_level_list = false;  // a comma outside any parentheses
  bool masking = false;         // mask(), mask_hash(), md5(), sha1(), sha2(), hash(), ...
};

ExpressionShape ReadShape(std::string_view expression);

Subtype ProjectionSubtype(std::string_view expression);

Subtype PredicateSubtype(lineage::Clause clause);

}  // namespace hivelineage::graph
