// usage: query log lines (JSON Lines and Ranger audit events), partitions read
// from conditions, the streaming run (errors per line in order, Ranger events
// of one statement folded even across batches, the same counts on any number
// of threads), heat levels, layers, and candidates to retire.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "cli_runner.h"
#include "graph_of_sql.h"
#include "test_support.h"
#include "usage/query_log.h"
#include "usage/usage_report.h"
#include "usage/usage_run.h"

namespace {

namespace fs = std::filesystem;
using namespace hivelineage;
using usage::LogEntry;
using usage::LogFormat;

fs::path TempDir() {
  static const fs::path dir = testing::ProcessTempDir("hivelineage_usage_test_");
  return dir;
}

std::string Line(const std::string& query, const std::string& user, const std::string& time,
                 const std::string& database = "") {
  nlohmann::json j = {{"query", query}, {"user", user}, {"time", time}};
  if (!database.empty()) j["database"] = database;
  return j.dump() + "\n";
}

// printf-style (string concatenation with numbers trips GCC 12's bogus -Wrestrict at -O3).
template <typename... Args>
std::string Format(const char* format, Args... args) {
  char buf[256];
  std::snprintf(buf, sizeof(buf), format, args...);
  return buf;
}

struct Ran {
  usage::UsageRun run;
  std::vector<std::string> messages;
};

Ran Run(const std::string& name, const std::string& log, usage::UsageOptions options = {}) {
  Ran r;
  const std::string path = testing::WriteFile(TempDir(), name, log).string();
  if (options.jobs == 0) options.jobs = 2;
  r.run = usage::RunUsage({path}, options, [&](const std::string& m) { r.messages.push_back(m); });
  return r;
}

uint64_t Get(const absl::flat_hash_map<std::string, uint64_t>& m, const std::string& k) {
  auto it = m.find(k);
  return it == m.end() ? 0 : it->second;
}

}  // namespace

TEST_CASE("query log: JSON Lines entries, times in every documented form, errors") {
  LogEntry e;
  std::string error;
  REQUIRE(usage::ParseLogLine(
      R"({"query": "select 1", "user": "ann", "time": "2024-03-01T18:15:02+08:00", "database": "ODS"})",
      LogFormat::Auto, e, error));
  CHECK(e.query == "select 1");
  CHECK(e.user == "ann");
  CHECK(e.database == "ods");
  CHECK(usage::FormatLogTime(e.time) == "2024-03-01 10:15:02");
  CHECK(usage::ParseLogTime("2024-03-01 10:15:02.123") == e.time);
  CHECK(usage::ParseLogTime("1709288102") == e.time);
  CHECK(usage::ParseLogTime("1709288102000") == e.time);
  CHECK(usage::ParseLogTime("2024-03-01T10:15:02Z") == e.time);
  CHECK_FALSE(usage::ParseLogTime("yesterday"));
  CHECK_FALSE(usage::ParseLogLine("{\"query\": \"select 1\"", LogFormat::Auto, e, error));
  CHECK(error == "not a JSON object (malformed JSON)");
  CHECK_FALSE(usage::ParseLogLine("[1, 2]", LogFormat::Auto, e, error));
  CHECK(error == "not a JSON object");
  CHECK_FALSE(usage::ParseLogLine(R"({"query": 12, "time": 1})", LogFormat::Auto, e, error));
  CHECK(error == "no \"query\" string");
  CHECK_FALSE(usage::ParseLogLine(R"({"query": "select 1", "time": "soon"})", LogFormat::Auto, e, error));
  CHECK(error == "time \"soon\" is not RFC 3339, 'YYYY-MM-DD HH:MM:SS' or seconds since 1970");
  CHECK_FALSE(usage::ParseLogLine(R"({"query": "select 1"})", LogFormat::Ranger, e, error));
  CHECK(error == "no \"reqData\" string (not a Ranger Hive audit event)");
}

TEST_CASE("query log: Ranger audit events, their database, denied and repeated events") {
  LogEntry a, b;
  std::string error;
  const std::string event =
      R"({"repoType":3,"reqUser":"bob","evtTime":"2024-02-29 16:40:02.114","resource":"DWS/t/c1,c2","result":1,"sess":"s1","reqData":"select c1 from t"})";
  REQUIRE(usage::ParseLogLine(event, LogFormat::Auto, a, error));
  CHECK(a.user == "bob");
  CHECK(a.database == "dws");
  CHECK(a.session == "s1");
  CHECK_FALSE(a.denied);
  CHECK(usage::FormatLogTime(a.time) == "2024-02-29 16:40:02");
  REQUIRE(usage::ParseLogLine(
      R"({"reqUser":"bob","evtTime":"2024-02-29 16:40:02.114","resource":"dws/u","result":0,"sess":"s1","reqData":"select c1 from t"})",
      LogFormat::Ranger, b, error));
  CHECK(b.denied);
  CHECK(usage::SameStatement(a, b));
  b.session = "s2";
  CHECK_FALSE(usage::SameStatement(a, b));
}

