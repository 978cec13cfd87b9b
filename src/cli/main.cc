// hivelineage: flags and I/O only; the work happens in the library.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "cli/args.h"
#include "cli/graph_command.h"
#include "cli/impact_command.h"
#include "output/run_report.h"

int main(int argc, char** argv) {
  using namespace hivelineage;
  if (argc > 1 && std::string_view(argv[1]) == "graph") return cli::GraphCommand(argc, argv, stdout, stderr);
  if (argc > 1 && std::string_view(argv[1]) == "impact") return cli::ImpactCommand(argc, argv, stdout, stderr);
  cli::CliArgs args;
  const std::string error = cli::ParseArgs(argc, argv, args);
  if (!error.empty()) {
    std::fprintf(stderr, "hivelineage: %s\n\n%s", error.c_str(), cli::kUsage);
    return 2;
  }
  if (args.help) {
    std::fputs(cli::kUsage, stdout);
    return 0;
  }
  if (args.version) {
    std::printf("hivelineage %s\n", HIVELINEAGE_VERSION);
    return 0;
  }
  if (args.paths.empty() && args.sequence.empty()) {
    if (isatty(STDIN_FILENO)) {
      std::fprintf(stderr, "hivelineage: no input (give a PATH, or - for stdin)\n\n%s", cli::kUsage);
      return 2;
    }
    args.paths.push_back("-");
  }

  const driver::ExpandedInputs inputs =
      args.sequence.empty() ? driver::ExpandPaths(args.paths) : driver::ReadSequence(args.sequence);
  if (!inputs.errors.empty()) {
    for (const std::string& e : inputs.errors) std::fprintf(stderr, "hivelineage: %s\n", e.c_str());
    return 2;
  }
  driver::RunOptions options;
  options.analyze.default_database = args.default_db;
  options.analyze.variables = args.variables;
  options.analyze.allow_env = args.allow_env;
  options.analyze.limits = args.limits;
  options.catalog_files = args.catalogs;
  options.jobs = args.jobs;
  options.sequenced = !args.sequence.empty();
  output::ReportOptions report;
  report.summary = !args.quiet;
  report.progress = !args.quiet && isatty(STDERR_FILENO);
  // For tests of the bar: how long a run must take before it shows (default 1 s).
  if (const char* ms = std::getenv("HIVELINEAGE_PROGRESS_DELAY_MS")) report.progress_delay_seconds = std::atof(ms) / 1000;
  const driver::RunSummary summary =
      output::RunAndWrite(inputs.files, options, args.format, stdout, stderr, report);
  return output::ExitStatus(summary);
}
