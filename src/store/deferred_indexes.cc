#include "store/deferred_indexes.h"

#include "base/strings.h"

namespace hivelineage::store {

DeferredIndexes::DeferredIndexes(Database& db) : db_(db) {
  std::vector<std::string> names;
  {
    // Constraint indexes have no SQL of their own (sql IS NULL).
    Statement s = db_.Prepare(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY rowid");
    while (s.Step()) {
      names.emplace_back(s.Text(0));
      sql_.emplace_back(s.Text(1));
    }
  }
  std::string drop;
  for (const std::string& name : names) Append(drop, "DROP INDEX \"", name, "\";");
  if (!drop.empty()) db_.Exec(drop);
}

void DeferredIndexes::Rebuild() {
  for (const std::string& sql : sql_) db_.Exec(sql);
  sql_.clear();
}

}  // namespace hivelineage::store
