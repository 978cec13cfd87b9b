// Spark's named arguments (`mask(s, lowerChar => 'q')`): its analyzer binds
// each to its parameter of the function's signature, so a call is the same
// as its arguments written in signature order. The parser keeps that order
// (the names are not kept), filling a skipped parameter with its default.
#pragma once

#include <span>
#include <string_view>

#include "ast/ast.h"
#include "base/arena.h"

namespace hivelineage::parser {

// Rearranges `args` (written with `names`, "" where positional) into the
// signature order of `function` when it is one whose signature is known and
// the names bind cleanly (known, each once, positional ones first, no
// required parameter skipped); otherwise returns `args` as written.
ast::List<ast::Expr*> ArrangeNamedArguments(std::string_view function, ast::List<ast::Expr*> args,
                                            std::span<const std::string_view> names, Arena& arena);

}  // namespace hivelineage::parser
