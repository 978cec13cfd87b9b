#include "cli/check_command.h"

#include <string_view>

#include "cli/input_options.h"

namespace hivelineage::cli {

void PrintCheckUsage(const char* usage, std::FILE* f) {
  std::fputs(usage, f);
  std::fputs(InputOptionsHelp().c_str(), f);
  std::fputs(
      "  --help                show this help\n"
      "\n"
      "exit status: 0 nothing found, 1 a violation (or statements that could not be\n"
      "analysed, so the check may have missed something), 2 usage error or unreadable input.\n"
      "Diagnostics go to stderr as file:line:col: severity: message.\n",
      f);
}

int CheckCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  const std::string_view which = argc > 2 ? argv[2] : "";
  if (which == "sensitive") return CheckSensitiveCommand(argc, argv, out, err);
  if (which == "schedule") return CheckScheduleCommand(argc, argv, out, err);
  if (which == "recompute") return CheckRecomputeCommand(argc, argv, out, err);
  std::FILE* f = which == "--help" || which == "-h" ? out : err;
  std::fputs(
      "usage: hivelineage check sensitive --tags TAGS [--levels LEVELS] [OPTIONS] PATH...\n"
      "       hivelineage check schedule --jobs JOBS [--runs RUNS [--sla TABLE=HH:MM]] [OPTIONS] [PATH...]\n"
      "       hivelineage check recompute [--usage LOG] [OPTIONS] PATH...\n"
      "\n"
      "  sensitive  where tagged columns flow, and copies that land in a table allowed a\n"
      "             lower level than the tag's (permission amplification)\n"
      "  schedule   scheduler dependencies against the data flow: missing and unneeded\n"
      "             dependencies, cycles; with --runs the critical path of each run date\n"
      "  recompute  columns and tables different scripts compute alike\n"
      "\n"
      "hivelineage check CHECK --help for a check's options. Exit status: 0 nothing found,\n"
      "1 a violation (or statements that could not be analysed), 2 usage error.\n",
      f);
  if (f == out) return 0;
  if (!which.empty())
    std::fprintf(err, "hivelineage check: unknown check '%.*s'\n", static_cast<int>(which.size()), which.data());
  return 2;
}

}  // namespace hivelineage::cli
