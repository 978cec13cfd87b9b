// What a catalog reader gathers from one file: the tables it describes and
// the problems found, so that a file with a problem adds nothing.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/diagnostic.h"
#include "lineage/catalog.h"

namespace hivelineage::catalog {

struct CatalogReading {
  std::vector<lineage::CatalogTable> tables;
  Diagnostics problems;
  // The text's length: a problem at its very end (an empty last cell) gets
  // an empty span there, never one past the end.
  uint32_t text_size = UINT32_MAX;

  // An error at byte `at` of the file.
  void Problem(uint32_t at, std::string message);
  // Puts the tables into `catalog` when there is no problem; returns the
  // problems in file order.
  Diagnostics Commit(lineage::Catalog& catalog) &&;
};

}  // namespace hivelineage::catalog
