// issue 28's four answers end to end on the bundled warehouse: `domains`
// (and `graph --level domain`), `check schedule --runs` (the critical path),
// `rootcause`, `check recompute`. Their worked examples (docs/checks.md) are
// goldens in tests/fixtures/team_checks/ (`unit_tests --update` rewrites
// them; review the diff), text and JSON; the store answers as the scripts
// do; each kind of bad input is one located warning and the rest stands.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "checks/domains.h"
#include "checks/expression_key.h"
#include "checks/recompute.h"
#include "cli_runner.h"
#include "graph/queries/graph_source.h"
#include "graph_of_sql.h"

namespace {

namespace fs = std::filesystem;
using hivelineage::testing::RunCli;

const std::string kVars = "--var etl_date=2024-03-01 ";
const std::string kGov = "corpus/warehouse/governance/";

struct Example {
  const char* name;
  std::string args;  // after `hivelineage `
  int code;
};

const std::vector<Example>& Examples() {
  static const std::vector<Example> examples = {
      {"domains", "domains --domains " + kGov + "domains.csv " + kVars + "corpus/warehouse", 0},
      {"graph_domain",
       "graph --level domain --domains " + kGov + "domains.csv --format mermaid " + kVars + "corpus/warehouse", 0},
      {"schedule_runs",
       "check schedule --jobs " + kGov + "jobs.json --runs " + kGov + "runs.csv --sla ads.ads_gmv_daily=06:00 " +
           kVars + "corpus/warehouse",
       1},
      {"rootcause",
       "rootcause ads.ads_user_contact --dqc " + kGov + "dqc_results.csv --runs " + kGov + "runs.csv --jobs " + kGov +
           "jobs.json --partition dt=2024-03-01 " + kVars + "corpus/warehouse",
       0},
      {"recompute",
       "check recompute --usage corpus/warehouse/logs/queries.jsonl " + kVars +
           "corpus/warehouse corpus/warehouse-teams",
       1},
  };
  return examples;
}

fs::path GoldenDir() { return hivelineage::testing::SourceDir() / "tests" / "fixtures" / "team_checks"; }

void CompareGolden(const fs::path& golden, const std::string& got) {
  if (hivelineage::testing::g_update_golden) {
    std::ofstream(golden, std::ios::binary) << got;
    return;
  }
  REQUIRE_MESSAGE(fs::exists(golden), "missing golden (run unit_tests --update)");
  CHECK(hivelineage::testing::ReadFile(golden) == got);
}

// Files of one test case, in a folder emptied once per process.
std::string WriteTemp(const std::string& name, const std::string& text) {
  static const fs::path dir = hivelineage::testing::ProcessTempDir("hivelineage_team_checks_files_");
  return hivelineage::testing::WriteFile(dir, name, text).string();
}

size_t Count(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("team checks: the worked examples against their goldens, text and json") {
  for (const Example& e : Examples()) {
    CAPTURE(std::string(e.name));
    const auto text = RunCli(e.args);
    CHECK(text.code == e.code);
    CHECK(!text.out.empty());
    CompareGolden(GoldenDir() / (std::string(e.name) + ".txt"), text.out);
    if (std::string(e.name) == "graph_domain") continue;  // mermaid has no json form of its own
    const auto json = RunCli(e.args + " --format json");
    CHECK(json.code == e.code);
    CHECK(!nlohmann::json::parse(json.out).is_null());
    CompareGolden(GoldenDir() / (std::string(e.name) + ".json"), json.out);
  }
}

// docs/checks.md shows each example as `$ hivelineage ARGS` followed by the
// golden text, byte for byte.
TEST_CASE("team checks: docs/checks.md's worked examples are the goldens") {
  const std::string doc = hivelineage::testing::ReadFile(hivelineage::testing::SourceDir() / "docs" / "checks.md");
  for (const Example& e : Examples()) {
    CAPTURE(std::string(e.name));
    const std::string golden = hivelineage::testing::ReadFile(GoldenDir() / (std::string(e.name) + ".txt"));
    REQUIRE(!golden.empty());
    CHECK(doc.find("$ hivelineage " + e.args + "\n" + golden + "```") != std::string::npos);
  }
}

TEST_CASE("team checks: the answers read the same from a store, and do not depend on threads") {
  const std::string db = (hivelineage::testing::ProcessTempDir("hivelineage_team_checks_") / "w.db").string();
  const std::string inputs = kVars + "corpus/warehouse corpus/warehouse-teams";
  REQUIRE(RunCli("store update " + hivelineage::testing::ShellQuote(db) + " " + inputs).code == 0);
  const std::vector<std::string> commands = {
      "domains --domains " + kGov + "domains.csv",
      "check schedule --jobs " + kGov + "jobs.json --runs " + kGov + "runs.csv --sla ads.ads_gmv_daily=06:00",
      "rootcause ads.ads_gmv_daily --dqc " + kGov + "dqc_results.csv --runs " + kGov + "runs.csv --jobs " + kGov +
          "jobs.json",
      "check recompute",
  };
  for (const std::string& cmd : commands) {
    CAPTURE(cmd);
    const auto scripts = RunCli(cmd + " --format json " + inputs);
    const auto stored = RunCli(cmd + " --format json --store " + hivelineage::testing::ShellQuote(db));
    CHECK(scripts.code != 2);
    CHECK(stored.code == scripts.code);
    CHECK(stored.out == scripts.out);
    CHECK(RunCli(cmd + " --format json -j 1 " + inputs).out == scripts.out);
  }
}

TEST_CASE("team checks: bad input is one located warning each, and the rest of the answer stands") {
  // Overlapping domain globs: two globs of different domains match one table.
  const std::string domains =
      WriteTemp("domains.csv", "table,domain\nods.ods_order_*,trade\nods.*_info,user\nods.ods_order_info,trade\n");
  // Named exactly, ods.ods_order_info is an intended exception: no warning.
  const auto none = RunCli("domains --domains " + domains + " " + kVars + "corpus/warehouse");
  CHECK(Count(none.err, domains + ":") == 0);
  const std::string overlapping = WriteTemp("overlap.csv", "table,domain\nods.ods_order_*,trade\nods.*_info,user\n");
  const auto d = RunCli("domains --domains " + overlapping + " " + kVars + "corpus/warehouse");
  CHECK(Count(d.err, overlapping + ":3: warning: domain rule ods.*_info (user) and ods.ods_order_* (trade, " +
                         overlapping +
                         ":2) both match ods.ods_order_info; ods.ods_order_* wins, being more specific") == 1);
  CHECK(Count(d.err, ": warning: domain rule") == 1);
  CHECK(d.out.find("  ods.ods_order_info  by rule ods.ods_order_* (") != std::string::npos);
  CHECK(d.out.find("  ods.ods_user_info  by rule ods.*_info (") != std::string::npos);

  // A DQC row for a table no script knows; a run of an unknown job; a run that ends before it starts.
  const std::string dqc = WriteTemp("dqc.csv",
                                    "table,partition,rule,status\n"
                                    "ads.ads_user_contact,dt=2024-03-01,not_null,failed\n"
                                    "ads.no_such_report,dt=2024-03-01,row_count,failed\n");
  const std::string runs = WriteTemp("runs.csv",
                                     "job,start,end,status,date\n"
                                     "dws_user_last_order,2024-03-02 02:55:00,2024-03-02 04:40:00,success,2024-03-01\n"
                                     "ads_user_contact,2024-03-02 04:35:00,2024-03-02 04:50:00,success,2024-03-01\n"
                                     "nightly_export,2024-03-02 05:00:00,2024-03-02 05:10:00,success,2024-03-01\n"
                                     "dws_trade_user,2024-03-02 04:00:00,2024-03-02 03:00:00,success,2024-03-01\n");
  const auto r = RunCli("rootcause ads.ads_user_contact --dqc " + dqc + " --runs " + runs + " --jobs " + kGov +
                        "jobs.json " + kVars + "corpus/warehouse");
  CHECK(r.code == 0);
  CHECK(Count(r.err, dqc + ":3: warning: ads.no_such_report is a table no analysed script knows") == 1);
  CHECK(Count(r.err, runs + ":4: warning: run of nightly_export, which is no job of the jobs file") == 1);
  CHECK(Count(r.err, runs + ":5: warning: run of dws_trade_user ends (2024-03-02 03:00:00) before it starts") == 1);
  CHECK(Count(r.err, ": warning: ") == 3 + Count(r.err, "warning: column '"));
  // The answer stands: the failed check first, the late run of the job with a missing dependency after it.
  CHECK(r.out.find("1. failed check  ads.ads_user_contact  (distance 0)") != std::string::npos);
  CHECK(r.out.find("late run  dws.dws_user_last_order  (distance 1)") != std::string::npos);

  // The same runs in check schedule: the same located warnings, the critical path still drawn.
  const auto s =
      RunCli("check schedule --jobs " + kGov + "jobs.json --runs " + runs + " " + kVars + "corpus/warehouse");
  CHECK(Count(s.err, runs + ":4: warning: run of nightly_export") == 1);
  CHECK(Count(s.err, runs + ":5: warning: run of dws_trade_user ends") == 1);
  CHECK(s.out.find("critical path to ads_user_contact (ads.ads_user_contact)") != std::string::npos);
  // A run that never ended is a failed run, reported as such.
  CHECK(s.out.find("failed: dws_trade_user (no end, " + runs + ":5)") != std::string::npos);

  // An unknown NAME, and --sla without --runs, are usage errors.
  CHECK(RunCli("rootcause ads.nope --dqc " + dqc + " " + kVars + "corpus/warehouse").code == 2);
  CHECK(RunCli("check schedule --jobs " + kGov + "jobs.json --sla ads.ads_gmv_daily=6pm corpus/warehouse").code == 2);
}

TEST_CASE("ExpressionKey: aliases, case, whitespace and commutative operands do not matter; order elsewhere does") {
  using hivelineage::checks::ExpressionKey;
  CHECK(ExpressionKey("SUM(d.a+d.b)") == ExpressionKey("sum( b + a )"));
  CHECK(ExpressionKey("sum((a + b))") == ExpressionKey("SUM(a+b)"));
  CHECK(ExpressionKey("x.a * y.b") == ExpressionKey("b*a"));
  CHECK(ExpressionKey("a = 1 AND b = 2") == ExpressionKey("(2 = b) and (a = 1)"));
  CHECK(ExpressionKey("a - b") != ExpressionKey("b - a"));
  CHECK(ExpressionKey("concat(a, b)") != ExpressionKey("concat(b, a)"));
  CHECK(ExpressionKey("a BETWEEN 1 AND 2") == ExpressionKey("A between 1 and 2"));
  CHECK(ExpressionKey("case when a > 1 then b else c end") == ExpressionKey("CASE WHEN t.a > 1 THEN t.b ELSE t.c END"));
  CHECK(ExpressionKey("'A b'") != ExpressionKey("'a b'"));  // string literals keep their case
  CHECK(ExpressionKey("a + b * c") == ExpressionKey("c * b + a"));
}

TEST_CASE("team checks: rootcause --format html opens the lineage page on NAME, the suspects' paths highlighted") {
  const auto page = RunCli("rootcause ads.ads_user_contact --dqc " + kGov + "dqc_results.csv --format html " + kVars +
                           "corpus/warehouse");
  CHECK(page.code == 0);
  const std::string open = "<script type=\"application/json\" id=\"hl-data\">";
  const size_t begin = page.out.find(open);
  REQUIRE(begin != std::string::npos);
  const size_t end = page.out.find("</script>", begin);
  const nlohmann::json data = nlohmann::json::parse(page.out.substr(begin + open.size(), end - begin - open.size()));
  const nlohmann::json& focus = data["focus"];
  CHECK(focus["start"] == "ads.ads_user_contact");
  CHECK(focus["direction"] == "upstream");
  CHECK(focus["title"] == "root cause of ads.ads_user_contact, first suspect upstream dwd.dwd_trade_order_detail_inc");
  const auto highlight = focus["highlight"].get<std::vector<std::string>>();
  for (const char* want : {"dwd.dwd_trade_order_detail_inc", "dwd.dwd_trade_order_detail_inc.create_time",
                           "dws.dws_user_last_order.last_order_time", "ods.ods_user_info"})
    CHECK(std::find(highlight.begin(), highlight.end(), want) != highlight.end());
  // Only the tables on the suspects' paths are drawn: the gmv report is not one of them.
  CHECK(page.out.find("ads.ads_gmv_daily") == std::string::npos);
}

TEST_CASE("team checks: runs from a DolphinScheduler task-instance list, results as JSON Lines") {
  // The REST API's task-instance list: each instance a run of job "workflow/task" of the workflow export.
  const std::string runs = WriteTemp("task_instances.json", R"({"code": 0, "data": {"totalList": [
    {"name": "load_ods_trade", "processDefinitionName": "ods_sync", "state": "SUCCESS",
     "startTime": "2024-03-02 01:00:00", "endTime": "2024-03-02 01:40:00", "scheduleTime": "2024-03-01 01:00:00"},
    {"name": "dwd_trade", "processDefinitionName": "dw_daily", "state": "SUCCESS",
     "startTime": "2024-03-02 01:50:00", "endTime": "2024-03-02 02:50:00", "scheduleTime": "2024-03-01 01:00:00"},
    {"name": "dws_trade_user", "processDefinitionName": "dw_daily", "state": "SUCCESS",
     "startTime": "2024-03-02 03:00:00", "endTime": "2024-03-02 04:00:00", "scheduleTime": "2024-03-01 01:00:00"},
    {"name": "ads_gmv", "state": "SUCCESS",
     "startTime": "2024-03-02 04:10:00", "endTime": "2024-03-02 05:30:00", "scheduleTime": "2024-03-01 01:00:00"},
    {"name": "ads_new_buyer", "processDefinitionName": "dw_daily", "state": "FAILURE",
     "startTime": "2024-03-02 03:00:00", "endTime": "2024-03-02 03:01:00", "scheduleTime": "2024-03-01 01:00:00"}
  ]}})");
  const auto s = RunCli("check schedule --jobs " + kGov + "dolphinscheduler_export.json --runs " + runs +
                        " --sla ads.ads_gmv_daily=04:50 " + kVars + "corpus/warehouse");
  CHECK(s.code == 1);  // the missing dependency, and the SLA missed
  CHECK(s.out.find("run date 2024-03-01 (run on 2024-03-02): 5 jobs ran, 1 failed, ") != std::string::npos);
  CHECK(s.out.find("  failed: dw_daily/ads_new_buyer (failure, " + runs + ": totalList[4])") != std::string::npos);
  CHECK(s.out.find("  critical path to dw_daily/ads_gmv (ads.ads_gmv_daily), ended 2024-03-02 05:30:\n"
                   "    ods_sync/load_ods_trade  01:00-01:40  took 40m\n"
                   "    dw_daily/dwd_trade  01:50-02:50  took 1h00m, waited 10m\n"
                   "    dw_daily/dws_trade_user  03:00-04:00  took 1h00m, waited 10m\n"
                   "    dw_daily/ads_gmv  04:10-05:30  took 1h20m, waited 10m\n") != std::string::npos);
  CHECK(
      s.out.find("  SLA ads.ads_gmv_daily by 04:50: missed, dw_daily/ads_gmv ended 2024-03-02 05:30, 40m late\n"
                 "    its chain waited 30m (dw_daily/dwd_trade 10m, dw_daily/dws_trade_user 10m, dw_daily/ads_gmv "
                 "10m); had every job started as soon as its inputs were ready, it would have ended 2024-03-02 05:00\n"
                 "    still 10m late: a job of the chain must speed up, alone:\n"
                 "      ods_sync/load_ods_trade (took 40m) by 10m\n") != std::string::npos);
  const nlohmann::json j = nlohmann::json::parse(RunCli("check schedule --format json --jobs " + kGov +
                                                        "dolphinscheduler_export.json --runs " + runs +
                                                        " --sla ads.ads_gmv_daily=04:50 " + kVars + "corpus/warehouse")
                                                     .out);
  const nlohmann::json& sla = j["critical_path"][0]["slas"][0];
  CHECK(sla["late_seconds"] == 2400);
  CHECK(sla["chain_wait_seconds"] == 1800);
  CHECK(sla["remaining_seconds"] == 600);
  CHECK(sla["speed_ups"].size() == 4);
  CHECK(sla["speed_ups"][3]["speed_up_seconds"] == 600);

  // DQC results as JSON Lines; with --with-conditions the walk also takes the columns that filter and join.
  const std::string dqc =
      WriteTemp("dqc.jsonl",
                "{\"table\": \"ads.ads_gmv_daily\", \"rule\": \"gmv_vs_7d_avg\", \"status\": \"failed\"}\n"
                "{\"table\": \"dwd.dwd_trade_order_detail_inc\", \"rule\": \"dt_not_null\", "
                "\"status\": \"failed\", \"partition\": \"dt=2024-03-01\"}\n");
  const auto plain =
      RunCli("rootcause ads.ads_gmv_daily.gmv --dqc " + dqc + " --format json " + kVars + "corpus/warehouse");
  const auto conditions = RunCli("rootcause ads.ads_gmv_daily.gmv --with-conditions --dqc " + dqc + " --format json " +
                                 kVars + "corpus/warehouse");
  REQUIRE(plain.code == 0);
  REQUIRE(conditions.code == 0);
  const nlohmann::json p = nlohmann::json::parse(plain.out), c = nlohmann::json::parse(conditions.out);
  CHECK(p["suspects"][0]["check"]["origin"] == dqc + ":1");
  CHECK(p["suspects"][1]["table"] == "dwd.dwd_trade_order_detail_inc");
  CHECK(c["upstream_tables"].get<int>() > p["upstream_tables"].get<int>());
  bool condition_hop = false;
  for (const auto& suspect : c["suspects"])
    for (const auto& hop : suspect["path"]) condition_hop = condition_hop || hop["kind"] == "condition";
  CHECK(condition_hop);
}

