// The names Spark SQL gives unaliased select items that are not a column:
// the expression's text as Spark's analyzer prints it (`count(b)`,
// `(a + 1)`, `1.0` for `1F`, `CAST(a AS INT)`), where Hive says `_c<n>`.
#pragma once

#include <string>

#include "ast/ast.h"

namespace hivelineage::lineage {

std::string SparkExprName(const ast::Expr* e);

}  // namespace hivelineage::lineage
