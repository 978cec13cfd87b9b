#include "serve_mode.h"

#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "nlohmann/json.hpp"

namespace hivelineage::bench {
namespace {

using Clock = std::chrono::steady_clock;

// The CLI built beside this bench (build/bench/.. /src/cli/hivelineage).
std::string CliPath() {
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe");
  return (self.parent_path().parent_path() / "src" / "cli" / "hivelineage").string();
}

struct Server {
  pid_t pid = -1;
  int port = 0;
};

// Starts the server; its first stderr line says the port.
Server Start(const std::vector<std::string>& args) {
  int fds[2];
  if (pipe(fds) != 0) return {};
  Server s;
  s.pid = fork();
  if (s.pid == 0) {
    dup2(fds[1], 2);
    close(fds[0]);
    std::vector<std::string> all = {CliPath(), "serve", "--port", "0", "--quiet", "--overview", "0"};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(fds[1]);
  std::string line;
  char c;
  while (read(fds[0], &c, 1) == 1 && c != '\n') line += c;
  close(fds[0]);  // later lines (a stop) go nowhere
  const size_t at = line.find("127.0.0.1:");
  if (at != std::string::npos) s.port = std::atoi(line.c_str() + at + 10);
  if (s.port == 0) std::fprintf(stderr, "serve did not start: %s\n", line.c_str());
  return s;
}

double RssMb(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string key;
  while (in >> key) {
    if (key == "VmRSS:") {
      double kb = 0;
      in >> kb;
      return kb / 1024;
    }
    in.ignore(4096, '\n');
  }
  return 0;
}

std::string Encode(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '.' || c == '_' || c == '-') {
      out += static_cast<char>(c);
    } else {
      char buf[4];
      std::snprintf(buf, sizeof(buf), "%%%02X", c);
      out += buf;
    }
  }
  return out;
}

// The requests of one endpoint, asked in turn.
struct Workload {
  std::string name;
  std::vector<std::string> targets;
};

std::vector<Workload> Workloads(int port) {
  httplib::Client client("127.0.0.1", port);
  client.set_read_timeout(std::chrono::seconds(120));
  std::vector<std::string> tables, columns;
  for (const char* q : {"ods", "dwd", "dws", "ads"}) {
    auto r = client.Get(std::string("/api/search?limit=200&q=") + q);
    if (!r || r->status != 200) {
      std::fprintf(stderr, "serve: search %s: %s\n", q, r ? std::to_string(r->status).c_str() : httplib::to_string(r.error()).c_str());
      continue;
    }
    const nlohmann::json answer = nlohmann::json::parse(r->body);
    for (const auto& hit : answer["results"])
      (hit["type"] == "table" ? tables : columns).push_back(hit["name"]);
  }
  std::vector<Workload> w = {{"search", {}}, {"node", {}}, {"impact", {}}, {"path", {}}};
  for (const char* q : {"ods", "order", "user", "dwd.dim", "amount", "t_1", "sku", "ads_"})
    w[0].targets.push_back(std::string("/api/search?q=") + q);
  for (size_t i = 0; i < tables.size(); i += 7) w[1].targets.push_back("/api/node?name=" + Encode(tables[i]));
  // Columns: the first two of every 7th table (search lists tables first).
  for (size_t i = 0; i < tables.size() && columns.size() < 60; i += 7) {
    auto r = client.Get("/api/node?name=" + Encode(tables[i]));
    if (!r || r->status != 200) continue;
    const nlohmann::json answer = nlohmann::json::parse(r->body);
    for (size_t k = 0; k < answer["columns"].size() && k < 2; ++k)
      columns.push_back(tables[i] + "." + answer["columns"][k].get<std::string>());
  }
  for (const std::string& c : columns) w[2].targets.push_back("/api/impact?direction=downstream&name=" + Encode(c));
  // path: a table to a table two edges downstream of it.
  for (size_t i = 0; i < tables.size() && w[3].targets.size() < 20; i += 5) {
    auto r = client.Get("/api/impact?direction=downstream&depth=2&name=" + Encode(tables[i]));
    if (!r || r->status != 200) continue;
    const nlohmann::json answer = nlohmann::json::parse(r->body);
    const nlohmann::json& down = answer["downstream"];
    if (!down.empty())
      w[3].targets.push_back("/api/path?from=" + Encode(tables[i]) + "&to=" + Encode(down.back().get<std::string>()));
  }
  return w;
}

struct Result {
  std::vector<double> ms;
  size_t not_ok = 0;
};

// `clients` threads asking `targets` in turn until `seconds` pass.
Result Run(int port, const std::vector<const Workload*>& loads, int clients, double seconds) {
  Result total;
  std::mutex lock;
  const auto end = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  std::vector<std::thread> threads;
  for (int c = 0; c < clients; ++c)
    threads.emplace_back([&, c] {
      httplib::Client client("127.0.0.1", port);
      client.set_keep_alive(true);
      client.set_tcp_nodelay(true);
      client.set_read_timeout(std::chrono::seconds(120));
      Result mine;
      for (size_t i = static_cast<size_t>(c) * 7; Clock::now() < end; ++i) {
        const Workload& w = *loads[i % loads.size()];
        const std::string& t = w.targets[(i / loads.size()) % w.targets.size()];
        const auto begin = Clock::now();
        auto r = client.Get(t);
        mine.ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - begin).count());
        if (!r || r->status != 200) ++mine.not_ok;
      }
      std::lock_guard<std::mutex> g(lock);
      total.ms.insert(total.ms.end(), mine.ms.begin(), mine.ms.end());
      total.not_ok += mine.not_ok;
    });
  for (std::thread& t : threads) t.join();
  return total;
}

double Percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  const size_t k = std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())));
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
  return v[k];
}

std::vector<int> Numbers(const char* p) {
  std::vector<int> out;
  while (*p != 0) {
    char* end = nullptr;
    const long n = std::strtol(p, &end, 10);
    if (end == p || n < 1 || n > 1024 || (*end != ',' && *end != 0)) return {};
    out.push_back(static_cast<int>(n));
    p = *end == ',' ? end + 1 : end;
  }
  return out;
}

int Fail() {
  std::fputs("usage: hivelineage_bench serve (--store DB | PATH...) [--seconds S] [--clients 1,8,64] "
             "[--soak SECONDS] [--sample SECONDS]\n",
             stderr);
  return 2;
}

}  // namespace

int ServeMode(int argc, char** argv, int first) {
  std::vector<std::string> serve_args;
  double seconds = 10, soak = 0, sample = 10;
  std::vector<int> clients = {1, 8, 64};
  for (int i = first; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--store" && i + 1 < argc) {
      serve_args.insert(serve_args.end(), {"--store", argv[++i]});
    } else if (a == "--seconds" && i + 1 < argc) {
      seconds = std::atof(argv[++i]);
    } else if (a == "--soak" && i + 1 < argc) {
      soak = std::atof(argv[++i]);
    } else if (a == "--sample" && i + 1 < argc) {
      sample = std::atof(argv[++i]);
    } else if (a == "--clients" && i + 1 < argc) {
      clients = Numbers(argv[++i]);
    } else if (!a.starts_with("--")) {
      serve_args.push_back(a);
    } else {
      return Fail();
    }
  }
  if (serve_args.empty() || clients.empty() || seconds <= 0 || sample <= 0) return Fail();
  signal(SIGPIPE, SIG_IGN);
  const auto started = Clock::now();
  const Server server = Start(serve_args);
  if (server.port == 0) return 2;
  std::printf("serve: started in %.1f s, %.1f MB resident\n",
              std::chrono::duration<double>(Clock::now() - started).count(), RssMb(server.pid));
  const std::vector<Workload> loads = Workloads(server.port);
  for (const Workload& w : loads) std::printf("serve: %s: %zu distinct requests\n", w.name.c_str(), w.targets.size());
  int status = 0;
  for (const Workload& w : loads) {
    if (w.targets.empty()) continue;
    for (int n : clients) {
      Result r = Run(server.port, {&w}, n, seconds);
      const double p50 = Percentile(r.ms, 0.50), p99 = Percentile(r.ms, 0.99);
      std::printf("serve: %-6s %2d client%s: %7.1f requests/s, p50 %7.1f ms, p99 %7.1f ms, %zu requests, %zu not 200\n",
                  w.name.c_str(), n, n == 1 ? " " : "s", static_cast<double>(r.ms.size()) / seconds, p50, p99,
                  r.ms.size(), r.not_ok);
      std::fflush(stdout);
      if (r.not_ok > 0) status = 1;
    }
  }
  if (soak > 0) {
    std::vector<const Workload*> mixed;
    for (const Workload& w : loads)
      if (!w.targets.empty()) mixed.push_back(&w);
    std::printf("serve: soak, %s mixed on 8 clients for %.0f s\n", "search/node/impact/path", soak);
    for (double done = 0; done < soak; done += sample) {
      Result r = Run(server.port, mixed, 8, std::min(sample, soak - done));
      std::printf("serve: soak %6.0f s: %.1f MB resident, %zu requests (%zu not 200), p99 %.1f ms\n",
                  done + std::min(sample, soak - done), RssMb(server.pid), r.ms.size(), r.not_ok,
                  Percentile(r.ms, 0.99));
      std::fflush(stdout);
      if (r.not_ok > 0) status = 1;
    }
  }
  kill(server.pid, SIGTERM);
  int wstatus = 0;
  waitpid(server.pid, &wstatus, 0);
  return status;
}

}  // namespace hivelineage::bench