TEST_CASE("check recompute: other filters or grouping are other work; two tables alike are said once") {
  const std::string schema = "create table ods.o (user_id int, amount double, dt string);\n";
  const hivelineage::graph::Graph g = hivelineage::testing::GraphOf({
      {"a.sql",
       schema +
           "insert overwrite table x.a select user_id, sum(amount) as s from ods.o where dt = '1' group by user_id;"},
      {"b.sql",
       "insert overwrite table x.b select o.user_id, SUM(o.amount) total from ods.o o where o.dt='1' group by "
       "o.user_id;"},
      {"c.sql",
       "insert overwrite table x.c select user_id, sum(amount) as s from ods.o where dt = '2' group by user_id;"},
      {"d.sql", "insert overwrite table x.d select sum(amount) as s from ods.o where dt = '1';"},
  });
  const hivelineage::graph::GraphSource source(g);
  const hivelineage::checks::RecomputeReport r = hivelineage::checks::CheckRecompute(source);
  REQUIRE(r.groups.size() == 1);
  CHECK(r.groups[0].key == "sum(amount)");
  REQUIRE(r.groups[0].members.size() == 2);
  CHECK(r.groups[0].members[0].column == "x.a.s");
  CHECK(r.groups[0].members[1].column == "x.b.total");
  CHECK(r.groups[0].scripts == 2);
  // x.a and x.b compute every column alike: one says it repeats the other, once.
  REQUIRE(r.tables.size() == 1);
  CHECK(r.tables[0].table == "x.b");
  CHECK(r.tables[0].of == "x.a");
}

