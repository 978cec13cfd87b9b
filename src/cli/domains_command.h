// `hivelineage domains --domains FILE PATH...`: business domains over the lineage (checks/domains.h).
#pragma once

#include <cstdio>

namespace hivelineage::cli {

// argv[1] is "domains". Exit status: 0, 1 some statements could not be
// analysed (a domain may be missing), 2 usage error or unreadable input.
int DomainsCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err);

}  // namespace hivelineage::cli
