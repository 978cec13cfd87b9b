#include "cli/analyze_command.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "base/strings.h"
#include "cli/args.h"
#include "cli/diagnostic_filter.h"
#include "cli/man_page.h"
#include "driver/output_writer.h"

namespace hivelineage::cli {
namespace {

// Output is buffered and written in large chunks; a few MB of JSON in one
// string is cheaper than many small stdio calls.
constexpr size_t kFlushAt = 1 << 20;

// What the analysing threads do with each statement: the writer's text for
// stdout, and the statement's diagnostics for stderr.
class StatementRenderer : public driver::Renderer {
 public:
  StatementRenderer(const driver::OutputWriter& writer, const DiagnosticFilter& filter)
      : writer_(writer), filter_(filter) {}
  void Statement(const driver::FileResult& file, driver::StatementResult&& st, driver::FilePart& part) const override {
    filter_.Render(*file.source, st.diagnostics, part.diagnostics_text);
    writer_.Statement(file, std::move(st), part);
  }

 private:
  const driver::OutputWriter& writer_;
  const DiagnosticFilter& filter_;
};

}  // namespace

int AnalyzeCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  CliArgs args;
  const std::string error = ParseArgs(argc, argv, args);
  if (!error.empty()) return UsageError(err, "hivelineage", error);
  if (args.help || args.man_page) {
    const std::string text = args.help ? UsageText() : ManPage();
    std::fwrite(text.data(), 1, text.size(), out);
    return 0;
  }
  if (args.version) {
    std::fprintf(out, "hivelineage %s\n", HIVELINEAGE_VERSION);
    return 0;
  }
  const auto inputs = ResolveInputs(args.input, "hivelineage", err);
  if (!inputs) return 2;
  ReportOptions report;
  report.summary = !args.input.common.quiet;
  report.warnings = args.input.common.warnings;
  report.progress = !args.input.common.quiet && isatty(fileno(err));
  // For tests of the bar: how long a run must take before it shows (default 1 s).
  if (const char* ms = std::getenv("HIVELINEAGE_PROGRESS_DELAY_MS"))
    report.progress_delay_seconds = std::atof(ms) / 1000;
  return ExitStatus(RunAndWrite(*inputs, MakeRunOptions(args.input), args.format, out, err, report));
}

driver::RunSummary RunAndWrite(const std::vector<driver::InputFile>& inputs, const driver::RunOptions& options,
                               output::Format format, std::FILE* out, std::FILE* err, const ReportOptions& report) {
  using Clock = Console::Clock;
  const Clock::time_point start = Clock::now();
  driver::RunProgress progress;
  driver::RunOptions run_options = options;
  if (report.progress) run_options.progress = &progress;
  Console console(out, err, report, progress, inputs.size(), start);

  std::unique_ptr<driver::OutputWriter> writer = driver::MakeWriter(format);
  const DiagnosticFilter filter(report.warnings);
  const StatementRenderer renderer(*writer, filter);
  run_options.renderer = &renderer;
  std::string buf;
  std::string diag;
  bool begun = false;
  auto sink = [&](driver::FilePart&& part) {
    if (!begun) {
      writer->Begin(buf);
      begun = true;
    }
    writer->Part(part, buf);
    filter.Render(*part.file.source, part.file.diagnostics, diag);
    for (const driver::StatementResult& st : part.file.statements) filter.Render(*part.file.source, st.diagnostics, diag);
    diag += part.diagnostics_text;
    console.WriteErr(diag);
    if (buf.size() >= kFlushAt) console.WriteOut(buf);
    if (part.last) console.Update();
  };
  driver::RunSummary summary = driver::Run(inputs, run_options, sink);
  if (!summary.fatal_error.empty()) {
    console.Finish();
    std::fprintf(err, "hivelineage: %s\n", summary.fatal_error.c_str());
    return summary;
  }
  std::string early;
  for (const driver::EarlyRead& e : summary.early_reads) early += driver::RenderEarlyRead(e);
  console.WriteErr(early);
  if (!begun) writer->Begin(buf);
  writer->End(buf);
  console.WriteOut(buf);
  std::fflush(out);
  console.Finish();
  if (report.summary) {
    std::fputs(filter.SummaryLine().c_str(), err);
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    std::fputs(SummaryLine(summary, seconds).c_str(), err);
  }
  return summary;
}

int ExitStatus(const driver::RunSummary& summary) {
  if (!summary.fatal_error.empty() || summary.unreadable_input) return 2;
  return summary.any_error ? 1 : 0;
}

}  // namespace hivelineage::cli
