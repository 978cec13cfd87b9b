// The hive format: records shaped like Hive's LineageLogger post-execution
// hook (org.apache.hadoop.hive.ql.hooks.LineageLogger), one per line.
//
// Like the hook: only statements Hive would log (queries, inserts, CTAS,
// CREATE/ALTER VIEW AS, MERGE/UPDATE/DELETE; not EXPLAIN, not DDL), one
// PROJECTION edge per distinct (sources, expression) with its targets merged,
// one PREDICATE edge per condition, vertex ids numbered targets first and
// then sources, "expression" left out for plain column copies, and "hash" the
// MD5 of the query text.
#pragma once

#include <memory>
#include <string>

#include "output/writer.h"

namespace hivelineage::output {

// Appends one record for `st` (no newline); false (nothing written) when the
// hook would not log this statement.
bool WriteHiveRecord(const FileOutput& file, const StatementOutput& st, std::string& out);

std::unique_ptr<Writer> MakeHiveWriter();

}  // namespace hivelineage::output
