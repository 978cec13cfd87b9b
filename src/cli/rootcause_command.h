// `hivelineage rootcause NAME --dqc RESULTS PATH...`: ranked upstream suspects
// of a failed data-quality check (checks/rootcause.h).
#pragma once

#include <cstdio>

namespace hivelineage::cli {

// argv[1] is "rootcause". Exit status: 0, 1 some statements could not be
// analysed, 2 usage error, unreadable input or NAME unknown.
int RootCauseCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err);

}  // namespace hivelineage::cli
