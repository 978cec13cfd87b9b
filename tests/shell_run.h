// Running the hivelineage command line from a test (RunShell is in
// test_support.h), and watching a process.
#pragma once

#include <filesystem>
#include <string>

#include "test_support.h"

namespace hivelineage::testing {

// The result of RunShell (test_support.h), under the name the store's tests use.
using ShellRun = ShellResult;

// The hivelineage binary with `args` (already quoted as needed).
inline ShellRun RunCli(const std::string& args, const std::filesystem::path& dir,
                       const std::filesystem::path& scratch) {
  return RunShell(ShellQuote(HIVELINEAGE_CLI) + " " + args, dir, scratch);
}

// Whether process `pid` is still running (a zombie nobody reaped is not).
inline bool ProcessRunning(int pid) {
  const std::string stat = ReadFile("/proc/" + std::to_string(pid) + "/stat");
  const size_t paren = stat.rfind(')');
  return paren != std::string::npos && paren + 2 < stat.size() && stat[paren + 2] != 'Z';
}

}  // namespace hivelineage::testing
