// Running the hivelineage command line from a test (RunShell is in
// test_support.h), and watching a process.
#pragma once

#include <filesystem>
#include <string>

#include "cli_in_process.h"
#include "test_support.h"

namespace hivelineage::testing {

// The result of RunShell (test_support.h), under the name the store's tests use.
using ShellRun = ShellResult;

// The hivelineage command line with `args` (quoted as for the shell), run
// in-process from `dir` (cli_in_process.h); `scratch` is unused.
inline ShellRun RunCli(const std::string& args, const std::filesystem::path& dir,
                       const std::filesystem::path& /*scratch*/) {
  return RunMain(args, dir);
}

// Whether process `pid` is still running (a zombie nobody reaped is not).
inline bool ProcessRunning(int pid) {
  const std::string stat = ReadFile("/proc/" + std::to_string(pid) + "/stat");
  const size_t paren = stat.rfind(')');
  return paren != std::string::npos && paren + 2 < stat.size() && stat[paren + 2] != 'Z';
}

}  // namespace hivelineage::testing
