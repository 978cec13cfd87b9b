#include "compare_mode.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "driver/run.h"

extern char** environ;

namespace hivelineage::bench {
namespace {

struct ChildRun {
  bool ok = false;
  double wall = 0;  // seconds
  double cpu = 0;   // user + system seconds of the child
  std::string out;  // its standard output
};

// Runs argv[0] with standard output to a temporary file (read back) and
// standard error discarded; the child's CPU time comes from wait4.
ChildRun RunChild(const std::vector<std::string>& argv) {
  ChildRun r;
  char path[] = "/tmp/hivelineage_bench_compare_XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) return r;
  unlink(path);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fd, 1);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const auto start = std::chrono::steady_clock::now();
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    close(fd);
    return r;
  }
  int status = 0;
  rusage ru{};
  wait4(pid, &status, 0, &ru);
  r.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.cpu = static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
          static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
  // The CLI exits 1 when a statement has errors (the corpus has some); a
  // signal or any other status is a failed run.
  r.ok = WIFEXITED(status) && WEXITSTATUS(status) <= 1;
  lseek(fd, 0, SEEK_SET);
  char buf[1 << 16];
  for (ssize_t n; (n = read(fd, buf, sizeof buf)) > 0;) r.out.append(buf, static_cast<size_t>(n));
  close(fd);
  return r;
}

double Median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// From "MODE: cpu 0.123 s: 45.6 MB/s, ... | wall 0.2 s: 30.1 MB/s": the two MB/s figures.
bool ParseBenchLine(const std::string& out, const std::string& mode, double& cpu_mbs, double& wall_mbs) {
  const std::string key = mode + ": cpu ";
  const size_t at = out.find(key);
  if (at == std::string::npos) return false;
  double cpu_s = 0, wall_s = 0;
  const char* p = out.c_str() + at + key.size();
  if (std::sscanf(p, "%lf s: %lf MB/s", &cpu_s, &cpu_mbs) != 2) return false;
  const char* w = std::strstr(p, "| wall ");
  return w != nullptr && std::sscanf(w, "| wall %lf s: %lf MB/s", &wall_s, &wall_mbs) == 2;
}

// This binary's own path, so the child runs exactly this build.
std::string SelfPath() {
  char buf[4096];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
}

struct Side {
  std::vector<double> cpu_mbs, wall_mbs;
};

void PrintSides(const char* what, const Side& current, const Side& base, const std::vector<double>& cpu_ratio,
                const std::vector<double>& wall_ratio, const std::string& base_path) {
  std::printf("%s this build: median %.1f MB/s by cpu, %.1f MB/s by wall\n", what, Median(current.cpu_mbs),
              Median(current.wall_mbs));
  std::printf("%s baseline (%s): median %.1f MB/s by cpu, %.1f MB/s by wall\n", what, base_path.c_str(),
              Median(base.cpu_mbs), Median(base.wall_mbs));
  const auto [lo, hi] = std::minmax_element(cpu_ratio.begin(), cpu_ratio.end());
  std::printf("%s ratio this/baseline: %.2fx by cpu (median of %zu rounds, range %.2f-%.2f), %.2fx by wall\n", what,
              Median(cpu_ratio), cpu_ratio.size(), *lo, *hi, Median(wall_ratio));
}

}  // namespace

int CompareBenchMode(const std::string& self, const std::string& baseline, const std::vector<std::string>& args,
                     const std::string& mode, int rounds) {
  const std::string me = self.empty() ? SelfPath() : self;
  Side current, base;
  std::vector<double> cpu_ratio, wall_ratio;
  for (int r = 0; r < rounds; ++r) {
    double c[2] = {0, 0}, w[2] = {0, 0};
    // Alternate who goes first, so a slow start or a burst of load is shared.
    for (int k = 0; k < 2; ++k) {
      const int side = (r % 2 == 0) ? k : 1 - k;  // 0 = this build, 1 = baseline
      std::vector<std::string> argv = {side == 0 ? me : baseline};
      argv.insert(argv.end(), args.begin(), args.end());
      const ChildRun run = RunChild(argv);
      if (!run.ok || !ParseBenchLine(run.out, mode, c[side], w[side])) {
        std::fprintf(stderr, "hivelineage_bench: %s gave no '%s: cpu' line\n", argv[0].c_str(), mode.c_str());
        return 1;
      }
    }
    current.cpu_mbs.push_back(c[0]);
    current.wall_mbs.push_back(w[0]);
    base.cpu_mbs.push_back(c[1]);
    base.wall_mbs.push_back(w[1]);
    cpu_ratio.push_back(c[0] / c[1]);
    wall_ratio.push_back(w[0] / w[1]);
    std::printf("%s round %d: this %.1f MB/s, baseline %.1f MB/s (cpu): %.2fx\n", mode.c_str(), r + 1, c[0], c[1],
                c[0] / c[1]);
    std::fflush(stdout);
  }
  PrintSides(mode.c_str(), current, base, cpu_ratio, wall_ratio, baseline);
  return 0;
}

