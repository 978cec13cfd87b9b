// hivelineage — table and column lineage of HiveQL scripts, as a C++ library.
//
//   hivelineage::Analyzer analyzer(options);            // catalogs loaded once
//   hivelineage::Script s = analyzer.Analyze(sql_text); // never throws
//   for (const auto& st : s.statements) ... st.inputs, st.outputs, st.columns
//   std::string json = hivelineage::ToJson(s);         // the CLI's --format json
//
// All types are plain values. Errors are values too: problems with the input
// are Messages on the script or statement; problems with the options (an
// unreadable catalog) are in Analyzer::errors(). An Analyzer is immutable after
// construction, so one instance may serve many threads at once; each Analyze()
// call starts from the analyzer's catalog and default database.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hivelineage {

struct Position {
  uint32_t offset = 0;  // byte offset in the script
  int line = 1;         // 1-based
  int column = 1;       // 1-based, in bytes
};

struct Message {
  enum class Severity { Error, Warning, Note } severity = Severity::Error;
  std::string code;  // what it says, a stable name ("star-over-unknown-table", docs/diagnostics.md); empty for option errors
  std::string text;
  Position position;
  std::string rendered;  // "file:line:col: error: text", the source line and a caret
};

struct ColumnLineage {
  std::string target;                // db.table.column (or the output name of a plain query)
  std::vector<std::string> sources;  // db.table.column, sorted
  std::string expression;
  // How the value is made from the sources: "identity", "transformation",
  // "conditional", "aggregation" or "window" (OpenLineage's DIRECT subtypes).
  std::string transform;
};

struct PredicateLineage {
  std::vector<std::string> sources;
  std::vector<std::string> targets;
  std::string expression;
  // The clause the columns come from: "where", "join_on", "group_by",
  // "having", "qualify", "window", "merge_when" or "sort" (ORDER BY, SORT BY,
  // DISTRIBUTE BY, CLUSTER BY; Hive's LineageLogger has no edge for those).
  std::string clause;
};

struct Statement {
  uint32_t index = 0;  // within the script, from 0
  uint32_t begin = 0;  // byte span of the statement text [begin, end)
  uint32_t end = 0;
  Position start;
  std::string kind;                  // "query", "insert", "ctas", "command", ... (see docs/library.md)
  std::vector<std::string> inputs;   // db.table, sorted
  std::vector<std::string> outputs;  // db.table or directory:PATH, sorted
  std::vector<ColumnLineage> columns;
  std::vector<PredicateLineage> predicates;
  std::vector<Message> messages;
  bool has_error() const;
};

struct Script {
  std::string file;
  std::vector<Statement> statements;
  std::vector<Message> messages;  // file-level (encoding, ...)
  bool has_error() const;

  // The analysis these fields were copied from; ToJson() prints it (so editing
  // the fields above does not change ToJson's output).
  std::shared_ptr<const void> detail;
};

// Which rules decide a column's sources (docs/semantics.md), as --semantics.
enum class Semantics {
  Precise,  // the columns the expression names; a window's arguments and PARTITION BY / ORDER BY keys
  Hive,     // Hive's own lineage rules, artefacts included
};

// The SQL dialect of scripts (docs/dialects.md), as --dialect.
enum class SqlDialect {
  Hive,   // HiveQL
  Spark,  // Spark SQL
};

struct Options {
  // Of unqualified names in scripts (before any USE) and in the catalogs, as --default-db.
  std::string default_database = "default";
  std::vector<std::pair<std::string, std::string>> variables;  // NAME=VALUE, as --var
  bool allow_env = false;                                      // allow ${env:X}
  Semantics semantics = Semantics::Precise;                    // as --semantics
  SqlDialect dialect = SqlDialect::Hive;  // of scripts whose first line does not say (`-- dialect: spark`), as --dialect
  std::vector<std::string> catalog_json;                       // texts in the catalog JSON format
  std::vector<std::string> catalog_ddl;                        // texts of CREATE TABLE/VIEW scripts
};

class Analyzer {
 public:
  explicit Analyzer(const Options& options = {});
  ~Analyzer();
  Analyzer(Analyzer&&) noexcept;
  Analyzer& operator=(Analyzer&&) noexcept;

  // Problems found while loading the options' catalogs (empty when fine).
  const std::vector<Message>& errors() const;

  // Analyses one script. Bytes that are not UTF-8 but valid GB18030 are
  // transcoded first (offsets then refer to the UTF-8 text).
  Script Analyze(std::string_view text, std::string_view file_name = "<input>") const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

enum class Format { Json, Jsonl, Hive };

// Serialises results exactly as the command line prints them.
std::string ToJson(const Script& script, Format format = Format::Json);
std::string ToJson(const std::vector<Script>& scripts, Format format = Format::Json);

// "0.1.0"
const char* Version();

}  // namespace hivelineage
