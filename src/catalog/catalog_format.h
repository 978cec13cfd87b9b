// The forms a --catalog file may take (docs/catalog.md), told apart by name
// and content unless the user says which.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "base/diagnostic.h"
#include "lineage/catalog.h"

namespace hivelineage::catalog {

enum class CatalogFormat : uint8_t {
  Json,          // {"tables": [...]}
  Ddl,           // CREATE TABLE / VIEW statements, SHOW CREATE TABLE output: analysed as a script
  Describe,      // saved DESCRIBE FORMATTED output, beeline boxes or hive CLI tabs
  MetastoreTsv,  // database, table, column, type, position, partition key: one column a line
};

// "json", "ddl", "describe", "tsv"; nullopt for anything else.
std::optional<CatalogFormat> CatalogFormatByName(std::string_view name);

// By extension (.json, .tsv; .sql/.hql/.q are DDL), else by content: `{`
// starts JSON, DESCRIBE's section headers mark its output, tab-separated
// lines of six or seven fields with a numeric position are a metastore
// export, anything else is DDL.
CatalogFormat DetectCatalogFormat(std::string_view path, std::string_view text);

// Reads a catalog that is not DDL into `catalog` (unqualified names in
// `default_db`). Returns every problem, spans into `text`; nothing is added
// when there is one.
Diagnostics LoadCatalogText(CatalogFormat format, std::string_view text, std::string_view default_db,
                            lineage::Catalog& catalog);

}  // namespace hivelineage::catalog
