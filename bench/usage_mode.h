// hivelineage_bench usage: throughput and peak memory of `hivelineage usage`
// on a generated query log.
#pragma once

namespace hivelineage::bench {

// `hivelineage_bench usage [--queries N,...] [--threads 1,2]`: writes a JSON Lines query log of `queries` queries
// (deterministic: the same log every time) over a generated ods/dwd/dws/ads warehouse, with a few malformed lines and
// broken queries among them, then runs the usage analysis on it once per entry of `threads`, each in its own process so
// that each reports its own peak resident set size. Prints queries/s, MB/s and peak RSS. (default 1,000,000 queries;
// threads 1 and 2).
int UsageMode(int argc, char** argv, int first);

}  // namespace hivelineage::bench
