// A full update loads every row into empty tables: keeping each secondary
// index sorted row by row costs far more than building it once from the
// loaded rows (SQLite sorts them). DeferredIndexes drops the indexes a load
// does not look anything up by, and builds them again, with the same SQL,
// before the update commits; all inside the update's transaction, so a
// failed update leaves the store with its indexes as it was.
#pragma once

#include <string>
#include <vector>

#include "store/sqlite.h"

namespace hivelineage::store {

class DeferredIndexes {
 public:
  // Drops the indexes created by CREATE INDEX (not those of PRIMARY KEY and
  // UNIQUE constraints, which an update looks names up by).
  explicit DeferredIndexes(Database& db);
  // Builds them again, in the order they were made.
  void Rebuild();

 private:
  Database& db_;
  std::vector<std::string> sql_;
};

}  // namespace hivelineage::store
