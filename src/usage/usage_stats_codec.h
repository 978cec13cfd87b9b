// UsageStats as bytes, so that counts made in separate processes (the parts
// of a query log that the Python package's hivelineage.dask counts on a
// cluster's workers) can be merged (UsageStats::Merge) and reported in one
// place, exactly as if one process had read the whole log: the counters merge
// by addition, whatever the split.
//
// The bytes are CBOR (RFC 8949), written by nlohmann-json: the names of
// tables, users and partitions are kept byte for byte, valid UTF-8 or not.
#pragma once

#include <string>
#include <string_view>

#include "usage/usage_stats.h"

namespace hivelineage::usage {

std::string EncodeUsageStats(const UsageStats& stats);

// Fills `stats` from EncodeUsageStats' bytes; false, with `error` set, when
// they are not such bytes.
bool DecodeUsageStats(std::string_view bytes, UsageStats& stats, std::string& error);

}  // namespace hivelineage::usage