TEST_CASE("domains: an unmapped table takes its inputs' domains, through tables that have none, to a fixed point") {
  const std::string schema = "create table ods.t (id int); create table ods.u (id int);\n";
  const hivelineage::graph::Graph g = hivelineage::testing::GraphOf({
      {"a.sql", schema + "insert overwrite table tmp.m select id from ods.t;\n"
                         "insert overwrite table rpt.r select m.id from tmp.m m join ods.u u on m.id = u.id "
                         "union all select id from ods.u;"},
  });
  hivelineage::checks::DomainRules rules;
  rules.tables.Add(hivelineage::checks::NamePattern("ods.t"), {"trade"}, "d.csv:2");
  rules.tables.Add(hivelineage::checks::NamePattern("ods.u"), {"user"}, "d.csv:3");
  const hivelineage::checks::DomainsReport r =
      hivelineage::checks::BuildDomains(hivelineage::graph::GraphSource(g), rules);
  std::map<std::string, std::vector<std::string>> of;
  for (const auto& t : r.tables) of[t.table] = t.domains;
  CHECK(of["tmp.m"] == std::vector<std::string>{"trade"});
  CHECK(of["rpt.r"] == std::vector<std::string>{"trade", "user"});
  REQUIRE(r.mixes.size() == 1);
  CHECK(r.mixes[0].table == "rpt.r");
  CHECK(r.mixes[0].through[0].inputs == std::vector<std::string>{"tmp.m"});
  CHECK(r.mixes[0].through[1].inputs == std::vector<std::string>{"ods.u"});
  CHECK(r.cross.empty());  // every flow lands in a table that has its source's domains
}