TEST_CASE("usage run: malformed lines and broken queries are reported in order, the rest counted") {
  usage::UsageOptions options;
  options.batch_lines = 2;  // several batches, in flight at once
  std::string log;
  log += Line("select a from db1.t where dt = '2024-03-01'", "ann", "2024-03-01 10:00:00");
  log += "{\"query\": \"select 1\", \"user\": \n";
  log += "\n";
  log += Line("select a from", "bob", "2024-03-01 10:01:00");
  log += Line("select b from db1.t", "bob", "2024-03-01 11:00:00");
  log += "not json at all\n";
  log += Line("select c from db2.u", "cid", "2024-02-01T00:00:00Z");
  const Ran r = Run("broken.jsonl", log, options);
  const std::string path = (TempDir() / "broken.jsonl").string();
  REQUIRE(r.messages.size() == 3);
  CHECK(r.messages[0] == path + ":2: error: not a JSON object (malformed JSON)");
  CHECK(r.messages[1] == path + ":4: error: in the query at 1:14: expected table name, found end of statement");
  CHECK(r.messages[2] == path + ":6: error: not a JSON object (malformed JSON)");
  const usage::UsageStats& s = r.run.stats;
  CHECK(s.lines == 6);
  CHECK(s.malformed == 2);
  CHECK(s.queries == 4);
  CHECK(s.with_errors == 1);
  REQUIRE(s.tables.contains("db1.t"));
  const usage::TableStats& t = s.tables.at("db1.t");
  CHECK(t.reads == 2);
  CHECK(t.users.size() == 2);
  CHECK(Get(t.columns, "a") == 1);
  CHECK(Get(t.columns, "b") == 1);
  CHECK(Get(t.columns, "dt") == 1);
  CHECK(Get(t.partitions, "dt=2024-03-01") == 1);
  CHECK(usage::FormatLogTime(t.first_read) == "2024-03-01 10:00:00");
  CHECK(usage::FormatLogTime(t.last_read) == "2024-03-01 11:00:00");

  // Past --max-errors, problems are counted.
  options.max_messages = 1;
  const Ran capped = Run("broken.jsonl", log, options);
  CHECK(capped.messages.size() == 1);
  CHECK(capped.run.messages_dropped == 2);
}

TEST_CASE("usage run: Ranger events of one statement count once, across batch boundaries too") {
  std::string log;
  auto event = [&](const std::string& sess, const std::string& resource, int result, const std::string& sql) {
    log += nlohmann::json({{"reqUser", "bob"},
                           {"evtTime", "2024-03-01 10:00:00.000"},
                           {"resource", resource},
                           {"result", result},
                           {"sess", sess},
                           {"reqData", sql}})
               .dump() +
           "\n";
  };
  event("s1", "dws/a/x", 1, "select a.x, b.y from a join ods.b b on a.id = b.id");
  event("s1", "ods/b/y", 1, "select a.x, b.y from a join ods.b b on a.id = b.id");
  event("s1", "ods/b/y", 1, "select a.x, b.y from a join ods.b b on a.id = b.id");
  event("s2", "ods/c", 0, "select * from ods.c");
  event("s1", "dws/a/x", 1, "select a.x from a");
  for (size_t batch : {size_t{1}, size_t{2}, size_t{1024}}) {
    usage::UsageOptions options;
    options.batch_lines = batch;
    const Ran r = Run("ranger.log", log, options);
    const usage::UsageStats& s = r.run.stats;
    CHECK(s.queries == 2);
    CHECK(s.merged_events == 2);
    CHECK(s.denied == 1);
    // The unqualified `a` resolves in the database of the event's resource.
    REQUIRE(s.tables.contains("dws.a"));
    CHECK(s.tables.at("dws.a").reads == 2);
    CHECK(s.tables.at("ods.b").reads == 1);
    CHECK_FALSE(s.tables.contains("ods.c"));
    CHECK(Get(s.cross_database, "dws+ods") == 1);
  }
}

