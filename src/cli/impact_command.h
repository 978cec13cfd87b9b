// `hivelineage impact`: what a table or column feeds, or is fed by, across
// all the scripts given (see graph/impact.h).
#pragma once

#include <cstdio>
#include <string>

#include "cli/option_table.h"

namespace hivelineage::cli {

// argv[1] is "impact". Returns the exit status: 0 fine, 1 some statements
// had errors (the answer is still printed), 2 usage error, unreadable input,
// or a start name that is not in the graph.
int ImpactCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err);

// `hivelineage impact --help`, and as data for the man page.
std::string ImpactUsageText();
HelpText ImpactHelp();

}  // namespace hivelineage::cli
