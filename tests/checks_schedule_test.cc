// check schedule: jobs files (the documented CSV/JSON and a DolphinScheduler
// export), missing / unneeded / reversed dependencies found transitively,
// cycles, and scripts of one job out of order.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "checks/dolphinscheduler.h"
#include "checks/jobs.h"
#include "checks/schedule.h"
#include "graph_of_sql.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using namespace hivelineage;
using testing::GraphOf;

fs::path TempDir() {
  static const fs::path dir = testing::ProcessTempDir("hivelineage_schedule_test_");
  return dir;
}

struct J {
  std::string name;
  std::vector<std::string> scripts;  // names of in-memory scripts
  std::vector<std::string> depends_on;
};

// Jobs over in-memory scripts (named as analysed, so no path matching).
checks::ScheduleReport Check(const graph::Graph& g, const std::vector<J>& jobs) {
  checks::JobSet set;
  checks::ResolvedJobs resolved;
  for (const J& j : jobs) {
    checks::Job job;
    job.name = j.name;
    job.depends_on = j.depends_on;
    job.origin = "test:" + j.name;
    set.jobs.push_back(job);
    resolved.scripts.push_back(j.scripts);
  }
  return checks::CheckSchedule(g, set, resolved);
}

// A chain of tables: load -> t1 -> t2 -> t3, each step its own script.
graph::Graph Chain() {
  return GraphOf({
      {"load.sql", "load data inpath '/in' into table ods.t1;\n"},
      {"step2.sql", "insert overwrite table dwd.t2 select a from ods.t1;\n"},
      {"step3.sql", "insert overwrite table dws.t3 select a from dwd.t2;\n"},
      {"side.sql", "insert overwrite table dws.side select b from ods.other;\n"},
      {"also_t1.sql", "insert overwrite table ads.r select a from ods.t1;\n"},
  });
}

std::vector<std::string> Pairs(const checks::ScheduleReport& r) {
  std::vector<std::string> out;
  for (const auto& m : r.missing)
    out.push_back(m.flow.to + " needs " + m.flow.from + (m.reversed ? " (reversed)" : ""));
  return out;
}

}  // namespace

TEST_CASE("schedule: dependencies count through other jobs; missing and unneeded ones") {
  const graph::Graph g = Chain();
  // Everything declared along the chain: nothing to say.
  checks::ScheduleReport r =
      Check(g, {{"load", {"load.sql"}, {}},
                {"step2", {"step2.sql"}, {"load"}},
                {"step3", {"step3.sql"}, {"step2"}},
                {"report", {"also_t1.sql"}, {"step3"}}});  // t1 is ready once step3 is: transitive
  CHECK(r.missing.empty());
  // report -> step3 carries no data, but report's read of t1 (from load) relies on it for its order.
  CHECK(r.unneeded.empty());
  CHECK(r.cycles.empty());
  CHECK(r.violations() == 0);
  CHECK(r.dependencies == 3);
  CHECK(r.flows.size() == 3);

  // step3 waits for load only: it needs step2, which writes dwd.t2.
  r = Check(g, {{"load", {"load.sql"}, {}},
                {"step2", {"step2.sql"}, {"load"}},
                {"step3", {"step3.sql"}, {"load"}},
                {"side", {"side.sql"}, {"load", "sync"}},
                {"sync", {}, {}}});  // runs no script (a DataX job): side -> sync is not judged
  CHECK(Pairs(r) == std::vector<std::string>{"step3 needs step2"});
  REQUIRE(r.missing[0].flow.tables.size() == 1);
  CHECK(r.missing[0].flow.tables[0].table == "dwd.t2");
  CHECK(r.missing[0].flow.tables[0].writer_file == "step2.sql");
  CHECK(r.missing[0].flow.tables[0].reader_file == "step3.sql");
  // step3 -> load is not unneeded: data flows load -> step2 -> step3, through another job.
  // side reads nothing load writes, and load reads nothing side writes.
  REQUIRE(r.unneeded.size() == 1);
  CHECK(r.unneeded[0].job == "side");
  CHECK(r.unneeded[0].depends_on == "load");
  CHECK(r.violations() == 1);
}

TEST_CASE("schedule: a dependency declared the wrong way round, cycles, unknown jobs") {
  const graph::Graph g = Chain();
  checks::ScheduleReport r = Check(g, {{"load", {"load.sql"}, {"step2"}}, {"step2", {"step2.sql"}, {}}});
  CHECK(Pairs(r) == std::vector<std::string>{"step2 needs load (reversed)"});
  CHECK(r.unneeded.empty());  // data flows between them, the other way

  r = Check(g, {{"a", {}, {"c"}}, {"b", {}, {"a"}}, {"c", {}, {"b"}}, {"d", {}, {"d"}}, {"e", {}, {"a", "nope"}}});
  CHECK(r.unneeded.empty());  // jobs that run no script: what they touch is not known
  REQUIRE(r.cycles.size() == 2);
  CHECK(r.cycles[0] == std::vector<std::string>{"a", "b", "c"});
  CHECK(r.cycles[1] == std::vector<std::string>{"d"});
  CHECK(r.unknown_dependencies == std::vector<std::string>{"e: nope"});
  CHECK(r.violations() == 3);
}

