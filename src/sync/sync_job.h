// A sync job (DataX, Sqoop, SeaTunnel) read into what the SQL analysis
// produces per statement: each transfer of a job is one statement whose
// inputs, outputs and column lineage name the tables it moves data between,
// so that the graph, the store, impact and the checks take jobs as they take
// SQL (docs/systems.md). The readers, one file per format, only read; the
// pieces they share (a side of a transfer, a reader's query, HDFS paths)
// live here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "base/source_file.h"
#include "base/statement_kind.h"
#include "lexer/script.h"
#include "lineage/catalog.h"
#include "lineage/lineage.h"
#include "parser/parser.h"
#include "sync/system_name.h"

namespace hivelineage::sync {

enum class JobFormat : uint8_t { None, DataX, Sqoop, SeaTunnel };

// What a file's name says it may be: .json (DataX or SeaTunnel, told by
// content), .conf/.hocon (SeaTunnel), .sh (Sqoop command lines); None for
// anything else (SQL).
bool IsJobFileName(std::string_view name);
// A JSON text whose top-level object has `job` (DataX) or `source` and
// `sink` (SeaTunnel): what a folder walk takes from its .json files.
bool LooksLikeJobJson(std::string_view text);

struct SyncOptions {
  const SystemMap* systems = nullptr;
  // Hive's warehouse folder: a table without a declared LOCATION lives in
  // `<warehouse>/<db>.db/<table>` (`<warehouse>/<table>` for default).
  std::string warehouse_dir = "/user/hive/warehouse";
  const lineage::Catalog* catalog = nullptr;  // Hive tables' columns and LOCATIONs
  const lexer::Variables* variables = nullptr;  // --var, for Sqoop's shell variables
};

// One transfer of a job, as a statement.
struct JobStatement {
  Span span;  // in the job file
  lineage::StatementLineage lineage;
  Diagnostics diagnostics;  // file offsets
  std::vector<std::string> written_columns;  // the writer's columns in order (a LOAD DATA maps them by position)
};

struct JobResult {
  std::vector<JobStatement> statements;
  Diagnostics diagnostics;  // not about one transfer (the file is no valid JSON, ...)
};

// Reads a job file of any format (by name and content).
JobResult ReadJob(const SourceFile& file, const SyncOptions& options);

// ---- Pieces the readers share ----

// What one position (or name) of a transfer carries.
struct SideColumn {
  std::string name;                  // lower case; "" when only its position is known
  std::vector<std::string> sources;  // full column names (reader side)
  std::string expression;
  lineage::Derivation derivation = lineage::Derivation::Identity;
};

// One side of a transfer: the tables read (a reader) or the one written (a
// writer), and its columns in order; no columns when the job leaves them to
// the table (`*`, none listed) and no catalog knows them.
struct Side {
  std::vector<std::string> tables;
  std::vector<SideColumn> columns;
  std::vector<lineage::PredicateLineage> predicates;  // a reader query's conditions (targets filled by Transfer)
  bool columns_known = false;
  // Whether the other side's names may stand for this side's unknown columns
  // (false for columns by index into a file of unknown layout).
  bool names_carry = true;
  uint32_t at = 0;  // where the side is written, for messages
};

// A reader side over `table` (a full name) with the columns listed; `*` or an
// empty list leaves them unknown unless `catalog_columns` lists them.
Side TableSide(const std::string& table, const std::vector<std::string>& columns, uint32_t at);

// A reader side for `sql` read in `system` (Hive's when empty) with
// `database` current: its tables named in that system, its select list the
// columns. Problems are reported at `at`.
Side QuerySide(std::string_view sql, std::string_view system, std::string_view database, const SyncOptions& options,
               uint32_t at, Diagnostics& diagnostics);

// How a query of `system` (`postgresql://h:5432`; Hive's when empty) is
// parsed: the dialect switches of its database (double-quoted names, `::`
// casts, Oracle's `(+)`).
parser::ParseOptions SourceParseOptions(std::string_view system);

// The Hive table whose folder holds `path` (`hdfs://ns/warehouse/ods.db/t/dt=1`):
// the longest LOCATION a table declares (DDL, the catalog) that holds it,
// else Hive's default `<warehouse>/<db>.db/<table>`; partition folders (k=v)
// and a file name below the folder are the table's. DirectoryOfPath when none
// does (`linked` false). A scheme and authority count on neither side.
std::string TableOfPath(std::string_view path, const SyncOptions& options, bool* linked = nullptr);

// An HDFS path that is no table's as a dataset: `directory:` and the path
// without scheme, authority or the partition folders (k=v) that end it, so
// that a job writing `hdfs://ns/staging/x/dt=1` and a LOAD DATA INPATH
// '/staging/x/dt=2' meet at `directory:/staging/x`.
std::string DirectoryOfPath(std::string_view path);

// `path` without scheme and authority, `//` and the trailing `/`.
std::string NormalPath(std::string_view path);

// The columns a Hive table has in the catalog (partition columns last), or none.
std::vector<std::string> CatalogColumns(const std::string& table, const SyncOptions& options);
// The columns of a Hive table's files, in order: its columns without the
// partition columns, which are folder names (`dt=...`), never in a file.
std::vector<std::string> FileColumns(const std::string& table, const SyncOptions& options);

// Where the JSON or HOCON value starting at `begin` ends (one past its
// closing bracket): a transfer's span covers its whole entry.
uint32_t ValueEnd(std::string_view text, uint32_t begin);

// The statement moving `reader` into `writer`: columns by position, or by
// name when `by_name`; a count that differs is a warning at `writer.at`.
JobStatement Transfer(Side reader, const Side& writer, bool by_name, Span span, std::string_view tool);

}  // namespace hivelineage::sync
