// Saved output of Hive's `DESCRIBE FORMATTED db.table` (docs/catalog.md): as
// beeline prints it (`| col_name | data_type | comment |` boxes) or as the
// hive CLI does (tab-separated), one or several tables in one file.
#pragma once

#include <string_view>

#include "base/diagnostic.h"
#include "lineage/catalog.h"

namespace hivelineage::catalog {

// True when `text` holds DESCRIBE FORMATTED output (its `# col_name` or
// `# Detailed Table Information` lines).
bool LooksLikeDescribeFormatted(std::string_view text);

// Reads every table described in `text` (columns, partition keys, whether it
// is a view) into `catalog`. A table is named by the `DESCRIBE FORMATTED NAME`
// command line above it, or by its `Database:` / `Table:` lines. Returns every
// problem found; nothing is added when there is one.
Diagnostics LoadDescribeFormatted(std::string_view text, std::string_view default_db, lineage::Catalog& catalog);

}  // namespace hivelineage::catalog
