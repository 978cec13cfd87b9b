#include "driver/run.h"

#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>

#include "base/strings.h"
#include "driver/encoding.h"

namespace hivelineage::driver {
namespace {

namespace fs = std::filesystem;

bool IsScriptExtension(const fs::path& p) {
  const std::string ext = ToLower(p.extension().string());
  return ext == ".sql" || ext == ".hql" || ext == ".q";
}

// strerror() may share a buffer between threads; this does not.
std::string ErrnoMessage() { return std::generic_category().message(errno); }

// Reads a whole stream; false (errno kept) on a read error.
bool ReadAll(FILE* f, std::string& out) {
  char buf[1 << 16];
  for (;;) {
    const size_t n = std::fread(buf, 1, sizeof(buf), f);
    out.append(buf, n);
    if (n < sizeof(buf)) return !std::ferror(f);
  }
}

bool ReadPath(const std::string& path, std::string& out, std::string& error) {
  if (path == "-") {
    if (!ReadAll(stdin, out)) {
      error = Cat("cannot read standard input: ", ErrnoMessage());
      return false;
    }
    return true;
  }
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    error = "is a directory";
    return false;
  }
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    error = Cat("cannot open: ", ErrnoMessage());
    return false;
  }
  const bool ok = ReadAll(f, out);
  if (!ok) error = Cat("cannot read: ", ErrnoMessage());
  std::fclose(f);
  return ok;
}

bool LooksLikeJson(const std::string& path, std::string_view text) {
  const std::string ext = ToLower(fs::path(path).extension().string());
  if (ext == ".json") return true;
  if (ext == ".sql" || ext == ".hql" || ext == ".q") return false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
    return c == '{';
  }
  return false;
}

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

// Appends `arg` (a file, a folder searched recursively, or "-") to `out`;
// a folder's scripts come in sorted order.
void ExpandOne(const std::string& arg, const std::string& shown, ExpandedInputs& out) {
  if (arg == "-") {
    out.files.push_back(InputFile{"-", "<stdin>"});
    return;
  }
  std::error_code ec;
  const fs::file_status st = fs::status(arg, ec);
  if (ec || !fs::exists(st)) {
    out.errors.push_back(Cat(shown, ": no such file or directory"));
    return;
  }
  if (!fs::is_directory(st)) {
    out.files.push_back(InputFile{arg, shown});
    return;
  }
  std::vector<std::string> found;
  fs::recursive_directory_iterator it(arg, fs::directory_options::skip_permission_denied, ec);
  if (ec) {
    out.errors.push_back(Cat(shown, ": cannot list folder: ", ec.message()));
    return;
  }
  for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) break;
    std::error_code fec;
    if (it->is_regular_file(fec) && IsScriptExtension(it->path())) found.push_back(it->path().generic_string());
  }
  if (ec) out.errors.push_back(Cat(shown, ": cannot list folder: ", ec.message()));
  std::sort(found.begin(), found.end());
  for (std::string& f : found) out.files.push_back(InputFile{f, f});
}

constexpr int kMaxJobs = 256;

double ThreadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

bool HasFileLevelError(const FileResult& r) {
  for (const Diagnostic& d : r.diagnostics)
    if (d.severity == Severity::Error) return true;
  return false;
}

// Reads, decodes and analyses one input, starting in the default database.
FileResult AnalyzeInputFile(const InputFile& input, lineage::Session& session, const AnalyzeOptions& options) {
  LoadedInput in = LoadInput(input);
  session.current_database = options.default_database;
  FileResult r;
  if (in.unreadable) {
    r.source = in.source;
    r.unreadable = true;
  } else {
    r = AnalyzeScript(in.source, session, options);
  }
  r.diagnostics.insert(r.diagnostics.begin(), in.diagnostics.begin(), in.diagnostics.end());
  return r;
}

// A joinable thread with a stack as large as the main thread's (at least
// 8 MB): the parser's nesting limit is sized for that, and some systems give
// new threads far less.
class WorkerThread {
 public:
  explicit WorkerThread(std::function<void()> body) : body_(std::move(body)) {
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) return;
    pthread_attr_setstacksize(&attr, StackSize());
    started_ = pthread_create(&thread_, &attr, &Start, this) == 0;
    pthread_attr_destroy(&attr);
  }
  ~WorkerThread() {
    if (started_) pthread_join(thread_, nullptr);
  }
  WorkerThread(const WorkerThread&) = delete;
  WorkerThread& operator=(const WorkerThread&) = delete;
  bool started() const { return started_; }

 private:
  static size_t StackSize() {
    constexpr size_t kMin = size_t{8} << 20, kMax = size_t{256} << 20;
    rlimit rl{};
    if (getrlimit(RLIMIT_STACK, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY) return kMin;
    return std::clamp(static_cast<size_t>(rl.rlim_cur), kMin, kMax);
  }
  static void* Start(void* self) {
    static_cast<WorkerThread*>(self)->body_();
    return nullptr;
  }

  std::function<void()> body_;
  pthread_t thread_{};
  bool started_ = false;
};

