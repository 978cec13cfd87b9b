// Catalog JSON (docs/catalog.md): checked key by key, so that a typo or a
// value of the wrong type is an error at its line and column, never a table
// silently treated as unknown.
#pragma once

#include <string_view>

#include "base/diagnostic.h"
#include "lineage/catalog.h"

namespace hivelineage::catalog {

// Reads a catalog JSON document into `catalog`; a table name without a
// database is in `default_db`. Returns every problem found (spans into
// `text`); the tables are added only when there is none.
Diagnostics LoadCatalogJson(std::string_view text, std::string_view default_db, lineage::Catalog& catalog);

}  // namespace hivelineage::catalog
