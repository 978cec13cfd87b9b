// One statement's lineage as the graph and the store take it: the one value
// both consume (graph::GraphBuilder, store::StoreWriter), so neither reads
// lineage::StatementLineage's strings on its own.
//
// StatementLineage is the output contract: flat, fully qualified strings
// (`db.table.column`). Here every column is a {table, column} pair whose
// table is an entry of the statement's own table list, each table a
// structured name (system, database, table); the conditions are listed once
// each with their clause, and whether one governs every written column is a
// field. MakeStatementFacts builds it once per statement, for SQL and for the
// transfers of sync jobs alike (driver::FactsOf).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/source_file.h"
#include "base/statement_kind.h"
#include "lineage/derivation.h"
#include "lineage/lineage.h"

namespace hivelineage::lineage {

// A table's name, structured. `name` is the name as the output contract
// spells it (and as the graph and the store key tables): Hive's `db.table`,
// another system's `SYSTEM/LOCAL` (`crm-mysql/crm.customer`,
// `mysql://10.0.0.5:3306/crm.customer`, docs/systems.md), or a folder
// written by INSERT OVERWRITE DIRECTORY (`directory:/tmp/out`).
struct QualifiedTable {
  std::string name;
  std::string system;    // "" for Hive's tables and directories; `crm-mysql`, `mysql://10.0.0.5:3306`
  std::string database;  // `db` of `db.table` (up to the first dot); "" when there is none (a topic, a directory)
  std::string table;     // what follows: `t.with.dots`, a topic; a directory's whole name
  bool directory = false;

  // Reads a table name (never a column name: which table a column belongs
  // to comes from the analysis, TableColumn::table).
  static QualifiedTable Parse(std::string_view name);
  // The database node the graph's database level puts it in: `db`,
  // `crm-mysql/crm`, the system itself for a name with no database (a
  // topic), "directory" for a directory.
  std::string DatabaseNode() const;
  bool operator==(const QualifiedTable&) const = default;
};

// A column: an entry of StatementFacts::tables and the column's name in it.
struct TableColumn {
  uint32_t table = 0;
  std::string column;
  bool operator==(const TableColumn&) const = default;
};

inline constexpr uint32_t kNoColumn = UINT32_MAX;

// A table the statement names, with what it does with it.
struct StatementTable {
  QualifiedTable name;
  bool input = false;
  bool output = false;
  // Created by this statement as a temporary table or as a view
  // (StatementLineage::temporary_outputs / view_outputs).
  bool temporary = false;
  bool view = false;
};

// One column the statement computes (a ColumnLineage): written into a table,
// or a plain query's result column (no target).
struct ValueFacts {
  uint32_t target = kNoColumn;  // into `columns`; kNoColumn for a plain query's output name
  std::string expression;
  ColumnLineage::Type type = ColumnLineage::Type::Simple;
  Derivation derivation = Derivation::Identity;
  bool masking = false;
  struct Source {
    uint32_t column = 0;                 // into `columns`
    bool inferred = false;               // its table's schema is only inferred
    std::vector<std::string> masked_by;  // how it arrives masked (MaskedSource::masking); empty: unmasked
  };
  std::vector<Source> sources;  // in StatementLineage's order (by name)
  // Uncertain references (ColumnLineage::possible), as the analysis named
  // them: the reference as written and each candidate column.
  struct Possible {
    std::string reference;
    std::vector<uint32_t> candidates;  // into `columns`
    std::vector<std::string> candidate_names;
  };
  std::vector<Possible> possible;

  // Whether some source is known masked (masked_by); a column flagged
  // `masking` with none comes from lineage made by hand (the API).
  bool AnyMasked() const {
    for (const Source& s : sources)
      if (!s.masked_by.empty()) return true;
    return false;
  }
};

// A condition (WHERE, JOIN ON, GROUP BY, ...), once per statement however
// often the analysis met it.
struct ConditionFacts {
  Clause clause = Clause::Where;
  std::string expression;
  std::vector<uint32_t> reads;  // into `columns`, in first-seen order, unique; never empty
  // Whether it governs every column the statement writes (the analysis
  // says so: PredicateLineage::governs_all); else the ones it governs.
  bool governs_all = false;
  std::vector<uint32_t> governs;  // into `columns`, unique; empty when governs_all
};

struct StatementFacts {
  // Where the statement is and what it is.
  uint32_t index = 0;  // within its file, from 0
  Span span;
  LineCol start;
  StatementKind kind = StatementKind::Other;
  std::string database;  // current when it ran
  bool has_error = false;
  // Whether it parsed and reads or writes a table: the statements the graph
  // and the store keep. The others still create what `tables` marks.
  bool kept = false;

  // The tables it names, sorted by name, unique; then any table only the
  // recorded lineage of a view it reads names (neither read nor written).
  std::vector<StatementTable> tables;
  std::vector<TableColumn> columns;  // every column named, in first-seen order, unique
  std::vector<ValueFacts> values;
  std::vector<ConditionFacts> conditions;
  std::vector<uint32_t> declared;  // into `columns`: DDL's columns, in schema order

  // `db.table.column`, the name the output contract gives `columns[id]`.
  std::string ColumnName(uint32_t id) const;
  const QualifiedTable& TableOf(uint32_t column) const { return tables[columns[column].table].name; }
};

// The facts of a statement of kind `kind` with lineage `lineage`. `parsed`:
// the statement parsed (an unparsed one keeps nothing). Each column is
// assigned to the longest of the statement's tables that its name extends
// by `.`: the tables the analysis found it in (every source's table is an
// input, every target's an output). A name in none of them (a plain query's
// output name) is no column.
StatementFacts MakeStatementFacts(StatementKind kind, bool parsed, const StatementLineage& lineage);

}  // namespace hivelineage::lineage
