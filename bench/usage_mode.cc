#include "usage_mode.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>

#include "usage/usage_report.h"
#include "usage/usage_run.h"

namespace hivelineage::bench {
namespace {

constexpr int kTablesPerLayer = 60;
constexpr int kColumns = 20;
constexpr int kUsers = 80;
constexpr int kDays = 120;
const char* const kLayers[] = {"ods", "dwd", "dws", "ads"};

// One query of the log, drawn from a handful of shapes analysts and ETL jobs write.
std::string Query(std::mt19937_64& rng, const std::string& day) {
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<uint64_t>(n)); };
  // Reads favour reports and aggregates, as real logs do: a few tables are hot.
  auto table = [&] {
    const char* layer = kLayers[1 + pick(3)];
    const int t = pick(4) == 0 ? pick(kTablesPerLayer) : pick(8);
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%s.t_%03d", layer, t);
    return std::string(buf);
  };
  auto col = [&] {
    // Appended, not "c" + to_string(): GCC 12 at -O3 warns (-Wrestrict) about the latter.
    std::string c(1, 'c');
    c += std::to_string(pick(kColumns));
    return c;
  };
  switch (pick(6)) {
    case 0:
      return "select " + col() + ", sum(" + col() + ") as total from " + table() + " where dt = '" + day +
             "' group by " + col() + " order by total desc limit 100";
    case 1:
      return "select a." + col() + ", b." + col() + ", a.id from " + table() + " a join " + table() +
             " b on a.id = b.id where a.dt = '" + day + "' and b.dt in ('" + day + "', '2024-01-01')";
    case 2:
      return "select count(*) from " + table() + " where dt between '2024-01-01' and '" + day + "'";
    case 3:
      return "with recent as (select id, " + col() + " as v from " + table() + " where dt = '" + day +
             "') select id, max(v) over (partition by id) as m from recent";
    case 4: {
      char target[32];
      std::snprintf(target, sizeof(target), "ads.t_%03d", pick(kTablesPerLayer));
      return std::string("insert overwrite table ") + target + " partition (dt = '" + day + "') select id, " + col() +
             ", " + col() + " from " + table() + " where dt = '" + day + "'";
    }
    default:
      return "select * from " + table() + " where dt = '" + day + "' and " + col() + " > 10 limit 20";
  }
}

// Writes the log; returns its size in bytes.
size_t WriteLog(const std::string& path, long queries) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  std::mt19937_64 rng(20240301);
  size_t bytes = 0;
  std::string line;
  for (long i = 0; i < queries; ++i) {
    const int day = static_cast<int>(i * kDays / queries);
    char date[32];
    std::snprintf(date, sizeof(date), "2024-%02d-%02d", 1 + day / 30, 1 + day % 28);
    const long seconds = 1704067200L + static_cast<long>(day) * 86400 + static_cast<long>(rng() % 86400);
    if (i % 10007 == 5000) {
      line = "{\"query\": \"select 1\", \"user\": truncated line\n";  // a malformed line
    } else {
      std::string q = i % 5003 == 2500 ? "select from where" : Query(rng, date);  // a broken query
      line = "{\"query\": \"" + q + "\", \"user\": \"u" + std::to_string(rng() % kUsers) +
             "\", \"time\": " + std::to_string(seconds) + "}\n";
    }
    std::fwrite(line.data(), 1, line.size(), f);
    bytes += line.size();
  }
  std::fclose(f);
  return bytes;
}

struct Measure {
  double seconds = 0;
  uint64_t queries = 0, lines = 0, bytes = 0, tables = 0;
};

// "1,2,3" as numbers of at least 1; empty on anything else.
std::vector<long> NumberList(const char* p) {
  std::vector<long> out;
  while (*p != 0) {
    char* end = nullptr;
    const long n = std::strtol(p, &end, 10);
    if (end == p || n < 1 || (*end != ',' && *end != 0)) return {};
    out.push_back(n);
    p = *end == ',' ? end + 1 : end;
  }
  return out;
}

int Fail() {
  std::fputs("usage: hivelineage_bench usage [--queries N,...] [--threads 1,2]\n", stderr);
  return 2;
}

}  // namespace

int UsageMode(int argc, char** argv, int first) {
  std::vector<long> query_counts = {1000000};
  std::vector<long> threads = {1, 2};
  for (int i = first; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--queries" && i + 1 < argc) {
      query_counts = NumberList(argv[++i]);
    } else if (a == "--threads" && i + 1 < argc) {
      threads = NumberList(argv[++i]);
    } else {
      return Fail();
    }
    if (query_counts.empty() || threads.empty()) return Fail();
  }
  const std::string path =
      (std::filesystem::temp_directory_path() / ("hivelineage_bench_usage_" + std::to_string(getpid()) + ".jsonl"))
          .string();
  for (long n : query_counts) {
    const size_t bytes = WriteLog(path, n);
    std::printf("usage: generated log of %ld queries, %.1f MB\n", n, bytes / 1e6);
    std::fflush(stdout);
    for (long jobs : threads) {
      // Each run in its own process, so its peak RSS is its own.
      int fds[2];
      if (pipe(fds) != 0) return 2;
      const pid_t pid = fork();
      if (pid == 0) {
        close(fds[0]);
        usage::UsageOptions options;
        options.jobs = static_cast<int>(jobs);
        options.max_messages = 0;
        const auto start = std::chrono::steady_clock::now();
        const usage::UsageRun run = usage::RunUsage({path}, options, [](const std::string&) {});
        Measure m;
        m.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        m.queries = run.stats.queries;
        m.lines = run.stats.lines;
        m.bytes = run.stats.bytes;
        m.tables = run.stats.tables.size();
        if (write(fds[1], &m, sizeof(m)) != sizeof(m)) _exit(1);
        _exit(0);
      }
      close(fds[1]);
      Measure m;
      const bool got = read(fds[0], &m, sizeof(m)) == sizeof(m);
      close(fds[0]);
      int status = 0;
      rusage ru{};
      wait4(pid, &status, 0, &ru);
      if (!got) return 2;
      // CPU time of the whole child (reader and workers): what the analysis costs on a busy machine.
      const double cpu = static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                         static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
      std::printf(
          "usage: %d thread%s: wall %.2f s: %.0f queries/s, %.1f MB/s | cpu %.2f s: %.0f queries/s, %.1f MB/s "
          "| peak RSS %.1f MB (%llu queries, %llu tables)\n",
          static_cast<int>(jobs), jobs == 1 ? "" : "s", m.seconds, m.queries / m.seconds, m.bytes / 1e6 / m.seconds,
          cpu, m.queries / cpu, m.bytes / 1e6 / cpu, static_cast<double>(ru.ru_maxrss) / 1024,
          static_cast<unsigned long long>(m.queries), static_cast<unsigned long long>(m.tables));
      std::fflush(stdout);
    }
  }
  std::filesystem::remove(path);
  return 0;
}

}  // namespace hivelineage::bench
