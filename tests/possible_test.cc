// Possible edges (--possible): a bare column of a join that two tables of
// unknown schema could both hold is followed, marked, by graph, impact,
// explain and path when asked, and by nothing otherwise; a store answers as
// the scripts do. Answers on corpus/possible are golden files
// (corpus/possible/expected; `unit_tests --update -tc='golden*'` rewrites
// them), each checked by hand, and the marks are asserted apart from them.
#include <doctest/doctest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "cli_in_process.h"
#include "graph_test_support.h"

namespace {

namespace fs = std::filesystem;
using namespace hivelineage::testing;

fs::path TempDir() {
  static const fs::path dir = ProcessTempDir("hivelineage_possible_test_");
  return dir;
}

// The command line, in-process (cli_in_process.h).
Ran Cli(const std::string& args) { return RunMain(args, SourceDir()); }

const char kCorpus[] = "--sequence corpus/possible/sequence.txt";

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

// Checked by hand: `iso_code` of dw.order_region may come from ods.orders or
// ods.regions; everything else is certain.
const CliGolden kCases[] = {
    {"graph_json", "graph"},
    {"graph_json_possible", "graph --possible"},
    {"graph_dot", "graph --format dot"},
    {"graph_dot_possible", "graph --format dot --possible"},
    {"graph_mermaid", "graph --format mermaid"},
    {"graph_mermaid_possible", "graph --format mermaid --possible"},
    {"impact_upstream", "impact --upstream ads.region_sales.iso_code"},
    {"impact_upstream_possible", "impact --upstream ads.region_sales.iso_code --possible"},
    {"impact_upstream_possible_json", "impact --upstream ads.region_sales.iso_code --possible --format json"},
    {"impact_upstream_possible_dot", "impact --upstream ads.region_sales.iso_code --possible --format dot"},
    {"impact_upstream_possible_mermaid", "impact --upstream ads.region_sales.iso_code --possible --format mermaid"},
    // Without --possible the candidate is no column of the graph.
    {"impact_downstream", "impact --downstream ods.regions.iso_code"},
    {"impact_downstream_possible", "impact --downstream ods.regions.iso_code --possible"},
    {"explain", "explain ads.region_sales.iso_code"},
    {"explain_possible", "explain ads.region_sales.iso_code --possible"},
    {"path_possible", "path ods.orders.iso_code ads.region_sales.iso_code --level column --possible"},
};

}  // namespace

TEST_CASE("golden: --possible on corpus/possible (corpus/possible/expected)") {
  CheckCliGoldens(SourceDir() / "corpus" / "possible" / "expected",
                  std::vector<CliGolden>(std::begin(kCases), std::end(kCases)), "", kCorpus, Cli);
}

TEST_CASE("possible: graph json has the two candidates' edges, marked, only with --possible") {
  const std::string args = std::string(" ") + kCorpus;
  const Ran plain = Cli("graph" + args);
  const Ran possible = Cli("graph --possible" + args);
  REQUIRE(plain.code == 0);
  REQUIRE(possible.code == 0);
  const nlohmann::json a = nlohmann::json::parse(plain.out);
  const nlohmann::json b = nlohmann::json::parse(possible.out);
  std::set<std::string> marked;
  for (const auto& e : b["edges"])
    if (e.value("possible", false)) marked.insert(e["source"].get<std::string>() + " -> " + e["target"].get<std::string>());
  CHECK(marked == std::set<std::string>{"ods.orders.iso_code -> dw.order_region.iso_code",
                                        "ods.regions.iso_code -> dw.order_region.iso_code"});
  CHECK(b["edges"].size() == a["edges"].size() + 2);
  for (const auto& e : a["edges"]) CHECK(!e.contains("possible"));
  // The sources of o.order_id and o.amount rest on inferred schema; the ads load's do not.
  size_t inferred = 0;
  for (const auto& e : a["edges"]) {
    const bool from_ods = e["source"].get<std::string>().starts_with("ods.");
    CHECK(e.value("inferred", false) == from_ods);
    inferred += from_ods;
  }
  CHECK(inferred == 2);
  // The candidates are columns of the graph only with --possible.
  const std::string plain_tables = a["tables"].dump();
  CHECK(Count(b["tables"].dump(), "\"iso_code\"") == Count(plain_tables, "\"iso_code\"") + 2);
}

