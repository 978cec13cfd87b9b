// What decides whether stored results still hold: each script's content
// hash, and the analysis settings every script was analysed with (the
// hivelineage version, the options that change lineage, the --catalog files'
// contents). A change of settings means every script is analysed again.
#pragma once

#include <cstdint>
#include <string>

#include "driver/run.h"

namespace hivelineage::store {

struct FileStamp {
  std::string content_hash;  // MD5 of the bytes, hex; empty until hashed
  int64_t size = 0;
  int64_t mtime_ns = 0;      // modification time, nanoseconds since 1970
  std::string modified_at;   // the same, RFC 3339, UTC, whole seconds
  std::string error;         // cannot be read (the analysis reports it too)
};

// Size and modification time only: no read.
FileStamp StatFile(const std::string& path);
// StatFile and the content hash.
FileStamp StampFile(const std::string& path);

// Nanoseconds since 1970, now.
int64_t NowNanoseconds();

// The settings as canonical JSON text; catalog files are read and hashed.
// Every driver::AnalyzeOptions field that changes lineage belongs here.
std::string AnalysisSettings(const driver::RunOptions& options);

// Why a store made with `before` must be analysed again under `now`, in a
// few words ("the --catalog files changed"); empty when nothing differs.
std::string SettingsChange(const std::string& before, const std::string& now);

}  // namespace hivelineage::store
