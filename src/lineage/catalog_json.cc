#include "lineage/catalog_json.h"

#include "base/json_out.h"
#include "base/utf8.h"

namespace hivelineage::lineage {
namespace {

using Json = nlohmann::ordered_json;

Json ColumnsToJson(const std::vector<CatalogColumn>& columns) {
  Json out = Json::array();
  for (const CatalogColumn& c : columns) {
    Json j;
    j["name"] = c.name;
    if (!c.type.empty()) j["type"] = c.type;
    if (!c.view_sources.empty()) j["view_sources"] = c.view_sources;
    if (c.view_expression) j["view_expression"] = true;
    if (c.view_derivation != Derivation::Identity) j["view_derivation"] = DerivationName(c.view_derivation);
    if (c.view_masking) j["view_masking"] = true;
    out.push_back(std::move(j));
  }
  return out;
}

template <typename T>
T Get(const nlohmann::json& j, const char* key, T fallback) {
  auto it = j.find(key);
  return it != j.end() && !it->is_null() ? it->get<T>() : fallback;
}

bool ColumnsFromJson(const nlohmann::json& j, const char* key, std::vector<CatalogColumn>& out) {
  auto it = j.find(key);
  if (it == j.end()) return true;
  if (!it->is_array()) return false;
  for (const nlohmann::json& c : *it) {
    if (!c.is_object() || !c.contains("name")) return false;
    CatalogColumn col;
    col.name = Get<std::string>(c, "name", "");
    col.type = Get<std::string>(c, "type", "");
    col.view_sources = Get<std::vector<std::string>>(c, "view_sources", {});
    col.view_expression = Get<bool>(c, "view_expression", false);
    if (!ParseDerivation(Get<std::string>(c, "view_derivation", "identity"), col.view_derivation)) return false;
    col.view_masking = Get<bool>(c, "view_masking", false);
    out.push_back(std::move(col));
  }
  return true;
}

}  // namespace

nlohmann::ordered_json CatalogTableToJson(const CatalogTable& t) {
  Json j;
  j["name"] = t.name;
  j["columns"] = ColumnsToJson(t.columns);
  if (!t.partition_columns.empty()) j["partition_columns"] = ColumnsToJson(t.partition_columns);
  if (t.is_view) j["is_view"] = true;
  if (t.temporary) j["temporary"] = true;
  if (!t.view_text.empty()) j["view_text"] = t.view_text;
  if (t.view_lineage_known) j["view_lineage_known"] = true;
  if (!t.location.empty()) j["location"] = t.location;
  return j;
}

namespace {

bool ValidText(const CatalogColumn& c) {
  if (FindInvalidUtf8(c.name) || FindInvalidUtf8(c.type)) return false;
  for (const std::string& v : c.view_sources)
    if (FindInvalidUtf8(v)) return false;
  return true;
}

// As ColumnsToJson(columns).dump(): the same keys in the same order.
void AppendColumns(std::string& out, const std::vector<CatalogColumn>& columns) {
  out += '[';
  for (size_t i = 0; i < columns.size(); ++i) {
    const CatalogColumn& c = columns[i];
    if (i > 0) out += ',';
    out += "{\"name\":";
    output::AppendJsonString(out, c.name);
    if (!c.type.empty()) {
      out += ",\"type\":";
      output::AppendJsonString(out, c.type);
    }
    if (!c.view_sources.empty()) {
      out += ",\"view_sources\":";
      output::AppendJsonStringArray(out, c.view_sources);
    }
    if (c.view_expression) out += ",\"view_expression\":true";
    if (c.view_derivation != Derivation::Identity) {
      out += ",\"view_derivation\":";
      output::AppendJsonString(out, DerivationName(c.view_derivation));
    }
    if (c.view_masking) out += ",\"view_masking\":true";
    out += '}';
  }
  out += ']';
}

}  // namespace

std::optional<std::string> CatalogTableJsonText(const CatalogTable& t) {
  if (FindInvalidUtf8(t.name) || FindInvalidUtf8(t.view_text) || FindInvalidUtf8(t.location)) return std::nullopt;
  for (const auto* columns : {&t.columns, &t.partition_columns})
    for (const CatalogColumn& c : *columns)
      if (!ValidText(c)) return std::nullopt;
  std::string out = "{\"name\":";
  output::AppendJsonString(out, t.name);
  out += ",\"columns\":";
  AppendColumns(out, t.columns);
  if (!t.partition_columns.empty()) {
    out += ",\"partition_columns\":";
    AppendColumns(out, t.partition_columns);
  }
  if (t.is_view) out += ",\"is_view\":true";
  if (t.temporary) out += ",\"temporary\":true";
  if (!t.view_text.empty()) {
    out += ",\"view_text\":";
    output::AppendJsonString(out, t.view_text);
  }
  if (t.view_lineage_known) out += ",\"view_lineage_known\":true";
  if (!t.location.empty()) {
    out += ",\"location\":";
    output::AppendJsonString(out, t.location);
  }
  out += '}';
  return out;
}

bool CatalogTableFromJson(const nlohmann::json& j, CatalogTable& t) {
  try {
    if (!j.is_object() || !j.contains("name")) return false;
    t = CatalogTable();
    t.name = j.at("name").get<std::string>();
    t.is_view = Get<bool>(j, "is_view", false);
    t.temporary = Get<bool>(j, "temporary", false);
    t.view_text = Get<std::string>(j, "view_text", "");
    t.view_lineage_known = Get<bool>(j, "view_lineage_known", false);
    t.location = Get<std::string>(j, "location", "");
    return ColumnsFromJson(j, "columns", t.columns) && ColumnsFromJson(j, "partition_columns", t.partition_columns);
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

}  // namespace hivelineage::lineage
