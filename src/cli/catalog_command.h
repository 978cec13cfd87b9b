// `hivelineage catalog`: the schema the scripts themselves give the
// warehouse (lineage/warehouse_schema.h), printed as catalog JSON with each
// table's and column's evidence, to review, correct and pass back with --catalog.
#pragma once

#include <cstdio>

namespace hivelineage::cli {

// argv[1] is "catalog". Returns the exit status: 0 fine, 2 usage error or unreadable input.
int CatalogCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err);

}  // namespace hivelineage::cli
