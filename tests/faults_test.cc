// Faults a warehouse meets (issue 30, item 4): a disk that fills up under
// `store update`, a store from a newer hivelineage, output cut short by
// `head`, and paths that are not files (a directory, a named pipe,
// /dev/zero). Each ends with one located error, never a hang or a crash, and
// a store is left as it was.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "doctest/doctest.h"
#include "shell_run.h"
#include "store/schema.h"
#include "store/sqlite.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using namespace hivelineage;
using testing::ShellQuote;

fs::path Scratch() {
  static const fs::path dir = testing::ProcessTempDir("hivelineage_faults_test_");
  return dir;
}

std::string Q(const fs::path& p) { return ShellQuote(p.string()); }

// The CLI under `timeout`: a hang is exit status 124, not a stuck suite.
testing::ShellRun Cli(const std::string& args, const fs::path& dir) {
  return testing::RunShell("timeout 30 " + ShellQuote(HIVELINEAGE_CLI) + " " + args, dir, Scratch());
}

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

void Write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

// A script of `n` inserts, each with a few columns, so its lineage is large.
std::string ManyInserts(int n, const std::string& tag) {
  std::string s = "create table ods.src_" + tag + " (a string, b string, c int);\n";
  for (int i = 0; i < n; ++i)
    s += "insert overwrite table dwd.t_" + tag + "_" + std::to_string(i) +
         " select a, concat(b, '" + std::to_string(i) + "') as b, c + " + std::to_string(i) +
         " as c from ods.src_" + tag + " where c > " + std::to_string(i) + ";\n";
  return s;
}

}  // namespace

TEST_CASE("faults: paths that are not files answer with one located error, never a hang") {
  const fs::path dir = Scratch() / "not_files";
  fs::create_directories(dir / "folder");
  Write(dir / "ok.sql", "insert overwrite table dwd.t select a from ods.s;\n");
  const fs::path fifo = dir / "pipe";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  struct Case {
    std::string args;  // with NAME for the path
    int code;          // the exit status expected
  };
  // Scripts and --catalog files go through one reader, the checks' rule and
  // job files through another, query logs and the store's catalog stamps
  // through theirs: each refuses a pipe, a device and (where a file is
  // needed) a directory.
  const std::vector<std::string> commands = {
      "-q NAME",
      "-q --catalog NAME ok.sql",
      "check sensitive --tags NAME ok.sql",
      "check sensitive --tags ok.csv --levels NAME ok.sql",
      "check schedule --jobs NAME ok.sql",
      "usage NAME",
      "store update store.db --catalog NAME ok.sql",
  };
  Write(dir / "ok.csv", "column,tag,level\nods.s.a,phone,restricted\n");
  for (const std::string& path : {fifo.string(), std::string("/dev/zero"), (dir / "folder").string()}) {
    for (const std::string& command : commands) {
      // A folder is a place to look for scripts, not an error, for PATH.
      if (path == (dir / "folder").string() && command == "-q NAME") continue;
      std::string args = command;
      args.replace(args.find("NAME"), 4, Q(path));
      CAPTURE(args);
      fs::remove(dir / "store.db");
      const testing::ShellRun r = Cli(args, dir);
      CAPTURE(r.err);
      CHECK(r.code != 124);  // not a hang
      CHECK(r.code != 0);
      CHECK(r.code != -1);  // not a crash
      CHECK(Count(r.err, path) >= 1);
      const bool said = r.err.find("named pipe") != std::string::npos ||
                        r.err.find("device") != std::string::npos ||
                        r.err.find("directory") != std::string::npos;
      CHECK(said);
    }
  }
}

