#include "driver/scheduler.h"

#include <pthread.h>
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <utility>

#include "base/strings.h"
#include "driver/session.h"

namespace hivelineage::driver {
namespace {

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

size_t StringsBytes(const std::vector<std::string>& v) {
  size_t n = v.size() * sizeof(std::string);
  for (const std::string& s : v) n += s.size();
  return n;
}

// Roughly what a statement kept unrendered holds in memory, so that pieces
// of wide statements (thousands of column edges) are cut as early as
// rendered ones.
size_t KeptBytes(const StatementResult& st) {
  const lineage::StatementLineage& l = st.lineage;
  size_t n = sizeof(StatementResult) + st.database.size() + StringsBytes(l.inputs) +
             StringsBytes(l.outputs) + StringsBytes(l.temporary_outputs) + StringsBytes(l.view_outputs);
  for (const lineage::ColumnLineage& c : l.columns)
    n += sizeof(c) + c.target.size() + c.expression.size() + StringsBytes(c.sources);
  for (const lineage::PredicateLineage& p : l.predicates)
    n += sizeof(p) + p.expression.size() + StringsBytes(p.sources) + StringsBytes(p.targets);
  for (const Diagnostic& d : st.diagnostics) n += sizeof(d) + d.message.size();
  return n;
}

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
// them when there is a renderer, and hands each piece and its size to
// `deliver`. Every piece brings the file-level diagnostics found since the
// previous one, so on stderr they come near the statements found with them.
class PieceMaker : public StatementObserver {
 public:
  using Deliver = std::function<void(FilePart&&, size_t bytes)>;
  PieceMaker(const Renderer* renderer, size_t piece_bytes, Deliver deliver)
      : renderer_(renderer), piece_bytes_(piece_bytes), deliver_(std::move(deliver)) {}

  void Statement(const FileResult& file, StatementResult&& statement) override {
    if (!begun_) Begin(file);
    ++part_.statements;
    if (statement.has_error()) {
      ++part_.statements_with_errors;
      ++statements_with_errors_;
    }
    if (renderer_ != nullptr) {
      renderer_->Statement(file, std::move(statement), part_);
    } else {
      kept_bytes_ += KeptBytes(statement);
      part_.file.statements.push_back(std::move(statement));
    }
    if (Bytes() >= piece_bytes_) Send(file, /*last=*/false);
  }

  // The last piece.
  void Finish(const FileResult& file) {
    if (!begun_) Begin(file);
    Send(file, /*last=*/true);
  }

  size_t statements_with_errors() const { return statements_with_errors_; }

 private:
  void Begin(const FileResult& file) {
    begun_ = true;
    part_ = NextPiece(file);
    part_.first = true;
  }

  size_t Bytes() const { return sizeof(FilePart) + part_.text.size() + part_.diagnostics_text.size() + kept_bytes_; }

  void Send(const FileResult& file, bool last) {
    for (; diagnostics_sent_ < file.diagnostics.size(); ++diagnostics_sent_) {
      const Diagnostic& d = file.diagnostics[diagnostics_sent_];
      part_.file.diagnostics.push_back(d);
      kept_bytes_ += sizeof(d) + d.message.size();
    }
    const size_t bytes = Bytes();
    // Reset before handing over: if `deliver_` throws, nothing is sent twice.
    FilePart piece = std::move(part_);
    piece.last = last;
    if (last) piece.file.schema = file.schema;
    part_ = NextPiece(file);
    kept_bytes_ = 0;
    deliver_(std::move(piece), bytes);
  }

