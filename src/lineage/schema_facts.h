// What one script says about the schema of the tables it names: the facts a
// warehouse run gathers from every script before analysing any of them
// (warehouse_schema.h merges them into one catalog).
//
// A ScriptFacts is a plain value: small (a few names per table the script
// touches), comparable, and independent of every other script, so a run can
// gather scripts in parallel and a store can keep each script's facts and
// rebuild the warehouse catalog when one script changes.
//
// The gathering is a light walk over each statement's parsed AST (no rewrite,
// no lineage): a tenth of the cost of the full analysis, so the two-phase run
// stays cheap.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ast/ast.h"

namespace hivelineage::lineage {

// A column a script names through a real table: `o.user_id` where `o` is
// ods.orders, or a bare column of a query over that one table.
struct InferredColumn {
  std::string name;    // lower case
  uint32_t uses = 0;   // references in this script
  uint32_t line = 0;   // 1-based line of the first one
  uint32_t order = 0;  // rank of the first one among the table's columns in this script
  bool operator==(const InferredColumn&) const = default;
};

// `a` came before `b` in `count` select lists of this script naming both: how
// the merge orders inferred columns (select lists tend to follow the schema).
struct ColumnPrecedence {
  std::string a, b;
  uint32_t count = 0;
  bool operator==(const ColumnPrecedence&) const = default;
};

struct DeclaredColumn {
  std::string name;  // lower case
  std::string type;  // as written, may be empty
  bool operator==(const DeclaredColumn&) const = default;
};

struct TableFacts {
  std::string table;  // db.table, lower case
  // CREATE TABLE (cols) / ALTER TABLE REPLACE COLUMNS: the whole schema, the
  // last such statement of the script. Temporary tables are never facts.
  bool declared = false;
  uint32_t declared_line = 0;
  std::vector<DeclaredColumn> columns;
  std::vector<DeclaredColumn> partition_columns;
  std::string like;  // CREATE TABLE t LIKE other (db.table), resolved in the merge
  std::string location;  // CREATE TABLE ... LOCATION 'path' (sync jobs find the table by it)
  // Columns the script names without declaring the whole schema: uses,
  // INSERT ... (cols), ALTER TABLE ADD COLUMNS. Sorted by name.
  std::vector<InferredColumn> inferred;
  std::vector<ColumnPrecedence> precedence;  // sorted by (a, b)
  bool operator==(const TableFacts&) const = default;
};

// A bare column in a query over several real tables, none of them declared
// in the script: which one holds it is settled in the merge, by elimination,
// once the other tables' columns are known.
struct OpenReference {
  std::string column;
  std::vector<std::string> candidates;  // db.table, sorted
  uint32_t line = 0;
  bool operator==(const OpenReference&) const = default;
};

struct ScriptFacts {
  std::string file;                 // as named in output
  std::vector<TableFacts> tables;   // sorted by table
  std::vector<OpenReference> open;  // sorted, unique by (column, candidates)
  bool operator==(const ScriptFacts&) const = default;
};

// Gathers one script's facts statement by statement, in order (USE and the
// script's own DDL matter: a table the script declared is not inferred from).
class FactsGatherer {
 public:
  // `spark_names`: the script is Spark SQL (unaliased select items named as Spark names them).
  FactsGatherer(std::string file, std::string default_database, bool spark_names = false);
  ~FactsGatherer();
  FactsGatherer(const FactsGatherer&) = delete;
  FactsGatherer& operator=(const FactsGatherer&) = delete;

  // `line_of` maps a span of the statement to its 1-based line in the file.
  void Statement(const ast::Statement& s, const std::function<uint32_t(Span)>& line_of);
  // Whether the script so far declared (or created) the table named by
  // `parts` (a qualified name's parts as written, unquoted): naming it tells
  // nothing. Lets a caller skip statements that name no other table.
  bool Declared(std::span<const std::string_view> parts) const;
  ScriptFacts Finish();

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace hivelineage::lineage
