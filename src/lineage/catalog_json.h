// A catalog table as JSON with every field kept (view lineage included):
// the contract's catalog format ({"name", "columns": [{"name", "type"}],
// "partition_columns", "is_view", "view_text"}) extended, so Catalog::LoadJson
// still reads what it knows of it. The store (src/store/) keeps the tables
// scripts declare this way, and fingerprints the ones they read.
#pragma once

#include <optional>
#include <string>

#include "lineage/catalog.h"
#include "nlohmann/json.hpp"

namespace hivelineage::lineage {

// Fields at their default values are left out, so equal tables give equal text.
nlohmann::ordered_json CatalogTableToJson(const CatalogTable& table);

// CatalogTableToJson(table).dump() written straight into a string, the same
// bytes, without building the tree (the store writes and fingerprints a table
// per declaration and per lookup); nullopt when a text of the table is not
// valid UTF-8 (the tree's dump then says what to do with it).
std::optional<std::string> CatalogTableJsonText(const CatalogTable& table);

// Reads what CatalogTableToJson wrote; false when `json` is not such a table.
bool CatalogTableFromJson(const nlohmann::json& json, CatalogTable& table);

}  // namespace hivelineage::lineage
