// A whole run: several inputs (files, folders, stdin) analysed in order with
// one session, after the --catalog files. Used by the CLI and the benchmark.
//
// Results are handed to a sink file by file, so output can stream and memory
// stays bounded by the largest file, not the whole run.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "driver/analyze.h"

namespace hivelineage::driver {

struct InputFile {
  std::string path;  // filesystem path, or "-" for stdin
  std::string name;  // as shown in output and diagnostics
};

struct ExpandedInputs {
  std::vector<InputFile> files;
  std::vector<std::string> errors;  // PATH arguments that do not exist
};

// Files are taken as given; folders are searched recursively for .sql, .hql
// and .q files (any letter case), sorted by path; "-" is stdin.
ExpandedInputs ExpandPaths(const std::vector<std::string>& paths);

// A script's text ready for analysis, plus file-level diagnostics.
struct LoadedInput {
  std::shared_ptr<const SourceFile> source;
  Diagnostics diagnostics;
  bool unreadable = false;
};

// Decodes raw bytes: valid UTF-8 is kept; otherwise valid GB18030 is
// transcoded to UTF-8 with a warning; otherwise the bytes are kept as they
// are with a warning at the first invalid byte.
LoadedInput DecodeInput(std::string name, std::string_view bytes);

// Reads (stdin for "-") and decodes one input.
LoadedInput LoadInput(const InputFile& input);

struct RunOptions {
  AnalyzeOptions analyze;
  std::vector<std::string> catalog_files;  // JSON, or DDL scripts (.sql/.hql/.q)
};

struct RunSummary {
  std::string fatal_error;  // a catalog could not be loaded: nothing was analysed
  size_t files = 0;
  size_t statements = 0;
  size_t statements_with_errors = 0;
  size_t bytes = 0;
  bool unreadable_input = false;  // some input could not be read
  bool any_error = false;         // some statement or file-level error
};

using FileSink = std::function<void(FileResult&&)>;

// Loads options.catalog_files into session.catalog (DDL catalogs are handed
// to `sink` with is_catalog set). Returns an error message when a catalog is
// unreadable or invalid JSON, empty on success; sets *any_error when a DDL
// catalog had statement errors.
std::string LoadCatalogs(const RunOptions& options, lineage::Session& session, const FileSink& sink,
                         bool* any_error);

// Loads the catalogs (DDL catalogs are passed to `sink` with is_catalog set,
// so their errors can be reported), then analyses `inputs` in order. Every
// script starts in options.analyze.default_database; tables created by one
// script stay known to the following ones, as in a shared metastore.
RunSummary Run(const std::vector<InputFile>& inputs, const RunOptions& options, const FileSink& sink);

}  // namespace hivelineage::driver
