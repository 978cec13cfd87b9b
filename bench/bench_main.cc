// hivelineage_bench: throughput of the analysis stages.
//
//   hivelineage_bench [lex|parse|pipeline] [--repeat N] [--catalog FILE] [--no-output]
//                     [--baseline-bin BENCH [--rounds N]] [PATH ...]
//   hivelineage_bench cli --baseline-bin CLI [--cli-bin CLI] [--rounds N] [-j N] [--catalog FILE | --no-catalog] [PATH ...]
//   hivelineage_bench folder [--threads 1,2] [--repeat N] [--catalog FILE | --no-catalog] [--no-learn-schema] [PATH ...]
//   hivelineage_bench memory [--mb N] [--threads N] [--catalog FILE] [PATH ...]
//   hivelineage_bench warehouse --out DIR [--scripts N] [--seed S] [--max-columns N]
//   hivelineage_bench graph [--catalog FILE] [--var N=V] [--format F] [--collapse] [--threads N] PATH...
//   hivelineage_bench usage [--queries N,...] [--threads 1,2]
//   hivelineage_bench big
//   hivelineage_bench spark-script [N]
//   hivelineage_bench serve (--store DB | PATH...) [--seconds S] [--clients 1,8,64] [--soak S] [--sample S]
//
// lex       split into statements + variable substitution + tokenize
// parse     lex + parse every statement
// pipeline  decode + split + tokenize + parse + rewrite + lineage + JSON output
//           with --baseline-bin: this build and BENCH (a hivelineage_bench of
//           another build, e.g. the commit a speed issue was filed on) run
//           in turn, N rounds (default 5), each in its own process; prints
//           both MB/s and their ratio (compare_mode.h)
// cli       the CLI end to end on a folder against another CLI, in turn:
//           MB/s of each, the ratio, and whether the JSON is byte-identical
// folder    driver::Run over the folder on 1, 2, ... threads: read + the whole
//           pipeline + JSON output in path order to a discarded buffer; with
//           --no-catalog the warehouse schema is learned first (two phases),
//           and --no-learn-schema gives the one-phase run to compare
//           (docs/warehouse-schema.md, "Measured")
// memory    one script of N MB (default 100) made of the PATH files repeated,
//           run as the CLI runs it; prints peak RSS against the script size
// warehouse writes a synthetic ods/dwd/dws/ads warehouse (warehouse.h)
// graph     `hivelineage graph` against the plain analysis: time, peak RSS,
//           output bytes, each run in a child process (graph_mode.h)
// usage     `hivelineage usage` on a generated query log of N queries (default
//           1,000,000): queries/s, MB/s and peak RSS per thread count (usage_mode.h)
// spark-script  prints the generated Spark script of pipeline's Spark line (N jobs, default 2000)
// big       10 MB tokens, a 10 MB script and a 50 MB statement analysed and
//           checked once each (big_input_mode.h); the unit suite has them at 1 MB
// serve     `hivelineage serve` under 1, 8, 64 clients on loopback: requests/s,
//           p50/p99 of search, node, impact, path; --soak: memory over time (serve_mode.h)
//
// lex/parse/pipeline load the files into memory first and run on one core, so
// disk speed is not measured. folder reads the files as the CLI does (after a
// warm-up pass, from the page cache). PATH defaults to the Hive qtest corpus
// (../shared/corpus/hive-qtests/queries, with its catalog.json for pipeline
// and folder). pipeline on the default corpus adds a Spark line: the valid
// statements of ../shared/corpus/spark-sqltests (one script per test file,
// as spark_plan_oracle.py runs them) read with --dialect spark, or, when
// ../shared is absent, a generated Spark-flavoured script (warehouse.h).
// lex/parse/pipeline report MB/s and statements/s over all repetitions, by
// thread CPU time (stable on a shared machine) and by wall time. folder
// reports, per thread count, the best wall time of the repetitions (MB/s,
// files/s) and the process CPU time, then the speedups over one thread.
#include <time.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "base/arena.h"
#include "base/dialect.h"
#include "driver/output_writer.h"
#include "driver/run.h"
#include "driver/session.h"
#include "big_input_mode.h"
#include "compare_mode.h"
#include "graph_mode.h"
#include "lexer/lexer.h"
#include "lexer/script.h"
#include "memory_mode.h"
#include "nlohmann/json.hpp"
#include "serve_mode.h"
#include "store_mode.h"
#include "parser/parser.h"
#include "usage_mode.h"
#include "warehouse.h"