int CompareCliMode(int argc, char** argv, int first) {
  std::string cli, baseline;
  int rounds = 5;
  std::vector<std::string> options = {"--quiet", "--format", "json"};
  std::vector<std::string> paths;
  bool no_catalog = false, has_catalog = false;
  for (int i = first; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--cli-bin" && i + 1 < argc) {
      cli = argv[++i];
    } else if (a == "--baseline-bin" && i + 1 < argc) {
      baseline = argv[++i];
    } else if (a == "--rounds" && i + 1 < argc) {
      rounds = std::max(1, std::atoi(argv[++i]));
    } else if ((a == "-j" || a == "--catalog") && i + 1 < argc) {
      has_catalog |= a == "--catalog";
      options.push_back(a);
      options.push_back(argv[++i]);
    } else if (a == "--no-catalog") {
      no_catalog = true;
    } else if (!a.empty() && a[0] == '-') {
      std::fputs(
          "usage: hivelineage_bench cli --baseline-bin CLI [--cli-bin CLI] [--rounds N] [-j N]\n"
          "                             [--catalog FILE | --no-catalog] [PATH ...]\n",
          stderr);
      return 2;
    } else {
      paths.push_back(a);
    }
  }
  if (baseline.empty()) {
    std::fputs("hivelineage_bench cli: --baseline-bin CLI is required\n", stderr);
    return 2;
  }
  if (cli.empty()) {  // the CLI of this build: build/src/cli/hivelineage next to build/bench/
    const std::string self = SelfPath();
    cli = self.substr(0, self.rfind('/')) + "/../src/cli/hivelineage";
  }
  if (paths.empty()) {
    paths.push_back(HIVELINEAGE_SHARED_DIR "/corpus/hive-qtests/queries");
    if (!has_catalog && !no_catalog) {
      options.push_back("--catalog");
      options.push_back(HIVELINEAGE_SHARED_DIR "/corpus/hive-qtests/catalog.json");
    }
  }
  size_t bytes = 0;
  const driver::ExpandedInputs inputs = driver::ExpandPaths(paths);
  for (const driver::InputFile& f : inputs.files) {
    struct stat st {};
    if (stat(f.path.c_str(), &st) == 0) bytes += static_cast<size_t>(st.st_size);
  }
  std::printf("cli: %zu files, %.2f MB; %s against %s, %d rounds\n", inputs.files.size(), bytes / 1e6, cli.c_str(),
              baseline.c_str(), rounds);
  Side current, base;
  std::vector<double> cpu_ratio, wall_ratio;
  bool same_output = true;
  size_t out_bytes[2] = {0, 0};
  for (int r = 0; r < rounds; ++r) {
    ChildRun runs[2];
    for (int k = 0; k < 2; ++k) {
      const int side = (r % 2 == 0) ? k : 1 - k;
      std::vector<std::string> args = {side == 0 ? cli : baseline};
      args.insert(args.end(), options.begin(), options.end());
      args.insert(args.end(), paths.begin(), paths.end());
      runs[side] = RunChild(args);
      if (!runs[side].ok) {
        std::fprintf(stderr, "hivelineage_bench: %s failed\n", args[0].c_str());
        return 1;
      }
    }
    if (r == 0) {
      same_output = runs[0].out == runs[1].out;
      out_bytes[0] = runs[0].out.size();
      out_bytes[1] = runs[1].out.size();
    }
    const double c0 = bytes / 1e6 / runs[0].cpu, c1 = bytes / 1e6 / runs[1].cpu;
    current.cpu_mbs.push_back(c0);
    base.cpu_mbs.push_back(c1);
    current.wall_mbs.push_back(bytes / 1e6 / runs[0].wall);
    base.wall_mbs.push_back(bytes / 1e6 / runs[1].wall);
    cpu_ratio.push_back(runs[1].cpu / runs[0].cpu);
    wall_ratio.push_back(runs[1].wall / runs[0].wall);
    std::printf("cli round %d: this %.1f MB/s, baseline %.1f MB/s (cpu): %.2fx\n", r + 1, c0, c1, c0 / c1);
    std::fflush(stdout);
  }
  PrintSides("cli", current, base, cpu_ratio, wall_ratio, baseline);
  std::printf("cli output: %s (%zu and %zu bytes)\n", same_output ? "byte-identical" : "DIFFERS", out_bytes[0],
              out_bytes[1]);
  return same_output ? 0 : 1;
}

}  // namespace hivelineage::bench
