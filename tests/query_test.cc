// path, leaves, roots, orphans, readers and writers: what they answer on the
// bundled warehouse, and that a store answers every one of them, at every
// level, exactly as the scripts do (systematically: every node, every
// direction, paths between all the ends).
#include <doctest/doctest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "base/strings.h"
#include "driver/load_graph.h"
#include "graph/model/builder.h"
#include "graph/queries/graph_source.h"
#include "query_answers.h"
#include "shell_run.h"
#include "store/schema.h"
#include "store/store_source.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using namespace hivelineage;
using testing::ShellQuote;

fs::path Scratch() {
  static const fs::path dir = testing::ProcessTempDir("hivelineage_query_test_");
  return dir;
}

testing::ShellRun Cli(const std::string& args) { return testing::RunCli(args, testing::SourceDir(), Scratch()); }

// The store learns the warehouse schema as a run over the scripts does.
const char kWarehouse[] = "--var etl_date=2024-03-01 corpus/warehouse";

// The graph of `inputs` analysed in this process, as `graph` builds it.
graph::Graph Analyse(const std::vector<std::string>& paths, const driver::RunOptions& options) {
  const driver::ExpandedInputs inputs = driver::ExpandPaths(paths);
  REQUIRE(inputs.errors.empty());
  graph::GraphBuilder builder;
  const driver::RunSummary summary = driver::AnalyzeIntoGraph(inputs.files, options, builder, [](driver::FilePart&&) {});
  REQUIRE(summary.fatal_error.empty());
  return builder.Finish();
}

fs::path Store(const std::string& name, const std::string& args) {
  const fs::path db = Scratch() / name;
  const testing::ShellRun r = Cli("store update " + ShellQuote(db.string()) + " " + args);
  INFO(r.err);
  REQUIRE(r.code <= 1);
  return db;
}

driver::RunOptions WithEtlDate() {
  driver::RunOptions o;
  o.analyze.variables = {{"etl_date", "2024-03-01"}};
  return o;
}

}  // namespace

TEST_CASE("queries: a store answers every query at every level as the scripts do") {
  SUBCASE("the bundled warehouse, no catalog") {
    const graph::Graph g = Analyse({(testing::SourceDir() / "corpus/warehouse").string()}, WithEtlDate());
    const fs::path db = Store("warehouse.db", Cat("--var etl_date=2024-03-01 ", ShellQuote((testing::SourceDir() / "corpus/warehouse").string())));
    store::Database d(db.string(), false);
    const std::string from_scripts = testing::AllAnswers(graph::GraphSource(g));
    CHECK(from_scripts.size() > 100000);
    CHECK(testing::FirstDifference(testing::AllAnswers(store::StoreSource(d)), from_scripts) == "");
  }
  SUBCASE("the corpus scripts, with a catalog") {
    driver::RunOptions o = WithEtlDate();
    const std::string catalog = (testing::SourceDir() / "corpus/catalog.json").string();
    o.analyze.catalogs = {driver::CatalogSource::File(catalog)};
    const graph::Graph g = Analyse({(testing::SourceDir() / "corpus/scripts").string()}, o);
    const fs::path db =
        Store("corpus.db", Cat("--catalog ", ShellQuote(catalog), " --var etl_date=2024-03-01 ",
                               ShellQuote((testing::SourceDir() / "corpus/scripts").string())));
    store::Database d(db.string(), false);
    CHECK(testing::FirstDifference(testing::AllAnswers(store::StoreSource(d)), testing::AllAnswers(graph::GraphSource(g))) ==
          "");
  }
}