// Hands out files to analyse and gives results back in input order. Files
// are taken in order, never more than `window` files ahead of the next result
// to emit, and not while the finished results waiting for an earlier file
// hold more than kHeldBytes of source: memory stays bounded, yet one big
// file does not stall the other threads after a few small ones.
class Scheduler {
 public:
  // `shared` is the session of a sequenced run (one analyser at a time);
  // null for independent scripts, each analysed on a catalog over `base`.
  Scheduler(const std::vector<InputFile>& inputs, const RunOptions& options,
            std::shared_ptr<const lineage::Catalog> base, lineage::Session* shared, int jobs)
      : inputs_(inputs),
        options_(options),
        base_(std::move(base)),
        shared_(shared),
        window_(32 * static_cast<size_t>(jobs) + 32),
        slots_(window_) {}

  // A helper thread's body: analyse until every file is taken or Stop().
  void WorkLoop() {
    for (;;) {
      size_t i;
      {
        std::unique_lock lock(mu_);
        if (!stop_ && !CanTake()) {
          // Wait for half the window to free up, not for one slot: fewer wake-ups.
          const auto begin = std::chrono::steady_clock::now();
          ++helpers_waiting_;
          work_cv_.wait(lock, [&] { return stop_ || next_take_ >= inputs_.size() || CanResume(); });
          --helpers_waiting_;
          waited_ += std::chrono::steady_clock::now() - begin;
        }
        if (stop_ || next_take_ >= inputs_.size()) {
          helper_cpu_.push_back(ThreadCpuSeconds());
          return;
        }
        i = next_take_++;
      }
      FileResult r = Analyze(i);
      std::lock_guard lock(mu_);
      Store(i, std::move(r));
    }
  }

  // The next result in input order; when `analyse`, the caller analyses
  // files itself while that result is not ready.
  FileResult Next(bool analyse) {
    std::unique_lock lock(mu_);
    for (;;) {
      Slot& slot = slots_[next_emit_ % window_];
      if (slot.ready) {
        FileResult r = std::move(slot.result);
        slot = Slot{};
        held_bytes_ -= r.source->text().size();
        ++next_emit_;
        const bool wake = helpers_waiting_ > 0 && CanResume();
        lock.unlock();
        if (wake) work_cv_.notify_all();
        return r;
      }
      if (analyse && CanTake()) {
        const size_t i = next_take_++;
        lock.unlock();
        FileResult r = Analyze(i);
        lock.lock();
        Store(i, std::move(r));
        continue;
      }
      const auto begin = std::chrono::steady_clock::now();
      caller_waiting_ = true;
      ready_cv_.wait(lock);
      caller_waiting_ = false;
      waited_ += std::chrono::steady_clock::now() - begin;
    }
  }

  // CPU time of each helper thread, once all have returned from WorkLoop.
  std::vector<double> HelperCpuSeconds() {
    std::lock_guard lock(mu_);
    return helper_cpu_;
  }

  // Time threads spent blocked for lack of work or for the next result.
  double WaitSeconds() {
    std::lock_guard lock(mu_);
    return std::chrono::duration<double>(waited_).count();
  }

  void Stop() {
    {
      std::lock_guard lock(mu_);
      stop_ = true;
    }
    work_cv_.notify_all();
  }

 private:
  struct Slot {
    bool ready = false;
    FileResult result;
  };

  static constexpr size_t kHeldBytes = size_t{16} << 20;

  bool CanTake() const {
    return next_take_ < inputs_.size() && next_take_ < next_emit_ + window_ && held_bytes_ < kHeldBytes;
  }
  bool CanResume() const {
    return next_take_ < inputs_.size() && next_take_ + window_ / 2 <= next_emit_ + window_ &&
           held_bytes_ <= kHeldBytes / 2;
  }

  // Called with mu_ held.
  void Store(size_t i, FileResult&& r) {
    held_bytes_ += r.source->text().size();
    slots_[i % window_] = Slot{true, std::move(r)};
    if (i == next_emit_ && caller_waiting_) ready_cv_.notify_one();
  }

