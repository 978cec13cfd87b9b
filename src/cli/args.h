// Command-line parsing for `hivelineage [analyze] [OPTIONS] [PATH ...]`.
#pragma once

#include <string>

#include "cli/console.h"
#include "cli/input_options.h"
#include "cli/option_table.h"
#include "output/writer.h"

namespace hivelineage::cli {

struct CliArgs {
  bool help = false;
  bool version = false;
  bool man_page = false;  // --man-page: the help as a manual page (man_page.h)
  output::Format format = output::Format::Json;
  InputArgs input;  // --quiet, --warnings, PATHs, --catalog, --var, -j, --sequence, limits, ...
};

// Fills `args`; returns a usage error message, empty on success.
std::string ParseArgs(int argc, const char* const* argv, CliArgs& args);

// The whole --help text: the command's own lines, then InputOptionsHelp(),
// then --help, --version and the exit statuses. The man page is made from it.
std::string UsageText();

// The same as data (option_table.h), for the man page.
HelpText UsageHelp();

}  // namespace hivelineage::cli
