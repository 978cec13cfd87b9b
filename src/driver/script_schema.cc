#include "driver/script_schema.h"

#include <algorithm>

#include "base/md5.h"
#include "base/strings.h"
#include "lineage/catalog_json.h"

namespace hivelineage::driver {

void ScriptSchema::ApplyTo(lineage::Catalog& catalog) const {
  for (const lineage::CatalogTable& t : declared)
    if (!std::binary_search(dropped.begin(), dropped.end(), t.name)) catalog.Put(t);
  for (const std::string& name : dropped) catalog.Remove(name);
}

std::string TableFingerprint(const lineage::CatalogTable& table) {
  // Open and learned entries, and inferred columns, resolve differently from
  // declared ones of the same names; other tables keep the digest of their
  // JSON alone.
  std::optional<std::string> fast = lineage::CatalogTableJsonText(table);
  std::string text = fast ? std::move(*fast) : lineage::CatalogTableToJson(table).dump();
  if (table.open) text += "|open";
  if (table.learned) text += "|learned";
  for (const lineage::CatalogColumn& c : table.columns)
    if (c.inferred) Append(text, "|inferred:", c.name);
  return output::Md5Hex(text);
}

void SchemaRecorder::Looked(const std::string& name, const lineage::CatalogTable* found) {
  // After the script's own change the entry is its own doing, not the start's.
  if (present_.contains(name) || reads_.contains(name)) return;
  reads_.emplace(name, found != nullptr ? TableFingerprint(*found) : std::string());
}

void SchemaRecorder::Changed(const std::string& name, const lineage::CatalogTable* now) {
  present_[name] = now != nullptr;
  if (now != nullptr) declared_.insert_or_assign(name, *now);
}

ScriptSchema SchemaRecorder::Take() {
  ScriptSchema s;
  s.reads.assign(reads_.begin(), reads_.end());
  std::sort(s.reads.begin(), s.reads.end());
  for (auto& [name, table] : declared_) s.declared.push_back(std::move(table));
  std::sort(s.declared.begin(), s.declared.end(),
            [](const lineage::CatalogTable& a, const lineage::CatalogTable& b) { return a.name < b.name; });
  for (const auto& [name, present] : present_)
    if (!present) s.dropped.push_back(name);
  std::sort(s.dropped.begin(), s.dropped.end());
  *this = SchemaRecorder();
  return s;
}

}  // namespace hivelineage::driver