TEST_CASE("schedule: views read their tables; temporary tables stay in their script; order inside a job") {
  const graph::Graph g = GraphOf({
      {"base.sql", "insert overwrite table dwd.base select a from ods.src;\n"},
      {"view.sql", "create view ads.v as select a from dwd.base;\n"},
      {"reader.sql", "insert overwrite table ads.out select a from ads.v;\n"},
      {"tmp1.sql", "create temporary table tmp_x as select a from ods.src;\ninsert into dwd.y select a from tmp_x;\n"},
      {"tmp2.sql", "create temporary table tmp_x as select 1 as a;\ninsert into dwd.z select a from tmp_x;\n"},
      {"first.sql", "insert overwrite table dws.f select a from dws.g;\n"},
      {"second.sql", "insert overwrite table dws.g select a from dwd.base;\n"},
  });
  const checks::ScheduleReport r = Check(g, {{"base", {"base.sql"}, {}},
                                             {"view", {"view.sql"}, {}},
                                             {"report", {"reader.sql"}, {"view"}},
                                             {"t1", {"tmp1.sql"}, {}},
                                             {"t2", {"tmp2.sql"}, {}},
                                             {"job", {"first.sql", "second.sql"}, {"base"}}});
  // report reads the view ads.v (created by `view`) and, through it, dwd.base.
  CHECK(Pairs(r) == std::vector<std::string>{"report needs base"});
  // tmp_x in t1 and t2 are two session tables: no flow between the jobs.
  for (const auto& f : r.flows) CHECK_FALSE((f.from == "t1" || f.from == "t2"));
  REQUIRE(r.out_of_order.size() == 1);
  CHECK(r.out_of_order[0].job == "job");
  CHECK(r.out_of_order[0].read.table == "dws.g");
  CHECK(r.out_of_order[0].read.reader_file == "first.sql");
  CHECK(r.out_of_order[0].read.writer_file == "second.sql");
}

TEST_CASE("jobs files: CSV rows add to a job, JSON, paths relative to the file, errors") {
  const fs::path dir = TempDir() / "jobs";
  testing::WriteFile(dir, "etl/a.sql", "select 1;\n");
  testing::WriteFile(dir, "etl/b.sql", "select 1;\n");
  testing::WriteFile(dir, "etl/more/c.sql", "select 1;\n");
  const std::string csv = testing::WriteFile(dir, "conf/jobs.csv",
                                             "# the nightly jobs\njob,scripts,depends_on\n"
                                             "load,../etl/a.sql,\n"
                                             "mart,../etl/b.sql;../etl/more,load\n"
                                             "mart,../etl/a.sql,\"x, y\"\n")
                              .string();
  checks::JobSet set;
  std::vector<std::string> errors;
  REQUIRE(checks::LoadJobs(csv, set, errors));
  REQUIRE(set.jobs.size() == 2);
  CHECK(set.jobs[1].name == "mart");
  REQUIRE(set.jobs[1].scripts.size() == 3);
  CHECK(set.jobs[1].scripts[0].path == (dir / "etl/b.sql").lexically_normal().generic_string());
  CHECK(set.jobs[1].scripts[1].path == (dir / "etl/more/c.sql").lexically_normal().generic_string());
  CHECK(set.jobs[1].depends_on == std::vector<std::string>{"load", "x", "y"});
  CHECK(set.jobs[0].origin == csv + ":3");

  const std::string json = testing::WriteFile(dir, "jobs.json",
                                              R"({"jobs": [{"name": "a", "scripts": ["etl/a.sql", "etl/nope.sql"]},
                                                           {"name": "a"}, {"scripts": []}]})")
                               .string();
  set = {};
  errors.clear();
  CHECK_FALSE(checks::LoadJobs(json, set, errors));
  REQUIRE(errors.size() == 3);
  CHECK(errors[0] == json + ": jobs[0]: " + (dir / "etl/nope.sql").lexically_normal().generic_string() +
                         ": no such file or directory");
  CHECK(errors[1] == json + ": jobs[1]: job 'a' is already defined at " + json + ": jobs[0]");
  CHECK(errors[2] == json + ": jobs[2]: a job needs a name (\"name\")");
}

