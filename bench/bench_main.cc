// hivelineage_bench: throughput of the analysis stages on one core.
//
//   hivelineage_bench [lex|parse|pipeline] [--repeat N] [--catalog FILE] [--no-output] [PATH ...]
//
// (A multi-threaded folder mode is planned: each file is independent once the
// catalog is loaded, so Totals are per-call and summed.)
//
// lex       split into statements + variable substitution + tokenize
// parse     lex + parse every statement
// pipeline  decode + split + tokenize + parse + rewrite + lineage + JSON output
//
// Files are loaded into memory first, so disk speed is not measured. PATH
// defaults to the Hive qtest corpus (../shared/corpus/hive-qtests/queries,
// with its catalog.json for pipeline).
// Each mode reports MB/s and statements/s over all repetitions, by thread CPU
// time (stable on a shared machine) and by wall time.
#include <time.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "base/arena.h"
#include "driver/run.h"
#include "lexer/lexer.h"
#include "lexer/script.h"
#include "output/writer.h"
#include "parser/parser.h"

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

Totals Pipeline(const std::vector<LoadedFile>& files, const lineage::Session& base, bool write) {
  Totals t;
  const driver::AnalyzeOptions options;
  std::unique_ptr<output::Writer> writer = output::MakeWriter(output::Format::Json);
  std::string out;
  writer->Begin(out);
  // What driver::Run does, but from memory: one session, each file starting in `default`.
  lineage::Session session = base;
  for (const LoadedFile& f : files) {
    driver::LoadedInput in = driver::DecodeInput(f.name, f.bytes);
    session.current_database = "default";
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

int Usage() {
  std::fputs("usage: hivelineage_bench [lex|parse|pipeline] [--repeat N] [--catalog FILE] [--no-output] [PATH ...]\n", stderr);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string mode = "pipeline";
  int repeat = 3;
  std::vector<std::string> paths;
  std::vector<std::string> catalogs;
  bool write_output = true;
  int i = 1;
  if (i < argc && argv[i][0] != '-') mode = argv[i++];
  if (mode != "lex" && mode != "parse" && mode != "pipeline") return Usage();
  for (; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--repeat" && i + 1 < argc) {
      repeat = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--catalog" && i + 1 < argc) {
      catalogs.push_back(argv[++i]);
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
  if (paths.empty()) {
    paths.push_back(HIVELINEAGE_SHARED_DIR "/corpus/hive-qtests/queries");
    if (catalogs.empty() && mode == "pipeline") catalogs.push_back(HIVELINEAGE_SHARED_DIR "/corpus/hive-qtests/catalog.json");
  }

  const driver::ExpandedInputs inputs = driver::ExpandPaths(paths);
  for (const std::string& e : inputs.errors) std::fprintf(stderr, "hivelineage_bench: %s\n", e.c_str());
  if (!inputs.errors.empty()) return 2;
  std::vector<LoadedFile> files;
  size_t total = 0;
  for (const driver::InputFile& in : inputs.files) {
    driver::LoadedInput loaded = driver::LoadInput(in);
    if (loaded.unreadable) continue;
    files.push_back(LoadedFile{in.name, std::string(loaded.source->text())});
    total += files.back().bytes.size();
  }
  lineage::Session base;
  if (mode == "pipeline") {
    driver::RunOptions ro;
    ro.catalog_files = catalogs;
    const std::string err = driver::LoadCatalogs(ro, base, [](driver::FileResult&&) {}, nullptr);
    if (!err.empty()) {
      std::fprintf(stderr, "hivelineage_bench: %s\n", err.c_str());
      return 2;
    }
  }
  std::printf("%s: %zu files, %.2f MB, %d repetitions\n", mode.c_str(), files.size(), total / 1e6, repeat);

  Totals sum;
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = ThreadCpuSeconds();
  for (int r = 0; r < repeat; ++r) {
    Totals t = mode == "lex" ? Lex(files) : mode == "parse" ? Parse(files) : Pipeline(files, base, write_output);
    sum.bytes += t.bytes;
    sum.statements += t.statements;
    sum.sink += t.sink;
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double cpu = ThreadCpuSeconds() - cpu_start;
  // CPU time is what one core costs; wall time also counts waiting for a busy machine.
  std::printf("%s: cpu %.3f s: %.1f MB/s, %.0f statements/s | wall %.3f s: %.1f MB/s (checksum %zu)\n",
              mode.c_str(), cpu, sum.bytes / 1e6 / cpu, sum.statements / cpu, secs, sum.bytes / 1e6 / secs,
              sum.sink);
  return 0;
}
