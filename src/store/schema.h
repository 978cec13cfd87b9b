// The store's layout (docs/store.md documents every table) and its version,
// kept in PRAGMA user_version. Opening a store made by an older hivelineage
// migrates it in place, step by step; a store from a newer one, or a file
// that is not a store, is refused with a message that says why.
#pragma once

#include <memory>
#include <string>

#include "store/sqlite.h"

namespace hivelineage::store {

// Version 1: the first layout. Version 2: the v_* views for the sqlite3 shell
// and the index of declared columns by name. Version 3: each script's schema
// facts and the learned warehouse schema (script_facts, learned_tables,
// learned_columns). Version 4: the partial index of the scripts with errors.
// Version 5: possible sources and inferred edges (a store migrated from an
// older version has them for the scripts analysed since). Version 6: each
// source's masking on its way (value_edges.masking). Version 7: the tables
// each script's facts name (fact_tables) and each learned table's entry as
// the analysis reads it (learned_tables.entry), so that an update merges the
// learned schema in part; value_edges_source covers lineage_id and masking.
inline constexpr int kSchemaVersion = 7;

enum class OpenMode : uint8_t {
  Read,    // an existing store, for queries
  Update,  // an existing store, or a new one created empty
};

// Opens the store at `path`, creating or migrating it as `mode` allows.
// Throws StoreError with a message naming the file.
std::unique_ptr<Database> OpenStore(const std::string& path, OpenMode mode);

// The statements that create the layout of `version` from nothing (for
// tests that build an older store by hand).
const char* SchemaSql(int version);

}  // namespace hivelineage::store
