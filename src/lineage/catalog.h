// Table schemas: from --catalog files (JSON or DDL) and learned from DDL.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"

namespace hivelineage::lineage {

struct CatalogColumn {
  std::string name;  // lower case
  std::string type;
};

struct CatalogTable {
  std::string name;  // db.table, lower case
  std::vector<CatalogColumn> columns;
  std::vector<CatalogColumn> partition_columns;
  bool is_view = false;
  bool temporary = false;
  std::string view_text;  // a view's defining query, when known (for ALTER MATERIALIZED VIEW REBUILD)
};

class Catalog {
 public:
  // Adds or replaces a table (name must be db.table, lower case).
  void Put(CatalogTable table);
  void Remove(const std::string& name);
  const CatalogTable* Find(const std::string& name) const;
  size_t size() const { return tables_.size(); }

  // Loads the contract's catalog JSON ({"tables": [...]}); returns an error
  // message, empty on success.
  std::string LoadJson(std::string_view json_text);

 private:
  absl::flat_hash_map<std::string, CatalogTable> tables_;
};

}  // namespace hivelineage::lineage
