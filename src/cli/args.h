// Command-line parsing for `hivelineage [analyze] [OPTIONS] [PATH ...]`.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "driver/analyze.h"
#include "output/writer.h"

namespace hivelineage::cli {

struct CliArgs {
  bool help = false;
  bool version = false;
  output::Format format = output::Format::Json;
  std::vector<std::string> catalogs;
  std::string default_db = "default";
  std::vector<std::pair<std::string, std::string>> variables;
  bool allow_env = false;
  int jobs = 0;           // -j N; 0 = one thread per core
  std::string sequence;   // --sequence FILE: scripts in run order, sharing what they create
  bool quiet = false;     // no progress bar, no summary line
  driver::Limits limits;  // --max-file-size, --max-statement-size, --max-statements, --max-depth
  std::vector<std::string> paths;
};

// Fills `args`; returns a usage error message, empty on success.
std::string ParseArgs(int argc, const char* const* argv, CliArgs& args);

extern const char kUsage[];

}  // namespace hivelineage::cli
