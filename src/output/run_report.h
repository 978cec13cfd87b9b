// Runs the analysis over a set of inputs and streams the chosen format to
// `out` and GCC-style diagnostics to `err`, file by file. This is the whole
// CLI minus argument parsing: also the progress bar and the summary line.
#pragma once

#include <cstdio>
#include <string>

#include "driver/run.h"
#include "output/writer.h"

namespace hivelineage::output {

struct ReportOptions {
  // A progress bar on `err` once the run has taken progress_delay_seconds;
  // the caller asks for it only when `err` is a terminal.
  bool progress = false;
  double progress_delay_seconds = 1.0;
  bool summary = false;  // one line on `err` at the end (SummaryLine)
};

driver::RunSummary RunAndWrite(const std::vector<driver::InputFile>& inputs, const driver::RunOptions& options,
                               Format format, std::FILE* out, std::FILE* err, const ReportOptions& report = {});

// The exit status (docs/output-format.md): 0 all fine, 1 some statement had errors,
// 2 unreadable input or a catalog that could not be loaded.
int ExitStatus(const driver::RunSummary& summary);

// "hivelineage: 12 files, 340 statements, 2 errors, 1.20 MB in 0.31 s (3.9 MB/s, 2 threads)\n";
// errors count statements with errors plus files with file-level errors.
std::string SummaryLine(const driver::RunSummary& summary, double seconds);

// One progress bar line, no line ending, at most `width` bytes:
// "[#######.........] 120/400 files  8.1 MB/s  3 errors".
std::string ProgressLine(size_t done, size_t total, double mb_per_second, size_t errors, size_t width);

}  // namespace hivelineage::output
