// `hivelineage usage`'s streaming analysis of query logs.
//
// The calling thread reads the logs line by line and hands batches of lines
// to `jobs` worker threads; each worker parses its lines, analyses each query
// with the same analyser as scripts (one session per query, from the
// --catalog tables) and counts it into the batch's own UsageStats; the
// calling thread merges the batches' counts in log order. At most a few
// batches per worker are in flight, and no query's results outlive its batch,
// so memory is bounded by the counters (tables, columns, partitions, users,
// days), not by the length of the log. Problems are reported in log order.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "driver/options.h"
#include "usage/query_log.h"
#include "usage/usage_stats.h"

namespace hivelineage::usage {

struct UsageOptions {
  driver::AnalyzeOptions analyze;  // catalogs, default database, variables, semantics, limits
  LogFormat format = LogFormat::Auto;
  int jobs = 0;                                         // worker threads; 0 = one per core
  std::vector<std::string> partition_columns = {"dt"};  // see partition_filters.h
  std::vector<std::string> layers = {"ods", "dwd", "dws", "ads"};
  size_t batch_lines = 1024;
  size_t max_messages = 100;  // problems reported one by one; the rest are counted
};

struct UsageRun {
  UsageStats stats;
  std::string fatal_error;      // a log or catalog could not be read: nothing more was done
  size_t messages_dropped = 0;  // problems past max_messages
  size_t peak_batches = 0;      // batches in flight at once (read, not yet merged)
  int jobs = 1;
};

// Problems as "file:line: error: message" lines, in log order.
using MessageSink = std::function<void(const std::string&)>;

UsageRun RunUsage(const std::vector<std::string>& logs, const UsageOptions& options, const MessageSink& on_message);

}  // namespace hivelineage::usage
