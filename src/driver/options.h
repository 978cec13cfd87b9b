// What an analysis is asked to do: the one options type that the command
// line (cli/input_options.cc), the C++ library (api/cpp_api.cc) and the C
// API (through the library) fill, and that the driver passes down. The
// catalog it names is loaded once (LoadCatalog) and every script's
// lineage::Session is made from it (NewSession), both in session.h.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "catalog/catalog_format.h"
#include "lineage/lineage.h"
#include "parser/parser.h"
#include "sync/system_name.h"

namespace hivelineage::sync {
struct JobOutputs;  // sync/load_data.h
}  // namespace hivelineage::sync

namespace hivelineage::driver {

// Input limits (docs/limits.md). Hostile or broken input past a limit gets an
// error diagnostic and is skipped; it never exhausts memory or the stack.
struct Limits {
  uint64_t max_file_bytes = uint64_t{1} << 30;  // 1 GiB; larger files are not analysed
  uint32_t max_statement_bytes = 64u << 20;     // 64 MiB after substitution; larger ones are skipped
  uint32_t max_statements = 1'000'000;          // per file; the rest of the file is skipped
  // Parser nesting (parentheses, subqueries, CASE, calls, unary operators);
  // overrides parse.max_depth.
  int max_nesting_depth = 1000;
};

// The largest file analysed: limits.max_file_bytes, or less where 32-bit
// offsets would not reach.
uint64_t MaxFileBytes(const Limits& limits);

// One catalog: a file to read (--catalog), or a text given by a library
// caller. Unqualified table names in it are in the default database.
struct CatalogSource {
  std::string name;                 // the path, or what messages call a given text
  std::optional<std::string> text;  // the text itself; none: read the file `name`
  // JSON, DDL, DESCRIBE output or a metastore export (docs/catalog.md); none:
  // told by the file's extension and content (catalog::DetectCatalogFormat).
  std::optional<catalog::CatalogFormat> format;

  static CatalogSource File(std::string path, std::optional<catalog::CatalogFormat> format = std::nullopt) {
    return {std::move(path), std::nullopt, format};
  }
};

// Variables given before a script runs, NAME=VALUE in order, NAME bare (--var:
// ${NAME}, ${hivevar:NAME}, ${hiveconf:NAME}) or with its namespace
// ("hivevar:NAME", "hiveconf:NAME", "system:NAME"; --hivevar, --hiveconf).
using VariableDefinitions = std::vector<std::pair<std::string, std::string>>;

class AstObserver;  // analyze_script.h

struct AnalyzeOptions {
  std::vector<CatalogSource> catalogs;  // loaded in order, before any script
  std::string default_database = "default";
  VariableDefinitions variables;  // the hiveconf ones are settings too (hive.support.quoted.identifiers)
  bool allow_env = false;         // ${env:X} allowed
  lineage::Semantics semantics = lineage::Semantics::Precise;
  parser::ParseOptions parse;  // parse.dialect: the dialect of a script that says none (--dialect)
  // --dialect-map GLOB=DIALECT, in order: a script whose path matches GLOB
  // (fnmatch; `*` crosses `/`) is read in DIALECT unless its first line says
  // `-- dialect: NAME`. The first matching glob wins.
  std::vector<std::pair<std::string, Dialect>> dialect_map;
  Limits limits;
  AstObserver* ast_observer = nullptr;  // not owned; called on the analysing thread
  // Learn the warehouse's schema from the scripts of the run before analysing
  // them (driver/gather.h); off: only the --catalog and each script's own DDL.
  bool learn_schema = true;
  // Sync jobs (DataX, Sqoop, SeaTunnel; docs/systems.md): friendly names of
  // the systems (--system-map), and Hive's warehouse folder, where a table
  // without a LOCATION keeps its files (--warehouse-dir).
  std::shared_ptr<const sync::SystemMap> systems;
  std::string warehouse_dir = "/user/hive/warehouse";
  // What the run's sync jobs write, read before the scripts (driver/run.cc):
  // a LOAD DATA INPATH of such a path reads it (sync/load_data.h). Null: none.
  std::shared_ptr<const sync::JobOutputs> job_outputs;
};

}  // namespace hivelineage::driver
