// Running the hivelineage command line (or any shell command) from a test,
// capturing its exit status, stdout and stderr.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "test_support.h"

namespace hivelineage::testing {

struct ShellRun {
  int code = -1;  // exit status; -1 when killed by a signal
  std::string out;
  std::string err;
};

// Runs `cmdline` with /bin/sh in `dir`, stdin from /dev/null; `scratch`
// holds the captured output files.
inline ShellRun RunShell(const std::string& cmdline, const std::filesystem::path& dir,
                         const std::filesystem::path& scratch) {
  static int n = 0;
  ++n;
  const std::filesystem::path out = scratch / ("shell_out" + std::to_string(n) + ".txt");
  const std::filesystem::path err = scratch / ("shell_err" + std::to_string(n) + ".txt");
  const std::string cmd = "cd " + ShellQuote(dir.string()) + " && " + cmdline + " </dev/null >" +
                          ShellQuote(out.string()) + " 2>" + ShellQuote(err.string());
  const int status = std::system(cmd.c_str());
  ShellRun r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = ReadFile(out);
  r.err = ReadFile(err);
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return r;
}

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
