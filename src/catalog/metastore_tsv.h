// A tab-separated export of the Hive metastore, one column a line:
//   database  table  column  type  position  partition-key  [comment]
// (docs/catalog.md has the MySQL and PostgreSQL queries that produce it).
#pragma once

#include <string_view>

#include "base/diagnostic.h"
#include "lineage/catalog.h"

namespace hivelineage::catalog {

// True when the first line that is not blank or a `#` comment has six or
// seven tab-separated fields and is a header or has a numeric position.
bool LooksLikeMetastoreTsv(std::string_view text);

// Reads the export into `catalog`: each table's columns and partition keys
// in position order. A header line (first field `database` or `db_name`),
// blank lines and `#` lines are skipped. Returns every bad line's problem;
// nothing is added when there is one.
Diagnostics LoadMetastoreTsv(std::string_view text, std::string_view default_db, lineage::Catalog& catalog);

}  // namespace hivelineage::catalog
