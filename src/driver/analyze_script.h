// Analysing a whole script: split, substitute, tokenize, parse, rewrite,
// lineage — statement by statement, in order, so that `set`, `USE` and DDL
// affect what follows. One bad statement never stops the others.
//
// All offsets are byte offsets into the analysed text: the file as read, or
// its UTF-8 transcoding when the file was GB18030 (see encoding.h).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "base/diagnostic.h"
#include "base/source_file.h"
#include "base/statement_kind.h"
#include "driver/options.h"
#include "driver/script_schema.h"
#include "lexer/script.h"
#include "lineage/lineage.h"
#include "lineage/statement_facts.h"
#include "parser/parser.h"

namespace hivelineage::driver {

struct StatementResult;

// Sees each statement's rewritten AST once its lineage is known, before the
// AST is freed: for tools that read more from a statement than its lineage
// (the usage command's partition filters). It may read the tree and the
// session; it must not keep pointers into the tree.
class AstObserver {
 public:
  virtual ~AstObserver() = default;
  virtual void Statement(ast::Statement& statement, const lineage::Session& session, const StatementResult& result) = 0;
};

struct StatementResult {
  uint32_t index = 0;  // within the file, from 0
  Span span;           // original file offsets
  LineCol start;
  StatementKind kind = StatementKind::Other;  // from the AST when parsed, else guessed from the first words
  bool parsed = false;                        // SQL that parsed (lineage was computed)
  std::string database;                       // current database when the statement ran (Hive's "database")
  lineage::StatementLineage lineage;
  Diagnostics diagnostics;  // errors and warnings, original file offsets
  bool has_error() const;
  // What the graph and the store take of it (lineage/statement_facts.h):
  // SQL and a sync job's transfers alike.
  lineage::StatementFacts Facts() const;
};

struct FileResult {
  std::shared_ptr<const SourceFile> source;
  std::vector<StatementResult> statements;
  Diagnostics diagnostics;  // file-level (unreadable, encoding, ...)
  bool is_catalog = false;  // a --catalog DDL file: only its errors are reported
  bool unreadable = false;  // could not be read at all
  // What the script read from and declared in the catalog; set on the last
  // piece of a file when RunOptions::record_schema asks for it.
  std::shared_ptr<const ScriptSchema> schema;
  bool has_error() const;   // any error, file-level or in a statement
};

// Receives a script's statements one by one, in order, as soon as each is
// analysed, so that a caller streaming them out never holds them all.
class StatementObserver {
 public:
  virtual ~StatementObserver() = default;
  // `file` has the source and the file-level diagnostics found so far: the
  // splitter runs just ahead of the analysis, so a problem between two
  // statements, or past the statement limit, may show up only later.
  virtual void Statement(const FileResult& file, StatementResult&& statement) = 0;
};

// How a script's text is split and parsed: the run's variables, limits and
// parse options, as every script starts (`set` lines then change `parse`).
struct ScriptReading {
  lexer::Variables vars;
  lexer::SplitOptions split;
  parser::ParseOptions parse;
};
// `source` chooses the dialect: its first line, else options.dialect_map, else options.parse.
ScriptReading StartReading(const AnalyzeOptions& options, const SourceFile& source);

// The dialect `source` is read in (as StartReading chooses it).
Dialect ScriptDialect(const AnalyzeOptions& options, const SourceFile& source);

// Analyses `file.source` in order and hands every statement to `observer`;
// file-level diagnostics are appended to `file.diagnostics` (whatever it
// held before stays first) and `file.statements` is left alone. `session`
// (made by NewSession, session.h) carries the current database and the
// catalog across statements, and the catalog across files when scripts run
// in sequence; every script starts in options.default_database, whatever an
// earlier script USEd. Never throws for bad input; any bytes are accepted.
// `final_variables`, when given, receives the variables in force at the end
// (options.variables and the script's `set` lines, each with its namespace:
// "hiveconf:dt"), for scripts that go on from there (an init script's).
// `statements`, when given, are where a split of the same text found its
// statements (the gather's, lexer::StatementSpans): they are not looked for again.
void AnalyzeScript(FileResult& file, lineage::Session& session, const AnalyzeOptions& options,
                   StatementObserver& observer, VariableDefinitions* final_variables = nullptr,
                   const lexer::StatementSpans* statements = nullptr);

// The same, collecting the statements into the result.
FileResult AnalyzeScript(std::shared_ptr<const SourceFile> source, lineage::Session& session,
                         const AnalyzeOptions& options, VariableDefinitions* final_variables = nullptr);

}  // namespace hivelineage::driver
