// A script's schema facts (lineage::ScriptFacts) as the store keeps them:
// tab-separated text, one row per script (script_facts), read back at every
// update to merge the warehouse's learned schema without reading the
// unchanged scripts again.
#pragma once

#include <string>
#include <string_view>

#include "lineage/catalog.h"
#include "lineage/schema_facts.h"

namespace hivelineage::store {

// The facts without their file name (the script's row holds it).
std::string EncodeFacts(const lineage::ScriptFacts& facts);

// What EncodeFacts wrote, named `file`; false when `text` is not such facts.
bool DecodeFacts(std::string_view text, std::string file, lineage::ScriptFacts& facts);

// A learned table as the analysis looks it up (lineage::LearnedCatalog puts
// it so: `learned` set), without its name (the row holds it) and without the
// evidence (no lineage depends on it): learned_tables.entry, read back by an
// update that merges only part of the learned schema.
//   E open is_view temporary view_lineage_known view_text
//   C name type inferred view_expression view_derivation view_masking view_source...
//   P ... the same, a partition column
std::string EncodeLearnedEntry(const lineage::CatalogTable& table);
bool DecodeLearnedEntry(std::string_view text, std::string name, lineage::CatalogTable& table);

}  // namespace hivelineage::store
