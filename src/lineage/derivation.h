// lineage::Derivation: how a column's value is made from its sources.
#pragma once

#include <cstdint>
#include <string_view>

namespace hivelineage::lineage {

// How a column's value is made from its sources (OpenLineage's DIRECT
// transformation subtypes; graph/subtype.h maps them), read from the AST:
// from the expression itself and from the columns it reads, so a derived
// table's, CTE's or view's `sum(x)` copied out by the outer query is still an
// Aggregation. Ordered by precedence: where two meet (an expression over
// several columns, UNION branches, INSERT bodies writing one column) the
// larger wins. Not to be confused with the TRANSFORM clause
// (ast::ScriptTransform), whose outputs are one Transformation among others.
enum class Derivation : uint8_t {
  Identity,        // a column copied unchanged: `u.name`
  Transformation,  // any other expression, a constant, a struct field, TRANSFORM / UDTF outputs
  Conditional,     // CASE ... END or IF(...)
  Aggregation,     // calls a built-in aggregate function: sum(x), count(DISTINCT x)
  Window,          // a function with OVER (...)
};

// "identity", "transformation", "conditional", "aggregation", "window" (the
// library's ColumnLineage::transform)
const char* DerivationName(Derivation d);
// The Derivation that DerivationName gives `name`; false when none does.
bool ParseDerivation(std::string_view name, Derivation& out);

}  // namespace hivelineage::lineage
