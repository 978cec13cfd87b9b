// What the reader fuzz targets share: the input as text, a check that aborts
// with a message (libFuzzer then saves the input), the catalog's tables as
// contract catalog JSON (docs/catalog.md) for read-write-read checks, and a
// scratch file for readers that take a path.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>

#include "catalog/catalog_format.h"
#include "catalog/catalog_json.h"
#include "lineage/catalog.h"
#include "nlohmann/json.hpp"

namespace hivelineage::fuzz {

inline std::string_view AsText(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

inline void Require(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz check failed: %s\n", what);
  std::abort();
}

// Every table with the fields the contract format carries, sorted by name.
inline std::string ContractCatalogJson(const lineage::Catalog& catalog) {
  nlohmann::ordered_json tables = nlohmann::ordered_json::array();
  auto columns = [](const std::vector<lineage::CatalogColumn>& cs) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const lineage::CatalogColumn& c : cs) out.push_back({{"name", c.name}, {"type", c.type}});
    return out;
  };
  for (const lineage::CatalogTable* t : catalog.Tables()) {
    nlohmann::ordered_json j = {{"name", t->name}, {"columns", columns(t->columns)}};
    if (!t->partition_columns.empty()) j["partition_columns"] = columns(t->partition_columns);
    if (t->is_view) j["is_view"] = true;
    if (!t->view_text.empty()) j["view_text"] = t->view_text;
    tables.push_back(std::move(j));
  }
  return nlohmann::ordered_json{{"tables", std::move(tables)}}.dump(-1, ' ', false,
                                                                    nlohmann::json::error_handler_t::replace);
}

// Whether `text` is valid UTF-8 (JSON can carry nothing else: JSON output
// replaces a bad byte with U+FFFD, so two names that differ only there meet).
inline bool ValidUtf8(std::string_view text) {
  try {
    (void)nlohmann::json(std::string(text)).dump();
    return true;
  } catch (const nlohmann::json::type_error&) {
    return false;
  }
}

// Differential checks of a catalog reader: the same text read twice gives
// the same tables and problems; tables read without problem, written as
// catalog JSON and read back, are the same tables.
inline void CheckCatalogText(catalog::CatalogFormat format, std::string_view text) {
  lineage::Catalog first, second;
  const Diagnostics p1 = catalog::LoadCatalogText(format, text, "default", first);
  const Diagnostics p2 = catalog::LoadCatalogText(format, text, "default", second);
  Require(p1.size() == p2.size(), "a second reading found other problems");
  for (size_t i = 0; i < p1.size(); ++i) {
    Require(p1[i].message == p2[i].message, "a second reading gave another message");
    Require(p1[i].span.end <= text.size(), "a problem points past the end of the text");
  }
  const std::string written = ContractCatalogJson(first);
  Require(written == ContractCatalogJson(second), "a second reading gave other tables");
  if (!p1.empty()) Require(first.size() == 0, "a catalog with problems added tables");
  if (!ValidUtf8(text)) return;
  lineage::Catalog back;
  const Diagnostics again = catalog::LoadCatalogJson(written, "default", back);
  Require(again.empty(), "the tables written as catalog JSON are not read back");
  Require(ContractCatalogJson(back) == written, "written and read back, the tables differ");
}

// `field` as one RFC 4180 CSV field, always quoted (so no row starts with `#`).
inline std::string CsvField(std::string_view field) {
  std::string out = "\"";
  for (char c : field) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// A file that holds `text`, for readers that take a path; `name` gives the
// extension that may choose the format. One folder per process.
inline std::string ScratchFile(const std::string& name, std::string_view text) {
  static const std::string dir = [] {
    std::string d = "/tmp/hivelineage-fuzz-" + std::to_string(getpid());
    std::string cmd = "mkdir -p " + d;
    if (std::system(cmd.c_str()) != 0) std::abort();
    return d;
  }();
  const std::string path = dir + "/" + name;
  std::ofstream(path, std::ios::binary | std::ios::trunc).write(text.data(), static_cast<std::streamsize>(text.size()));
  return path;
}

}  // namespace hivelineage::fuzz
