// The lineage questions other than impact, each over the PATHs' graph or a
// store (--store DB), at --level column, table or database:
//
//   hivelineage path FROM TO     every way data flows from FROM to TO
//   hivelineage leaves           what nothing reads (offline candidates)
//   hivelineage roots            what nothing writes
//   hivelineage orphans          what is read but neither written nor declared
//   hivelineage readers NAME     the statements that read NAME
//   hivelineage writers NAME     the statements that write NAME
#pragma once

#include <cstdio>
#include <string_view>

namespace hivelineage::cli {

// Whether argv[1] names one of these commands.
bool IsQueryCommand(std::string_view name);

// argv[1] is the command. Returns the exit status: 0 fine, 1 some statements
// had errors (the answer is still printed), 2 usage error, unreadable input,
// or a name that is in no statement.
int QueryCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err);

}  // namespace hivelineage::cli
