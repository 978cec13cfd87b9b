// A catalog table for the unit suites: `db.table` with the given columns, all
// of one type, as a --catalog entry would declare it.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "lineage/catalog.h"

namespace hivelineage::testing {

inline lineage::CatalogTable CatalogTable(std::string name, std::vector<std::string> columns,
                                          const std::string& type = "int") {
  lineage::CatalogTable t;
  t.name = std::move(name);
  for (std::string& c : columns) {
    lineage::CatalogColumn col;
    col.name = std::move(c);
    col.type = type;
    t.columns.push_back(std::move(col));
  }
  return t;
}

}  // namespace hivelineage::testing
