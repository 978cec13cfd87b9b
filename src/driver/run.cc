#include "driver/run.h"

#include <sched.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <mutex>
#include <system_error>
#include <thread>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "base/file_kind.h"
#include "base/strings.h"
#include "base/utf8.h"
#include "driver/encoding.h"
#include "driver/gather.h"
#include "driver/scheduler.h"
#include "driver/session.h"
#include "lineage/warehouse_schema.h"
#include "sync/load_data.h"
#include "sync/sync_job.h"

namespace hivelineage::driver {
namespace {

namespace fs = std::filesystem;

bool IsScriptExtension(const fs::path& p) {
  const std::string ext = ToLower(p.extension().string());
  return ext == ".sql" || ext == ".hql" || ext == ".q";
}

// A folder's sync jobs (sync/sync_job.h): .sh files with a sqoop command,
// .conf/.hocon files with `source` and `sink`, .json files that are DataX or
// SeaTunnel jobs; told by their first 64 KiB, so other files of those
// extensions stay out.
bool IsJobFile(const fs::path& p) {
  if (!sync::IsJobFileName(p.generic_string())) return false;
  FILE* f = std::fopen(p.c_str(), "rb");
  if (f == nullptr) return false;
  std::string head(64 * 1024, '\0');
  head.resize(std::fread(head.data(), 1, head.size(), f));
  std::fclose(f);
  const std::string ext = ToLower(p.extension().string());
  if (ext == ".json") return sync::LooksLikeJobJson(head);
  if (ext == ".sh") return head.find("sqoop") != std::string::npos;
  return head.find("source") != std::string::npos && head.find("sink") != std::string::npos;
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
bool ReadPath(const std::string& path, std::string& out, std::string& error, uint64_t max_bytes = UINT64_MAX,
              bool* too_large = nullptr) {
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
  if (std::string problem = NotAFileProblem(path); !problem.empty()) {
    error = std::move(problem);
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
  // And for a GB18030 file's transcoding in place (Gb18030Room).
  if (S_ISREG(st.st_mode) && st.st_size > 0) {
    const size_t size = static_cast<size_t>(st.st_size);
    out.reserve(size + SourceFile::kPadding + 1 + Gb18030Room(size));
  }
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
    if (it->is_regular_file(fec) && (IsScriptExtension(it->path()) || IsJobFile(it->path()))) found.push_back(it->path().generic_string());
  }
  if (ec) out.errors.push_back(Cat(shown, ": cannot list folder: ", ec.message()));
  std::sort(found.begin(), found.end());
  for (std::string& f : found) out.files.push_back(InputFile{f, f});
}

constexpr int kMaxJobs = 256;

// The script bytes a two-phase run keeps between its phases (KeptInputs):
// a whole warehouse of scripts is read once, a huge one costs no more memory
// than this.
constexpr uint64_t kMaxKeptBytes = 64 << 20;

// Watches a sequenced run's statements in run order for reads of tables a
// later script writes. Statements reach it from the renderer (on the one
// thread that analyses a sequenced run) or, without one, from the sink.
class SequenceWatch : public Renderer {
 public:
  explicit SequenceWatch(const Renderer* inner) : inner_(inner) {}

  void Statement(const FileResult& file, StatementResult&& st, FilePart& part) const override {
    See(file, st);
    if (inner_ != nullptr) inner_->Statement(file, std::move(st), part);
  }

  void See(const FileResult& file, const StatementResult& st) const {
    if (file.is_catalog || file.source == nullptr) return;
    std::lock_guard lock(mu_);
    // Statements come in order, numbered from 0 in each file: 0 starts the next
    // script (a SourceFile's address may be reused by the next one's).
    if (st.index == 0) ++script_;
    reads_.Statement(script_, std::string(file.source->name()), st.start, file.source->LineText(st.start.line),
                     st.lineage.inputs, st.lineage.outputs);
  }

  std::vector<EarlyRead> Take() { return reads_.Take(); }

 private:
  const Renderer* inner_;
  mutable std::mutex mu_;
  mutable ReadBeforeWrite reads_;
  mutable size_t script_ = 0;
};

}  // namespace

ExpandedInputs ExpandPaths(const std::vector<std::string>& paths) {
  ExpandedInputs out;
  for (const std::string& arg : paths) ExpandOne(arg, arg, out);
  std::sort(out.files.begin(), out.files.end(), [](const InputFile& a, const InputFile& b) { return a.name < b.name; });
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
    const std::string path =
        (entry.is_absolute() || base.empty() ? entry : base / entry).lexically_normal().generic_string();
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

namespace {
// Many control bytes (NUL and the like, over 5% of the first 64 KiB): an
// executable, an archive or an image saved as .sql. Analysing one gives an
// error per byte run; it gets one. A stray control byte in a script is no
// reason to skip it.
bool LooksBinary(std::string_view bytes) {
  const std::string_view head = bytes.substr(0, 64 * 1024);
  size_t control = 0;
  size_t i = 0;
#if defined(__SSE2__)
  // Every file of a run is read once or twice: count 16 bytes a step.
  const __m128i top = _mm_set1_epi8(0x1F), tab = _mm_set1_epi8('\t'), lf = _mm_set1_epi8('\n'),
                vt = _mm_set1_epi8('\v'), ff = _mm_set1_epi8('\f'), cr = _mm_set1_epi8('\r');
  for (; i + 16 <= head.size(); i += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(head.data() + i));
    const __m128i below = _mm_cmpeq_epi8(_mm_max_epu8(v, top), top);  // c < 0x20
    const __m128i space = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, tab), _mm_cmpeq_epi8(v, lf)),
                                       _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, vt), _mm_cmpeq_epi8(v, ff)),
                                                    _mm_cmpeq_epi8(v, cr)));
    // Text has no control bytes: count only when a block has one (without -mpopcnt a count is a library call).
    if (const auto bits = static_cast<unsigned>(_mm_movemask_epi8(_mm_andnot_si128(space, below))); bits != 0)
      control += static_cast<size_t>(__builtin_popcount(bits));
  }
