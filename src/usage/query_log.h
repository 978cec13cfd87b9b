// Query logs as `hivelineage usage` reads them, one JSON object per line:
//
//   - the documented JSON Lines: {"query": SQL, "user": NAME, "time": TIME}
//     with an optional "database" (the session's current database);
//   - Apache Ranger's Hive audit log, as its HDFS destination writes it (one
//     event per line: "reqUser", "evtTime", "reqData" (the statement),
//     "resource" ("db/table/columns"), "result" (1 allowed, 0 denied), "sess",
//     ...). Ranger logs one event per object a statement touches: events in a
//     row with the same user, session and statement are one query. The
//     database of the event's resource is taken as the current database, so
//     unqualified names resolve as they did in the session. Denied events are
//     counted, not analysed (the statement did not run).
//
// TIME: RFC 3339 (2024-03-01T10:15:02Z, 2024-03-01T18:15:02+08:00),
// "2024-03-01 10:15:02[.123]" (UTC, as Ranger writes it), or a number of
// seconds or (when larger than 10^11) milliseconds since 1970.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hivelineage::usage {

enum class LogFormat : uint8_t { Auto, JsonLines, Ranger };

std::optional<LogFormat> ParseLogFormat(std::string_view name);  // auto, jsonl, ranger

struct LogEntry {
  std::string query;
  std::string user;
  int64_t time = 0;      // seconds since 1970, UTC
  std::string database;  // empty: the default database
  bool denied = false;   // Ranger: access denied, the statement did not run
  std::string session;   // Ranger: to tell one statement's events apart
};

// Parses one line. Returns false with `error` set (without the file:line
// prefix) when the line is not valid JSON or lacks what the format needs.
bool ParseLogLine(std::string_view line, LogFormat format, LogEntry& entry, std::string& error);

// Whether `next` is another Ranger event of the same statement as `prev`.
bool SameStatement(const LogEntry& prev, const LogEntry& next);

// TIME as above; nothing when it is none of those forms.
std::optional<int64_t> ParseLogTime(std::string_view text);

// "2024-03-01 10:15:02" (UTC).
std::string FormatLogTime(int64_t seconds);

}  // namespace hivelineage::usage
