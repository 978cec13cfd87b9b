// The result files teams keep next to their lineage (data-quality results,
// scheduler runs) come as CSV, JSON or JSON Lines: one reader for the three,
// giving the records of record_file.h so each check reads its fields one way.
#pragma once

#include <string>
#include <string_view>

#include "checks/record_file.h"

namespace hivelineage::checks {

// Reads `path`: JSON Lines (one object a line; `.jsonl`/`.ndjson`, or a
// first line that is a whole object while the file is not one document),
// else CSV or JSON as ReadRecordFile. JSON Lines records are named
// "file:line". Returns false with `error` naming the file and line.
bool ReadRecordsOrLines(const std::string& path, std::string_view list_key, RecordFile& out, std::string& error);

}  // namespace hivelineage::checks
