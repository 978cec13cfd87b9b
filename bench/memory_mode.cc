#include "memory_mode.h"

#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>

#include "cli/analyze_command.h"

namespace hivelineage::bench {
namespace {

// Peak resident set size of this process so far, in bytes (Linux: KiB units).
size_t PeakRss() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return static_cast<size_t>(ru.ru_maxrss) * 1024;
}

std::string ReadSmallFile(const std::string& path) {
  std::string text;
  if (FILE* f = std::fopen(path.c_str(), "rb")) {
    char buf[1 << 16];
    for (size_t n; (n = std::fread(buf, 1, sizeof(buf), f)) > 0;) text.append(buf, n);
    std::fclose(f);
  }
  return text;
}

}  // namespace

int MemoryMode(const std::vector<driver::InputFile>& inputs, const std::vector<driver::CatalogSource>& catalogs,
               int megabytes, int jobs) {
  // The sample: every input once, each ending with a statement terminator.
  std::string sample;
  for (const driver::InputFile& in : inputs) {
    sample += ReadSmallFile(in.path);
    sample += "\n;\n";
  }
  if (sample.empty()) {
    std::fputs("hivelineage_bench memory: no input\n", stderr);
    return 2;
  }
  const std::filesystem::path script =
      std::filesystem::temp_directory_path() / ("hivelineage_bench_memory_" + std::to_string(getpid()) + ".sql");
  const size_t want = static_cast<size_t>(megabytes) << 20;
  size_t written = 0;
  {
    FILE* f = std::fopen(script.c_str(), "wb");
    if (f == nullptr) {
      std::perror("hivelineage_bench memory");
      return 2;
    }
    // Written copy by copy: the script is never in this process's memory whole.
    for (size_t copy = 0; written < want; ++copy) {
      const std::string header =
          "-- copy " + std::to_string(copy) + "\nuse bench_db_" + std::to_string(copy % 100) + ";\n";
      std::fwrite(header.data(), 1, header.size(), f);
      std::fwrite(sample.data(), 1, sample.size(), f);
      written += header.size() + sample.size();
    }
    std::fclose(f);
  }
  sample = std::string();
  const size_t before = PeakRss();

  driver::RunOptions options;
  options.analyze.catalogs = catalogs;
  options.jobs = jobs;
  FILE* null_out = std::fopen("/dev/null", "wb");
  FILE* null_err = std::fopen("/dev/null", "wb");
  const auto start = std::chrono::steady_clock::now();
  const driver::RunSummary summary = cli::RunAndWrite({driver::InputFile{script.string(), script.string()}}, options,
                                                      output::Format::Json, null_out, null_err);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::fclose(null_out);
  std::fclose(null_err);
  std::filesystem::remove(script);

  const size_t peak = PeakRss();
  const double mb = static_cast<double>(written) / 1e6;
  std::printf("memory: one script of %.1f MB (%zu statements) in %.2f s (%.1f MB/s), %d thread(s)\n", mb,
              summary.statements, secs, mb / secs, jobs);
  std::printf("memory: peak RSS %.1f MB = %.2fx the script (%.1f MB before the run)\n", static_cast<double>(peak) / 1e6,
              static_cast<double>(peak) / static_cast<double>(written), static_cast<double>(before) / 1e6);
  return 0;
}

}  // namespace hivelineage::bench
