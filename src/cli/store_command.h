// `hivelineage store`: keep a warehouse's lineage in an SQLite database
// (docs/store.md): `store update` analyses what changed, `store info` says
// what the store holds, `store export` writes it for Neo4j.
#pragma once

#include <cstdio>

namespace hivelineage::cli {

// argv[1] is "store". Returns the exit status: 0 fine, 1 some scripts in the
// store have errors, 2 usage error, unreadable input or a store problem.
int StoreCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err);

}  // namespace hivelineage::cli
