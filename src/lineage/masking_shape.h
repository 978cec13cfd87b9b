// Masking written out by hand rather than with a masking function: the shapes
// a value keeps only part of itself in (docs/checks.md, "Masking shapes").
//
//  - shape:substr_mask: concat / concat_ws / `||` of pieces of a value
//    (substr or substring with constant positions), string constants and at
//    least one run of `*`, where the pieces leave part of the value out:
//    concat(substr(x, 1, 3), '****', substr(x, 8)). Pieces that put the whole
//    value back together (concat(substr(x, 1, 3), substr(x, 4))), or any
//    other operand (the raw x), are no shape.
//  - shape:regexp_mask: regexp_replace(x, PATTERN, REPLACEMENT) whose
//    replacement writes a run of `*`: regexp_replace(x, '(\d{3})\d{4}', '$1****').
//
// The lineage layer names the masking a source passes through
// (lineage::MaskedSource); what a shape does to a tag is the checks' to say.
#pragma once

#include <string_view>

#include "absl/container/inlined_vector.h"
#include "ast/ast.h"

namespace hivelineage::lineage {

struct MaskingShape {
  std::string_view name;  // "shape:substr_mask", ...; empty: `e` is no masking shape
  // The operands whose values arrive masked (the substr calls, the
  // regexp_replace subject), possibly below nested `||`.
  absl::InlinedVector<const ast::Expr*, 4> masked;
};

MaskingShape RecognizeMaskingShape(const ast::Expr& e);

}  // namespace hivelineage::lineage
