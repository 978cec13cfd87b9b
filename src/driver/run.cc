#include "driver/run.h"

#include <pthread.h>
#include <sys/stat.h>
#include <sched.h>
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <deque>
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

// Reads a whole stream, or stops once it has more than `max_bytes`; false
// (errno kept) on a read error.
bool ReadAll(FILE* f, std::string& out, uint64_t max_bytes) {
  char buf[1 << 16];
  for (;;) {
    const size_t n = std::fread(buf, 1, sizeof(buf), f);
    out.append(buf, n);
    if (out.size() > max_bytes) return true;
    if (n < sizeof(buf)) return !std::ferror(f);
  }
}

// A file larger than `max_bytes` is not read at all (its size is checked
// first), so a huge file costs no memory; `too_large` tells.
bool ReadPath(const std::string& path, std::string& out, std::string& error,
              uint64_t max_bytes = UINT64_MAX, bool* too_large = nullptr) {
  if (path == "-") {
    if (!ReadAll(stdin, out, max_bytes)) {
      error = Cat("cannot read standard input: ", ErrnoMessage());
      return false;
    }
    if (out.size() > max_bytes) {
      error = Cat("input is more than the limit of ", max_bytes, " bytes; not analysed");
      if (too_large != nullptr) *too_large = true;
      out.clear();
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
  struct stat st {};
  if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && static_cast<uint64_t>(st.st_size) > max_bytes) {
    error = Cat("file is ", static_cast<uint64_t>(st.st_size), " bytes, more than the limit of ", max_bytes,
                " bytes; not analysed");
    if (too_large != nullptr) *too_large = true;
    std::fclose(f);
    return true;
  }
  // Room for the whole file and the lexer's padding up front: no regrowth
  // (which briefly holds two copies) and no copy into the SourceFile.
  if (S_ISREG(st.st_mode) && st.st_size > 0) out.reserve(static_cast<size_t>(st.st_size) + SourceFile::kPadding + 1);
  const bool ok = ReadAll(f, out, max_bytes);
  if (!ok) error = Cat("cannot read: ", ErrnoMessage());
  if (ok && out.size() > max_bytes) {  // grew while read, or not a regular file
    error = Cat("file is more than the limit of ", max_bytes, " bytes; not analysed");
    if (too_large != nullptr) *too_large = true;
    out.clear();
  }
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

// What a piece holds, for the memory bound: its text, plus a rough size for
// each statement kept unrendered.
constexpr size_t kKeptStatementBytes = 2048;
size_t PartBytes(const FilePart& p) {
  return sizeof(FilePart) + p.text.size() + p.diagnostics_text.size() + p.file.statements.size() * kKeptStatementBytes;
}

// A piece is handed over once it holds this much.
constexpr size_t kPartBytes = size_t{1} << 20;

// A piece that continues `file`: its source and flags, nothing else.
FilePart NextPiece(const FileResult& file) {
  FilePart p;
  p.file.source = file.source;
  p.file.is_catalog = file.is_catalog;
  p.file.unreadable = file.unreadable;
  p.first = false;
  return p;
}

// Cuts one file's statements into pieces as they are analysed, rendering
// them when there is a renderer, and hands each piece to `deliver`.
class PieceMaker : public StatementObserver {
 public:
  PieceMaker(const Renderer* renderer, std::function<void(FilePart&&)> deliver)
      : renderer_(renderer), deliver_(std::move(deliver)) {}

  void Statement(const FileResult& file, StatementResult&& statement) override {
    if (!begun_) Begin(file);
    ++part_.statements;
    ++statements_;
    if (statement.has_error()) {
      ++part_.statements_with_errors;
      ++statements_with_errors_;
    }
    if (renderer_ != nullptr) {
      renderer_->Statement(file, std::move(statement), part_);
    } else {
      part_.file.statements.push_back(std::move(statement));
    }
    if (PartBytes(part_) >= kPartBytes) {
      part_.last = false;
      deliver_(std::move(part_));
      part_ = NextPiece(file);
    }
  }

  // The last piece, with the file-level diagnostics not handed over yet.
  void Finish(const FileResult& file) {
    if (!begun_) Begin(file);
    for (size_t i = diagnostics_sent_; i < file.diagnostics.size(); ++i)
      part_.file.diagnostics.push_back(file.diagnostics[i]);
    part_.last = true;
    deliver_(std::move(part_));
  }

  size_t statements_with_errors() const { return statements_with_errors_; }

 private:
  void Begin(const FileResult& file) {
    begun_ = true;
    part_ = NextPiece(file);
    part_.first = true;
    part_.file.diagnostics = file.diagnostics;
    diagnostics_sent_ = file.diagnostics.size();
  }

  const Renderer* renderer_;
  std::function<void(FilePart&&)> deliver_;
  FilePart part_;
  bool begun_ = false;
  size_t diagnostics_sent_ = 0;
  size_t statements_ = 0;
  size_t statements_with_errors_ = 0;
};

// Hands out files to analyse and passes their pieces to the sink in input
// order. Files are taken in order, never more than `window` files ahead of
// the one being emitted, and not while the pieces waiting for an earlier file
// hold more than kHeldBytes; a helper whose file is not the one being emitted
// also pauses once that much is waiting. The file being emitted streams
// straight through, so one huge script is never held whole, and one big file
// does not stall the other threads after a few small ones.
class Scheduler {
 public:
  // `shared` is the session of a sequenced run (one analyser at a time);
  // null for independent scripts, each analysed on a catalog over `base`.
  Scheduler(const std::vector<InputFile>& inputs, const RunOptions& options,
            std::shared_ptr<const lineage::Catalog> base, lineage::Session* shared, int jobs,
            const PartSink& sink, RunSummary& summary)
      : inputs_(inputs),
        options_(options),
        base_(std::move(base)),
        shared_(shared),
        window_(32 * static_cast<size_t>(jobs) + 32),
        sink_(sink),
        summary_(summary),
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
      Analyze(i, /*on_caller=*/false);
    }
  }

  // The calling thread's part: emits every file's pieces in input order,
  // analysing files itself while the next piece is not ready when `analyse`.
  void Drive(bool analyse) {
    std::unique_lock lock(mu_);
    while (next_emit_ < inputs_.size()) {
      Slot& slot = slots_[next_emit_ % window_];
      if (!slot.parts.empty()) {
        Held held = std::move(slot.parts.front());
        slot.parts.pop_front();
        held_bytes_ -= held.bytes;
        if (helpers_blocked_ > 0 && held_bytes_ <= kHeldBytes / 2) work_cv_.notify_all();
        lock.unlock();
        Emit(std::move(held.part));
        lock.lock();
        continue;
      }
      if (analyse && CanTake()) {
        const size_t i = next_take_++;
        lock.unlock();
        Analyze(i, /*on_caller=*/true);
        lock.lock();
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
  struct Held {
    FilePart part;
    size_t bytes = 0;
  };
  struct Slot {
    std::deque<Held> parts;  // pieces of file i at i % window_, in order
  };

  static constexpr size_t kHeldBytes = size_t{16} << 20;

  // Called with mu_ held.
  bool CanTake() const {
    return next_take_ < inputs_.size() && next_take_ < next_emit_ + window_ && held_bytes_ < kHeldBytes;
  }
  bool CanResume() const {
    return next_take_ < inputs_.size() && next_take_ + window_ / 2 <= next_emit_ + window_ &&
           held_bytes_ <= kHeldBytes / 2;
  }

  // On the caller: counts the piece into the summary and passes it on.
  void Emit(FilePart&& part) {
    summary_.statements += part.statements;
    summary_.statements_with_errors += part.statements_with_errors;
    if (part.statements_with_errors > 0) summary_.any_error = true;
    if (HasFileLevelError(part.file)) file_error_ = true;
    const bool last = part.last;
    if (last) {
      ++summary_.files;
      summary_.bytes += part.file.source->text().size();
      if (part.file.unreadable) summary_.unreadable_input = true;
      if (part.file.unreadable || file_error_) {
        ++summary_.files_with_errors;
        summary_.any_error = true;
      }
      file_error_ = false;
    }
    sink_(std::move(part));
    if (last) {
      std::lock_guard lock(mu_);
      ++next_emit_;
      if ((helpers_waiting_ > 0 && CanResume()) || helpers_blocked_ > 0) work_cv_.notify_all();
    }
  }

  // Hands a piece of file i over: straight to the sink when the caller
  // analyses the file being emitted, else into its slot.
  void Deliver(size_t i, FilePart&& part, bool direct, bool on_caller) {
    if (direct) {
      Emit(std::move(part));
      return;
    }
    std::unique_lock lock(mu_);
    const size_t bytes = PartBytes(part);
    slots_[i % window_].parts.push_back(Held{std::move(part), bytes});
    held_bytes_ += bytes;
    if (i == next_emit_ && caller_waiting_) ready_cv_.notify_one();
    // A helper ahead of the file being emitted pauses while too much waits;
    // the caller never does (it is the one that drains).
    if (!on_caller && i != next_emit_ && held_bytes_ > kHeldBytes && !stop_) {
      const auto begin = std::chrono::steady_clock::now();
      ++helpers_blocked_;
      work_cv_.wait(lock, [&] { return stop_ || i == next_emit_ || held_bytes_ <= kHeldBytes / 2; });
      --helpers_blocked_;
      waited_ += std::chrono::steady_clock::now() - begin;
    }
  }

  void Analyze(size_t i, bool on_caller) {
    const InputFile& input = inputs_[i];
    // Only the caller emits, and the file being emitted cannot change while
    // the caller analyses: decided once per file.
    bool direct = false;
    if (on_caller) {
      std::lock_guard lock(mu_);
      direct = i == next_emit_;
    }
    PieceMaker pieces(options_.renderer, [&](FilePart&& part) { Deliver(i, std::move(part), direct, on_caller); });
    FileResult file;
    try {
      LoadedInput in = LoadInput(input, MaxFileBytes(options_.analyze.limits));
      file.source = in.source;
      file.diagnostics = std::move(in.diagnostics);
      file.unreadable = in.unreadable;
      if (!in.unreadable) {
        if (shared_ != nullptr) {
          shared_->current_database = options_.analyze.default_database;
          AnalyzeScript(file, *shared_, options_.analyze, pieces);
        } else {
          lineage::Session session;  // every script starts from the --catalog state
          session.catalog = lineage::Catalog(base_);
          session.current_database = options_.analyze.default_database;
          AnalyzeScript(file, session, options_.analyze, pieces);
        }
      }
    } catch (const std::exception& e) {
      // Out of memory or a bug outside statement analysis: report it on the file, keep going.
      if (file.source == nullptr) file.source = std::make_shared<const SourceFile>(input.name, std::string_view());
      file.diagnostics.push_back(Diagnostic{Severity::Error, Span{0, 0}, Cat("internal error: ", e.what())});
    }
    if (RunProgress* p = options_.progress) {
      const size_t errors = pieces.statements_with_errors() + (HasFileLevelError(file) || file.unreadable ? 1 : 0);
      p->bytes_done.fetch_add(file.source->text().size(), std::memory_order_relaxed);
      p->errors.fetch_add(errors, std::memory_order_relaxed);
      p->files_done.fetch_add(1, std::memory_order_relaxed);
    }
    pieces.Finish(file);
  }

  const std::vector<InputFile>& inputs_;
  const RunOptions& options_;
  const std::shared_ptr<const lineage::Catalog> base_;
  lineage::Session* shared_;
  const size_t window_;
  const PartSink& sink_;
  RunSummary& summary_;
  bool file_error_ = false;  // caller only: the file being emitted had a file-level error

  std::mutex mu_;
  std::condition_variable work_cv_;   // helpers: a file can be taken, room to deliver, or stop
  std::condition_variable ready_cv_;  // caller: a piece of the file being emitted is ready
  std::vector<Slot> slots_;
  size_t next_take_ = 0;
  size_t next_emit_ = 0;
  size_t held_bytes_ = 0;  // bytes of the pieces waiting in slots_
  int helpers_waiting_ = 0;
  int helpers_blocked_ = 0;
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
  return DecodeOwnedInput(std::move(name), std::string(bytes));
}

LoadedInput DecodeOwnedInput(std::string name, std::string&& bytes) {
  LoadedInput in;
  const std::optional<size_t> bad = FindInvalidUtf8(bytes);
  if (!bad) {
    in.source = std::make_shared<const SourceFile>(std::move(name), std::move(bytes));
    return in;
  }
  if (std::optional<std::string> utf8 = Gb18030ToUtf8(bytes)) {
    std::string().swap(bytes);  // not needed any more: free it before the analysis
    in.source = std::make_shared<const SourceFile>(std::move(name), std::move(*utf8));
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

LoadedInput LoadInput(const InputFile& input, uint64_t max_bytes) {
  std::string bytes;
  std::string error;
  bool too_large = false;
  const bool read = ReadPath(input.path, bytes, error, max_bytes, &too_large);
  if (!read || too_large) {
    LoadedInput in;
    in.source = std::make_shared<const SourceFile>(input.name, std::string_view());
    in.diagnostics.push_back(Diagnostic{Severity::Error, Span{0, 0}, error});
    in.unreadable = !read;
    return in;
  }
  return DecodeOwnedInput(input.name, std::move(bytes));
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

FilePart WholeFilePart(FileResult&& file) {
  FilePart part;
  part.statements = file.statements.size();
  for (const StatementResult& st : file.statements) part.statements_with_errors += st.has_error();
  part.file = std::move(file);
  return part;
}

RunSummary Run(const std::vector<InputFile>& inputs, const RunOptions& options, const PartSink& sink) {
  RunSummary summary;
  const double cpu_start = ThreadCpuSeconds();
  lineage::Session base;
  summary.fatal_error = LoadCatalogs(
      options, base, [&](FileResult&& file) { sink(WholeFilePart(std::move(file))); }, &summary.any_error);
  if (!summary.fatal_error.empty()) return summary;

  const size_t n = inputs.size();
  const int jobs = static_cast<int>(std::min<size_t>(static_cast<size_t>(ResolveJobs(options.jobs)), std::max<size_t>(n, 1)));
  // Sequenced scripts share one session and must run in order: one thread
  // analyses, the caller writes. Independent scripts: the caller analyses too.
  const bool sequenced = options.sequenced;
  std::shared_ptr<const lineage::Catalog> frozen;
  if (!sequenced) frozen = std::make_shared<const lineage::Catalog>(std::move(base.catalog));
  Scheduler sched(inputs, options, std::move(frozen), sequenced ? &base : nullptr, jobs, sink, summary);
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
  sched.Drive(caller_analyses || threads.empty());
  sched.Stop();
  threads.clear();  // joins
  summary.wait_seconds = sched.WaitSeconds();
  summary.thread_cpu_seconds.push_back(ThreadCpuSeconds() - cpu_start);
  for (double s : sched.HelperCpuSeconds()) summary.thread_cpu_seconds.push_back(s);
  return summary;
}

}  // namespace hivelineage::driver