  const Renderer* renderer_;
  const size_t piece_bytes_;  // a piece is handed over once it holds this much
  Deliver deliver_;
  FilePart part_;
  size_t kept_bytes_ = 0;  // KeptBytes of part_'s statements and diagnostics
  bool begun_ = false;
  size_t diagnostics_sent_ = 0;
  size_t statements_with_errors_ = 0;
};

// Hands out files to analyse and passes their pieces to the sink in input
// order (see scheduler.h for the memory bounds). Only the calling thread
// emits; `next_emit_` is the file being emitted.
class Scheduler {
 public:
  Scheduler(const std::vector<InputFile>& inputs, const RunOptions& options,
            std::shared_ptr<const lineage::Catalog> base, lineage::Session* shared, int jobs, const PartSink& sink,
            RunSummary& summary, KeptInputs* kept)
      : inputs_(inputs),
        kept_(kept),
        options_(options),
        base_(std::move(base)),
        shared_(shared),
        window_(32 * static_cast<size_t>(jobs) + 32),
        held_limit_(std::max<size_t>(options.max_waiting_bytes, 16)),
        head_limit_(held_limit_ / 4),
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
  // Rethrows what the sink threw.
  void Drive(bool analyse) {
    std::unique_lock lock(mu_);
    while (next_emit_ < inputs_.size()) {
      if (EmitOneReady(lock)) continue;
      if (analyse && CanTake()) {
        const size_t i = next_take_++;
        lock.unlock();
        Analyze(i, /*on_caller=*/true);
        if (sink_error_) std::rethrow_exception(sink_error_);
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

  // Time threads spent blocked for lack of work, for the next piece, or for room.
  double WaitSeconds() {
    std::lock_guard lock(mu_);
    return std::chrono::duration<double>(waited_).count();
  }

  size_t PeakHeldBytes() {
    std::lock_guard lock(mu_);
    return peak_held_bytes_;
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
    size_t bytes = 0;        // their sizes
  };

  // With mu_ held.
  bool CanTake() const {
    return next_take_ < inputs_.size() && next_take_ < next_emit_ + window_ && held_bytes_ < held_limit_;
  }
  bool CanResume() const {
    return next_take_ < inputs_.size() && next_take_ + window_ / 2 <= next_emit_ + window_ &&
           held_bytes_ <= held_limit_ / 2;
  }
  bool MustPause(size_t i) const {
    if (stop_) return false;
    return i == next_emit_ ? slots_[i % window_].bytes > head_limit_ : held_bytes_ > held_limit_;
  }
  bool MayGoOn(size_t i) const {
    if (stop_) return true;
    return i == next_emit_ ? slots_[i % window_].bytes <= head_limit_ / 2 : held_bytes_ <= held_limit_ / 2;
  }

  void Store(size_t i, FilePart&& part, size_t bytes) {
    Slot& slot = slots_[i % window_];
    slot.parts.push_back(Held{std::move(part), bytes});
    slot.bytes += bytes;
    held_bytes_ += bytes;
    peak_held_bytes_ = std::max(peak_held_bytes_, held_bytes_);
  }

  // On the caller, `lock` held: emits the next waiting piece of the file
  // being emitted, if there is one (the lock is released meanwhile).
  bool EmitOneReady(std::unique_lock<std::mutex>& lock) {
    if (next_emit_ >= inputs_.size()) return false;
    Slot& slot = slots_[next_emit_ % window_];
    if (slot.parts.empty()) return false;
    Held held = std::move(slot.parts.front());
    slot.parts.pop_front();
    slot.bytes -= held.bytes;
    held_bytes_ -= held.bytes;
    if (helpers_blocked_ > 0 || (helpers_waiting_ > 0 && CanResume())) work_cv_.notify_all();
    lock.unlock();
    Emit(std::move(held.part));
    lock.lock();
    return true;
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

  struct Job {
    size_t index;
    bool on_caller;
    bool direct;  // the caller analyses the file being emitted: its pieces go straight out
  };

  // Thrown out of a file's analysis when the run is ending (the sink threw,
  // or Stop()): the rest of the file is not analysed. Not a std::exception,
  // so no handler for analysis errors takes it.
  struct Cancelled {};

  void Deliver(Job& job, FilePart&& part, size_t bytes) {
    if (job.on_caller) {
      if (sink_error_) throw Cancelled{};
      try {
        if (job.direct) {
          Emit(std::move(part));
          return;
        }
        // A later file: keep the piece and pass on what waits for the file
        // being emitted; once this file's own pieces pass the head limit,
        // wait for that file's pieces instead of analysing further (its
        // thread never waits for the caller, so they come). Go direct once
        // the file being emitted is this one.
        std::unique_lock lock(mu_);
        Store(job.index, std::move(part), bytes);
        for (;;) {
          while (EmitOneReady(lock)) {
          }
          if (next_emit_ == job.index || slots_[job.index % window_].bytes <= head_limit_) break;
          const auto begin = std::chrono::steady_clock::now();
          caller_waiting_ = true;
          ready_cv_.wait(lock);
          caller_waiting_ = false;
          waited_ += std::chrono::steady_clock::now() - begin;
        }
        job.direct = next_emit_ == job.index;
      } catch (...) {
        sink_error_ = std::current_exception();
        throw Cancelled{};
      }
      return;
    }
    std::unique_lock lock(mu_);
    if (stop_) throw Cancelled{};
    Store(job.index, std::move(part), bytes);
    if (job.index == next_emit_ && caller_waiting_) ready_cv_.notify_one();
    if (MustPause(job.index)) {
      const auto begin = std::chrono::steady_clock::now();
      ++helpers_blocked_;
      work_cv_.wait(lock, [&] { return MayGoOn(job.index); });
      --helpers_blocked_;
      waited_ += std::chrono::steady_clock::now() - begin;
      if (stop_) throw Cancelled{};
    }
  }

  void Analyze(size_t i, bool on_caller) {
    const InputFile& input = inputs_[i];
    Job job{i, on_caller, false};
    if (on_caller) {
      std::lock_guard lock(mu_);
      job.direct = i == next_emit_;
    }
    PieceMaker pieces(options_.renderer, held_limit_ / 16,
                      [&](FilePart&& part, size_t bytes) { Deliver(job, std::move(part), bytes); });
    FileResult file;
    try {
      KeptInput kept;
      if (kept_ != nullptr) kept = std::move(kept_->files[i]);
      LoadedInput& in = kept.loaded;
      if (in.source == nullptr) in = LoadInput(input, MaxFileBytes(options_.analyze.limits));
      file.source = in.source;
      file.diagnostics = std::move(in.diagnostics);
      file.unreadable = in.unreadable;
      if (!in.unreadable) {
        // Every script starts from the --catalog state, unless in a sequence.
        lineage::Session own = shared_ == nullptr ? NewSession(options_.analyze, lineage::Catalog(base_)) : lineage::Session();
        lineage::Session& session = shared_ != nullptr ? *shared_ : own;
        ScopedSchemaRecording recording(session.catalog, options_.record_schema);
        AnalyzeScript(file, session, options_.analyze, pieces, nullptr, &kept.statements);
        if (options_.record_schema) file.schema = std::make_shared<const ScriptSchema>(recording.Take());
      }
    } catch (const Cancelled&) {
      return;
    } catch (const std::exception& e) {
      // Out of memory or a bug outside statement analysis: report it on the file, keep going.
      if (file.source == nullptr) file.source = std::make_shared<const SourceFile>(input.name, std::string_view());
      file.diagnostics.push_back(
          Diagnostic{Severity::Error, Span{0, 0}, Cat("internal error: ", e.what()), DiagnosticCode::InternalError});
    }
    if (RunProgress* p = options_.progress) {
      const size_t errors = pieces.statements_with_errors() + (HasFileLevelError(file) || file.unreadable ? 1 : 0);
      p->bytes_done.fetch_add(file.source->text().size(), std::memory_order_relaxed);
      p->errors.fetch_add(errors, std::memory_order_relaxed);
      p->files_done.fetch_add(1, std::memory_order_relaxed);
    }
    try {
      pieces.Finish(file);
    } catch (const Cancelled&) {
    }
  }

  const std::vector<InputFile>& inputs_;
  KeptInputs* const kept_;  // each slot taken by the one thread that analyses its file
  const RunOptions& options_;
  const std::shared_ptr<const lineage::Catalog> base_;
  lineage::Session* shared_;
  const size_t window_;
  // Pieces waiting in all (files are not taken beyond it, helpers ahead of
  // the file being emitted pause), and pieces of the file being emitted (its
  // helper pauses beyond it, so a slow sink does not make them pile up).
  const size_t held_limit_;
  const size_t head_limit_;
  const PartSink& sink_;
  RunSummary& summary_;
  bool file_error_ = false;        // caller only: the file being emitted had a file-level error
  std::exception_ptr sink_error_;  // caller only: what the sink threw while the caller analysed

  std::mutex mu_;
  std::condition_variable work_cv_;   // helpers: a file can be taken, room to deliver, or stop
  std::condition_variable ready_cv_;  // caller: a piece of the file being emitted is ready
  std::vector<Slot> slots_;
  size_t next_take_ = 0;
  size_t next_emit_ = 0;  // changed by the caller only, under mu_
  size_t held_bytes_ = 0;
  size_t peak_held_bytes_ = 0;
  int helpers_waiting_ = 0;  // in WorkLoop, for a file to take
  int helpers_blocked_ = 0;  // in Deliver, for room
  bool caller_waiting_ = false;
  bool stop_ = false;
  std::chrono::steady_clock::duration waited_{};
  std::vector<double> helper_cpu_;
};

// Stops the helpers (also when the sink threw) before they are joined.
struct StopOnExit {
  Scheduler& sched;
  ~StopOnExit() { sched.Stop(); }
};

}  // namespace

double ThreadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

void RunScheduled(const std::vector<InputFile>& inputs, const RunOptions& options,
                  std::shared_ptr<const lineage::Catalog> base, lineage::Session* shared, int jobs,
                  const PartSink& sink, RunSummary& summary, KeptInputs* kept) {
  Scheduler sched(inputs, options, std::move(base), shared, jobs, sink, summary, kept);
  // Sequenced scripts share one session and must run in order: one helper
  // analyses, the caller writes. Independent scripts: the caller analyses too.
  const int helpers = shared != nullptr ? (jobs > 1 ? 1 : 0) : jobs - 1;
  const bool caller_analyses = shared == nullptr || helpers == 0;
  std::vector<std::unique_ptr<WorkerThread>> threads;
  StopOnExit stop_first{sched};  // declared after `threads`: destroyed, so run, before they are joined
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
  summary.peak_held_bytes = sched.PeakHeldBytes();
  for (double s : sched.HelperCpuSeconds()) summary.thread_cpu_seconds.push_back(s);
}

}  // namespace hivelineage::driver
