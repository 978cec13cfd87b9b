// The table of hivelineage's commands, and the whole command line as a
// function: what main() runs, and what the tests call in-process.
#pragma once

#include <cstdio>
#include <span>
#include <string_view>

namespace hivelineage::cli {

// One command: argv[1] names it; `run` gets the whole argv (argv[1] included)
// and returns the exit status.
struct CommandEntry {
  std::string_view name;
  int (*run)(int argc, const char* const* argv, std::FILE* out, std::FILE* err);
};

// Every command but analyze, the default (which is also `analyze`).
std::span<const CommandEntry> Commands();

// `hivelineage ARGS...`: picks the command by argv[1] (analyze when none
// matches), writing to `out` and `err`. Returns the exit status.
int Main(int argc, const char* const* argv, std::FILE* out, std::FILE* err);

}  // namespace hivelineage::cli
