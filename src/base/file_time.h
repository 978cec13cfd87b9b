// Times as RFC 3339 text (UTC, whole seconds): a file's modification time and
// the current time, for OpenLineage's eventTime and the store's scripts.
#pragma once

#include <cstdint>
#include <string>

namespace hivelineage {

// 2024-05-01T02:00:00Z for `unix_seconds`.
std::string Rfc3339Utc(int64_t unix_seconds);

// The modification time of the file at `path`, or empty when it cannot be read.
std::string FileModifiedRfc3339(const std::string& path);

// Now.
std::string NowRfc3339();

}  // namespace hivelineage
