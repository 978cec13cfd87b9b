#include "store_mode.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "driver/run.h"
#include "driver/scheduler.h"
#include "graph/queries/impact_source.h"
#include "graph/render/impact_format.h"
#include "store/schema.h"
#include "store/store_source.h"
#include "store/update.h"

namespace hivelineage::bench {
namespace {

namespace fs = std::filesystem;

struct Step {
  double wall = 0, cpu = 0, peak_mb = 0;
};

// Runs `f` in a child process, so that each step's CPU time and peak memory
// are its own (what the step would cost as a command of its own).
template <typename F>
Step Measure(F&& f) {
  std::fflush(stdout);
  const auto begin = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid == 0) {
    f();
    std::fflush(stdout);
    _exit(0);
  }
  int status = 0;
  rusage ru{};
  wait4(pid, &status, 0, &ru);
  Step s;
  s.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  s.cpu = static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
          static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
  s.peak_mb = static_cast<double>(ru.ru_maxrss) / 1024;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) std::fprintf(stderr, "hivelineage_bench: a step failed\n");
  return s;
}

// Impact queries on the store, as `impact --store` runs them (the part of the
// lineage the walk reaches, read with indexed queries, then walked and
// written as text): tables and columns spread over the store's names, each
// downstream and upstream. Prints each time, then the median and the worst.
void ImpactQueries(const std::string& db_path, int queries) {
  auto db = store::OpenStore(db_path, store::OpenMode::Read);
  const store::StoreSource source(*db);
  std::vector<std::string> starts;
  // The five tables most statements read (the widest downstream answers),
  // then tables and columns spread over the names.
  store::Statement widest = db->Prepare(
      "SELECT t.name FROM statement_tables r JOIN tables t ON t.id = r.table_id WHERE r.role = 'input' "
      "GROUP BY t.id ORDER BY count(*) DESC, t.name LIMIT 5");
  while (widest.Step()) starts.emplace_back(widest.Text(0));
  widest.Reset();
  const size_t n = static_cast<size_t>(queries) / 2;
  for (graph::Level level : {graph::Level::Table, graph::Level::Column}) {
    if (n == 0) break;  // the widest only: no need to read every name
    const std::vector<std::string> nodes = source.Nodes(level);
    for (size_t k = 0; k < n && !nodes.empty(); ++k) starts.push_back(nodes[(k * 7919 + 13) % nodes.size()]);
  }
  std::vector<double> times, cpu_times;
  for (const std::string& start : starts)
    for (graph::Direction d : {graph::Direction::Downstream, graph::Direction::Upstream}) {
      graph::ImpactOptions o;
      o.direction = d;
      const auto begin = std::chrono::steady_clock::now();
      const double cpu_begin = driver::ThreadCpuSeconds();
      graph::Graph part;
      graph::ImpactResult r;
      std::string text;
      const bool found = graph::ImpactNeighbourhood(source, start, o, part, false);
      const double read_ms = (driver::ThreadCpuSeconds() - cpu_begin) * 1000;
      if (found && graph::Impact(part, start, o, r)) graph::WriteImpactText(part, r, text);
      const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();
      const double cpu_ms = (driver::ThreadCpuSeconds() - cpu_begin) * 1000;
      times.push_back(ms);
      cpu_times.push_back(cpu_ms);
      std::printf("impact %-10s %-60s %7.1f ms (cpu %7.1f ms, reading the store %7.1f ms)  %zu columns, %zu tables reached\n",
                  d == graph::Direction::Downstream ? "downstream" : "upstream", start.c_str(), ms, cpu_ms, read_ms,
                  r.columns.size(), r.tables.size());
    }
  std::sort(times.begin(), times.end());
  std::sort(cpu_times.begin(), cpu_times.end());
  if (!times.empty())
    std::printf("impact on the store: %zu queries, median %.1f ms, worst %.1f ms (cpu: median %.1f ms, worst %.1f ms)\n",
                times.size(), times[times.size() / 2], times.back(), cpu_times[cpu_times.size() / 2],
                cpu_times.back());
}

int Usage() {
  std::fputs(
      "usage: hivelineage_bench store DIR [--db FILE] [--catalog FILE] [--var NAME=VALUE] [-j N]\n"
      "                             [--change-percent P] [--queries N] [--queries-only]\n",
      stderr);
  return 2;
}

}  // namespace