TEST_CASE("faults: an unreadable file is one located error") {
  const fs::path dir = Scratch() / "unreadable";
  Write(dir / "secret.sql", "select 1;\n");
  fs::permissions(dir / "secret.sql", fs::perms::none);
  if (::geteuid() == 0) {
    // root reads a file whatever its mode: run the command as nobody instead.
    const testing::ShellRun probe = testing::RunShell("command -v setpriv", dir, Scratch());
    REQUIRE_MESSAGE(probe.code == 0, "running as root and setpriv (util-linux) is missing: an unreadable file cannot be made");
    fs::permissions(dir, fs::perms::all);
    fs::permissions(Scratch(), fs::perms::all, fs::perm_options::add);
    const testing::ShellRun r = testing::RunShell(
        "timeout 30 setpriv --reuid=65534 --regid=65534 --clear-groups " + ShellQuote(HIVELINEAGE_CLI) +
            " -q secret.sql --catalog secret.sql",
        dir, Scratch());
    CAPTURE(r.err);
    CHECK(r.code != 0);
    CHECK(r.code != 124);
    CHECK(r.err.find("secret.sql") != std::string::npos);
    CHECK(r.err.find("ermission denied") != std::string::npos);
    return;
  }
  const testing::ShellRun r = Cli("-q --catalog secret.sql secret.sql", dir);
  CAPTURE(r.err);
  CHECK(r.code != 0);
  CHECK(r.err.find("secret.sql") != std::string::npos);
  CHECK(r.err.find("ermission denied") != std::string::npos);
}

TEST_CASE("faults: output cut short by head ends quietly") {
  const fs::path dir = Scratch() / "sigpipe";
  Write(dir / "big.sql", ManyInserts(2000, "p"));
  // The JSON is megabytes: head leaves after 100 bytes, the pipe breaks.
  const testing::ShellRun r = testing::RunShell(
      "timeout 60 " + ShellQuote(HIVELINEAGE_CLI) + " -q big.sql 2>err.txt | head -c 100 >/dev/null; cat err.txt",
      dir, Scratch());
  CHECK(r.code == 0);
  CHECK(r.out == "");  // no "Broken pipe", no error, no crash report
  const testing::ShellRun jsonl = testing::RunShell(
      "timeout 60 " + ShellQuote(HIVELINEAGE_CLI) +
          " -q --format jsonl big.sql 2>err.txt | head -n 1 >/dev/null; cat err.txt",
      dir, Scratch());
  CHECK(jsonl.out == "");
}

TEST_CASE("faults: a store written by a newer hivelineage is refused with its version") {
  const fs::path dir = Scratch() / "newer";
  Write(dir / "a.sql", "insert overwrite table dwd.t select a from ods.s;\n");
  REQUIRE(Cli("store update store.db a.sql", dir).code == 0);
  {
    store::Database db((dir / "store.db").string(), false);
    db.Exec("PRAGMA user_version = " + std::to_string(store::kSchemaVersion + 5));
  }
  const std::string newer = "store version " + std::to_string(store::kSchemaVersion + 5);
  for (const char* args : {"store info store.db", "store update store.db a.sql"}) {
    const testing::ShellRun r = Cli(args, dir);
    CAPTURE(args);
    CAPTURE(r.err);
    CHECK(r.code != 0);
    CHECK(r.code != -1);
    CHECK(r.err.find(newer) != std::string::npos);
    CHECK(r.err.find("newer") != std::string::npos);
  }
}

