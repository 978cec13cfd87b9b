// Spark SQL's parse-time checks: what Spark's parser (its AstBuilder) rejects
// although its grammar reads it — literal values out of their format or
// range, interval unit mixes, a quoted unit in DATEADD, an empty IN list,
// duplicate CTE or window names, ... (docs/dialects.md, "What Spark rejects").
//
// Run on a parsed statement under --dialect spark only; HiveQL accepts all of
// these. The first problem found becomes one located error (code
// spark-rejects) and the statement is not read, as Spark would not run it.
#pragma once

#include <string_view>

#include "ast/ast.h"
#include "base/diagnostic.h"

namespace hivelineage::parser {

// True when Spark's parser accepts `stmt` as far as these checks go; false
// after adding an Error diagnostic (spans relative to `text`).
bool CheckSparkStatement(const ast::Statement& stmt, std::string_view text, Diagnostics& diags);

}  // namespace hivelineage::parser
