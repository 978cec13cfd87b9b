// Analysing a whole script: split, substitute, tokenize, parse, rewrite,
// lineage — statement by statement, in order, so that `set`, `USE` and DDL
// affect what follows. One bad statement never stops the others.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "base/diagnostic.h"
#include "base/source_file.h"
#include "lineage/lineage.h"
#include "parser/parser.h"

namespace hivelineage::driver {

struct AnalyzeOptions {
  std::string default_database = "default";
  std::vector<std::pair<std::string, std::string>> variables;  // --var NAME=VALUE
  bool allow_env = false;                                        // ${env:X} allowed
  parser::ParseOptions parse;
};

struct StatementResult {
  uint32_t index = 0;  // within the file, from 0
  Span span;           // original file offsets
  LineCol start;
  std::string kind;    // "command", "query", "insert", ... (parser::StatementKind)
  lineage::StatementLineage lineage;
  Diagnostics diagnostics;  // errors and warnings, original file offsets
  bool has_error() const;
};

struct FileResult {
  std::shared_ptr<const SourceFile> source;
  std::vector<StatementResult> statements;
  Diagnostics diagnostics;  // file-level (unreadable, encoding, ...)
};

// Analyses `source` in order. `session` carries the current database and the
// catalog across statements (and across files when scripts run in sequence).
FileResult AnalyzeScript(std::shared_ptr<const SourceFile> source, lineage::Session& session,
                         const AnalyzeOptions& options);

}  // namespace hivelineage::driver
