// `check recompute`: where the same work is done twice. Two statements that
// write columns with the same expression (expression_key.h: aliases,
// whitespace, operand order do not matter) over the same source columns,
// under the same filters and grouping (the conditions that govern the
// column, compared by their clause and canonical text), compute the same
// thing; grouped across scripts, such columns are candidates for one shared
// fact table. Sources and expressions are what the lineage traces them back
// to, through CTEs, subqueries and views (not through a UNION, whose columns
// keep their outer names).
// Plain copies (a column taken as it is) are not computations and are not
// grouped, but they count when a whole table repeats another: a table all of
// whose columns another table also computes (or copies) alike.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "graph/queries/lineage_source.h"

namespace hivelineage::checks {

struct Computation {
  std::string column;  // the target
  std::string table;
  std::string expression;  // as the statement writes it
  graph::StatementRef statement;
};

struct RecomputeGroup {
  std::string key;                      // canonical expression
  std::vector<std::string> sources;     // source columns, sorted
  std::vector<std::string> conditions;  // "clause: canonical condition", sorted
  std::vector<Computation> members;     // by file, then statement, then column
  size_t scripts = 0;                   // distinct scripts among the members
};

struct DuplicateTable {
  std::string table;
  std::string of;  // the table that computes all its columns alike
  size_t columns = 0;
};

struct RecomputeReport {
  std::vector<RecomputeGroup> groups;  // by the first member's place
  std::vector<DuplicateTable> tables;  // by table
  bool has_usage = false;
  std::map<std::string, uint64_t> reads;  // table -> reads in the usage log (with --usage)
  size_t computations = 0;                // statement-written columns compared
};

RecomputeReport CheckRecompute(const graph::LineageSource& source);

void WriteRecomputeText(const RecomputeReport& report, std::string& out);
void WriteRecomputeJson(const RecomputeReport& report, std::string& out);

}  // namespace hivelineage::checks
