// `hivelineage check sensitive|schedule`: governance checks over the lineage
// of a warehouse's scripts, made to gate a CI job (docs/checks.md).
#pragma once

#include <cstdio>

namespace hivelineage::cli {

// argv[1] is "check", argv[2] the check. Exit status: 0 nothing found,
// 1 a violation (or statements that could not be analysed, so the check may
// have missed something), 2 usage error or unreadable input.
int CheckCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err);

// Prints a check's `usage` lines, the input options, --help and the checks' exit statuses.
void PrintCheckUsage(const char* usage, std::FILE* f);

// The checks, argv[2] being their name.
int CheckSensitiveCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err);
int CheckScheduleCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err);
int CheckRecomputeCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err);

}  // namespace hivelineage::cli
