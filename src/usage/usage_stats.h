// What `hivelineage usage` counts, aggregated as the log streams by: the
// size of these counters grows with the tables, columns, partitions, users
// and days the log mentions, never with the number of queries. Counters of
// separate parts of a log merge by addition, so the result does not depend on
// how the work was split between threads.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "driver/analyze_script.h"
#include "usage/partition_filters.h"
#include "usage/query_log.h"

namespace hivelineage::usage {

constexpr int64_t kNever = std::numeric_limits<int64_t>::min();

struct TableStats {
  uint64_t reads = 0;   // queries that read the table
  uint64_t writes = 0;  // queries that wrote it
  int64_t first_read = std::numeric_limits<int64_t>::max();
  int64_t last_read = kNever;
  absl::flat_hash_map<int64_t, uint64_t> reads_per_day;   // day (seconds / 86400) -> reads
  absl::flat_hash_set<std::string> users;                 // who read it
  absl::flat_hash_map<std::string, uint64_t> partitions;  // "dt=2024-03-01" -> reads
  absl::flat_hash_map<std::string, uint64_t> columns;     // column (short name) -> reads

  void Merge(TableStats&& other);
};

struct UsageStats {
  uint64_t lines = 0;          // non-blank lines read
  uint64_t bytes = 0;          // of the logs
  uint64_t malformed = 0;      // lines that are not an entry of the log format
  uint64_t merged_events = 0;  // Ranger events folded into the statement before them
  uint64_t denied = 0;         // Ranger events of statements that were not allowed to run
  uint64_t queries = 0;        // analysed
  uint64_t with_errors = 0;    // queries with a statement that did not analyse cleanly
  int64_t first = std::numeric_limits<int64_t>::max();
  int64_t last = kNever;
  absl::flat_hash_map<std::string, TableStats> tables;  // db.table
  absl::flat_hash_map<std::string, uint64_t> users;     // user -> queries
  // Queries that read several databases / layers together ("dwd+ods"), and
  // queries that write one layer from another ("ods>ads").
  absl::flat_hash_map<std::string, uint64_t> cross_database;
  absl::flat_hash_map<std::string, uint64_t> cross_layer;
  absl::flat_hash_map<std::string, uint64_t> layer_flows;

  void Merge(UsageStats&& other);
};

// The layer of a table: the first of `layers` that is its database's name or
// one of its `_`-separated words (`ods`, `dw_ods`); else the first word of the
// table's name (`default.ods_orders`); else "other".
std::string LayerOf(std::string_view table, const std::vector<std::string>& layers);

// Counts one analysed query: its statements and the partitions they filter on.
void CountQuery(const LogEntry& entry, const std::vector<driver::StatementResult>& statements,
                const std::vector<PartitionRead>& partitions, const std::vector<std::string>& layers,
                UsageStats& stats);

}  // namespace hivelineage::usage
