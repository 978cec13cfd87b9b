// The learned schema an update analyses against when it merged only part of
// it (update.cc): the part's tables as merged now, every other one as the
// store's entry (learned_tables.entry) holds it, read when a script first
// looks it up. A warehouse's learned schema has a table for most tables it
// names; reading all of them cost more than analysing the few scripts an
// update analyses.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "lineage/catalog.h"
#include "lineage/warehouse_schema.h"
#include "store/sqlite.h"

namespace hivelineage::store {

class StoredLearnedTables : public lineage::TableLoader {
 public:
  // `part`: the tables merged again (learned or no longer), `merged`: what
  // the merge learned of them. The other tables are read through a
  // connection of its own to `db_path`: the update's connection writes
  // meanwhile (from another thread), and it changes none of them.
  StoredLearnedTables(const std::string& db_path, const lineage::WarehouseSchema& merged,
                      absl::flat_hash_set<std::string> part);
  ~StoredLearnedTables() override;

  const lineage::CatalogTable* Find(const std::string& name) const override;
  std::vector<const lineage::CatalogTable*> All() const override;

  // The first stored entry that did not read back (that table was taken as
  // unknown), empty when none: the update fails with it.
  std::string error() const;

 private:
  const lineage::CatalogTable* Read(const std::string& name) const;  // with mutex_ held

  absl::flat_hash_map<std::string, lineage::CatalogTable> merged_;
  absl::flat_hash_set<std::string> part_;
  mutable std::mutex mutex_;
  std::unique_ptr<Database> db_;
  mutable std::unique_ptr<Statement> find_;
  // Tables read so far; null: the store has no such learned table.
  mutable absl::flat_hash_map<std::string, std::unique_ptr<lineage::CatalogTable>> read_;
  mutable std::string error_;
};

}  // namespace hivelineage::store
