#include "usage/usage_run.h"

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "base/file_kind.h"
#include "absl/strings/str_join.h"
#include "base/strings.h"
#include "driver/run.h"
#include "driver/session.h"
#include "lineage/lineage.h"

namespace hivelineage::usage {
namespace {

struct Batch {
  size_t index = 0;
  const std::string* file = nullptr;
  uint64_t first_line = 0;         // line number of lines[0]
  std::vector<std::string> lines;  // blank lines kept, so numbers stay right
  std::string previous;            // the line before lines[0] ("" at a file's start): Ranger events span batches
};

struct BatchResult {
  UsageStats stats;
  std::vector<std::string> messages;
  size_t dropped = 0;
};

// Collects the partitions each statement of a query filters on.
class PartitionCollector : public driver::AstObserver {
 public:
  explicit PartitionCollector(const std::vector<std::string>& names) : names_(names) {}
  void Statement(ast::Statement& statement, const lineage::Session& session,
                 const driver::StatementResult& result) override {
    for (PartitionRead& p : PartitionFilters(statement, result.database, session.catalog, names_))
      reads.push_back(std::move(p));
  }
  std::vector<PartitionRead> reads;

 private:
  const std::vector<std::string>& names_;
};

class Worker {
 public:
  Worker(const UsageOptions& options, std::shared_ptr<const lineage::Catalog> catalog)
      : options_(options), catalog_(std::move(catalog)), partitions_(options.partition_columns) {
    analyze_ = options.analyze;
    analyze_.ast_observer = &partitions_;
  }

  BatchResult Run(const Batch& batch) {
    BatchResult out;
    LogEntry last, entry;  // the entry of the line before, and this line's
    bool have_last = false;
    std::string error;
    if (!batch.previous.empty()) have_last = ParseLogLine(batch.previous, options_.format, last, error);
    for (size_t i = 0; i < batch.lines.size(); ++i) {
      const std::string& line = batch.lines[i];
      if (IsBlank(line)) continue;
      const uint64_t number = batch.first_line + i;
      ++out.stats.lines;
      if (!ParseLogLine(line, options_.format, entry, error)) {
        ++out.stats.malformed;
        Message(out, Cat(*batch.file, ":", number, ": error: ", error));
        have_last = false;
        continue;
      }
      const bool repeat = have_last && SameStatement(last, entry);
      std::swap(last, entry);  // `last` is this line's entry from here on
      have_last = true;
      if (repeat) {
        ++out.stats.merged_events;
        continue;
      }
      if (last.denied) {
        ++out.stats.denied;
        continue;
      }
      Analyze(last, *batch.file, number, out);
    }
    return out;
  }

 private:
  static bool IsBlank(const std::string& s) {
    for (char c : s)
      if (c != ' ' && c != '\t' && c != '\r') return false;
    return true;
  }

  void Message(BatchResult& out, std::string m) const {
    if (out.messages.size() < options_.max_messages)
      out.messages.push_back(std::move(m));
    else
      ++out.dropped;
  }

  void Analyze(const LogEntry& e, const std::string& file, uint64_t line, BatchResult& out) {
    driver::FileResult f;
    f.source = std::make_shared<const SourceFile>(Cat(file, ":", line), e.query);
    // The query runs in the database its log entry names, else in the default one.
    analyze_.default_database = e.database.empty() ? options_.analyze.default_database : e.database;
    lineage::Session session = driver::NewSession(analyze_, lineage::Catalog(catalog_));
    partitions_.reads.clear();
    statements_.statements.clear();
    driver::AnalyzeScript(f, session, analyze_, statements_);
    CountQuery(e, statements_.statements, partitions_.reads, options_.layers, out.stats);
    // The first error of a query that did not analyse cleanly, placed in the query.
    for (const driver::StatementResult& st : statements_.statements) {
      for (const Diagnostic& d : st.diagnostics) {
        if (d.severity != Severity::Error) continue;
        const LineCol at = f.source->Locate(d.span.begin);
        Message(out, Cat(file, ":", line, ": error: in the query at ", at.line, ":", at.column, ": ", d.message));
        return;
      }
    }
  }

  struct Collect : driver::StatementObserver {
    void Statement(const driver::FileResult&, driver::StatementResult&& st) override {
      statements.push_back(std::move(st));
    }
    std::vector<driver::StatementResult> statements;
  };

  const UsageOptions& options_;
  std::shared_ptr<const lineage::Catalog> catalog_;
  PartitionCollector partitions_;
  driver::AnalyzeOptions analyze_;
  Collect statements_;
};

// The batches between the reading thread and the workers, and their results
// back, in order.
class Pipeline {
 public:
  void Put(Batch&& b) {
    std::lock_guard lock(mu_);
    ++next_;
    peak_ = std::max(peak_, next_ - merged_);
    queue_.push_back(std::move(b));
    work_.notify_one();
  }

