// `hivelineage explain db.table.column PATH...`: the derivation of a column.
#pragma once

#include <cstdio>

namespace hivelineage::cli {

// argv[1] is "explain". Exit status: 0, 1 some statements had errors (the
// derivation may be incomplete), 2 usage error, unreadable input, or a
// column in no statement.
int ExplainCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err);

}  // namespace hivelineage::cli