TEST_CASE("queries: names with quotes, backslashes, tabs and non-ASCII letters are asked of a store byte for byte") {
  // A store reads a layer of names bound as one JSON array: each name must
  // reach SQLite as the same bytes, and a name asked twice once.
  const fs::path dir = Scratch() / "odd_names";
  fs::create_directories(dir);
  testing::WriteFile(
      dir, "odd.sql",
      "CREATE TABLE ods.`a\"b` (`k\\1` string, `v\tx` int, `名` string);\n"
      "CREATE TABLE dw.`c\\d` (`k\"2` string, `v\\\"y` int, `名` string);\n"
      "INSERT OVERWRITE TABLE dw.`c\\d` SELECT `k\\1`, `v\tx` + 1, `名` FROM ods.`a\"b` WHERE `名` <> '';\n"
      "INSERT OVERWRITE TABLE dw.e SELECT `k\"2`, `v\\\"y`, `名` FROM dw.`c\\d`;\n");
  const graph::Graph g = Analyse({dir.string()}, driver::RunOptions());
  REQUIRE(g.FindColumn("ods.a\"b.k\\1"));
  REQUIRE(g.FindColumn("dw.c\\d.v\\\"y"));
  const fs::path db = Store("odd.db", ShellQuote(dir.string()));
  store::Database d(db.string(), false);
  const graph::GraphSource scripts(g);
  const store::StoreSource stored(d);
  const std::string answers = testing::AllAnswers(scripts);
  CHECK(answers.find("dw.e.v\\\"y") != std::string::npos);
  CHECK(testing::FirstDifference(testing::AllAnswers(stored), answers) == "");
  const std::string impacts = testing::AllImpacts(scripts, graph::Level::Column);
  CHECK(impacts.find("ods.a\"b.v\tx") != std::string::npos);
  CHECK(testing::FirstDifference(testing::AllImpacts(stored, graph::Level::Column), impacts) == "");
  // A name twice in one layer: its links once, under both.
  const std::vector<std::vector<graph::Link>> twice = stored.LinksOfEach(
      graph::Level::Column, {"ods.a\"b.k\\1", "ods.a\"b.k\\1"}, graph::Direction::Downstream, true, true);
  REQUIRE(twice.size() == 2);
  CHECK(!twice[0].empty());
  CHECK(twice[0].size() == twice[1].size());
  CHECK(twice[0].size() ==
        scripts.Links(graph::Level::Column, "ods.a\"b.k\\1", graph::Direction::Downstream, true, true).size());
}

TEST_CASE("impact: walking only the part a source gives answers as walking the whole graph, from a store too") {
  const graph::Graph g = Analyse({(testing::SourceDir() / "corpus/warehouse").string()}, WithEtlDate());
  const fs::path db = Store("impact.db", Cat("--var etl_date=2024-03-01 ", ShellQuote((testing::SourceDir() / "corpus/warehouse").string())));
  store::Database d(db.string(), false);
  const graph::GraphSource scripts(g);
  const store::StoreSource stored(d);
  const std::string whole = testing::AllImpacts(scripts, graph::Level::Column, &g);
  CHECK(whole.size() > 100000);
  CHECK(testing::FirstDifference(testing::AllImpacts(scripts, graph::Level::Column), whole) == "");
  CHECK(testing::FirstDifference(testing::AllImpacts(stored, graph::Level::Column), whole) == "");
  for (graph::Level level : {graph::Level::Table, graph::Level::Database}) {
    CAPTURE(graph::LevelName(level));
    const std::string from_scripts = testing::AllImpacts(scripts, level);
    CHECK(from_scripts.find("not found") == std::string::npos);
    CHECK(testing::FirstDifference(testing::AllImpacts(stored, level), from_scripts) == "");
  }
}

TEST_CASE("queries: the command line gives the same bytes from PATHs and from --store") {
  const fs::path db = Store("cli.db", kWarehouse);
  const std::string store = "--store " + ShellQuote(db.string());
  const char* queries[] = {
      "leaves",
      "leaves --level column --format json",
      "leaves --level database",
      "roots --format json",
      "roots --level column",
      "orphans",
      "orphans --level column --format json",
      "orphans --level database",
      "readers ods.ods_order_info",
      "readers ods.ods_order_info --format json",
      "writers dws.dws_trade_user_order_1d",
      "readers dwd --level database",
      "writers ads.ads_user_value.order_amount --level column",
      "path ods.ods_order_detail.split_total_amount ads.ads_user_value.order_amount",
      "path ods.ods_order_detail.split_total_amount ads.ads_user_value.order_amount --with-conditions --format json",
      "path ods.ods_order_info dws.dws_trade_user_order_1d",
      "path ods ads --level database --max-paths 2",
      "impact --downstream ods.ods_order_info",
      "impact --upstream ads.ads_user_value.order_amount --with-conditions --format json",
      "impact --downstream ods.ods_user_info.phone_num --format dot",
      "impact --upstream ads.ads_user_contact --depth 2 --format mermaid",
      "impact --downstream ods.ods_log --level table",
      "impact --downstream ods --level database --format json",
      "graph --level table",
      "graph --level database --format dot",
      "graph --level table --format mermaid",
  };
  for (const std::string q : queries) {
    CAPTURE(q);
    const testing::ShellRun paths = Cli(Cat(q, " ", kWarehouse));
    const testing::ShellRun stored = Cli(Cat(q, " ", store));
    CHECK(paths.code == 0);
    CHECK(!paths.out.empty());
    CHECK(stored.code == paths.code);
    CHECK(testing::FirstDifference(stored.out, paths.out) == "");
  }
  // A name in no statement: the same refusal both ways.
  for (const std::string& form : {std::string(kWarehouse), store}) {
    const testing::ShellRun r = Cli("readers ods.nothing " + form);
    CHECK(r.code == 2);
    CHECK(r.err.find("no table named 'ods.nothing'") != std::string::npos);
  }
}

