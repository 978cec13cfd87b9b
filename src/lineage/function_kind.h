// What a built-in function does to its arguments' values, as far as
// ColumnLineage::derivation and masking care: Hive's aggregate functions, IF,
// and the masking and hashing functions. By the call's name alone; a
// qualified name (`db.f`, `x.count`) is a user function and none of these.
#pragma once

#include "ast/ast.h"

namespace hivelineage::lineage {

struct FunctionTraits {
  bool aggregate = false;    // sum, count, collect_set, percentile, ...
  bool conditional = false;  // if(c, a, b)
  bool masking = false;      // mask*, md5, sha*, hash
};

FunctionTraits ClassifyFunction(const ast::FunctionCall& f);

}  // namespace hivelineage::lineage
