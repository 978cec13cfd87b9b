// The partitions a statement reads, as far as its conditions say: WHERE and
// JOIN ON conjuncts `col = 'v'`, `col IN ('a', 'b')` and `col BETWEEN 'a' AND
// 'b'` on a partition column of a table in the same FROM clause. A column is a
// partition column when the catalog says so, or, for a table the catalog does
// not know (or knows without partitions), when its name is one of
// `default_names` (`dt` by default: most warehouses call it that).
//
// Read from the rewritten AST (an AstObserver), resolving names the simple
// way: `alias.col` to its table, a bare `col` to the one table of the FROM
// clause that has it. A condition it cannot tie to one table counts for none.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ast/ast.h"
#include "lineage/catalog.h"

namespace hivelineage::usage {

struct PartitionRead {
  std::string table;   // db.table
  std::string filter;  // "dt=2024-03-01", or "dt=[2024-02-01, 2024-03-01]" for a range
};

// Sorted and unique.
std::vector<PartitionRead> PartitionFilters(ast::Statement& statement, std::string_view database,
                                            const lineage::Catalog& catalog,
                                            const std::vector<std::string>& default_names);

}  // namespace hivelineage::usage
