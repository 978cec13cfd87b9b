// `hivelineage serve --store` under load (issue 30, item 2): a real SQLite
// store served by the real command on a local port, asked by many clients at
// once, and updated by `store update` while they ask. Every answer is whole:
// the one the store gave before the update or the one it gives after, never a
// mixture, an error or a dead server.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "doctest/doctest.h"
#include "shell_run.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using namespace hivelineage;
using testing::ShellQuote;

fs::path Scratch() {
  static const fs::path dir = testing::ProcessTempDir("hivelineage_serve_store_test_");
  return dir;
}

void Write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

// The status and body of GET `target` ("404 {...}"), or "" when the server
// did not answer.
std::string Get(int port, const std::string& target) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return "";
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof(addr)) != 0) {
    ::close(fd);
    return "";
  }
  const std::string request = "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                              "\r\nConnection: close\r\n\r\n";
  if (::write(fd, request.data(), request.size()) != static_cast<ssize_t>(request.size())) {
    ::close(fd);
    return "";
  }
  std::string reply;
  pollfd p{fd, POLLIN, 0};
  while (::poll(&p, 1, 20'000) == 1) {
    char buf[8192];
    const ssize_t n = ::read(fd, buf, sizeof(buf));
    if (n <= 0) break;
    reply.append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  const size_t body = reply.find("\r\n\r\n");
  if (reply.rfind("HTTP/1.1 ", 0) != 0 || body == std::string::npos) return "";
  return reply.substr(9, 3) + " " + reply.substr(body + 4);
}

// `hivelineage serve --store DB` on a free port, stopped (SIGTERM) at the end.
struct Served {
  int pid = 0, port = 0;
  fs::path dir;
  Served(const fs::path& d, const std::string& db) : dir(d) {
    fs::remove(dir / "serve.err");
    const testing::ShellRun started = testing::RunShell(
        ShellQuote(HIVELINEAGE_CLI) + " serve --quiet --port 0 --overview 0 --store " + ShellQuote(db) +
            " 2>serve.err >/dev/null & echo $!",
        dir, Scratch());
    pid = std::stoi(started.out);
    for (int i = 0; i < 200 && port == 0; ++i) {
      const std::string err = testing::ReadFile(dir / "serve.err");
      const size_t at = err.find("127.0.0.1:");
      if (at != std::string::npos) port = std::atoi(err.c_str() + at + 10);
      if (port == 0) ::usleep(50'000);
    }
  }
  ~Served() {
    if (pid <= 0) return;
    ::kill(pid, SIGTERM);
    for (int i = 0; i < 40 && testing::ProcessRunning(pid); ++i) ::usleep(50'000);
    if (testing::ProcessRunning(pid)) ::kill(pid, SIGKILL);  // a server wedged by a fault
  }
  bool Alive() const { return testing::ProcessRunning(pid); }
};

// A script writing `target` from `source` over `n` columns: the lineage the
// answers below show. The second version (`renamed`) takes other columns.
std::string Script(const std::string& target, const std::string& source, int n, bool renamed) {
  std::string s = "create table " + source + " (";
  for (int i = 0; i < n; ++i) s += (i ? ", " : "") + std::string(renamed ? "v" : "c") + std::to_string(i) + " string";
  s += ");\ninsert overwrite table " + target + " select ";
  for (int i = 0; i < n; ++i)
    s += (i ? ", " : "") + std::string(renamed ? "v" : "c") + std::to_string(i) + " as c" + std::to_string(i);
  return s + " from " + source + ";\n";
}

// The warehouse of version `renamed`: a chain ods.s -> dwd.t0 -> ... -> dwd.t{k-1},
// and `extra` further scripts so that an update takes a while.
void WriteWarehouse(const fs::path& dir, bool renamed, int extra) {
  fs::remove_all(dir);
  Write(dir / "chain0.sql", Script("dwd.t0", "ods.s", 8, renamed));
  for (int k = 1; k < 6; ++k)
    Write(dir / ("chain" + std::to_string(k) + ".sql"),
          "insert overwrite table dwd.t" + std::to_string(k) + " select * from dwd.t" + std::to_string(k - 1) + ";\n");
  for (int i = 0; i < extra; ++i)
    Write(dir / ("extra" + std::to_string(i) + ".sql"),
          Script("ads.r" + std::to_string(i), "ods.e" + std::to_string(i), 30, renamed));
}

const std::vector<std::string> kTargets = {
    "/api/impact?name=ods.s.c3&direction=downstream",
    "/api/impact?name=ods.s.v3&direction=downstream",
    "/api/impact?name=dwd.t5&direction=upstream",
    "/api/node?name=dwd.t0",
    "/api/search?q=t",
    "/api/path?from=ods.s&to=dwd.t5",
    "/api/neighbours?name=dwd.t3",
};

// Every target's answer, asked one at a time.
std::map<std::string, std::string> Answers(int port) {
  std::map<std::string, std::string> out;
  for (const std::string& t : kTargets) out[t] = Get(port, t);
  return out;
}

}  // namespace

TEST_CASE("serve --store: 16 clients at once get the answers one client gets") {
  const fs::path dir = Scratch() / "concurrent";
  WriteWarehouse(dir / "w", false, 4);
  const testing::ShellRun update = testing::RunCli("store update w.db w", dir, Scratch());
  REQUIRE_MESSAGE(update.code == 0, update.err);
  Served served(dir, "w.db");
  REQUIRE(served.port > 0);
  const std::map<std::string, std::string> alone = Answers(served.port);
  for (const auto& [name, body] : alone) {
    const std::string& target = name;  // clang 14: a structured binding cannot be captured
    REQUIRE_MESSAGE(!body.empty(), target);
  }
  std::atomic<int> wrong{0}, asked{0};
  std::vector<std::thread> clients;
  for (int c = 0; c < 16; ++c)
    clients.emplace_back([&, c] {
      for (int i = 0; i < 30; ++i) {
        const std::string& t = kTargets[static_cast<size_t>(c + i) % kTargets.size()];
        wrong += Get(served.port, t) != alone.at(t);
        ++asked;
      }
    });
  for (std::thread& t : clients) t.join();
  MESSAGE(asked.load(), " requests from 16 clients, ", wrong.load(), " answered otherwise than alone");
  CHECK(wrong.load() == 0);
  CHECK(served.Alive());
}

TEST_CASE("serve --store: answers stay whole while a store update runs") {
  const fs::path dir = Scratch() / "update";
  // The answers after, from a store of their own under the same names (the
  // answers carry the store's name and the scripts' paths).
  const fs::path fresh = Scratch() / "update-fresh";
  WriteWarehouse(fresh / "w", true, 150);
  REQUIRE(testing::RunCli("store update w.db w", fresh, Scratch()).code == 0);
  std::map<std::string, std::string> after;
  {
    Served s(fresh, "w.db");
    REQUIRE(s.port > 0);
    after = Answers(s.port);
  }
  WriteWarehouse(dir / "w", false, 0);
  REQUIRE(testing::RunCli("store update w.db w", dir, Scratch()).code == 0);
  Served served(dir, "w.db");
  REQUIRE(served.port > 0);
  const std::map<std::string, std::string> before = Answers(served.port);
  for (const std::string& t : kTargets) REQUIRE_MESSAGE(!before.at(t).empty(), t);
  CHECK(before != after);  // the update changes what is answered

  // The new version, with 150 more scripts so that the update takes a while,
  // written into the store while 8 clients keep asking.
  WriteWarehouse(dir / "w", true, 150);
  std::atomic<bool> done{false};
  std::atomic<int> old_answers{0}, new_answers{0}, other{0};
  std::mutex lock;
  std::string an_other;
  std::vector<std::thread> clients;
  for (int c = 0; c < 8; ++c)
    clients.emplace_back([&, c] {
      for (size_t i = static_cast<size_t>(c); !done || i < static_cast<size_t>(c) + 40; ++i) {
        const std::string& t = kTargets[i % kTargets.size()];
        const std::string body = Get(served.port, t);
        if (body == before.at(t)) {
          ++old_answers;
        } else if (body == after.at(t)) {
          ++new_answers;
        } else {
          ++other;
          std::lock_guard<std::mutex> g(lock);
          an_other = t + " -> " + body.substr(0, 300);
        }
      }
    });
  const testing::ShellRun update = testing::RunCli("store update w.db w", dir, Scratch());
  done = true;
  for (std::thread& t : clients) t.join();
  MESSAGE("during and after the update: ", old_answers.load(), " old answers, ", new_answers.load(), " new, ",
          other.load(), " neither");
  CHECK_MESSAGE(update.code == 0, update.err);
  CHECK_MESSAGE(other.load() == 0, an_other);
  CHECK(served.Alive());
  // A server started on the updated store answers as the new version.
  Served again(dir, "w.db");
  REQUIRE(again.port > 0);
  const std::map<std::string, std::string> restarted = Answers(again.port);
  for (const std::string& t : kTargets) CHECK_MESSAGE(restarted.at(t) == after.at(t), t);
}
