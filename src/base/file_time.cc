#include "base/file_time.h"

#include <sys/stat.h>

#include <ctime>

namespace hivelineage {

std::string Rfc3339Utc(int64_t unix_seconds) {
  const time_t t = static_cast<time_t>(unix_seconds);
  tm utc{};
  gmtime_r(&t, &utc);
  char buf[32];
  std::strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &utc);
  return buf;
}

std::string FileModifiedRfc3339(const std::string& path) {
  struct stat st {};
  if (path == "-" || ::stat(path.c_str(), &st) != 0) return {};
  return Rfc3339Utc(st.st_mtim.tv_sec);
}

std::string NowRfc3339() { return Rfc3339Utc(static_cast<int64_t>(std::time(nullptr))); }

}  // namespace hivelineage