int StoreMode(int argc, char** argv, int first) {
  std::string dir, db_path;
  store::UpdateOptions options;
  int change_percent = 1;
  int queries = 40;
  bool updates = true;
  for (int i = first; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--db" && i + 1 < argc) {
      db_path = argv[++i];
    } else if (a == "--catalog" && i + 1 < argc) {
      options.run.analyze.catalogs.push_back(driver::CatalogSource::File(argv[++i]));
    } else if (a == "--var" && i + 1 < argc) {
      const std::string v = argv[++i];
      const size_t eq = v.find('=');
      if (eq == std::string::npos) return Usage();
      options.run.analyze.variables.emplace_back(v.substr(0, eq), v.substr(eq + 1));
    } else if (a == "-j" && i + 1 < argc) {
      options.run.jobs = std::atoi(argv[++i]);
    } else if (a == "--queries-only") {
      updates = false;  // the store --db names is there already
    } else if (a == "--queries" && i + 1 < argc) {
      queries = std::max(0, std::atoi(argv[++i]));
    } else if (a == "--change-percent" && i + 1 < argc) {
      change_percent = std::atoi(argv[++i]);
      if (change_percent < 1 || change_percent > 100) return Usage();
    } else if (!a.empty() && a[0] != '-' && dir.empty()) {
      dir = a;
    } else {
      return Usage();
    }
  }
  if (dir.empty()) return Usage();
  if (db_path.empty()) db_path = (fs::temp_directory_path() / "hivelineage_bench_store.db").string();
  if (!updates) {
    ImpactQueries(db_path, queries);
    return 0;
  }
  for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(db_path + suffix);

  const driver::ExpandedInputs inputs = driver::ExpandPaths({dir});
  if (!inputs.errors.empty() || inputs.files.empty()) {
    std::fprintf(stderr, "hivelineage_bench: no scripts under %s\n", dir.c_str());
    return 2;
  }
  size_t bytes = 0;
  for (const driver::InputFile& in : inputs.files) bytes += fs::file_size(in.path);
  std::printf("store: %zu scripts, %.1f MB, store %s\n", inputs.files.size(), bytes / 1e6, db_path.c_str());

  const driver::PartSink ignore = [](driver::FilePart&&) {};
  auto update = [&](const char* what) {
    const Step s = Measure([&] {
      auto db = store::OpenStore(db_path, store::OpenMode::Update);
      const store::UpdateSummary summary = store::UpdateStore(*db, inputs.files, options, ignore);
      std::printf("%-22s %zu scripts analysed, %zu statements\n", what, summary.analysed, summary.statements);
    });
    std::printf("%-22s wall %7.2f s  cpu %7.2f s  peak %6.0f MB\n", "", s.wall, s.cpu, s.peak_mb);
    return s;
  };

  const Step full = update("full update");
  {
    auto db = store::OpenStore(db_path, store::OpenMode::Read);
    std::printf("store size %.0f MB: %lld value edges, %lld condition columns, %lld columns, %lld tables\n",
                fs::file_size(db_path) / 1e6, static_cast<long long>(db->QueryInt("SELECT count(*) FROM value_edges")),
                static_cast<long long>(db->QueryInt("SELECT count(*) FROM condition_columns")),
                static_cast<long long>(db->QueryInt("SELECT count(*) FROM columns")),
                static_cast<long long>(db->QueryInt("SELECT count(*) FROM tables")));
  }

  // Every (100 / P)-th script gets a comment line; put back afterwards.
  std::vector<std::pair<std::string, uintmax_t>> changed;
  const size_t stride = static_cast<size_t>(100 / change_percent);
  for (size_t i = stride - 1; i < inputs.files.size(); i += stride) {
    const std::string& path = inputs.files[i].path;
    changed.emplace_back(path, fs::file_size(path));
    std::ofstream(path, std::ios::app) << "\n-- changed by hivelineage_bench\n";
  }
  const Step incremental = update(("update, " + std::to_string(change_percent) + "% changed").c_str());
  const Step unchanged = update("update, none changed");
  for (const auto& [path, size] : changed) fs::resize_file(path, size);

  std::printf("incremental / full: wall 1/%.1f, cpu 1/%.1f; unchanged / full: wall 1/%.1f\n",
              full.wall / incremental.wall, full.cpu / incremental.cpu, full.wall / unchanged.wall);
  if (queries > 0) ImpactQueries(db_path, queries);
  return 0;
}

}  // namespace hivelineage::bench
