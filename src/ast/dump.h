// A deterministic S-expression dump of an AST, for comparing trees.
//
// Every field is written except spans and Ident::quoted (both are about how
// the text was written, not what it means): `(BinaryExpr op=AND lhs=... rhs=...)`,
// `(Literal type=Null text="NULL")`: enum values by name, lists as `[...]`,
// absent children as `nil`, strings in double quotes.
// Left spines (binary chains, set operations, joins, lateral views) are
// walked iteratively, so very long chains do not exhaust the stack.
#pragma once

#include <string>

#include "ast/ast.h"

namespace hivelineage::ast {

std::string Dump(const Statement* s);
std::string DumpExpr(const Expr* e);
std::string DumpQuery(const Query* q);

}  // namespace hivelineage::ast
