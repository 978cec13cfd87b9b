// A whole run: several inputs (files, folders, stdin) analysed after the
// --catalog files. Used by the CLI, `graph` and the benchmark.
//
// A run first gathers what every script says about the warehouse's tables
// and merges it into one learned schema beneath the --catalog's (gather.h;
// AnalyzeOptions::learn_schema). Then, by default, every script is
// independent: it starts from that catalog state and from the default
// database, so files can be analysed on several threads at once. A sequenced run (--sequence) instead
// lets each script see the tables, views and databases the earlier ones
// created, as a scheduler running them one after the other would; analysis is
// then serial and only output overlaps it.
//
// Results stream: a file's statements reach the sink in pieces (FilePart) as
// they are analysed, in input order, on the calling thread. A Renderer turns
// statements into output text on the thread that analysed them, so neither a
// huge script's results nor a run's are ever held whole: memory stays within
// a small multiple of the largest script.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "driver/analyze_script.h"
#include "driver/file_part.h"
#include "driver/read_before_write.h"
#include "driver/session.h"
#include "lineage/warehouse_schema.h"

namespace hivelineage::driver {

struct InputFile {
  std::string path;  // filesystem path, or "-" for stdin
  std::string name;  // as shown in output and diagnostics
  // A script held in memory rather than read from `path` (SQL a scheduler
  // task holds itself, say), when set.
  std::optional<std::string> text = std::nullopt;
};

struct ExpandedInputs {
  std::vector<InputFile> files;
  std::vector<std::string> errors;  // PATH arguments that do not exist
};

// Files are taken as given; folders are searched recursively for .sql, .hql
// and .q files (any letter case); "-" is stdin ("<stdin>"). The whole list is
// sorted by name (byte order) and a name met twice is kept once, so the
// order of the arguments does not change the output.
ExpandedInputs ExpandPaths(const std::vector<std::string>& paths);

// Reads a --sequence list: one script per line, in run order, relative to the
// list file's folder; blank lines and lines starting with '#' are skipped. A
// folder entry stands for its scripts in sorted order. Errors name the list
// file and line.
ExpandedInputs ReadSequence(const std::string& list_path);

// A script's text ready for analysis, plus file-level diagnostics.
struct LoadedInput {
  std::shared_ptr<const SourceFile> source;
  Diagnostics diagnostics;
  bool unreadable = false;
};

// Decodes raw bytes: a binary file (over 5% control bytes) is one error,
// "binary file, skipped", and no text; valid UTF-8 is kept; otherwise valid
// GB18030 is
// transcoded to UTF-8 with a warning; otherwise the bytes are kept as they
// are with a warning at the first invalid byte.
LoadedInput DecodeInput(std::string name, std::string_view bytes);
// The same, taking `bytes` over (not copied) when they are valid UTF-8.
LoadedInput DecodeOwnedInput(std::string name, std::string&& bytes);

// Reads (stdin for "-") and decodes one input. A file over `max_bytes` is
// not read: it comes back empty with an error diagnostic.
LoadedInput LoadInput(const InputFile& input, uint64_t max_bytes = UINT64_MAX);

// `inputs` with stdin read into memory (InputFile::text), so that both
// phases of a run (gather.h, then the analysis) can read it.
std::vector<InputFile> ReadStdinOnce(const std::vector<InputFile>& inputs);

// Counters a run updates as files finish analysis (from worker threads), for
// a progress display reading them from another thread.
struct RunProgress {
  std::atomic<size_t> files_done{0};
  std::atomic<size_t> bytes_done{0};
  std::atomic<size_t> errors{0};  // statements with errors plus files with file-level errors
};

struct RunOptions {
  AnalyzeOptions analyze;  // catalogs, default database, variables, semantics, limits
  // Init scripts (hivelineage -i), analysed after the catalogs as `hive -i`
  // runs them before a script: see Run.
  std::vector<std::string> init_files;
  int jobs = 0;                     // threads analysing at once; 0 = one per available core
  bool sequenced = false;           // each script sees what the earlier ones created
  bool record_schema = false;       // fill FileResult::schema (what each script read and declared)
  // The learned warehouse schema's tables, when the caller merged it already
  // (a store merges the facts it keeps; lineage::LearnedTables): the run
  // analyses against them instead of gathering the inputs' facts (phase one).
  std::shared_ptr<const lineage::TableLoader> learned_tables;
  // Phase one learns the schema from these scripts instead of the run's own
  // inputs, when set: one part of a run split across machines (the Python
  // package's hivelineage.dask) learns the schema of the whole, so that its
  // statements come out as in the whole run.
  std::optional<std::vector<InputFile>> schema_inputs;
  // The whole run's inputs when the run analyses a part of them (a store
  // update's changed scripts): the sync jobs a LOAD DATA INPATH links to are
  // read from these (sync/load_data.h). Not owned; null: the inputs.
  const std::vector<InputFile>* job_inputs = nullptr;
  // Called once the catalogs are loaded, before any script is analysed.
  std::function<void(const lineage::Catalog&)> on_catalog;
  RunProgress* progress = nullptr;  // optional live counters
  // Renders statements on the analysing threads; null: pieces keep them.
  const Renderer* renderer = nullptr;
  // The memory bound (see scheduler.h): results waiting for the sink beyond
  // this pause the analysis; pieces are a sixteenth of it, and the file being
  // written may run a quarter of it ahead of the sink.
  size_t max_waiting_bytes = size_t{16} << 20;
};

struct RunSummary {
  // Why nothing was analysed: the catalogs that could not be loaded, "; " between them.
  std::string fatal_error;
  size_t files = 0;
  size_t statements = 0;
  size_t statements_with_errors = 0;
  size_t files_with_errors = 0;  // file-level errors (unreadable, too large, ...)
  size_t bytes = 0;
  int jobs = 1;                            // threads actually used
  double wait_seconds = 0;                 // time the threads spent blocked (no file to take, next result not ready)
  size_t peak_held_bytes = 0;              // most result bytes waiting at once between the threads and the sink
  std::vector<double> thread_cpu_seconds;  // CPU time of each thread, the caller's first (for benchmarks)
  bool unreadable_input = false;           // some input could not be read
  bool any_error = false;                  // some statement or file-level error
  // A sequenced run: scripts that read a table a later script writes (they
  // run before it is filled), in the order found. Warnings; they do not
  // change the exit status.
  std::vector<EarlyRead> early_reads;
};

using PartSink = std::function<void(FilePart&&)>;  // pieces of files, in order

// A whole file as a single piece, its statements kept and counted.
FilePart WholeFilePart(FileResult&& file);

// The number of threads `jobs` asks for: itself when positive, else the
// cores this process may run on.
int ResolveJobs(int jobs);

// Loads the catalogs (LoadCatalog; DDL catalogs are passed to `sink` whole,
// with is_catalog set, so their errors can be reported), runs the init
// scripts (the same way: their statements are not listed, their problems
// are; their DDL stays in the catalog, and the database their USE leaves and
// the variables their `set` lines define are where every input starts), then
// analyses `inputs` on up to options.jobs threads and passes the results to
// `sink` piece by piece in input order, on the calling thread. Every script
// starts in a session made by NewSession, in options.analyze.default_database
// (or the init scripts' last database). The output is the same whatever the
// number of threads.
RunSummary Run(const std::vector<InputFile>& inputs, const RunOptions& options, const PartSink& sink);

}  // namespace hivelineage::driver
