// A script's schema facts (lineage::ScriptFacts) as the store keeps them:
// tab-separated text, one row per script (script_facts), read back at every
// update to merge the warehouse's learned schema without reading the
// unchanged scripts again.
#pragma once

#include <string>
#include <string_view>

#include "lineage/schema_facts.h"

namespace hivelineage::store {

// The facts without their file name (the script's row holds it).
std::string EncodeFacts(const lineage::ScriptFacts& facts);

// What EncodeFacts wrote, named `file`; false when `text` is not such facts.
bool DecodeFacts(std::string_view text, std::string file, lineage::ScriptFacts& facts);

}  // namespace hivelineage::store
