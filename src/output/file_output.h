// What the writers read of a file and its statements: plain values, so that
// src/output knows nothing of the driver that produced them. The driver
// makes them from its results (driver/output_writer.h); a test or a tool may
// make them by hand.
//
// They borrow: every pointer is to data the caller keeps alive for the
// writer's call, and none is null.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "base/source_file.h"
#include "base/statement_kind.h"
#include "lineage/lineage.h"

namespace hivelineage::output {

// One statement: where it is, what it is, its lineage (the output contract's
// strings, docs/output-format.md) and its problems.
struct StatementOutput {
  uint32_t index = 0;  // within the file, from 0
  Span span;           // file offsets
  LineCol start;
  StatementKind kind = StatementKind::Other;
  bool parsed = false;                                 // lineage was computed
  std::string_view database;                           // current when it ran (Hive's "database")
  const lineage::StatementLineage* lineage = nullptr;  // never null
  const Diagnostics* diagnostics = nullptr;            // never null; file offsets
};

// One file, or one piece of it: its text (for names, positions and the hive
// format's query text), its file-level problems, and the statements to write.
struct FileOutput {
  const SourceFile* source = nullptr;        // never null
  const Diagnostics* diagnostics = nullptr;  // never null; file-level (unreadable, encoding, ...)
  bool is_catalog = false;                   // a --catalog DDL file: only its problems are reported
  std::vector<StatementOutput> statements;
};

}  // namespace hivelineage::output
