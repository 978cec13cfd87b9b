// From options to sessions: the catalog an analysis starts from is loaded in
// one place, and every script's lineage::Session is made by one function.
// The command line, the library and the benchmarks all come through here.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "driver/analyze_script.h"
#include "driver/options.h"
#include "lineage/catalog.h"
#include "lineage/lineage.h"

namespace hivelineage::driver {

// Receives a DDL catalog's analysis (is_catalog set), so that its errors can
// be reported; for any other catalog, a FileResult holding its located
// problems when it has some.
using FileSink = std::function<void(FileResult&&)>;

struct LoadedCatalog {
  lineage::Catalog catalog;
  // "NAME: problem" for each catalog that could not be read or has a
  // problem (invalid JSON, an unknown key, a bad line); the others are
  // loaded all the same.
  std::vector<std::string> errors;
  bool ddl_errors = false;  // some statement of a DDL catalog had an error
};

// Loads options.catalogs in order into one catalog, each in its format
// (given, or detected: docs/catalog.md). Unqualified names in a JSON,
// DESCRIBE or metastore catalog, and a DDL catalog's before any USE, are in
// options.default_database; each DDL catalog sees the tables of those before
// it and is handed to `on_ddl` once analysed.
LoadedCatalog LoadCatalog(const AnalyzeOptions& options, const FileSink& on_ddl);

// The session a script starts with: `catalog` (typically
// lineage::Catalog(base) over the loaded catalog, frozen and shared), the
// default database and the semantics of `options`.
lineage::Session NewSession(const AnalyzeOptions& options, lineage::Catalog catalog);

}  // namespace hivelineage::driver
