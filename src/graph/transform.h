// OpenLineage transformation subtypes, read from the printed expressions the
// lineage layer hands over (it keeps no AST past the statement).
//
// Projections: IDENTITY for a bare column, WINDOW when the expression has
// OVER (...), AGGREGATION when it calls an aggregate function, CONDITIONAL
// for CASE or IF(...), TRANSFORMATION otherwise; the first that applies wins.
// One subtype covers all the sources of a target column.
//
// Predicates: lineage::PredicateLineage does not say which clause a condition
// came from, so the clause is inferred from its shape: a list of items or a
// bare column is a GROUP BY (GROUP_BY); a condition over columns of two or
// more tables is a join condition (JOIN); anything else filters (FILTER,
// which also covers HAVING). The lineage layer records no ORDER BY / SORT BY
// or window PARTITION BY columns, so SORT never appears.
#pragma once

#include <string>
#include <string_view>
#include <vector>

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

// `sources` are db.table.column names; `tables` the tables they belong to.
Subtype PredicateSubtype(std::string_view expression, const std::vector<std::string>& source_tables);

}  // namespace hivelineage::graph
