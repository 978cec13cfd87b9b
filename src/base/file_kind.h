// What a path names, before it is read: reading a named pipe nobody writes
// waits for ever, and a device such as /dev/zero never ends. Every reader of
// a user's file asks this first, so each answers with one error instead.
#pragma once

#include <string>

namespace hivelineage {

// Empty when `path` may be read as a file: a regular file, or a pipe the
// shell passes as /dev/fd/N, /dev/stdin or /proc/... (`<(...)`). Otherwise
// why not: "is a directory", "is a named pipe (FIFO), not a regular file", "is a device, ...",
// "is a socket, ...". A path that does not exist or cannot be looked at is
// left to the open that follows to name its error.
std::string NotAFileProblem(const std::string& path);

}  // namespace hivelineage