TEST_CASE("faults: a store update on a filesystem that fills up fails once and keeps the previous store") {
  const fs::path dir = Scratch() / "full";
  const fs::path mnt = dir / "mnt";
  fs::create_directories(mnt);
  if (::mount("tmpfs", mnt.c_str(), "tmpfs", 0, "size=2m") != 0) {
    const std::string why = std::strerror(errno);
    if (::geteuid() != 0 || errno == EPERM) {
      testing::Skip("faults: disk full", "cannot mount a small tmpfs here (" + why + ")");
      return;
    }
    FAIL("mount of a small tmpfs failed as root: " << why);
  }
  struct Unmount {
    fs::path at;
    ~Unmount() { ::umount2(at.c_str(), MNT_DETACH); }
  } unmount{mnt};
  Write(dir / "wh/a.sql", ManyInserts(5, "a"));
  const std::string db = Q(mnt / "store.db");
  const testing::ShellRun first = Cli("store update " + db + " wh", dir);
  REQUIRE_MESSAGE(first.code == 0, first.err);
  const testing::ShellRun before = Cli("store info " + db, dir);
  REQUIRE(before.code == 0);
  // Megabytes of lineage more than the 2 MB filesystem holds.
  for (int i = 0; i < 4; ++i) Write(dir / ("wh/big" + std::to_string(i) + ".sql"), ManyInserts(1500, std::to_string(i)));
  const testing::ShellRun full = Cli("store update " + db + " wh", dir);
  CAPTURE(full.err);
  CHECK(full.code != 0);
  CHECK(full.code != -1);
  CHECK(full.code != 124);
  CHECK(full.err.find("store.db") != std::string::npos);
  const bool says_full = full.err.find("full") != std::string::npos || full.err.find("space") != std::string::npos;
  CHECK(says_full);
  // One error, not one per statement or per script.
  CHECK(Count(full.err, "error") <= 1);
  // The store is as it was, and still reads.
  const testing::ShellRun after = Cli("store info " + db, dir);
  CAPTURE(after.err);
  CHECK(after.code == 0);
  CHECK(after.out == before.out);
}

namespace {

// A connection to 127.0.0.1:`port`; -1 when refused.
int Connect(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

}  // namespace

TEST_CASE("faults: slow and half-open clients do not keep serve from answering a new request") {
  const fs::path dir = Scratch() / "serve";
  Write(dir / "a.sql", "insert overwrite table dwd.t select a from ods.s;\n");
  const testing::ShellRun started = testing::RunShell(
      ShellQuote(HIVELINEAGE_CLI) + " serve --port 0 a.sql 2>serve.err >/dev/null & echo $!", dir, Scratch());
  const int pid = std::stoi(started.out);
  struct Stop {
    int pid;
    ~Stop() { ::kill(pid, SIGTERM); }
  } stop{pid};
  int port = 0;
  for (int i = 0; i < 100 && port == 0; ++i) {
    const std::string err = testing::ReadFile((dir / "serve.err").string());
    const size_t at = err.find("127.0.0.1:");
    if (at != std::string::npos) port = std::atoi(err.c_str() + at + 10);
    if (port == 0) ::usleep(100'000);
  }
  REQUIRE(port > 0);
  // 24 clients: half connect and say nothing, half send half a request.
  std::vector<int> held;
  for (int i = 0; i < 24; ++i) {
    const int fd = Connect(port);
    REQUIRE(fd >= 0);
    if (i % 2 == 1) {
      const std::string half = "GET /api/search?q=t HTTP/1.1\r\nHost: 127.0.0.1\r\n";
      REQUIRE(::write(fd, half.data(), half.size()) == static_cast<ssize_t>(half.size()));
    }
    held.push_back(fd);
  }
  ::usleep(200'000);
  const auto begin = std::chrono::steady_clock::now();
  const int fd = Connect(port);
  REQUIRE(fd >= 0);
  const std::string request = "GET /api/search?q=t HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                              "\r\nConnection: close\r\n\r\n";
  REQUIRE(::write(fd, request.data(), request.size()) == static_cast<ssize_t>(request.size()));
  std::string answer;
  pollfd p{fd, POLLIN, 0};
  while (::poll(&p, 1, 10'000) == 1) {
    char buf[4096];
    const ssize_t n = ::read(fd, buf, sizeof(buf));
    if (n <= 0) break;
    answer.append(buf, static_cast<size_t>(n));
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  ::close(fd);
  for (int h : held) ::close(h);
  CAPTURE(answer);
  MESSAGE("a new request with 24 idle clients held open was answered in ", seconds, " s");
  CHECK(answer.rfind("HTTP/1.1 200", 0) == 0);
  CHECK(seconds < 2.0);
}