TEST_CASE("team checks: mixed inputs: a Spark script and sync jobs beside Hive scripts") {
  // corpus/sync holds DataX, Sqoop and SeaTunnel jobs beside its Hive SQL; a
  // Spark script (`-- dialect: spark`, CREATE TABLE ... USING) reads a table
  // those jobs fill. The domains answer spans all three, and rootcause walks
  // from the Spark table up to the MySQL source.
  const fs::path dir = hivelineage::testing::ProcessTempDir("hivelineage_team_mixed_");
  fs::copy(hivelineage::testing::SourceDir() / "corpus" / "sync", dir / "sync", fs::copy_options::recursive);
  std::ofstream(dir / "sync" / "etl" / "zz_spark_summary.sql")
      << "-- dialect: spark\n"
         "CREATE TABLE ads.ads_customer_count USING parquet AS\n"
         "SELECT c.city, count(c.id) AS customers FROM dwd.dwd_customer c GROUP BY ALL;\n";
  std::ofstream(dir / "domains.csv") << "table,domain\nmysql://*,source\nods.*,crm\nads.ads_customer_count,report\n";
  std::ofstream(dir / "dqc.csv") << "table,partition,rule,status,value,expected,time\n"
                                    "ods.ods_crm_customer,dt=2024-03-01,row_count,failed,0,>0,2024-03-02 05:00\n";
  const std::string sync = hivelineage::testing::ShellQuote((dir / "sync").string());
  const auto domains = RunCli("domains --format json --domains " +
                              hivelineage::testing::ShellQuote((dir / "domains.csv").string()) + " " + kVars + sync);
  REQUIRE(domains.code == 0);
  const std::string& out = domains.out;
  CHECK(out.find("\"mysql://10.0.0.5:3306/crm.customer\"") != std::string::npos);
  CHECK(out.find("\"ads.ads_customer_count\"") != std::string::npos);
  const auto cause = RunCli("rootcause ads.ads_customer_count --format json --dqc " +
                            hivelineage::testing::ShellQuote((dir / "dqc.csv").string()) + " " + kVars + sync);
  REQUIRE(cause.code != 2);
  // The failed check on the ODS table the sync job fills is a suspect, upstream of the Spark table.
  CHECK(cause.out.find("ods.ods_crm_customer") != std::string::npos);
  CHECK(cause.out.find("row_count") != std::string::npos);
  CHECK(cause.out.find("mysql://10.0.0.5:3306/crm.customer") != std::string::npos);
  CHECK(cause.err.find("cannot resolve") == std::string::npos);
}
