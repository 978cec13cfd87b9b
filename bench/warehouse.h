// hivelineage_bench warehouse: writes a synthetic Hive warehouse to measure
// (and test) the tools that work on many scripts: graph, impact, stores.
//
// The warehouse follows the usual layering: ods tables loaded from files,
// dwd cleaning and joining them (row_number() dedup with `rn = 1`, `d.*`,
// masked personal data, CASE), dws aggregating (GROUP BY, multi-insert with a
// WHERE per body, temporary staging tables), ads reporting (CTEs, window
// functions, UNION ALL). Tables are wide (up to --max-columns columns) and
// every script creates the tables it writes (CREATE TABLE IF NOT EXISTS)
// before writing them, with `${hiveconf:etl_date}` everywhere, `set` lines
// and Chinese comments, as real warehouses do.
//
// Output, under DIR:
//   scripts/<layer>/<domain>/<table>.sql   one script per job
//   catalog.sql                            every CREATE TABLE, for --catalog
//   sequence.txt                           the scripts in dependency order, for --sequence
// The same --scripts and --seed always give the same bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace hivelineage::bench {

struct WarehouseOptions {
  std::string out;  // DIR
  size_t scripts = 1500;
  uint64_t seed = 1;
  int max_columns = 180;  // the widest ods table; narrower warehouses have fewer edges per script
};

struct WarehouseStats {
  size_t scripts = 0;
  size_t tables = 0;
  size_t script_bytes = 0;
  size_t catalog_bytes = 0;
};

// Writes the warehouse; returns an error message, empty on success.
std::string GenerateWarehouse(const WarehouseOptions& options, WarehouseStats& stats);

// A Spark SQL script of `scripts` jobs (Delta tables USING delta, temporary
// views, MERGE with UPDATE SET * / INSERT *, time travel, INSERT ... BY NAME,
// FROM VALUES, `::` casts, FILTER (WHERE ...), GROUP BY ALL), for the Spark
// line of `hivelineage_bench pipeline` when ../shared is absent. The same
// arguments give the same bytes.
std::string SparkFlavouredScript(size_t scripts, uint64_t seed = 1);

// `hivelineage_bench warehouse --out DIR [--scripts N] [--seed S] [--max-columns N]`
int WarehouseMode(int argc, char** argv, int first);

}  // namespace hivelineage::bench
