// A warehouse of Hive and Spark scripts (corpus/mixed-warehouse) gives one
// graph: a table a Spark script writes links to the Hive script that reads
// it and back, and a Spark temporary view lives only in its script (two
// scripts' views of one name are two nodes). The graph and the analysis are
// golden files (corpus/mixed-warehouse/expected, checked by hand;
// `unit_tests --update -tc='golden*'` rewrites them), and one `store update`
// over the folder answers with the same graph, from a real SQLite store.
#include <doctest/doctest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>

#include "cli_in_process.h"
#include "graph_test_support.h"
#include "store/sqlite.h"

namespace {

namespace fs = std::filesystem;
using namespace hivelineage::testing;

Ran Cli(const std::string& args) { return RunMain(args, SourceDir()); }

const char kCorpus[] = "--var etl_date=2024-03-01 --dialect-map 'spark/*=spark' corpus/mixed-warehouse";
const std::string kSparkView = "default.recent@corpus/mixed-warehouse/spark/02_customer_value.sql";
const std::string kNotebookView = "default.recent@corpus/mixed-warehouse/notebooks/04_city_history.sql";

const CliGolden kCases[] = {
    {"graph_json", "graph --format json"},
    {"analyze_json", "--format json --quiet"},
};

using EdgeSet = std::set<std::pair<std::string, std::string>>;

EdgeSet Edges(const nlohmann::json& graph, const char* which) {
  EdgeSet edges;
  for (const auto& e : graph[which]) edges.emplace(e["source"].get<std::string>(), e["target"].get<std::string>());
  return edges;
}

// The cross-engine links and the two temporary views, in a graph document.
void CheckLinks(const std::string& graph_json) {
  const nlohmann::json g = nlohmann::json::parse(graph_json);
  const EdgeSet tables = Edges(g, "table_edges");
  // Hive writes dwd.order_clean; Spark reads it through its temporary view.
  CHECK(tables.count({"ods.orders", "dwd.order_clean"}) == 1);
  CHECK(tables.count({"dwd.order_clean", kSparkView}) == 1);
  CHECK(tables.count({kSparkView, "dws.customer_value"}) == 1);
  CHECK(tables.count({"ods.customers", "dws.customer_value"}) == 1);
  // Spark writes dws.customer_value; Hive reads it.
  CHECK(tables.count({"dws.customer_value", "ads.city_report"}) == 1);
  // The notebook's own `recent` reads what Hive wrote, not the cleaned orders.
  CHECK(tables.count({"ads.city_report", kNotebookView}) == 1);
  CHECK(tables.count({kNotebookView, "ads.city_history"}) == 1);
  CHECK(tables.count({"dwd.order_clean", kNotebookView}) == 0);
  std::set<std::string> names;
  for (const auto& t : g["tables"]) names.insert(t["name"].get<std::string>());
  CHECK(names.count("default.recent") == 0);
  CHECK(names.count(kSparkView) == 1);
  CHECK(names.count(kNotebookView) == 1);
  // Column lineage goes through the views to the tables under them.
  const EdgeSet columns = Edges(g, "edges");
  // MERGE ... UPDATE SET * / INSERT *: same-named columns of the source.
  CHECK(columns.count({"dwd.order_clean.amount", "dws.customer_value.spent"}) == 1);
  CHECK(columns.count({"ods.customers.city", "dws.customer_value.city"}) == 1);
  CHECK(columns.count({"dwd.order_clean.amount", kSparkView + ".spent"}) == 1);
  CHECK(columns.count({"dws.customer_value.spent", "ads.city_report.revenue"}) == 1);
  // INSERT ... BY NAME: revenue written from revenue, though listed first.
  CHECK(columns.count({"ads.city_report.revenue", "ads.city_history.revenue"}) == 1);
  CHECK(columns.count({"ads.city_report.revenue", kNotebookView + ".revenue"}) == 1);
  CHECK(columns.count({"ads.city_report.revenue", "ads.city_history.snapshot_date"}) == 0);
  CHECK(columns.count({"ads.city_report.city", "ads.city_history.city"}) == 1);
}

}  // namespace

TEST_CASE("golden: the mixed Hive and Spark warehouse (corpus/mixed-warehouse/expected)") {
  CheckCliGoldens(SourceDir() / "corpus" / "mixed-warehouse" / "expected",
                  std::vector<CliGolden>(std::begin(kCases), std::end(kCases)), "", kCorpus, Cli);
}

TEST_CASE("mixed warehouse: tables link across engines, temporary views stay in their script") {
  const Ran r = Cli(std::string("graph --format json ") + kCorpus);
  CHECK(r.code == 0);
  CHECK(r.err.find("error") == std::string::npos);
  CheckLinks(r.out);
  // Read as Hive, the Spark scripts fail: the dialect choice is what links them.
  const Ran hive = Cli("graph --format json --var etl_date=2024-03-01 corpus/mixed-warehouse/spark");
  CHECK(hive.code == 1);
}

TEST_CASE("mixed warehouse: one store update over the folder gives the same graph") {
  const fs::path db = ProcessTempDir("hivelineage_mixed_store_") / "mixed.db";
  const Ran update = Cli("store update " + ShellQuote(db.string()) + " " + kCorpus);
  CHECK(update.code == 0);
  CHECK(update.err.find("4 scripts, all analysed (a new store)") != std::string::npos);
  const Ran stored = Cli("graph --format json --store " + ShellQuote(db.string()));
  const Ran paths = Cli(std::string("graph --format json ") + kCorpus);
  CHECK(stored.code == 0);
  CHECK(stored.out == paths.out);
  CheckLinks(stored.out);
  // The store's own tables: the Spark script's output is the Hive script's input.
  hivelineage::store::Database d(db.string(), false);
  CHECK(d.QueryInt("SELECT count(*) FROM v_table_edges WHERE source = 'dws.customer_value' AND "
                   "target = 'ads.city_report' AND script LIKE '%hive/03_city_report.sql'") == 1);
  CHECK(d.QueryInt("SELECT count(*) FROM v_table_edges WHERE target = 'dws.customer_value' AND "
                   "script LIKE '%spark/02_customer_value.sql'") >= 2);
}
