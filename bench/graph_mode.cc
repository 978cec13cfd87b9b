#include "graph_mode.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "cli/analyze_command.h"
#include "driver/run.h"
#include "driver/load_graph.h"
#include "graph/model/builder.h"
#include "graph/model/collapse.h"
#include "graph/render/formats.h"

namespace hivelineage::bench {
namespace {

struct Measure {
  double seconds = 0;
  size_t peak_rss = 0;  // bytes
  size_t output = 0;    // bytes written
  size_t input = 0;     // script bytes analysed
};

// A FILE that counts what is written to it and keeps nothing.
FILE* CountingFile(size_t* bytes) {
  cookie_io_functions_t io{};
  io.write = [](void* cookie, const char*, size_t n) -> ssize_t {
    *static_cast<size_t*>(cookie) += n;
    return static_cast<ssize_t>(n);
  };
  return fopencookie(bytes, "w", io);
}

// Runs `work` in a child process; its peak RSS is the child's alone.
// `work` returns {output bytes, input bytes}.
Measure InChild(const std::function<std::pair<size_t, size_t>()>& work) {
  int fds[2];
  if (pipe(fds) != 0) std::abort();
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    const std::pair<size_t, size_t> sizes = work();
    if (write(fds[1], &sizes, sizeof(sizes)) != sizeof(sizes)) _exit(1);
    _exit(0);
  }
  close(fds[1]);
  std::pair<size_t, size_t> sizes{0, 0};
  if (read(fds[0], &sizes, sizeof(sizes)) != sizeof(sizes)) sizes = {0, 0};
  close(fds[0]);
  int status = 0;
  rusage ru{};
  wait4(pid, &status, 0, &ru);
  Measure m;
  m.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  m.peak_rss = static_cast<size_t>(ru.ru_maxrss) * 1024;
  m.output = sizes.first;
  m.input = sizes.second;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) m.seconds = -1;
  return m;
}

int Usage() {
  std::fputs(
      "usage: hivelineage_bench graph [--catalog FILE] [--var NAME=VALUE] [--format json|dot|mermaid|openlineage]\n"
      "                               [--collapse] [--threads N] [--repeat N] PATH...\n",
      stderr);
  return 2;
}

}  // namespace

int GraphMode(int argc, char** argv, int first) {
  driver::RunOptions options;
  std::vector<std::string> paths;
  std::string format_name = "json";
  bool collapse = false;
  int repeat = 3;
  for (int i = first; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--catalog" && i + 1 < argc) {
      options.analyze.catalogs.push_back(driver::CatalogSource::File(argv[++i]));
    } else if (a == "--var" && i + 1 < argc) {
      const std::string v = argv[++i];
      const size_t eq = v.find('=');
      if (eq == std::string::npos) return Usage();
      options.analyze.variables.emplace_back(v.substr(0, eq), v.substr(eq + 1));
    } else if (a == "--format" && i + 1 < argc) {
      format_name = argv[++i];
    } else if (a == "--collapse") {
      collapse = true;
    } else if (a == "--threads" && i + 1 < argc) {
      options.jobs = std::atoi(argv[++i]);
    } else if (a == "--repeat" && i + 1 < argc) {
      repeat = std::max(1, std::atoi(argv[++i]));
    } else if (!a.empty() && a[0] == '-') {
      return Usage();
    } else {
      paths.push_back(a);
    }
  }
  const std::optional<graph::GraphFormat> format = graph::ParseGraphFormat(format_name);
  if (paths.empty() || !format) return Usage();
  const driver::ExpandedInputs inputs = driver::ExpandPaths(paths);
  for (const std::string& e : inputs.errors) std::fprintf(stderr, "hivelineage_bench: %s\n", e.c_str());
  if (!inputs.errors.empty()) return 2;

  // hivelineage --format json PATH... > /dev/null
  auto analyze = [&]() -> std::pair<size_t, size_t> {
    size_t out_bytes = 0;
    FILE* out = CountingFile(&out_bytes);
    FILE* err = std::fopen("/dev/null", "w");
    const driver::RunSummary s = cli::RunAndWrite(inputs.files, options, output::Format::Json, out, err);
    std::fclose(out);
    std::fclose(err);
    return {out_bytes, s.bytes};
  };
  // hivelineage graph --format F PATH... > /dev/null
  auto graph_run = [&]() -> std::pair<size_t, size_t> {
    graph::GraphBuilder builder(graph::BuildOptions{*format == graph::GraphFormat::OpenLineage});
    const driver::RunSummary s = driver::AnalyzeIntoGraph(inputs.files, options, builder, [](driver::FilePart&&) {});
    graph::Graph g = builder.Finish();
    if (collapse) graph::CollapseTemporary(g);
    size_t out_bytes = 0;
    std::string text;
    const graph::Flush flush = [&](std::string& chunk) {
      out_bytes += chunk.size();
      chunk.clear();
    };
    graph::WriteGraph(g, *format, {}, text, flush);
    return {out_bytes + text.size(), s.bytes};
  };

  auto best = [&](const std::function<std::pair<size_t, size_t>()>& work) {
    Measure b;
    for (int r = 0; r < repeat; ++r) {
      const Measure m = InChild(work);
      if (m.seconds < 0) return m;
      if (r == 0 || m.seconds < b.seconds) b.seconds = m.seconds;
      b.peak_rss = r == 0 ? m.peak_rss : std::min(b.peak_rss, m.peak_rss);
      b.output = m.output;
      b.input = m.input;
    }
    return b;
  };
  const Measure a = best(analyze);
  const Measure g = best(graph_run);
  if (a.seconds < 0 || g.seconds < 0) {
    std::fputs("hivelineage_bench graph: a run failed\n", stderr);
    return 1;
  }
  const double sql = static_cast<double>(a.input);
  std::printf("graph: %zu files, %.2f MB of scripts, -j %d, best of %d\n", inputs.files.size(), sql / 1e6,
              driver::ResolveJobs(options.jobs), repeat);
  const std::string graph_label = "graph (" + format_name + (collapse ? ", collapse" : "") + "):";
  std::printf("%-26s %7.2f s  peak RSS %7.1f MB  output %8.1f MB\n", "analyze (json):", a.seconds, a.peak_rss / 1e6,
              a.output / 1e6);
  std::printf("%-26s %7.2f s  peak RSS %7.1f MB  output %8.1f MB\n", graph_label.c_str(), g.seconds, g.peak_rss / 1e6,
              g.output / 1e6);
  std::printf("graph against analyze: time %.2fx, peak RSS %.2fx; against the scripts: output %.2fx, peak RSS %.2fx\n",
              g.seconds / a.seconds, static_cast<double>(g.peak_rss) / static_cast<double>(a.peak_rss),
              static_cast<double>(g.output) / sql, static_cast<double>(g.peak_rss) / sql);
  return 0;
}

}  // namespace hivelineage::bench