TEST_CASE("usage run: partitions from =, IN and BETWEEN on partition columns, where known") {
  const std::string catalog = testing::WriteFile(TempDir(), "catalog.json", R"({"tables": [
      {"name": "dw.events", "columns": [{"name": "id", "type": "int"}, {"name": "dt", "type": "string"}],
       "partition_columns": [{"name": "ds", "type": "string"}, {"name": "hr", "type": "string"}]}]})")
                                  .string();
  std::string log;
  log += Line("select e.id from dw.events e where e.ds = '2024-03-01' and hr in ('01', '02') and e.dt = 'x'", "a",
              "2024-03-01 10:00:00");
  log += Line(
      "select o.id from ods.orders o join ods.users u on o.uid = u.id and u.dt = '2024-02-29' "
      "where o.dt between '2024-02-01' and '2024-02-29'",
      "a", "2024-03-01 10:00:00");
  log += Line("select id from ods.orders o, ods.users u where dt = '2024-01-01'", "a", "2024-03-01 10:00:00");
  log += Line("select id from orders where dt = 20240101 or dt = '2024-01-02'", "a", "2024-03-01 10:00:00", "ods");
  usage::UsageOptions options;
  options.analyze.catalogs = {driver::CatalogSource::File(catalog)};
  const Ran r = Run("partitions.jsonl", log, options);
  const auto& t = r.run.stats.tables;
  // dw.events: the catalog names its partition columns (ds, hr); dt is an ordinary column there.
  CHECK(t.at("dw.events").partitions.size() == 3);
  CHECK(Get(t.at("dw.events").partitions, "ds=2024-03-01") == 1);
  CHECK(Get(t.at("dw.events").partitions, "hr=01") == 1);
  CHECK(Get(t.at("dw.events").partitions, "hr=02") == 1);
  // Tables the catalog does not know: `dt`. A JOIN ON condition counts; a range is kept as one.
  CHECK(Get(t.at("ods.users").partitions, "dt=2024-02-29") == 1);
  CHECK(Get(t.at("ods.orders").partitions, "dt=[2024-02-01, 2024-02-29]") == 1);
  // A bare dt with two tables that could hold it, and an OR, tell no partition.
  CHECK(t.at("ods.orders").partitions.size() == 1);
  CHECK(t.at("ods.orders").reads == 3);
}

TEST_CASE("usage run: the same counts and report whatever the threads and batches") {
  std::string log;
  for (int i = 0; i < 300; ++i)
    log += Line(Format("select c%d from l%d.t%d where dt = '2024-02-%d'", i % 7, i % 3, i % 11, 10 + i % 9),
                Format("u%d", i % 13), Format("2024-02-%d 10:00:00", 10 + i % 19));
  std::string first;
  for (int jobs : {1, 3}) {
    for (size_t batch : {size_t{7}, size_t{1024}}) {
      usage::UsageOptions options;
      options.jobs = jobs;
      options.batch_lines = batch;
      const Ran r = Run("many.jsonl", log, options);
      CHECK(r.run.stats.queries == 300);
      const usage::UsageReport report = usage::BuildUsageReport(r.run.stats, nullptr, {}, options.layers);
      std::string json;
      usage::WriteUsageJson(r.run.stats, report, {}, json);
      if (first.empty()) first = json;
      CHECK(json == first);
      CHECK(r.run.peak_batches <= static_cast<size_t>(jobs) * 4);
    }
  }
}

