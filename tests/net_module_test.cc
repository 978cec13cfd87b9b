// The network module (src/cli/net_module.h): the command line itself loads
// neither libcurl nor cpp-httplib (nor the TLS, Kerberos and LDAP libraries
// behind them); `serve` and --openlineage-url load hivelineage-net.so, and
// say clearly where they looked when it is missing or is something else.
// The tests run the real executable: in-process runs (cli_in_process.h) link
// the network code in and never load the module.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "base/strings.h"
#include "openlineage_server.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using namespace hivelineage;
using testing::ShellQuote;

fs::path Scratch() {
  static const fs::path dir = testing::ProcessTempDir("hivelineage_net_module_test_");
  return dir;
}

// The shared libraries `file` names in its dynamic section (readelf -d).
std::string Needed(const fs::path& file) {
  const testing::ShellResult r =
      testing::RunShell("(readelf -d " + ShellQuote(file.string()) + " | grep NEEDED)", Scratch(), Scratch());
  REQUIRE_MESSAGE(r.code == 0, "readelf -d ", file.string(), ": ", r.err);
  return r.out;
}

fs::path Module() { return fs::path(HIVELINEAGE_CLI).parent_path() / "hivelineage-net.so"; }

// The real command line, from the source folder, with `env` before it.
testing::ShellResult Cli(const std::string& env, const std::string& args) {
  return testing::RunShell(env + " " + ShellQuote(HIVELINEAGE_CLI) + " " + args, testing::SourceDir(), Scratch());
}

}  // namespace

TEST_CASE("net module: the command line links no network library, the module does") {
  const std::string cli = Needed(HIVELINEAGE_CLI);
  CHECK(cli.find("libstdc++") != std::string::npos);  // the listing is real
  for (const char* lib : {"libcurl", "libcpp-httplib", "libssl", "libcrypto", "libgnutls", "libkrb5"})
    CHECK_MESSAGE(cli.find(lib) == std::string::npos, lib, " is loaded by every run:\n", cli);
  REQUIRE(fs::exists(Module()));
  const std::string module = Needed(Module());
  CHECK(module.find("libcurl") != std::string::npos);
  CHECK(module.find("libcpp-httplib") != std::string::npos);
}

TEST_CASE("net module: --openlineage-url loads it and posts every event") {
  testing::Server server(Scratch() / "post");
  const std::string inputs =
      "corpus/scripts/07_cte_chain_order_stats.sql corpus/scripts/04_multi_insert_from_orders.sql";
  const testing::ShellResult printed = Cli("", "graph --format openlineage " + inputs);
  REQUIRE(printed.code == 0);
  std::vector<nlohmann::json> expected;
  for (size_t at = 0, end; (end = printed.out.find('\n', at)) != std::string::npos; at = end + 1)
    expected.push_back(nlohmann::json::parse(printed.out.substr(at, end - at)));
  REQUIRE(expected.size() >= 2);
  const testing::ShellResult r = Cli("", "graph --openlineage-url " + server.url() + " " + inputs);
  INFO(r.err);
  CHECK(r.code == 0);
  CHECK(server.Received() == expected);
  CHECK(r.err.find(Cat(expected.size(), " of ", expected.size(), " events posted")) != std::string::npos);
}

TEST_CASE("net module: missing or not a module, the command says where it looked and does no work") {
  const fs::path missing = Scratch() / "nowhere" / "hivelineage-net.so";
  const std::string env_missing = "HIVELINEAGE_NET_MODULE=" + ShellQuote(missing.string());

  const testing::ShellResult serve = Cli(env_missing, "serve --port 0 corpus/scripts/07_cte_chain_order_stats.sql");
  CHECK(serve.code == 2);
  CHECK(serve.err.find("hivelineage serve: the network module hivelineage-net.so, which this command needs, could "
                       "not be loaded (" +
                       missing.string() + ": not found)") != std::string::npos);
  CHECK(serve.err.find("on http://") == std::string::npos);

  const testing::ShellResult post =
      Cli(env_missing, "graph --openlineage-url http://127.0.0.1:9/ corpus/scripts/07_cte_chain_order_stats.sql");
  CHECK(post.code == 2);
  CHECK(post.err.find("hivelineage graph: the network module") != std::string::npos);
  CHECK(post.err.find("events posted") == std::string::npos);  // stopped before the analysis
  CHECK(post.out.empty());

  // A file that is not a shared library, and one that is but not the module.
  const fs::path text = testing::WriteFile(Scratch(), "not_a_module.so", "plain text\n");
  const testing::ShellResult bad =
      Cli("HIVELINEAGE_NET_MODULE=" + ShellQuote(text.string()), "serve --port 0 corpus/scripts");
  CHECK(bad.code == 2);
  CHECK(bad.err.find(text.string() + ": ") != std::string::npos);
  const testing::ShellResult other = Cli("HIVELINEAGE_NET_MODULE=$(ldd " + ShellQuote(HIVELINEAGE_CLI) +
                                             " | sed -n 's/.*=> \\(.*libsqlite3[^ ]*\\) .*/\\1/p')",
                                         "serve --port 0 corpus/scripts");
  CHECK(other.code == 2);
  CHECK(other.err.find("libsqlite3") != std::string::npos);
  CHECK(other.err.find(": not a hivelineage network module") != std::string::npos);

  // Commands without network work never look for it.
  const testing::ShellResult analyze = Cli(env_missing, "corpus/scripts/07_cte_chain_order_stats.sql");
  CHECK(analyze.code == 0);
  CHECK(analyze.out.find("\"target\"") != std::string::npos);
}
