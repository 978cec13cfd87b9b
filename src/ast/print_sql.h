// Canonical HiveQL text for AST nodes.
//
// Keywords are upper case, identifiers are backquoted only when needed
// (reserved word, characters outside [a-z0-9_], leading digit or underscore),
// function names are printed as written (normalized lower case). Binary
// expressions are parenthesized, `(a + b)`, except that a left-associative
// chain of one precedence level shares one pair: `(a AND b AND c)`. Other
// parentheses follow precedence. Printing then parsing gives the same AST
// (compare with ast::Dump). Left spines (binary chains, set operations,
// joins, lateral views) are printed iteratively, so long chains are safe.
#pragma once

#include <string>
#include <string_view>

#include "ast/ast.h"

namespace hivelineage::ast {

// True when `name` must be written in backquotes.
bool IdentNeedsQuotes(std::string_view name);
// Appends `name`, backquoted (with `` doubling) when needed.
void AppendIdent(std::string& out, std::string_view name);
// Appends a single-quoted string literal whose unescaped value is `value`.
void AppendQuotedString(std::string& out, std::string_view value);

std::string PrintExpr(const Expr* e);
std::string PrintQuery(const Query* q);
std::string PrintTableRef(const TableRef* t);
std::string PrintStatement(const Statement* s);

}  // namespace hivelineage::ast
