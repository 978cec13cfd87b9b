// The names Hive gives a query's output columns: the resolver's, and the
// gather walk's (schema_facts.h), which reads a CTAS's or a view's columns
// without resolving anything, so the two can never disagree.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ast/ast.h"
#include "lineage/spark_names.h"

namespace hivelineage::lineage {

// Table-generating functions usable in a select list or LATERAL VIEW (lower-case name).
bool IsUdtf(std::string_view name);

// A select item that calls a UDTF (`explode(m) AS (k, v)`, `stack(2, a, b)`), or null.
const ast::FunctionCall* AsUdtf(const ast::SelectItem& item);

// A UDTF's output names: `aliases` when written, else the ones Hive gives
// (Spark's where `spark_names`: posexplode's `pos, col`, inline's fields).
std::vector<std::string> UdtfOutputNames(const ast::FunctionCall* f, std::span<const ast::Ident> aliases,
                                         bool spark_names = false);

// The output name of a select item that is neither a star nor a UDTF, at
// `position` in its select list: its alias, else the column or field it
// names (`CAST(col AS t)` is named after the column too), else
// `<autogen_label><position>` (`_c<position>`; see AutogenLabel).
// With `spark_names`, an expression is named as Spark names it (spark_names.h)
// and a CAST after its text; `windows` is the SELECT's WINDOW clause, which
// Spark spells out in a window function's name.
std::string SelectItemName(const ast::SelectItem& item, size_t position, std::string_view autogen_label = "_c",
                           bool spark_names = false, const SparkNameContext& context = {});

}  // namespace hivelineage::lineage
