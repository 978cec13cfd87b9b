// A canonical text of an expression as the lineage reports it, so two
// statements that compute the same thing written differently compare equal:
// case and whitespace do not matter, column qualifiers (table aliases) are
// dropped, redundant parentheses go, and the operands of commutative
// operators (+, *, AND, OR, =, <>, !=) are sorted. Function arguments keep
// their order; CASE ... END and BETWEEN ... AND ... stay whole.
#pragma once

#include <string>
#include <string_view>

namespace hivelineage::checks {

std::string ExpressionKey(std::string_view expression);

}  // namespace hivelineage::checks
