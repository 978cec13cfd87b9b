// Runs the built `hivelineage` binary from a folder, capturing its exit
// status, stdout and stderr (stdin is /dev/null).
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "test_support.h"

namespace hivelineage::testing {

struct CliResult {
  int code = -1;
  std::string out;
  std::string err;
};

// `args` is appended to the binary's path as written (quote what needs it).
inline CliResult RunCli(const std::string& args, const std::filesystem::path& dir = SourceDir()) {
  static int n = 0;
  const std::filesystem::path tmp = std::filesystem::temp_directory_path();
  const std::string stem = "hivelineage_cli_runner_" + std::to_string(::getpid()) + "_" + std::to_string(++n);
  const std::filesystem::path out = tmp / (stem + ".out"), err = tmp / (stem + ".err");
  const std::string cmd = "cd " + ShellQuote(dir.string()) + " && " + ShellQuote(HIVELINEAGE_CLI) + " " + args +
                          " </dev/null >" + ShellQuote(out.string()) + " 2>" + ShellQuote(err.string());
  const int status = std::system(cmd.c_str());
  CliResult r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = ReadFile(out);
  r.err = ReadFile(err);
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return r;
}

}  // namespace hivelineage::testing
