// `--openlineage-url`: events POSTed to a real HTTP server on 127.0.0.1
// (tests/openlineage_server.py, started per test on a free port), with
// retries when the server is busy, one clear error per event it refuses, a
// summary, and exit status 3 when some events were not posted.
#include <doctest/doctest.h>
#include <signal.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "base/strings.h"
#include "openlineage_server.h"
#include "shell_run.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using namespace hivelineage;
using Json = nlohmann::json;
using testing::ShellQuote;
using testing::Server;

fs::path Scratch() {
  static const fs::path dir = testing::ProcessTempDir("hivelineage_ol_post_test_");
  return dir;
}

testing::ShellRun Cli(const std::string& args) { return testing::RunCli(args, testing::SourceDir(), Scratch()); }

const char kCorpus[] = "--catalog corpus/catalog.json --var etl_date=2024-03-01 corpus/scripts";

std::vector<Json> Lines(const std::string& text) {
  std::vector<Json> events;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) events.push_back(Json::parse(line));
  return events;
}

// A port nothing listens on: bound, then closed.
int ClosedPort() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof(addr);
  REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) == 0);
  REQUIRE(::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0);
  ::close(fd);
  return ntohs(addr.sin_port);
}

}  // namespace

TEST_CASE("openlineage post: every event of the corpus reaches the server as printed") {
  Server server(Scratch() / "all");
  const testing::ShellRun printed = Cli(Cat("graph --format openlineage ", kCorpus));
  const std::vector<Json> expected = Lines(printed.out);
  REQUIRE(expected.size() > 30);

  const testing::ShellRun r = Cli(Cat("graph --openlineage-url ", server.url(), " ", kCorpus));
  INFO(r.err);
  CHECK(r.code == printed.code);  // posted; the corpus's one bad statement still says 1
  CHECK(r.out.empty());
  CHECK(r.err.find(Cat(expected.size(), " of ", expected.size(), " events posted to ", server.url())) !=
        std::string::npos);
  CHECK(server.Received() == expected);

  // From a store too.
  const fs::path db = Scratch() / "post.db";
  REQUIRE(Cli(Cat("store update ", ShellQuote(db.string()), " ", kCorpus)).code == 1);
  Server again(Scratch() / "store");
  const testing::ShellRun s = Cli(Cat("graph --store ", ShellQuote(db.string()), " --openlineage-url ", again.url()));
  CHECK(s.code == 1);
  CHECK(again.Received() == expected);
}

TEST_CASE("openlineage post: a busy server is retried with backoff") {
  Server server(Scratch() / "busy", "--fail-first 2");
  const testing::ShellRun r = Cli("graph --openlineage-url " + server.url() + " corpus/scripts/07_cte_chain_order_stats.sql");
  INFO(r.err);
  CHECK(r.code == 0);
  CHECK(r.err.find("1 of 1 events posted to " + server.url() + " (2 retries)") != std::string::npos);
  CHECK(server.Received().size() == 1);
}

TEST_CASE("openlineage post: refused and unreachable events are named, counted, and exit 3") {
  Server server(Scratch() / "refuse", "--reject-job 09_views");
  const testing::ShellRun r = Cli(Cat("graph --openlineage-url ", server.url(), " ", kCorpus));
  INFO(r.err);
  CHECK(r.code == 3);
  // One line per refused event: which, where, and the server's answer; not retried.
  CHECK(r.err.find("(job corpus/scripts/09_views.sql:ads.v_province_gmv) not posted to " + server.url() +
                   ": HTTP 400: job refused by the test server\n") != std::string::npos);
  CHECK(r.err.find("gave up") == std::string::npos);
  size_t refused = 0;
  for (size_t at = r.err.find(") not posted to "); at != std::string::npos; at = r.err.find(") not posted to ", at + 1))
    ++refused;
  CHECK(refused == 4);
  const size_t received = server.Received().size();
  CHECK(r.err.find(Cat(received, " of ", received + refused, " events posted to ", server.url(), "; ", refused,
                       " failed")) != std::string::npos);

  const std::string nowhere = Cat("http://127.0.0.1:", ClosedPort(), "/api/v1/lineage");
  const testing::ShellRun u =
      Cli("graph --openlineage-url " + nowhere + " --openlineage-retries 1 corpus/scripts/07_cte_chain_order_stats.sql");
  CHECK(u.code == 3);
  CHECK(u.err.find("event 1 (job corpus/scripts/07_cte_chain_order_stats.sql:ads.ads_order_stats) not posted to " +
                   nowhere + ": ") != std::string::npos);
  CHECK(u.err.find("(gave up after 2 attempts)") != std::string::npos);
  CHECK(u.err.find("0 of 1 events posted") != std::string::npos);

  const testing::ShellRun bad = Cli("graph --format json --openlineage-url " + server.url() + " corpus/scripts");
  CHECK(bad.code == 2);
  CHECK(bad.err.find("--openlineage-url posts OpenLineage events") != std::string::npos);
}