TEST_CASE("dolphinscheduler: tasks, relations, SQL and HIVECLI tasks, DEPENDENT and SUB_PROCESS") {
  const nlohmann::json doc = nlohmann::json::parse(R"([
    {"processDefinition": {"code": 100, "name": "ods"},
     "processTaskRelationList": [{"preTaskCode": 0, "postTaskCode": 1}, {"preTaskCode": 1, "postTaskCode": 2}],
     "taskDefinitionList": [
       {"code": 1, "name": "sync_user", "taskType": "DATAX", "taskParams": {"customConfig": 0}},
       {"code": 2, "name": "load", "taskType": "SHELL",
        "taskParams": "{\"rawScript\": \"hive --hivevar etl_date=${bizdate} -f etl/ods/load.sql\", \"resourceList\": [{\"id\": 3, \"resourceName\": \"/etl/ods/load.sql\"}]}"}]},
    {"processDefinition": {"code": 200, "name": "dw"},
     "processTaskRelationList": [{"preTaskCode": 0, "postTaskCode": 10}, {"preTaskCode": 10, "postTaskCode": 11},
                                 {"preTaskCode": 11, "postTaskCode": 12}, {"preTaskCode": 12, "postTaskCode": 13}],
     "taskDefinitionList": [
       {"code": 10, "name": "wait_ods", "taskType": "DEPENDENT",
        "taskParams": {"dependence": {"relation": "AND", "dependTaskList": [{"relation": "AND",
          "dependItemList": [{"projectCode": 1, "definitionCode": 100, "depTaskCode": 0, "cycle": "day", "dateValue": "today"}]}]}}},
       {"code": 11, "name": "dwd", "taskType": "HIVECLI",
        "taskParams": {"hiveCliTaskExecutionType": "FILE", "resourceList": [{"resourceName": "file:/dolphinscheduler/etl/resources/etl/dwd/x.sql"}]}},
       {"code": 12, "name": "dws", "taskType": "SQL",
        "taskParams": {"type": "HIVE", "sql": "insert overwrite table dws.y select a from dwd.x", "preStatements": ["set a=b"]}},
       {"code": 13, "name": "ads", "taskType": "SUB_PROCESS", "taskParams": {"processDefinitionCode": 300}}]},
    {"workflowDefinition": {"code": 300, "name": "ads"},
     "workflowTaskRelationList": [{"preTaskCode": 0, "postTaskCode": 20}],
     "taskDefinitionList": [{"code": 20, "name": "report", "taskType": "HIVECLI",
        "taskParams": {"hiveCliTaskExecutionType": "SCRIPT", "hiveSqlScript": "insert overwrite table ads.z select a from dws.y"}}]}
  ])");
  REQUIRE(checks::IsDolphinSchedulerExport(doc));
  checks::JobSet set;
  std::vector<std::string> errors;
  REQUIRE(checks::ImportDolphinScheduler("export.json", doc, set, errors));
  REQUIRE(set.jobs.size() == 7);
  std::map<std::string, const checks::Job*> by;
  for (const checks::Job& j : set.jobs) by[j.name] = &j;
  REQUIRE(by.contains("ods/load"));
  REQUIRE(by["ods/load"]->scripts.size() == 1);
  CHECK(by["ods/load"]->scripts[0].path == "etl/ods/load.sql");
  CHECK(by["ods/load"]->scripts[0].by_suffix);
  CHECK(by["ods/load"]->depends_on == std::vector<std::string>{"ods/sync_user"});
  CHECK(by["dw/wait_ods"]->depends_on == std::vector<std::string>{"ods/load", "ods/sync_user"});
  REQUIRE(by["dw/dwd"]->scripts.size() == 1);
  CHECK(by["dw/dwd"]->scripts[0].path == "etl/dwd/x.sql");
  REQUIRE(by["dw/dws"]->inline_sql.size() == 1);
  CHECK(by["dw/dws"]->inline_sql[0].sql == "set a=b;\ninsert overwrite table dws.y select a from dwd.x;\n");
  // The sub-workflow's first task waits for what the SUB_PROCESS task waits for; the SUB_PROCESS task for all of it.
  CHECK(by["ads/report"]->depends_on == std::vector<std::string>{"dw/dws"});
  CHECK(by["dw/ads"]->depends_on == std::vector<std::string>{"ads/report", "dw/dws"});
  REQUIRE(set.notes.size() == 1);
  CHECK(set.notes[0] == "ods/sync_user: a DATAX task; what it reads and writes is not known");

  // Scheduler paths match the repository's scripts by their last components.
  const checks::ResolvedJobs resolved = checks::ResolveJobScripts(set, {{"wh/etl/ods/load.sql", "wh/etl/ods/load.sql"},
                                                                        {"wh/etl/dwd/x.sql", "wh/etl/dwd/x.sql"},
                                                                        {"wh/old/dwd/x.sql", "wh/old/dwd/x.sql"}});
  CHECK(resolved.errors.empty());
  CHECK(resolved.unresolved.empty());
  const size_t dwd = static_cast<size_t>(
      std::find_if(set.jobs.begin(), set.jobs.end(), [](const checks::Job& j) { return j.name == "dw/dwd"; }) -
      set.jobs.begin());
  CHECK(resolved.scripts[dwd] == std::vector<std::string>{"wh/etl/dwd/x.sql"});
  const checks::ResolvedJobs ambiguous = checks::ResolveJobScripts(
      set, {{"a/etl/ods/load.sql", "a/etl/ods/load.sql"}, {"b/etl/ods/load.sql", "b/etl/ods/load.sql"}});
  REQUIRE(ambiguous.errors.size() == 1);
  CHECK(ambiguous.errors[0] == "ods/load: etl/ods/load.sql matches 2 of the scripts equally well; give a longer path");
}