#endif
  for (; i < head.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(head[i]);
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v') ++control;
  }
  return control * 20 > head.size();
}
}  // namespace

LoadedInput DecodeOwnedInput(std::string name, std::string&& bytes) {
  LoadedInput in;
  const std::optional<size_t> bad = FindInvalidUtf8(bytes);
  if (LooksBinary(bytes)) {
    in.source = std::make_shared<const SourceFile>(std::move(name), std::string_view());
    in.diagnostics.push_back(
        Diagnostic{Severity::Error, Span{0, 0}, "binary file, skipped", DiagnosticCode::BinaryFile});
    return in;
  }
  if (!bad) {
    in.source = std::make_shared<const SourceFile>(std::move(name), std::move(bytes));
    return in;
  }
  if (Gb18030ToUtf8InPlace(bytes)) {
    in.source = std::make_shared<const SourceFile>(std::move(name), std::move(bytes));
    in.diagnostics.push_back(Diagnostic{Severity::Warning, Span{0, 0},
                                        "file is not UTF-8; decoded as GB18030/GBK (offsets refer to the UTF-8 text)",
                                        DiagnosticCode::DecodedAsGb18030});
    return in;
  }
  const uint32_t at = static_cast<uint32_t>(std::min<size_t>(*bad, UINT32_MAX));
  in.source = std::make_shared<const SourceFile>(std::move(name), std::move(bytes));
  in.diagnostics.push_back(Diagnostic{Severity::Warning, Span{at, at + 1},
                                      "file is neither UTF-8 nor GB18030; invalid bytes kept as they are",
                                      DiagnosticCode::InvalidEncoding});
  return in;
}

