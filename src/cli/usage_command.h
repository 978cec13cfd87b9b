// `hivelineage usage LOG...`: table, partition and column usage from query logs.
#pragma once

#include <cstdio>

namespace hivelineage::cli {

// argv[1] is "usage". Exit status: 0, 1 some lines were malformed or some
// queries did not analyse cleanly (the rest is counted), 2 usage error or
// unreadable input.
int UsageCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err);

}  // namespace hivelineage::cli