namespace {

using namespace hivelineage;

double ThreadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

struct LoadedFile {
  std::string name;
  std::string bytes;
};

struct Totals {
  size_t bytes = 0;
  size_t statements = 0;
  size_t sink = 0;  // keeps the optimizer from dropping work
};

Totals Lex(const std::vector<LoadedFile>& files) {
  Totals t;
  std::vector<lexer::Token> tokens;
  Diagnostics diags;
  for (const LoadedFile& f : files) {
    SourceFile src(f.name, f.bytes);
    lexer::Variables vars;
    diags.clear();
    const auto statements = lexer::SplitScript(src, vars, diags);
    for (const lexer::StatementText& st : statements) {
      if (st.command != lexer::CommandKind::None) continue;
      tokens.clear();
      lexer::Tokenize(st.text(), {}, tokens, diags);
      t.sink += tokens.size();
    }
    t.bytes += f.bytes.size();
    t.statements += statements.size();
  }
  return t;
}

Totals Parse(const std::vector<LoadedFile>& files) {
  Totals t;
  Diagnostics diags;
  for (const LoadedFile& f : files) {
    SourceFile src(f.name, f.bytes);
    lexer::Variables vars;
    diags.clear();
    const auto statements = lexer::SplitScript(src, vars, diags);
    for (const lexer::StatementText& st : statements) {
      if (st.command != lexer::CommandKind::None) continue;
      Arena arena;
      t.sink += parser::ParseStatement(st.text(), arena, {}, diags) != nullptr;
    }
    t.bytes += f.bytes.size();
    t.statements += statements.size();
  }
  return t;
}

Totals Pipeline(const std::vector<LoadedFile>& files, const driver::AnalyzeOptions& options,
                const std::shared_ptr<const lineage::Catalog>& base, bool write) {
  Totals t;
  std::unique_ptr<driver::OutputWriter> writer = driver::MakeWriter(output::Format::Json);
  std::string out;
  writer->Begin(out);
  // What driver::Run does on one thread, but from memory: each file starts from the catalogs, in `default`.
  for (const LoadedFile& f : files) {
    driver::LoadedInput in = driver::DecodeInput(f.name, f.bytes);
    lineage::Session session = driver::NewSession(options, lineage::Catalog(base));
    driver::FileResult r = driver::AnalyzeScript(in.source, session, options);
    if (write) writer->File(r, out);
    t.bytes += f.bytes.size();
    t.statements += r.statements.size();
    if (out.size() > (1u << 20)) {  // as the CLI flushes
      t.sink += out.size();
      out.clear();
    }
  }
  writer->End(out);
  t.sink += out.size();
  return t;
}

double ProcessCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

struct FolderTiming {
  double wall = 0;  // seconds
  double cpu = 0;   // process CPU seconds, all threads
  size_t bytes = 0;
  size_t files = 0;
  double wait = 0;     // seconds threads were blocked inside driver::Run
  double busiest = 0;  // CPU seconds of the busiest thread
  size_t sink = 0;
};

// --no-learn-schema: the one-phase run (no warehouse schema gathered first), to compare.
bool g_learn_schema = true;

// One CLI-like run: driver::Run with the JSON writer into a buffer thrown away every MB.
FolderTiming Folder(const std::vector<driver::InputFile>& inputs, const std::vector<driver::CatalogSource>& catalogs,
                    int jobs) {
  driver::RunOptions options;
  options.analyze.catalogs = catalogs;
  options.analyze.learn_schema = g_learn_schema;
  options.jobs = jobs;
  std::unique_ptr<driver::OutputWriter> writer = driver::MakeWriter(output::Format::Json);
  options.renderer = writer.get();  // statements become JSON on the analysing threads, as in the CLI
  std::string out;
  FolderTiming t;
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = ProcessCpuSeconds();
  writer->Begin(out);
  const driver::RunSummary summary = driver::Run(inputs, options, [&](driver::FilePart&& part) {
    writer->Part(part, out);
    if (out.size() > (1u << 20)) {
      t.sink += out.size();
      out.clear();
    }
  });
  writer->End(out);
  t.sink += out.size();
  t.cpu = ProcessCpuSeconds() - cpu_start;
  t.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  t.bytes = summary.bytes;
  t.files = summary.files;
  t.wait = summary.wait_seconds;
  for (double c : summary.thread_cpu_seconds) t.busiest = std::max(t.busiest, c);
  return t;
}

int FolderMode(const std::vector<driver::InputFile>& inputs, const std::vector<driver::CatalogSource>& catalogs,
               const std::vector<int>& threads, int repeat) {
  Folder(inputs, catalogs, 1);  // warm-up: page cache, allocator
  std::vector<FolderTiming> best(threads.size());
  std::vector<double> cpu(threads.size(), 0);
  std::vector<double> wait(threads.size(), 0);
  std::vector<double> busiest(threads.size(), 0);
  // Rounds alternate the thread counts, so a burst of load from other
  // processes hits them alike; the best wall time of each is kept.
  for (int r = 0; r < repeat; ++r) {
    for (size_t k = 0; k < threads.size(); ++k) {
      const FolderTiming t = Folder(inputs, catalogs, threads[k]);
      if (r == 0 || t.wall < best[k].wall) best[k] = t;
      cpu[k] += t.cpu;
      wait[k] += t.wait;
      busiest[k] += t.busiest;
    }
  }
  std::printf("folder: %zu files, %.2f MB, best of %d runs per thread count\n", best[0].files, best[0].bytes / 1e6,
              repeat);
  // On a shared machine wall time depends on what else runs (and with
  // autogroup scheduling a session gets its share whatever its thread
  // count). CPU time does not. With free cores a run takes at least its
  // busiest thread's CPU time, and at most (cpu + blocked) / threads, blocked
  // being the time threads waited inside Run -- inflated on a busy machine,
  // where a thread waits for one that is not scheduled.
  std::vector<double> low(threads.size()), high(threads.size());
  for (size_t k = 0; k < threads.size(); ++k) {
    const FolderTiming& t = best[k];
    const double mean_cpu = cpu[k] / repeat;
    const double mean_wait = wait[k] / repeat;
    low[k] = busiest[k] / repeat;
    high[k] = std::max(low[k], (mean_cpu + mean_wait) / threads[k]);
    std::printf(
        "folder -j %d: wall %.3f s: %.1f MB/s, %.0f files/s | cpu %.3f s, busiest thread %.3f s, "
        "blocked %.3f s (means) -> on free cores %.3f-%.3f s: %.1f-%.1f MB/s, %.0f-%.0f files/s (checksum %zu)\n",
        threads[k], t.wall, t.bytes / 1e6 / t.wall, t.files / t.wall, mean_cpu, low[k], mean_wait, low[k], high[k],
        t.bytes / 1e6 / high[k], t.bytes / 1e6 / low[k], t.files / high[k], t.files / low[k], t.sink);
  }
  for (size_t k = 1; k < threads.size(); ++k) {
    std::printf(
        "folder speedup -j %d over -j %d: wall %.2fx | by cpu time on free cores %.2fx-%.2fx "
        "(busiest thread: %.2fx; cpu cost ratio %.2f)\n",
        threads[k], threads[0], best[0].wall / best[k].wall, low[0] / high[k], high[0] / low[k], low[0] / low[k],
        cpu[k] / cpu[0]);
  }
  return 0;
}

// The Spark corpus: the valid statements of each spark-sqltests file joined
// into one script (`;` and a newline after each); empty when ../shared is absent.
std::vector<LoadedFile> SparkCorpus() {
  std::ifstream in(HIVELINEAGE_SHARED_DIR "/corpus/spark-sqltests/statements.jsonl");
  std::vector<LoadedFile> files;
  std::string line;
  while (std::getline(in, line)) {
    const nlohmann::json rec = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (!rec.is_object() || !rec.contains("valid") || rec["valid"] != true || !rec.contains("sql") ||
        !rec["sql"].is_string() || !rec.contains("file") || !rec["file"].is_string())
      continue;
    const std::string file = rec["file"].get<std::string>();
    if (files.empty() || files.back().name != file) files.push_back(LoadedFile{file, {}});
    files.back().bytes += rec["sql"].get<std::string>();
    files.back().bytes += ";\n";
  }
  return files;
}

// `pipeline`'s second line: the whole pipeline on Spark SQL, --dialect spark, no catalog.
void SparkPipelineLine(int repeat, bool write_output) {
  std::vector<LoadedFile> files = SparkCorpus();
  const char* what = "spark-sqltests";
  if (files.empty()) {
    files.push_back(LoadedFile{"spark_generated.sql", bench::SparkFlavouredScript(2000)});
    what = "generated Spark script (../shared absent)";
  }
  size_t total = 0;
  for (const LoadedFile& f : files) total += f.bytes.size();
  driver::AnalyzeOptions options;
  options.parse.dialect = Dialect::Spark;
  const auto catalog = std::make_shared<const lineage::Catalog>();
  std::printf("pipeline spark: %zu files of %s, %.2f MB, %d repetitions\n", files.size(), what, total / 1e6, repeat);
  Totals sum;
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = ThreadCpuSeconds();
  for (int r = 0; r < repeat; ++r) {
    const Totals t = Pipeline(files, options, catalog, write_output);
    sum.bytes += t.bytes;
    sum.statements += t.statements;
    sum.sink += t.sink;
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double cpu = ThreadCpuSeconds() - cpu_start;
  std::printf("pipeline spark: cpu %.3f s: %.1f MB/s, %.0f statements/s | wall %.3f s: %.1f MB/s (checksum %zu)\n", cpu,
              sum.bytes / 1e6 / cpu, sum.statements / cpu, secs, sum.bytes / 1e6 / secs, sum.sink);
}

int Usage() {
  std::fputs(
      "usage: hivelineage_bench [lex|parse|pipeline] [--repeat N] [--catalog FILE] [--no-output]\n"
      "                         [--baseline-bin BENCH [--rounds N]] [PATH ...]\n"
      "       hivelineage_bench cli --baseline-bin CLI [--cli-bin CLI] [--rounds N] [-j N]\n"
      "                         [--catalog FILE | --no-catalog] [PATH ...]\n"
      "       hivelineage_bench folder [--threads 1,2] [--repeat N] [--catalog FILE | --no-catalog] [--no-learn-schema] [PATH ...]\n"
      "       hivelineage_bench memory [--mb N] [--threads N] [--catalog FILE] [PATH ...]\n"
      "       hivelineage_bench warehouse --out DIR [--scripts N] [--seed S] [--max-columns N]\n"
      "       hivelineage_bench graph [--catalog FILE] [--var N=V] [--format F] [--collapse] [--threads N] PATH...\n"
      "       hivelineage_bench store DIR [--db FILE] [--catalog FILE] [--var NAME=VALUE] [-j N]\n"
      "                         [--change-percent P] [--queries N] [--queries-only]\n"
      "       hivelineage_bench usage [--queries N,...] [--threads 1,2]\n",
      stderr);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string mode = "pipeline";
  int repeat = 3;
  std::vector<std::string> paths;
  std::vector<driver::CatalogSource> catalogs;
  bool write_output = true;
  int i = 1;
  if (i < argc && argv[i][0] != '-') mode = argv[i++];
  if (mode == "warehouse") return bench::WarehouseMode(argc, argv, i);
  if (mode == "graph") return bench::GraphMode(argc, argv, i);
  if (mode == "store") return bench::StoreMode(argc, argv, i);
  if (mode == "serve") return bench::ServeMode(argc, argv, i);
  if (mode == "usage") return bench::UsageMode(argc, argv, i);
  if (mode == "big") return bench::BigInputMode();
  if (mode == "cli") return bench::CompareCliMode(argc, argv, i);
  if (mode == "spark-script") {  // the generated Spark script of the pipeline's Spark line, to check or read
    std::fputs(bench::SparkFlavouredScript(i < argc ? static_cast<size_t>(std::atol(argv[i])) : 2000).c_str(), stdout);
    return 0;
  }
  if (mode != "lex" && mode != "parse" && mode != "pipeline" && mode != "folder" && mode != "memory") return Usage();
  int megabytes = 100;
  std::vector<int> threads = {1, 2};
  bool no_catalog = false;
  std::string baseline_bin;
  int rounds = 5;
  std::vector<std::string> child_args = {mode};  // the arguments a --baseline-bin comparison passes on
  for (; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--baseline-bin" && i + 1 < argc) {
      baseline_bin = argv[++i];
      continue;
    }
    if (a == "--rounds" && i + 1 < argc) {
      rounds = std::max(1, std::atoi(argv[++i]));
      continue;
    }
    child_args.push_back(a);
    if (a == "--repeat" && i + 1 < argc) {
      child_args.push_back(argv[i + 1]);
      repeat = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--catalog" && i + 1 < argc) {
      child_args.push_back(argv[i + 1]);
      catalogs.push_back(driver::CatalogSource::File(argv[++i]));
    } else if (a == "--threads" && i + 1 < argc) {
      threads.clear();
      for (const char* p = argv[++i]; *p != 0;) {
        char* end = nullptr;
        const long n = std::strtol(p, &end, 10);
        if (end == p || n < 1 || n > 256) return Usage();
        threads.push_back(static_cast<int>(n));
        p = *end == ',' ? end + 1 : end;
        if (*end != ',' && *end != 0) return Usage();
      }
      if (threads.empty()) return Usage();
    } else if (a == "--mb" && i + 1 < argc) {
      megabytes = std::atoi(argv[++i]);
      if (megabytes < 1 || megabytes > 4000) return Usage();
    } else if (a == "--no-learn-schema") {
      g_learn_schema = false;
    } else if (a == "--no-catalog") {
      no_catalog = true;  // the default corpus without its catalog.json, as most users run
    } else if (a == "--no-output") {
      write_output = false;  // pipeline without the JSON writer, to see what output costs
    } else if (a == "--help") {
      Usage();
      return 0;
    } else if (!a.empty() && a[0] == '-') {
      return Usage();
    } else {
      paths.push_back(a);
    }
  }
  if (!baseline_bin.empty()) {
    if (mode != "lex" && mode != "parse" && mode != "pipeline") return Usage();
    return bench::CompareBenchMode("", baseline_bin, child_args, mode, rounds);
  }
  const bool default_corpus = paths.empty();
  if (paths.empty()) {
    paths.push_back(HIVELINEAGE_SHARED_DIR "/corpus/hive-qtests/queries");
    if (catalogs.empty() && !no_catalog && (mode == "pipeline" || mode == "folder" || mode == "memory"))
      catalogs.push_back(driver::CatalogSource::File(HIVELINEAGE_SHARED_DIR "/corpus/hive-qtests/catalog.json"));
  }

  const driver::ExpandedInputs inputs = driver::ExpandPaths(paths);
  for (const std::string& e : inputs.errors) std::fprintf(stderr, "hivelineage_bench: %s\n", e.c_str());
  if (!inputs.errors.empty()) return 2;
  if (mode == "folder") return FolderMode(inputs.files, catalogs, threads, repeat);
  if (mode == "memory") return bench::MemoryMode(inputs.files, catalogs, megabytes, threads.back());
  std::vector<LoadedFile> files;
  size_t total = 0;
  for (const driver::InputFile& in : inputs.files) {
    driver::LoadedInput loaded = driver::LoadInput(in);
    if (loaded.unreadable) continue;
    files.push_back(LoadedFile{in.name, std::string(loaded.source->text())});
    total += files.back().bytes.size();
  }
  driver::AnalyzeOptions options;
  if (mode == "pipeline") options.catalogs = catalogs;
  driver::LoadedCatalog loaded = driver::LoadCatalog(options, [](driver::FileResult&&) {});
  for (const std::string& e : loaded.errors) std::fprintf(stderr, "hivelineage_bench: %s\n", e.c_str());
  if (!loaded.errors.empty()) return 2;
  const auto catalog = std::make_shared<const lineage::Catalog>(std::move(loaded.catalog));
  std::printf("%s: %zu files, %.2f MB, %d repetitions\n", mode.c_str(), files.size(), total / 1e6, repeat);

  Totals sum;
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = ThreadCpuSeconds();
  for (int r = 0; r < repeat; ++r) {
    Totals t = mode == "lex"     ? Lex(files)
               : mode == "parse" ? Parse(files)
                                 : Pipeline(files, options, catalog, write_output);
    sum.bytes += t.bytes;
    sum.statements += t.statements;
    sum.sink += t.sink;
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double cpu = ThreadCpuSeconds() - cpu_start;
  // CPU time is what one core costs; wall time also counts waiting for a busy machine.
  std::printf("%s: cpu %.3f s: %.1f MB/s, %.0f statements/s | wall %.3f s: %.1f MB/s (checksum %zu)\n", mode.c_str(),
              cpu, sum.bytes / 1e6 / cpu, sum.statements / cpu, secs, sum.bytes / 1e6 / secs, sum.sink);
  if (mode == "pipeline" && default_corpus) SparkPipelineLine(repeat, write_output);
  return 0;
}