  // A worker's next batch; false when the reader is done and nothing is left.
  bool Take(Batch& b) {
    std::unique_lock lock(mu_);
    work_.wait(lock, [&] { return !queue_.empty() || closed_; });
    if (queue_.empty()) return false;
    b = std::move(queue_.front());
    queue_.pop_front();
    return true;
  }

  void Done(size_t index, BatchResult&& r) {
    std::lock_guard lock(mu_);
    done_.emplace(index, std::move(r));
    ready_.notify_all();
  }

  void Close() {
    std::lock_guard lock(mu_);
    closed_ = true;
    work_.notify_all();
  }

  // Merges the finished batches that come next in order. Then, when `until`
  // batches or more are still in flight, waits for the next one and merges
  // it, and so on: Merge(0, f) merges everything put.
  template <typename F>
  void Merge(size_t until, F&& merge) {
    std::unique_lock lock(mu_);
    for (;;) {
      auto it = done_.find(merged_);
      if (it == done_.end()) {
        if (merged_ == next_ || next_ - merged_ < std::max<size_t>(until, 1)) return;
        ready_.wait(lock);
        continue;
      }
      BatchResult r = std::move(it->second);
      done_.erase(it);
      lock.unlock();
      merge(std::move(r));
      lock.lock();
      ++merged_;
    }
  }

  size_t peak() const { return peak_; }

 private:
  std::mutex mu_;
  std::condition_variable work_, ready_;
  std::deque<Batch> queue_;
  std::map<size_t, BatchResult> done_;
  size_t next_ = 0, merged_ = 0, peak_ = 0;
  bool closed_ = false;
};

bool ReadLine(std::FILE* f, std::string& line) {
  line.clear();
  char buf[1 << 16];
  while (std::fgets(buf, sizeof(buf), f) != nullptr) {
    line.append(buf);
    if (!line.empty() && line.back() == '\n') {
      line.pop_back();
      return true;
    }
  }
  return !line.empty();
}

}  // namespace

UsageRun RunUsage(const std::vector<std::string>& logs, const UsageOptions& options, const MessageSink& on_message) {
  UsageRun run;
  driver::LoadedCatalog loaded = driver::LoadCatalog(options.analyze, [](driver::FileResult&&) {});
  run.fatal_error = absl::StrJoin(loaded.errors, "; ");
  if (!run.fatal_error.empty()) return run;
  auto catalog = std::make_shared<const lineage::Catalog>(std::move(loaded.catalog));

  run.jobs = driver::ResolveJobs(options.jobs);
  // A few batches per worker in flight: enough to keep them busy, few enough to bound memory.
  const size_t in_flight = static_cast<size_t>(run.jobs) * 4;
  Pipeline pipeline;
  std::vector<std::thread> workers;
  for (int i = 0; i < run.jobs; ++i) {
    workers.emplace_back([&] {
      Worker worker(options, catalog);
      Batch b;
      while (pipeline.Take(b)) {
        BatchResult r = worker.Run(b);
        pipeline.Done(b.index, std::move(r));
      }
    });
  }
  size_t reported = 0;
  auto merge = [&](BatchResult&& r) {
    for (const std::string& m : r.messages) {
      if (reported < options.max_messages) {
        on_message(m);
        ++reported;
      } else {
        ++run.messages_dropped;
      }
    }
    run.messages_dropped += r.dropped;
    run.stats.Merge(std::move(r.stats));
  };

  size_t index = 0;
  std::string line;
  for (const std::string& path : logs) {
    if (std::string problem = path == "-" ? std::string() : NotAFileProblem(path); !problem.empty()) {
      run.fatal_error = Cat(path, ": ", problem);
      break;
    }
    std::FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
    if (f == nullptr) {
      run.fatal_error = Cat(path, ": cannot open");
      break;
    }
    Batch batch;
    batch.file = &path;
    batch.first_line = 1;
    auto flush = [&] {
      if (batch.lines.empty()) return;
      batch.index = index++;
      const uint64_t next_first = batch.first_line + batch.lines.size();
      std::string last = batch.lines.back();
      pipeline.Put(std::move(batch));
      batch = Batch();
      batch.file = &path;
      batch.first_line = next_first;
      batch.previous = std::move(last);
      pipeline.Merge(in_flight, merge);
    };
    while (ReadLine(f, line)) {
      run.stats.bytes += line.size() + 1;
      batch.lines.push_back(std::move(line));
      if (batch.lines.size() >= options.batch_lines) flush();
    }
    flush();
    const bool failed = std::ferror(f) != 0;
    if (f != stdin) std::fclose(f);
    if (failed) {
      run.fatal_error = Cat(path, ": read error");
      break;
    }
  }
  pipeline.Close();
  pipeline.Merge(0, merge);
  for (std::thread& t : workers) t.join();
  run.peak_batches = pipeline.peak();
  return run;
}

}  // namespace hivelineage::usage
