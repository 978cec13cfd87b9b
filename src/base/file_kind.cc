#include "base/file_kind.h"

#include <sys/stat.h>

namespace hivelineage {

std::string NotAFileProblem(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return {};
  if (S_ISREG(st.st_mode)) return {};
  if (S_ISDIR(st.st_mode)) return "is a directory";
  if (S_ISFIFO(st.st_mode)) {
    // A pipe the shell made for this run (process substitution, stdin) has a writer.
    if (path.rfind("/dev/", 0) == 0 || path.rfind("/proc/", 0) == 0) return {};
    return "is a named pipe (FIFO), not a regular file; not read";
  }
  if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) return "is a device, not a regular file; not read";
  if (S_ISSOCK(st.st_mode)) return "is a socket, not a regular file; not read";
  return "is not a regular file; not read";
}

}  // namespace hivelineage
