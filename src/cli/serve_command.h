// `hivelineage serve`: the lineage page and its JSON API on a local HTTP
// server (src/view/server.h), for warehouses too large for one page.
#pragma once

#include <cstdio>

namespace hivelineage::cli {

// argv[1] is "serve". Serves until SIGINT or SIGTERM; returns the exit
// status: 0 after a signal, 2 for a usage error, unreadable input or an
// address that cannot be listened on.
int ServeCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err);

}  // namespace hivelineage::cli
