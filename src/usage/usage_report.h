// The usage report: every table with its heat, reads, users, partitions and
// columns; reads across databases and layers; and, joined with the lineage of
// the warehouse's scripts, the tables to retire.
//
// Heat (docs/checks.md), measured back from NOW (the last time in the log, or
// --now):
//   hot   read at least `hot_reads` times on the last `hot_days` days (UTC
//         calendar days, NOW's day the last of them);
//   warm  otherwise read in the last `warm_days` days;
//   cold  otherwise read in the last `cold_days` days;
//   ice   not read for longer, or never (a table the lineage knows but the log
//         never reads).
// Candidates to retire: cold and ice tables that no statement of the lineage
// reads to write another table, with the statements that still write them
// (the jobs to stop).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "graph/model/graph.h"
#include "usage/usage_stats.h"

namespace hivelineage::usage {

enum class Heat : uint8_t { Hot, Warm, Cold, Ice };
const char* HeatName(Heat h);

struct HeatRules {
  uint64_t hot_reads = 10;
  int hot_days = 7;
  int warm_days = 30;
  int cold_days = 90;
  int64_t now = kNever;  // kNever: the last time in the log
};

struct TableReport {
  std::string name;
  std::string layer;
  Heat heat = Heat::Ice;
  uint64_t recent_reads = 0;          // in the last hot_days days
  const TableStats* stats = nullptr;  // null: never read or written in the log
  bool in_lineage = false;
  bool read_downstream = false;      // some statement of the lineage reads it to write another table
  std::vector<std::string> writers;  // lineage statements that write it ("file:line")
  bool retire = false;
};

struct UsageReport {
  int64_t now = kNever;
  std::vector<TableReport> tables;  // by heat (hot first), then reads (most first), then name
  bool has_lineage = false;
};

// `lineage` may be null (no scripts given: no retire candidates).
UsageReport BuildUsageReport(const UsageStats& stats, const graph::Graph* lineage, const HeatRules& rules,
                             const std::vector<std::string>& layers);

// Summary, tables (top `limit` partitions and columns each), cross reads,
// retire candidates. `limit` 0: everything.
void WriteUsageText(const UsageStats& stats, const UsageReport& report, size_t limit, std::string& out);

// {"summary", "tables": [{"name", "layer", "heat", "reads", "recent_reads",
// "writes", "users", "first_read", "last_read", "partitions": [{"partition",
// "reads"}], "columns": [{"column", "reads"}], "retire"}], "users",
// "cross_database", "cross_layer", "layer_flows", "retire"} (docs/checks.md).
void WriteUsageJson(const UsageStats& stats, const UsageReport& report, const HeatRules& rules, std::string& out);

}  // namespace hivelineage::usage
