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
    std::fprintf(stderr, "hivelineage: %s\n\n", error.c_str());
    cli::PrintUsage(stderr);
    return 2;
  }
  if (args.help) {
    cli::PrintUsage(stdout);
    return 0;
  }
  if (args.version) {
    std::printf("hivelineage %s\n", HIVELINEAGE_VERSION);
    return 0;
  }
  const auto inputs = cli::ResolveInputs(args.input, "hivelineage", stderr);
  if (!inputs) return 2;
  output::ReportOptions report;
  report.summary = !args.quiet;
  report.progress = !args.quiet && isatty(STDERR_FILENO);
  // For tests of the bar: how long a run must take before it shows (default 1 s).
  if (const char* ms = std::getenv("HIVELINEAGE_PROGRESS_DELAY_MS"))
    report.progress_delay_seconds = std::atof(ms) / 1000;
  const driver::RunSummary summary =
      output::RunAndWrite(*inputs, cli::MakeRunOptions(args.input), args.format, stdout, stderr, report);
  return output::ExitStatus(summary);
}