  FileResult Analyze(size_t i) {
    const InputFile& input = inputs_[i];
    FileResult r;
    try {
      if (shared_ != nullptr) {
        r = AnalyzeInputFile(input, *shared_, options_.analyze);
      } else {
        lineage::Session session;  // every script starts from the --catalog state
        session.catalog = lineage::Catalog(base_);
        r = AnalyzeInputFile(input, session, options_.analyze);
      }
    } catch (const std::exception& e) {
      // Out of memory or a bug outside statement analysis: report it on the file, keep going.
      r = FileResult{};
      r.source = std::make_shared<const SourceFile>(input.name, std::string_view());
      r.diagnostics.push_back(Diagnostic{Severity::Error, Span{0, 0}, Cat("internal error: ", e.what())});
    }
    if (RunProgress* p = options_.progress) {
      size_t errors = HasFileLevelError(r) || r.unreadable ? 1 : 0;
      for (const StatementResult& s : r.statements) errors += s.has_error();
      p->bytes_done.fetch_add(r.source->text().size(), std::memory_order_relaxed);
      p->errors.fetch_add(errors, std::memory_order_relaxed);
      p->files_done.fetch_add(1, std::memory_order_relaxed);
    }
    return r;
  }

  const std::vector<InputFile>& inputs_;
  const RunOptions& options_;
  const std::shared_ptr<const lineage::Catalog> base_;
  lineage::Session* shared_;
  const size_t window_;

  std::mutex mu_;
  std::condition_variable work_cv_;   // helpers: a file can be taken, or stop
  std::condition_variable ready_cv_;  // caller: the next result is ready
  std::vector<Slot> slots_;           // result of file i at i % window_
  size_t next_take_ = 0;
  size_t next_emit_ = 0;
  size_t held_bytes_ = 0;  // source bytes of the finished results in slots_
  int helpers_waiting_ = 0;
  bool caller_waiting_ = false;
  bool stop_ = false;
  std::chrono::steady_clock::duration waited_{};
  std::vector<double> helper_cpu_;
};

struct StopOnExit {
  Scheduler& sched;
  ~StopOnExit() { sched.Stop(); }
};

}  // namespace

ExpandedInputs ExpandPaths(const std::vector<std::string>& paths) {
  ExpandedInputs out;
  for (const std::string& arg : paths) ExpandOne(arg, arg, out);
  std::sort(out.files.begin(), out.files.end(),
            [](const InputFile& a, const InputFile& b) { return a.name < b.name; });
  out.files.erase(std::unique(out.files.begin(), out.files.end(),
                              [](const InputFile& a, const InputFile& b) { return a.name == b.name; }),
                  out.files.end());
  return out;
}

ExpandedInputs ReadSequence(const std::string& list_path) {
  ExpandedInputs out;
  std::string text;
  std::string error;
  if (!ReadPath(list_path, text, error)) {
    out.errors.push_back(Cat(list_path, ": ", error));
    return out;
  }
  const fs::path base = fs::path(list_path).parent_path();
  size_t line_no = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = text.size();
    std::string_view line(text.data() + pos, nl - pos);
    pos = nl + 1;
    ++line_no;
    while (!line.empty() && IsBlank(line.front())) line.remove_prefix(1);
    while (!line.empty() && IsBlank(line.back())) line.remove_suffix(1);
    if (line.empty() || line.front() == '#') continue;
    const fs::path entry(line);
    const std::string path = (entry.is_absolute() || base.empty() ? entry : base / entry).lexically_normal().generic_string();
    const std::string where = Cat(list_path, ":", line_no, ": ");
    ExpandedInputs one;
    ExpandOne(path, path, one);
    for (const std::string& e : one.errors) out.errors.push_back(Cat(where, e));
    for (InputFile& f : one.files) out.files.push_back(std::move(f));
  }
  return out;
}

LoadedInput DecodeInput(std::string name, std::string_view bytes) {
  LoadedInput in;
  const std::optional<size_t> bad = FindInvalidUtf8(bytes);
  if (!bad) {
    in.source = std::make_shared<const SourceFile>(std::move(name), bytes);
    return in;
  }
  if (std::optional<std::string> utf8 = Gb18030ToUtf8(bytes)) {
    in.source = std::make_shared<const SourceFile>(std::move(name), *utf8);
    in.diagnostics.push_back(Diagnostic{
        Severity::Warning, Span{0, 0},
        "file is not UTF-8; decoded as GB18030/GBK (offsets refer to the UTF-8 text)"});
    return in;
  }
  in.source = std::make_shared<const SourceFile>(std::move(name), bytes);
  const uint32_t at = static_cast<uint32_t>(std::min<size_t>(*bad, UINT32_MAX));
  in.diagnostics.push_back(Diagnostic{Severity::Warning, Span{at, at + 1},
                                      "file is neither UTF-8 nor GB18030; invalid bytes kept as they are"});
  return in;
}

