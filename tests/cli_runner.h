// Runs the hivelineage command line in-process (cli_in_process.h) from a
// folder, capturing its exit status, stdout and stderr (stdin is empty).
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>

#include "cli_in_process.h"
#include "test_support.h"

namespace hivelineage::testing {

struct CliResult {
  int code = -1;
  std::string out;
  std::string err;
};

// `args` as the shell would split them (ShellWords), run in-process.
inline CliResult RunCli(const std::string& args, const std::filesystem::path& dir = SourceDir()) {
  const ShellResult r = RunMain(args, dir);
  return CliResult{r.code, r.out, r.err};
}

}  // namespace hivelineage::testing
