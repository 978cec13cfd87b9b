#include "lineage/catalog.h"

#include <algorithm>
#include <utility>

#include "base/strings.h"
#include "nlohmann/json.hpp"

namespace hivelineage::lineage {

void Catalog::Put(CatalogTable table) {
  std::string key = table.name;
  if (base_ != nullptr) removed_.erase(key);
  tables_.insert_or_assign(std::move(key), std::move(table));
}

void Catalog::Remove(const std::string& name) {
  tables_.erase(name);
  if (base_ != nullptr && base_->Find(name) != nullptr) removed_.insert(name);
}

const CatalogTable* Catalog::Find(const std::string& name) const {
  auto it = tables_.find(name);
  if (it != tables_.end()) return &it->second;
  if (base_ == nullptr || removed_.contains(name)) return nullptr;
  return base_->Find(name);
}

size_t Catalog::size() const {
  if (base_ == nullptr) return tables_.size();
  size_t n = base_->size() - removed_.size();
  for (const auto& [name, table] : tables_) n += base_->Find(name) == nullptr;
  return n;
}

std::vector<const CatalogTable*> Catalog::Tables() const {
  std::vector<const CatalogTable*> out;
  out.reserve(size());
  for (const auto& [name, table] : tables_) out.push_back(&table);
  if (base_ != nullptr)
    for (const CatalogTable* t : base_->Tables())
      if (!tables_.contains(t->name) && !removed_.contains(t->name)) out.push_back(t);
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

namespace {

// {"evidence": {"kind": "inferred", ...}}, as `hivelineage catalog` prints a
// table or column known only from the scripts' use of it.
bool IsInferred(const nlohmann::json& item) {
  auto e = item.find("evidence");
  if (e == item.end() || !e->is_object()) return false;
  auto kind = e->find("kind");
  return kind != e->end() && kind->is_string() && kind->get<std::string>() == "inferred";
}

// Reads [{"name": ..., "type": ...}, ...]; entries without a name are skipped.
std::vector<CatalogColumn> ReadColumns(const nlohmann::json& list) {
  std::vector<CatalogColumn> out;
  if (!list.is_array()) return out;
  for (const auto& c : list) {
    if (!c.is_object()) continue;
    auto name = c.find("name");
    if (name == c.end() || !name->is_string()) continue;
    CatalogColumn col;
    col.name = ToLower(name->get<std::string>());
    auto type = c.find("type");
    if (type != c.end() && type->is_string()) col.type = ToLower(type->get<std::string>());
    col.inferred = IsInferred(c);
    out.push_back(std::move(col));
  }
  return out;
}

}  // namespace

std::string Catalog::LoadJson(std::string_view json_text, std::string_view default_db) {
  nlohmann::json doc = nlohmann::json::parse(json_text.begin(), json_text.end(), nullptr,
                                             /*allow_exceptions=*/false);
  if (doc.is_discarded()) return "catalog is not valid JSON";
  if (!doc.is_object()) return "catalog JSON must be an object with a \"tables\" list";
  auto tables = doc.find("tables");
  if (tables == doc.end() || !tables->is_array()) return "catalog JSON must be an object with a \"tables\" list";
  size_t index = 0;
  for (const auto& t : *tables) {
    ++index;
    if (!t.is_object()) return Cat("catalog table #", index, " is not an object");
    auto name = t.find("name");
    if (name == t.end() || !name->is_string() || name->get<std::string>().empty())
      return Cat("catalog table #", index, " has no name");
    CatalogTable table;
    table.name = CatalogTableKey(name->get<std::string>(), default_db);
    if (auto c = t.find("columns"); c != t.end()) table.columns = ReadColumns(*c);
    if (auto c = t.find("partition_columns"); c != t.end()) table.partition_columns = ReadColumns(*c);
    if (auto v = t.find("is_view"); v != t.end() && v->is_boolean()) table.is_view = v->get<bool>();
    if (auto v = t.find("view_text"); v != t.end() && v->is_string()) table.view_text = v->get<std::string>();
    table.open = IsInferred(t);
    Put(std::move(table));
  }
  return {};
}

}  // namespace hivelineage::lineage