TEST_CASE("queries: what they answer on the bundled warehouse") {
  // The three ODS tables that no DDL declares (corpus/warehouse/README.md) are
  // read and never written: roots, and orphans.
  testing::ShellRun r = Cli(Cat("orphans --format json ", kWarehouse));
  const auto orphans = nlohmann::json::parse(r.out);
  std::vector<std::string> names;
  for (const auto& n : orphans["nodes"]) names.push_back(n["name"]);
  CHECK(names == std::vector<std::string>{"ods.ods_base_province", "ods.ods_base_region", "ods.ods_user_info"});
  CHECK(orphans["nodes"][2]["read_by"].size() == 2);

  // A table that only its DDL "writes" is still a root: nothing loads it.
  r = Cli(Cat("roots ", kWarehouse));
  CHECK(r.out.starts_with("roots: 3 tables that nothing writes\n"));

  // Reports nothing reads: the ads tables are leaves; the warehouse's databases feed ads.
  r = Cli(Cat("leaves ", kWarehouse));
  CHECK(r.out.find("  ads.ads_user_contact  (written by") != std::string::npos);
  CHECK(r.out.find("ods.") == std::string::npos);
  r = Cli(Cat("leaves --level database ", kWarehouse));
  CHECK(r.out.starts_with("leaves: 1 database that nothing reads\n  ads  (written by"));

  r = Cli(Cat("readers ods.ods_order_info --format json ", kWarehouse));
  const auto readers = nlohmann::json::parse(r.out);
  CHECK(readers["scripts"] == nlohmann::json::array({"corpus/warehouse/etl/dwd/01_dwd_trade_order_detail_inc.sql",
                                                     "corpus/warehouse/etl/dwd/02_dwd_trade_pay_suc_inc.sql"}));
  CHECK(readers["statements"][1]["outputs"] == nlohmann::json::array({"dwd.dwd_trade_pay_suc_inc"}));

  // The paid amount reaches the user value report through three statements.
  r = Cli(Cat("path ods.ods_order_detail.split_total_amount ads.ads_user_value.order_amount --format json ", kWarehouse));
  const auto paths = nlohmann::json::parse(r.out);
  REQUIRE(paths["paths"].size() == 1);
  const auto& hops = paths["paths"][0];
  REQUIRE(hops.size() == 4);
  CHECK(hops[0]["to"] == "dwd.dwd_trade_order_detail_inc.split_total_amount");
  CHECK(hops[1]["links"][0]["expression"] == "sum(split_total_amount)");
  CHECK(hops[3]["links"][0]["statement"]["file"] == "corpus/warehouse/etl/ads/02_ads_user_value.sql");

  r = Cli(Cat("path ads ods --level database ", kWarehouse));
  CHECK(r.code == 0);
  CHECK(r.out == "0 paths from database ads to ods\n");

  r = Cli(Cat("readers ods.ods_order_info.nothing --level column ", kWarehouse));
  CHECK(r.code == 2);
  CHECK(r.err.find("no column named 'ods.ods_order_info.nothing'") != std::string::npos);
}

TEST_CASE("queries: whether a node is read or written, asked alone, is whether it has uses, from a store too") {
  const graph::Graph g = Analyse({(testing::SourceDir() / "corpus/warehouse").string()}, WithEtlDate());
  const fs::path db = Store("uses.db", Cat("--var etl_date=2024-03-01 ", ShellQuote((testing::SourceDir() / "corpus/warehouse").string())));
  store::Database d(db.string(), false);
  const graph::GraphSource scripts(g);
  const store::StoreSource stored(d);
  size_t read = 0, unread = 0, written = 0, unwritten = 0;
  for (graph::Level level : {graph::Level::Column, graph::Level::Table, graph::Level::Database})
    for (const graph::LineageSource* source : {static_cast<const graph::LineageSource*>(&scripts), static_cast<const graph::LineageSource*>(&stored)})
      for (const std::string& n : source->Nodes(level)) {
        CAPTURE(n);
        const bool r = source->HasUse(level, n, graph::Use::Read), w = source->HasUse(level, n, graph::Use::Written);
        CHECK(r == !source->Uses(level, n, graph::Use::Read).empty());
        CHECK(w == !source->Uses(level, n, graph::Use::Written).empty());
        ++(r ? read : unread);
        ++(w ? written : unwritten);
      }
  // Both answers occur: the check is not vacuous.
  CHECK(read > 0);
  CHECK(unread > 0);
  CHECK(written > 0);
  CHECK(unwritten > 0);
  CHECK_FALSE(stored.HasUse(graph::Level::Table, "no.such_table", graph::Use::Read));
}
