// Analysing a whole script: split, substitute, tokenize, parse, rewrite,
// lineage — statement by statement, in order, so that `set`, `USE` and DDL
// affect what follows. One bad statement never stops the others.
//
// All offsets are byte offsets into the analysed text: the file as read, or
// its UTF-8 transcoding when the file was GB18030 (see encoding.h).
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
  bool parsed = false;   // SQL that parsed (kind came from the AST, lineage was computed)
  std::string database;  // current database when the statement ran (Hive's "database")
  lineage::StatementLineage lineage;
  Diagnostics diagnostics;  // errors and warnings, original file offsets
  bool has_error() const;
};

struct FileResult {
  std::shared_ptr<const SourceFile> source;
  std::vector<StatementResult> statements;
  Diagnostics diagnostics;  // file-level (unreadable, encoding, ...)
  bool is_catalog = false;  // a --catalog DDL file: only its errors are reported
  bool unreadable = false;  // could not be read at all
  bool has_error() const;   // any error, file-level or in a statement
};

// Analyses `source` in order. `session` carries the current database and the
// catalog across statements (and across files when scripts run in sequence).
// Never throws; any bytes are accepted.
FileResult AnalyzeScript(std::shared_ptr<const SourceFile> source, lineage::Session& session,
                         const AnalyzeOptions& options);

// The statement kind read from the first words of a statement that did not
// parse ("query", "insert", "create_table", ..., "other").
std::string GuessStatementKind(std::string_view text);

}  // namespace hivelineage::driver