LoadedInput LoadInput(const InputFile& input) {
  std::string bytes;
  std::string error;
  if (!ReadPath(input.path, bytes, error)) {
    LoadedInput in;
    in.source = std::make_shared<const SourceFile>(input.name, std::string_view());
    in.diagnostics.push_back(Diagnostic{Severity::Error, Span{0, 0}, error});
    in.unreadable = true;
    return in;
  }
  return DecodeInput(input.name, bytes);
}

std::string LoadCatalogs(const RunOptions& options, lineage::Session& session, const FileSink& sink,
                         bool* any_error) {
  for (const std::string& path : options.catalog_files) {
    std::string bytes;
    std::string error;
    if (!ReadPath(path, bytes, error)) return Cat(path, ": ", error);
    if (LooksLikeJson(path, bytes)) {
      const std::string msg = session.catalog.LoadJson(bytes);
      if (!msg.empty()) return Cat(path, ": invalid catalog: ", msg);
      continue;
    }
    // A DDL catalog is a script like any other; its CREATE statements fill the catalog.
    LoadedInput in = DecodeInput(path, bytes);
    session.current_database = options.analyze.default_database;
    FileResult r = AnalyzeScript(in.source, session, options.analyze);
    r.is_catalog = true;
    r.diagnostics.insert(r.diagnostics.begin(), in.diagnostics.begin(), in.diagnostics.end());
    if (r.has_error() && any_error != nullptr) *any_error = true;
    sink(std::move(r));
  }
  session.current_database = options.analyze.default_database;
  return {};
}

int ResolveJobs(int jobs) {
  if (jobs > 0) return std::min(jobs, kMaxJobs);
  cpu_set_t set;
  CPU_ZERO(&set);
  // The cores this process may use (taskset, cgroup cpusets), not all the machine has.
  if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0)
    return std::min(CPU_COUNT(&set), kMaxJobs);
  return std::clamp(static_cast<int>(std::thread::hardware_concurrency()), 1, kMaxJobs);
}

RunSummary Run(const std::vector<InputFile>& inputs, const RunOptions& options, const FileSink& sink) {
  RunSummary summary;
  const double cpu_start = ThreadCpuSeconds();
  lineage::Session base;
  summary.fatal_error = LoadCatalogs(options, base, sink, &summary.any_error);
  if (!summary.fatal_error.empty()) return summary;

  const size_t n = inputs.size();
  const int jobs = static_cast<int>(std::min<size_t>(static_cast<size_t>(ResolveJobs(options.jobs)), std::max<size_t>(n, 1)));
  // Sequenced scripts share one session and must run in order: one thread
  // analyses, the caller writes. Independent scripts: the caller analyses too.
  const bool sequenced = options.sequenced;
  std::shared_ptr<const lineage::Catalog> frozen;
  if (!sequenced) frozen = std::make_shared<const lineage::Catalog>(std::move(base.catalog));
  Scheduler sched(inputs, options, std::move(frozen), sequenced ? &base : nullptr, jobs);
  const int helpers = sequenced ? (jobs > 1 ? 1 : 0) : jobs - 1;
  const bool caller_analyses = !sequenced || helpers == 0;
  std::vector<std::unique_ptr<WorkerThread>> threads;
  StopOnExit stop_first{sched};  // declared after `threads`: stops the workers before they are joined
  for (int i = 0; i < helpers; ++i) {
    auto t = std::make_unique<WorkerThread>([&sched] { sched.WorkLoop(); });
    if (!t->started()) break;  // no more threads: the caller carries on with fewer
    threads.push_back(std::move(t));
  }
  summary.jobs = static_cast<int>(threads.size()) + (caller_analyses || threads.empty() ? 1 : 0);

  for (size_t i = 0; i < n; ++i) {
    FileResult r = sched.Next(caller_analyses || threads.empty());
    ++summary.files;
    summary.bytes += r.source->text().size();
    summary.statements += r.statements.size();
    for (const StatementResult& s : r.statements)
      if (s.has_error()) ++summary.statements_with_errors;
    if (r.unreadable) summary.unreadable_input = true;
    if (r.unreadable || HasFileLevelError(r)) ++summary.files_with_errors;
    if (r.has_error()) summary.any_error = true;
    sink(std::move(r));
  }
  sched.Stop();
  threads.clear();  // joins
  summary.wait_seconds = sched.WaitSeconds();
  summary.thread_cpu_seconds.push_back(ThreadCpuSeconds() - cpu_start);
  for (double s : sched.HelperCpuSeconds()) summary.thread_cpu_seconds.push_back(s);
  return summary;
}

}  // namespace hivelineage::driver
