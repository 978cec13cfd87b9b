#include "lineage/catalog.h"

#include <algorithm>
#include <utility>

#include "base/strings.h"

namespace hivelineage::lineage {

void Catalog::Put(CatalogTable table) {
  std::string key = table.name;
  if (base_ != nullptr || loader_ != nullptr) removed_.erase(key);
  auto it = tables_.insert_or_assign(key, std::move(table)).first;
  if (observer_.ptr != nullptr) observer_.ptr->Changed(key, &it->second);
}

void Catalog::Remove(const std::string& name) {
  tables_.erase(name);
  if ((base_ != nullptr && base_->Find(name) != nullptr) || (loader_ != nullptr && loader_->Find(name) != nullptr))
    removed_.insert(name);
  if (observer_.ptr != nullptr) observer_.ptr->Changed(name, nullptr);
}

const CatalogTable* Catalog::Find(const std::string& name) const {
  const CatalogTable* found = nullptr;
  if (auto it = tables_.find(name); it != tables_.end()) {
    found = &it->second;
  } else if ((loader_ != nullptr || base_ != nullptr) && !removed_.contains(name)) {
    if (loader_ != nullptr) found = loader_->Find(name);
    if (found == nullptr && base_ != nullptr) found = base_->Find(name);
  }
  if (observer_.ptr != nullptr) observer_.ptr->Looked(name, found);
  return found;
}

size_t Catalog::size() const {
  if (loader_ != nullptr) return Tables().size();
  if (base_ == nullptr) return tables_.size();
  size_t n = base_->size() - removed_.size();
  for (const auto& [name, table] : tables_) n += base_->Find(name) == nullptr;
  return n;
}

std::vector<const CatalogTable*> Catalog::Tables() const {
  std::vector<const CatalogTable*> out;
  absl::flat_hash_set<std::string_view> seen;
  for (const auto& [name, table] : tables_) {
    out.push_back(&table);
    seen.insert(name);
  }
  auto add = [&](const std::vector<const CatalogTable*>& tables) {
    for (const CatalogTable* t : tables)
      if (!removed_.contains(t->name) && seen.insert(t->name).second) out.push_back(t);
  };
  if (loader_ != nullptr) add(loader_->All());
  if (base_ != nullptr) add(base_->Tables());
  std::sort(out.begin(), out.end(), [](const CatalogTable* a, const CatalogTable* b) { return a->name < b->name; });
  return out;
}

const CatalogColumn* CatalogTable::FindColumn(std::string_view column) const {
  for (const CatalogColumn& c : columns)
    if (c.name == column) return &c;
  for (const CatalogColumn& c : partition_columns)
    if (c.name == column) return &c;
  return nullptr;
}

std::string CatalogTableKey(std::string_view name, std::string_view default_db) {
  std::string key = ToLower(name);
  if (key.find('.') == std::string::npos) key = Cat(ToLower(default_db), ".", key);
  return key;
}

}  // namespace hivelineage::lineage