LoadedInput LoadInput(const InputFile& input, uint64_t max_bytes) {
  if (input.text) return DecodeInput(input.name, *input.text);
  std::string bytes;
  std::string error;
  bool too_large = false;
  const bool read = ReadPath(input.path, bytes, error, max_bytes, &too_large);
  if (!read || too_large) {
    LoadedInput in;
    in.source = std::make_shared<const SourceFile>(input.name, std::string_view());
    in.diagnostics.push_back(Diagnostic{Severity::Error, Span{0, 0}, error,
                                        too_large ? DiagnosticCode::FileTooLarge : DiagnosticCode::UnreadableFile});
    in.unreadable = !read;
    return in;
  }
  return DecodeOwnedInput(input.name, std::move(bytes));
}

namespace {

// Runs options.init_files in order in `session` (the loaded catalog): each
// starts where the previous one left off (database, variables), and where the
// last one leaves off is what `analyze` gets for the inputs. Their statements
// are not listed; their problems are (is_catalog). Returns an error message
// when one cannot be read.
std::string RunInitScripts(const RunOptions& options, lineage::Session& session, const FileSink& sink, bool* any_error,
                           AnalyzeOptions& analyze) {
  for (const std::string& path : options.init_files) {
    std::string bytes;
    std::string error;
    if (!ReadPath(path, bytes, error)) return Cat(path, ": ", error);
    LoadedInput in = DecodeOwnedInput(path, std::move(bytes));
    VariableDefinitions variables;
    FileResult r = AnalyzeScript(in.source, session, analyze, &variables);
    r.is_catalog = true;
    r.diagnostics.insert(r.diagnostics.begin(), in.diagnostics.begin(), in.diagnostics.end());
    if (r.has_error() && any_error != nullptr) *any_error = true;
    sink(std::move(r));
    analyze.default_database = session.current_database;
    analyze.variables = std::move(variables);
  }
  return {};
}

}  // namespace

int ResolveJobs(int jobs) {
  if (jobs > 0) return std::min(jobs, kMaxJobs);
  cpu_set_t set;
  CPU_ZERO(&set);
  // The cores this process may use (taskset, cgroup cpusets), not all the machine has.
  if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0) return std::min(CPU_COUNT(&set), kMaxJobs);
  return std::clamp(static_cast<int>(std::thread::hardware_concurrency()), 1, kMaxJobs);
}

FilePart WholeFilePart(FileResult&& file) {
  FilePart part;
  part.statements = file.statements.size();
  for (const StatementResult& st : file.statements) part.statements_with_errors += st.has_error();
  part.file = std::move(file);
  return part;
}

std::vector<InputFile> ReadStdinOnce(const std::vector<InputFile>& inputs) {
  std::vector<InputFile> out = inputs;
  for (InputFile& in : out) {
    if (in.path != "-" || in.text) continue;
    std::string bytes;
    std::string error;
    if (ReadPath("-", bytes, error)) in.text = std::move(bytes);
  }
  return out;
}

// What the run's sync jobs write (sync/load_data.h), read before the scripts
// so that a LOAD DATA INPATH anywhere in the run finds the job that wrote its
// path. Job files are small: reading them twice costs little. Null when the
// run has no job writing anything.
std::shared_ptr<const sync::JobOutputs> ReadJobOutputs(const std::vector<InputFile>& inputs,
                                                       const AnalyzeOptions& options,
                                                       const std::shared_ptr<const lineage::Catalog>& catalog) {
  auto out = std::make_shared<sync::JobOutputs>();
  for (const InputFile& input : inputs) {
    if (!sync::IsJobFileName(input.name) || (input.path == "-" && !input.text)) continue;
    const LoadedInput loaded = LoadInput(input, MaxFileBytes(options.limits));
    if (loaded.unreadable || loaded.source == nullptr) continue;
    const ScriptReading reading = StartReading(options, *loaded.source);
    sync::SyncOptions sync_options;
    sync_options.systems = options.systems.get();
    sync_options.warehouse_dir = options.warehouse_dir;
    sync_options.catalog = catalog.get();
    sync_options.variables = &reading.vars;
    try {
      sync::AddJobOutputs(sync::ReadJob(*loaded.source, sync_options), *out);
    } catch (const std::exception&) {
      // The job's own analysis reports it.
    }
  }
  if (out->empty()) return nullptr;
  return out;
}

