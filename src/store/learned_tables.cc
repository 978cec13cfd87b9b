#include "store/learned_tables.h"

#include <algorithm>

#include "base/strings.h"
#include "store/facts_codec.h"

namespace hivelineage::store {

StoredLearnedTables::StoredLearnedTables(const std::string& db_path, const lineage::WarehouseSchema& merged,
                                         absl::flat_hash_set<std::string> part)
    : part_(std::move(part)), db_(std::make_unique<Database>(db_path, false)) {
  for (const lineage::LearnedTable& t : merged.tables) {
    lineage::CatalogTable table = t.table;
    table.learned = true;  // as lineage::LearnedCatalog puts it
    merged_.emplace(table.name, std::move(table));
  }
  find_ = std::make_unique<Statement>(db_->Prepare("SELECT entry FROM learned_tables WHERE name = ?"));
}

StoredLearnedTables::~StoredLearnedTables() = default;

const lineage::CatalogTable* StoredLearnedTables::Read(const std::string& name) const {
  auto [it, inserted] = read_.try_emplace(name);
  if (!inserted) return it->second.get();
  find_->Bind(1, name);
  if (find_->Step()) {
    auto table = std::make_unique<lineage::CatalogTable>();
    if (!find_->IsNull(0) && DecodeLearnedEntry(find_->Text(0), name, *table))
      it->second = std::move(table);
    else if (error_.empty())
      error_ = Cat("the store's learned table '", name, "' does not read back");
  }
  find_->Reset();
  return it->second.get();
}

const lineage::CatalogTable* StoredLearnedTables::Find(const std::string& name) const {
  if (part_.contains(name)) {
    auto it = merged_.find(name);
    return it == merged_.end() ? nullptr : &it->second;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  return Read(name);
}

std::vector<const lineage::CatalogTable*> StoredLearnedTables::All() const {
  std::vector<const lineage::CatalogTable*> out;
  for (const auto& [name, table] : merged_) out.push_back(&table);
  std::lock_guard<std::mutex> lock(mutex_);
  Statement names = db_->Prepare("SELECT name FROM learned_tables");
  while (names.Step()) {
    const std::string name(names.Text(0));
    if (part_.contains(name)) continue;
    if (const lineage::CatalogTable* t = Read(name)) out.push_back(t);
  }
  std::sort(out.begin(), out.end(), [](const lineage::CatalogTable* a, const lineage::CatalogTable* b) {
    return a->name < b->name;
  });
  return out;
}

std::string StoredLearnedTables::error() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return error_;
}

}  // namespace hivelineage::store