TEST_CASE("possible: drawings and walks mark the possible edges") {
  const std::string args = std::string(" ") + kCorpus;
  CHECK(Count(Cli("graph --format dot" + args).out, "#cc6600") == 0);
  CHECK(Count(Cli("graph --format dot --possible" + args).out, "style=dashed, color=\"#cc6600\"") == 2);
  CHECK(Count(Cli("graph --format mermaid --possible" + args).out, " -. possible .-> ") == 2);
  const Ran up = Cli("impact --upstream ads.region_sales.iso_code --possible" + args);
  CHECK(Count(up.out, "[possible value iso_code") == 2);
  CHECK(Cli("impact --upstream ads.region_sales.iso_code" + args).out.find("possible value") == std::string::npos);
  CHECK(Count(Cli("explain ads.region_sales.iso_code --possible" + args).out, "(possible)") == 2);
  const Ran path = Cli("path ods.regions.iso_code ads.region_sales.iso_code --level column --possible --format json" + args);
  CHECK(path.code == 0);
  CHECK(Count(path.out, "\"possible\": true") == 1);
  // Without --possible the candidate is no node: no path, an error.
  CHECK(Cli("path ods.regions.iso_code ads.region_sales.iso_code --level column" + args).code == 2);
}

TEST_CASE("possible: formats that cannot mark a possible edge refuse --possible") {
  const std::string args = std::string(" ") + kCorpus;
  for (const char* cmd : {"graph --format openlineage --possible", "graph --format html --possible",
                          "impact --upstream ads.region_sales.iso_code --format html --possible",
                          "explain ads.region_sales.iso_code --format html --possible",
                          "check sensitive --tags x --possible", "serve --possible"}) {
    CAPTURE(cmd);
    const Ran r = Cli(cmd + args);
    CHECK(r.code == 2);
    CHECK(r.err.find("--possible") != std::string::npos);
    CHECK(r.out.empty());
  }
  CHECK(Cli("graph --possible=yes" + args).code == 2);
  for (const char* help : {"graph --help", "impact --help", "explain --help", "path --help"}) {
    CAPTURE(help);
    CHECK(Cli(help).out.find("--possible") != std::string::npos);
  }
}

TEST_CASE("possible: a store keeps the possible sources and answers as the scripts do") {
  const fs::path db = TempDir() / "possible.db";
  const Ran r = Cli("store update " + ShellQuote(db.string()) + " " + kCorpus);
  REQUIRE(r.code == 0);
  const std::string store = " --store " + ShellQuote(db.string());
  for (const char* q : {"graph", "graph --possible", "graph --possible --format dot", "graph --possible --format mermaid",
                        "impact --upstream ads.region_sales.iso_code --possible",
                        "impact --upstream ads.region_sales.iso_code --possible --format json",
                        "impact --downstream ods.orders.iso_code --possible",
                        "impact --downstream ods.orders --possible --with-conditions",
                        "impact --upstream ads.region_sales.iso_code",
                        "explain ads.region_sales.iso_code --possible",
                        "path ods.orders.iso_code ads.region_sales.iso_code --level column --possible",
                        "roots --level column --possible", "leaves --level column --possible",
                        "readers ods.regions --possible"}) {
    CAPTURE(q);
    const Ran paths = Cli(std::string(q) + " " + kCorpus);
    const Ran stored = Cli(q + store);
    CHECK(paths.code == 0);
    CHECK(!paths.out.empty());
    CHECK(stored.code == paths.code);
    CHECK(stored.out == paths.out);
  }
  CHECK(Count(Cli("graph --possible" + store).out, "\"possible\": true") == 2);
  CHECK(Cli("impact --downstream ods.orders.iso_code" + store).code == 2);
}