RunSummary Run(const std::vector<InputFile>& inputs, const RunOptions& options, const PartSink& sink) {
  RunSummary summary;
  const double cpu_start = ThreadCpuSeconds();
  const FileSink whole_file = [&](FileResult&& file) { sink(WholeFilePart(std::move(file))); };
  LoadedCatalog loaded = LoadCatalog(options.analyze, whole_file);
  summary.any_error = loaded.ddl_errors;
  for (const std::string& e : loaded.errors) Append(summary.fatal_error, summary.fatal_error.empty() ? "" : "; ", e);
  if (!summary.fatal_error.empty()) return summary;
  RunOptions after_init = options;
  if (!options.init_files.empty()) {
    lineage::Session init = NewSession(options.analyze, std::move(loaded.catalog));
    summary.fatal_error = RunInitScripts(options, init, whole_file, &summary.any_error, after_init.analyze);
    loaded.catalog = std::move(init.catalog);
  }
  if (!summary.fatal_error.empty()) return summary;
  if (options.on_catalog) options.on_catalog(loaded.catalog);

  const size_t n = inputs.size();
  const int jobs =
      static_cast<int>(std::min<size_t>(static_cast<size_t>(ResolveJobs(options.jobs)), std::max<size_t>(n, 1)));
  // Independent scripts each start from the catalogs, frozen and shared;
  // sequenced ones share one session.
  std::shared_ptr<const lineage::Catalog> frozen = std::make_shared<const lineage::Catalog>(std::move(loaded.catalog));
  std::vector<InputFile> read_once;
  const std::vector<InputFile>* scripts = &inputs;
  std::unique_ptr<KeptInputs> kept;
  if (options.learned_tables != nullptr) {
    frozen = std::make_shared<const lineage::Catalog>(options.learned_tables, frozen);
  } else if (options.analyze.learn_schema) {
    // Phase one: what the scripts say about the warehouse's tables, beneath each script's own DDL.
    read_once = ReadStdinOnce(inputs);
    scripts = &read_once;
    if (options.schema_inputs) {
      frozen = LearnCatalog(*options.schema_inputs, after_init.analyze, jobs, std::move(frozen));
    } else {
      kept = std::make_unique<KeptInputs>(read_once.size(), kMaxKeptBytes);
      frozen = LearnCatalog(read_once, after_init.analyze, jobs, std::move(frozen), kept.get());
    }
  }
  after_init.analyze.job_outputs =
      ReadJobOutputs(options.job_inputs != nullptr ? *options.job_inputs
                     : options.schema_inputs ? *options.schema_inputs
                                             : *scripts,
                     after_init.analyze, frozen);
  if (!options.sequenced) {
    RunScheduled(*scripts, after_init, std::move(frozen), nullptr, jobs, sink, summary, kept.get());
  } else {
    lineage::Session shared = NewSession(after_init.analyze, lineage::Catalog(frozen));
    // Statements are watched before a renderer turns them into text, or,
    // when pieces keep them, as the sink receives them (in run order too).
    SequenceWatch watch(options.renderer);
    RunOptions watched = after_init;
    if (options.renderer != nullptr) watched.renderer = &watch;
    RunScheduled(
        *scripts, watched, nullptr, &shared, jobs,
        [&](FilePart&& part) {
          if (options.renderer == nullptr)
            for (const StatementResult& st : part.file.statements) watch.See(part.file, st);
          sink(std::move(part));
        },
        summary, kept.get());
    summary.early_reads = watch.Take();
  }
  summary.thread_cpu_seconds.insert(summary.thread_cpu_seconds.begin(), ThreadCpuSeconds() - cpu_start);
  return summary;
}

}  // namespace hivelineage::driver
