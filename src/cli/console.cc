#include "cli/console.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>

#include "base/strings.h"

namespace hivelineage::cli {
namespace {

std::string Fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", decimals, v);
  return buf;
}

}  // namespace

Console::Console(std::FILE* out, std::FILE* err, const ReportOptions& report, const driver::RunProgress& progress,
                 size_t total, Clock::time_point start)
    : out_(out), err_(err), report_(report), progress_(progress), total_(total), start_(start) {
  if (!report_.progress) return;
  out_is_terminal_ = isatty(fileno(out_)) != 0;
  ticker_ = std::thread([this] { Tick(); });
}

void Console::Finish() {
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

void Console::WriteOut(std::string& buf) {
  if (buf.empty()) return;
  std::lock_guard lock(mu_);
  if (out_is_terminal_) Erase();  // the bar would be left in the middle of the output
  std::fwrite(buf.data(), 1, buf.size(), out_);
  if (out_is_terminal_) std::fflush(out_);
  buf.clear();
}

void Console::WriteErr(std::string& buf) {
  if (buf.empty()) return;
  std::lock_guard lock(mu_);
  const bool had_bar = shown_;
  Erase();
  std::fwrite(buf.data(), 1, buf.size(), err_);
  buf.clear();
  if (had_bar) Draw();
}

void Console::Update() {
  if (!report_.progress) return;
  std::lock_guard lock(mu_);
  const Clock::time_point now = Clock::now();
  if (stop_ || now - start_ < std::chrono::duration<double>(report_.progress_delay_seconds)) return;
  if (shown_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
  Draw();
}

void Console::Tick() {
  std::unique_lock lock(mu_);
  const auto delay = std::chrono::duration<double>(report_.progress_delay_seconds);
  if (stop_cv_.wait_until(lock, start_ + std::chrono::duration_cast<Clock::duration>(delay), [&] { return stop_; }))
    return;
  for (;;) {
    Draw();
    if (stop_cv_.wait_for(lock, std::chrono::milliseconds(100), [&] { return stop_; })) return;
  }
}

void Console::Draw() {
  const double secs = std::chrono::duration<double>(Clock::now() - start_).count();
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

void Console::Erase() {
  if (!shown_) return;
  std::fputs("\r\033[K", err_);
  std::fflush(err_);
  shown_ = false;
}

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

}  // namespace hivelineage::cli
