// Small things the resolver's files share: resolver.cc (the class's
// plumbing), resolver_query.cc (queries, SELECT lists), resolver_from.cc
// (FROM), resolver_expr.cc (expressions) and name_lookup.cc (column names
// through scope.h's scopes). Internal to src/lineage.
#pragma once

#include <string>
#include <string_view>
#include <utility>

#include "ast/ast.h"
#include "base/strings.h"
#include "lineage/scope.h"

namespace hivelineage::lineage::resolver_internal {


// Nesting beyond this is reported instead of recursed into (the parser bounds
// nesting too; this keeps the resolver safe on hand-built trees).
inline constexpr int kMaxDepth = kMaxQueryNesting;
// Past this depth, derived tables are analysed bottom-up (deepest first), so
// chains of CTEs or FROM subqueries do not deepen the recursion. Shallower
// queries keep the natural order, in which predicates are recorded.
inline constexpr int kBottomUpDepth = 32;

inline std::string Lower(const ast::Ident& id) { return ToLower(id.name); }


// A column that copies `src` under `name`: star expansion, renaming, a set
// operation's first branch. Its expression prints as src's.
inline Column Copy(const Column& src, std::string name) {
  Column c;
  c.name = std::move(name);
  c.sources = src.sources;
  c.type = src.type;
  c.derivation = src.derivation;
  c.masking = src.masking;
  c.forward = &src;
  return c;
}

}  // namespace hivelineage::lineage::resolver_internal
