// What a run shows on the terminal besides its output: a progress bar on
// stderr while it goes, and a summary line at the end.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

#include "driver/run.h"

namespace hivelineage::cli {

struct ReportOptions {
  // A progress bar on `err` once the run has taken progress_delay_seconds;
  // the caller asks for it only when `err` is a terminal.
  bool progress = false;
  double progress_delay_seconds = 1.0;
  bool summary = false;  // one line on `err` at the end (SummaryLine)
  // --warnings: every warning and note on `err` (All), only their counts per
  // kind at the end (Summary, a line before the summary line), or none.
  enum class Warnings { All, Summary, None } warnings = Warnings::All;
};

// Every write to `out` and `err` goes through here, so the progress bar (the
// last line of the terminal) is erased before other text and drawn again
// after it. Without a bar it only writes.
class Console {
 public:
  using Clock = std::chrono::steady_clock;

  // The bar shows `progress` of `total` files, from `start` on.
  Console(std::FILE* out, std::FILE* err, const ReportOptions& report, const driver::RunProgress& progress,
          size_t total, Clock::time_point start);
  ~Console() { Finish(); }

  // Stops the bar and erases it; idempotent.
  void Finish();
  // Write `buf` and clear it.
  void WriteOut(std::string& buf);
  void WriteErr(std::string& buf);
  // After each file: draws the bar when it is due and was not drawn lately
  // (the ticker covers long files; this covers runs that end before it wakes).
  void Update();

 private:
  void Tick();
  void Draw();   // with mu_ held
  void Erase();  // with mu_ held

  std::FILE* out_;
  std::FILE* err_;
  const ReportOptions& report_;
  const driver::RunProgress& progress_;
  const size_t total_;
  const Clock::time_point start_;
  bool out_is_terminal_ = false;

  std::mutex mu_;
  std::condition_variable stop_cv_;
  bool stop_ = false;
  bool shown_ = false;
  Clock::time_point last_draw_;
  std::thread ticker_;
};

// "hivelineage: 12 files, 340 statements, 2 errors, 1.20 MB in 0.31 s (3.9 MB/s, 2 threads)\n";
// errors count statements with errors plus files with file-level errors.
std::string SummaryLine(const driver::RunSummary& summary, double seconds);

// One progress bar line, no line ending, at most `width` bytes:
// "[#######.........] 120/400 files  8.1 MB/s  3 errors".
std::string ProgressLine(size_t done, size_t total, double mb_per_second, size_t errors, size_t width);

}  // namespace hivelineage::cli
