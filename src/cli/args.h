// Command-line parsing for `hivelineage [analyze] [OPTIONS] [PATH ...]`.
#pragma once

#include <string>

#include "cli/input_options.h"
#include "output/writer.h"

namespace hivelineage::cli {

struct CliArgs {
  bool help = false;
  bool version = false;
  output::Format format = output::Format::Json;
  bool quiet = false;  // no progress bar, no summary line
  InputArgs input;     // PATHs, --catalog, --var, -j, --sequence, limits, ...
};

// Fills `args`; returns a usage error message, empty on success.
std::string ParseArgs(int argc, const char* const* argv, CliArgs& args);

// The usage text: kUsage, then kInputOptionsHelp, then kUsageEnd.
extern const char kUsage[];
extern const char kUsageEnd[];

// Prints the whole usage text to `f`.
void PrintUsage(std::FILE* f);

}  // namespace hivelineage::cli
