#include "output/run_report.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

#include "base/strings.h"

namespace hivelineage::output {
namespace {

using Clock = std::chrono::steady_clock;

// Output is buffered and written in large chunks; a few MB of JSON in one
// string is cheaper than many small stdio calls.
constexpr size_t kFlushAt = 1 << 20;

std::string Fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", decimals, v);
  return buf;
}

double Since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// Every write to `out` and `err` goes through here, so the progress bar (the
// last line of the terminal) is erased before other text and drawn again
// after it. Without a bar it only writes.
class Console {
 public:
  Console(std::FILE* out, std::FILE* err, const ReportOptions& report, const driver::RunProgress& progress,
          size_t total, Clock::time_point start)
      : out_(out), err_(err), report_(report), progress_(progress), total_(total), start_(start) {
    if (!report_.progress) return;
    out_is_terminal_ = isatty(fileno(out_)) != 0;
    ticker_ = std::thread([this] { Tick(); });
  }

  ~Console() { Finish(); }

  // Stops the bar and erases it; idempotent.
  void Finish() {
    if (ticker_.joinable()) {
      {
        std::lock_guard lock(mu_);
        stop_ = true;
      }
      stop_cv_.notify_all();
      ticker_.join();
    }
    std::lock_guard lock(mu_);
    Erase();
  }

  void WriteOut(std::string& buf) {
    if (buf.empty()) return;
    std::lock_guard lock(mu_);
    if (out_is_terminal_) Erase();  // the bar would be left in the middle of the output
    std::fwrite(buf.data(), 1, buf.size(), out_);
    if (out_is_terminal_) std::fflush(out_);
    buf.clear();
  }

  void WriteErr(std::string& buf) {
    if (buf.empty()) return;
    std::lock_guard lock(mu_);
    const bool had_bar = shown_;
    Erase();
    std::fwrite(buf.data(), 1, buf.size(), err_);
    buf.clear();
    if (had_bar) Draw();
  }

  // After each file: draws the bar when it is due and was not drawn lately
  // (the ticker covers long files; this covers runs that end before it wakes).
  void Update() {
    if (!report_.progress) return;
    std::lock_guard lock(mu_);
    const Clock::time_point now = Clock::now();
    if (stop_ || now - start_ < std::chrono::duration<double>(report_.progress_delay_seconds)) return;
    if (shown_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
    Draw();
  }

 private:
  void Tick() {
    std::unique_lock lock(mu_);
    const auto delay = std::chrono::duration<double>(report_.progress_delay_seconds);
    if (stop_cv_.wait_until(lock, start_ + std::chrono::duration_cast<Clock::duration>(delay), [&] { return stop_; }))
      return;
    for (;;) {
      Draw();
      if (stop_cv_.wait_for(lock, std::chrono::milliseconds(100), [&] { return stop_; })) return;
    }
  }

  // With mu_ held.
  void Draw() {
    const double secs = Since(start_);
    const double mb = static_cast<double>(progress_.bytes_done.load(std::memory_order_relaxed)) / 1e6;
    size_t width = 80;
    winsize ws{};
    if (ioctl(fileno(err_), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) width = ws.ws_col;
    const std::string line =
        ProgressLine(progress_.files_done.load(std::memory_order_relaxed), total_, secs > 0 ? mb / secs : 0,
                     progress_.errors.load(std::memory_order_relaxed), width > 1 ? width - 1 : 1);
    std::fputs(Cat("\r\033[K", line).c_str(), err_);
    std::fflush(err_);
    shown_ = true;
    last_draw_ = Clock::now();
  }

  // With mu_ held.
  void Erase() {
    if (!shown_) return;
    std::fputs("\r\033[K", err_);
    std::fflush(err_);
    shown_ = false;
  }

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

// What the analysing threads do with each statement: the writer's text for
// stdout, and the statement's diagnostics for stderr.
class StatementRenderer : public driver::Renderer {
 public:
  explicit StatementRenderer(const Writer& writer) : writer_(writer) {}
  void Statement(const driver::FileResult& file, driver::StatementResult&& st, driver::FilePart& part) const override {
    RenderDiagnostics(*file.source, st.diagnostics, part.diagnostics_text);
    writer_.Statement(file, std::move(st), part);
  }

 private:
  const Writer& writer_;
};

}  // namespace

std::string ProgressLine(size_t done, size_t total, double mb_per_second, size_t errors, size_t width) {
  constexpr size_t kBar = 24;
  const size_t filled = total == 0 ? kBar : std::min(kBar, done * kBar / total);
  std::string line = "[";
  line.append(filled, '#');
  line.append(kBar - filled, '.');
  Append(line, "] ", done, "/", total, " files  ", Fixed(mb_per_second, 1), " MB/s  ", errors,
         errors == 1 ? " error" : " errors");
  if (line.size() > width) line.resize(width);
  return line;
}

std::string SummaryLine(const driver::RunSummary& summary, double seconds) {
  const size_t errors = summary.statements_with_errors + summary.files_with_errors;
  const double mb = static_cast<double>(summary.bytes) / 1e6;
  // Appends into a reserved string, not one Cat: GCC 12 at -O3 reports a bogus
  // -Wrestrict on the inlined Cat, which breaks -Dwerror=true builds.
  std::string line = "hivelineage: ";
  line.reserve(128);
  Append(line, summary.files, summary.files == 1 ? " file, " : " files, ", summary.statements,
         summary.statements == 1 ? " statement, " : " statements, ", errors, errors == 1 ? " error, " : " errors, ");
  Append(line, Fixed(mb, 2), " MB in ", Fixed(seconds, 2), " s (", Fixed(seconds > 0 ? mb / seconds : 0, 1), " MB/s, ",
         summary.jobs, summary.jobs == 1 ? " thread)\n" : " threads)\n");
  return line;
}

driver::RunSummary RunAndWrite(const std::vector<driver::InputFile>& inputs, const driver::RunOptions& options,
                               Format format, std::FILE* out, std::FILE* err, const ReportOptions& report) {
  const Clock::time_point start = Clock::now();
  driver::RunProgress progress;
  driver::RunOptions run_options = options;
  if (report.progress) run_options.progress = &progress;
  Console console(out, err, report, progress, inputs.size(), start);

  std::unique_ptr<Writer> writer = MakeWriter(format);
  const StatementRenderer renderer(*writer);
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
    RenderDiagnostics(part.file, diag);
    diag += part.diagnostics_text;
    console.WriteErr(diag);
    if (buf.size() >= kFlushAt) console.WriteOut(buf);
    if (part.last) console.Update();
  };
  driver::RunSummary summary = driver::Run(inputs, run_options, sink);
  if (!summary.catalog_errors.empty()) {
    console.Finish();
    for (const std::string& e : summary.catalog_errors) std::fprintf(err, "hivelineage: %s\n", e.c_str());
    return summary;
  }
  if (!begun) writer->Begin(buf);
  writer->End(buf);
  console.WriteOut(buf);
  std::fflush(out);
  console.Finish();
  if (report.summary) std::fputs(SummaryLine(summary, Since(start)).c_str(), err);
  return summary;
}

int ExitStatus(const driver::RunSummary& summary) {
  if (!summary.catalog_errors.empty() || summary.unreadable_input) return 2;
  return summary.any_error ? 1 : 0;
}

}  // namespace hivelineage::output