TEST_CASE("usage report: heat by documented thresholds, layers, and cold tables to retire") {
  std::string log;
  for (int i = 0; i < 10; ++i)
    log += Line("select x from ads.hot_report", "bi", Format("2024-03-0%d 09:00:00", 1 + i % 7));
  log += Line("select x from ads.warm_report", "ann", "2024-02-10 09:00:00");
  log += Line("select x from ads.cold_report", "ann", "2024-01-10 09:00:00");
  log += Line("select x from ads.ice_report", "ann", "2023-10-01 09:00:00");
  log += Line("select x from dws.cold_but_used", "ann", "2024-01-10 09:00:00");
  log += Line("insert overwrite table ads.warm_report select a.x from dws.src a join ods.raw b on a.id = b.id", "etl",
              "2024-03-07 02:00:00");
  const Ran r = Run("heat.jsonl", log);
  const graph::Graph lineage = testing::GraphOf({
      {"etl/cold.sql", "insert overwrite table ads.cold_report select x from dws.cold_but_used;\n"},
      {"etl/ice.sql", "insert overwrite table ads.ice_report select x from dws.src;\n"},
      {"etl/never.sql", "insert overwrite table ads.never_read select x from dws.src;\n"},
      {"etl/self.sql", "insert overwrite table ads.self select x from ads.self;\n"},
  });
  usage::HeatRules rules;
  rules.now = *usage::ParseLogTime("2024-03-07 23:00:00");  // recent: the 7 days Mar 1 .. Mar 7
  const usage::UsageReport report = usage::BuildUsageReport(r.run.stats, &lineage, rules, {"ods", "dwd", "dws", "ads"});
  std::map<std::string, const usage::TableReport*> by;
  for (const usage::TableReport& t : report.tables) by[t.name] = &t;
  CHECK(by.at("ads.hot_report")->heat == usage::Heat::Hot);
  CHECK(by.at("ads.hot_report")->recent_reads == 10);
  CHECK(by.at("ads.warm_report")->heat == usage::Heat::Warm);
  CHECK(by.at("ads.cold_report")->heat == usage::Heat::Cold);
  CHECK(by.at("ads.ice_report")->heat == usage::Heat::Ice);
  CHECK(by.at("ads.never_read")->heat == usage::Heat::Ice);
  CHECK(by.at("ads.never_read")->stats == nullptr);
  CHECK(by.at("ads.cold_report")->retire);
  CHECK(by.at("ads.ice_report")->retire);
  CHECK(by.at("ads.never_read")->retire);
  CHECK(by.at("ads.never_read")->writers == std::vector<std::string>{"etl/never.sql:1"});
  CHECK(by.at("ads.self")->retire);                 // it reads only itself
  CHECK_FALSE(by.at("dws.cold_but_used")->retire);  // cold, but ads.cold_report is made from it
  CHECK_FALSE(by.at("ads.hot_report")->retire);     // hot, and not in the lineage
  CHECK(report.tables.front().name == "ads.hot_report");
  CHECK(Get(r.run.stats.layer_flows, "dws>ads") == 1);
  CHECK(Get(r.run.stats.layer_flows, "ods>ads") == 1);
  CHECK(Get(r.run.stats.cross_layer, "dws+ods") == 1);

  CHECK(usage::LayerOf("dw_ods.orders", {"ods", "dwd"}) == "ods");
  CHECK(usage::LayerOf("default.dwd_orders", {"ods", "dwd"}) == "dwd");
  CHECK(usage::LayerOf("tmp.scratch", {"ods", "dwd"}) == "other");
}

TEST_CASE("cli usage: the warehouse's log, exit 1 for its broken lines, usage errors") {
  const auto r = testing::RunCli(
      "usage corpus/warehouse/logs/queries.jsonl --scripts corpus/warehouse --var etl_date=2024-03-01 --format json -j "
      "1");
  CHECK(r.code == 1);
  CHECK(r.err.find("corpus/warehouse/logs/queries.jsonl:35: error: not a JSON object (malformed JSON)") !=
        std::string::npos);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  CHECK(j["summary"]["malformed"] == 1);
  CHECK(j["tables"][0]["name"] == "ads.ads_gmv_daily");
  CHECK(j["tables"][0]["heat"] == "hot");
  bool sku_topn = false;
  for (const auto& t : j["retire"]) sku_topn = sku_topn || t == "ads.ads_sku_topn";
  CHECK(sku_topn);
  CHECK(testing::RunCli("usage corpus/warehouse/logs/queries.jsonl --scripts corpus/warehouse --var "
                        "etl_date=2024-03-01 --format json -j 2")
            .out == r.out);
  // --store (listed by usage --help): the same lineage, kept by store update.
  const std::string db = (std::filesystem::temp_directory_path() /
                          ("hivelineage_usage_store_" + std::to_string(::getpid()) + ".db")).string();
  std::filesystem::remove(db);
  REQUIRE(testing::RunCli("store update -q " + db + " --var etl_date=2024-03-01 corpus/warehouse").code == 0);
  CHECK(testing::RunCli("usage corpus/warehouse/logs/queries.jsonl --store " + db + " --format json -j 1").out == r.out);
  std::filesystem::remove(db);
  const auto ranger = testing::RunCli("usage --log-format ranger --quiet corpus/warehouse/logs/ranger_hive_audit.log");
  CHECK(ranger.code == 0);
  CHECK(ranger.err.empty());
  CHECK(ranger.out.starts_with("usage: 5 queries by 3 users"));

  CHECK(testing::RunCli("usage").code == 2);
  CHECK(testing::RunCli("usage --log-format csv x.log").code == 2);
  CHECK(testing::RunCli("usage --warm-days 100 --cold-days 10 x.log").code == 2);
  CHECK(testing::RunCli("usage no_such.log").err.find("no_such.log: cannot open") != std::string::npos);
  CHECK(testing::RunCli("usage --help").out.starts_with("usage: hivelineage usage"));
}
