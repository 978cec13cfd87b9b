// OpenLineage events as servers keep them: a job is named by its script and
// the tables it writes (a statement inserted above renames nothing), the
// event time is the script's modification time unless --event-time says
// otherwise, and datasets whose columns are declared carry the schema facet.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/stat.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "base/strings.h"
#include "shell_run.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using namespace hivelineage;
using Json = nlohmann::json;

fs::path Scratch() {
  static const fs::path dir = testing::ProcessTempDir("hivelineage_ol_job_test_");
  return dir;
}

std::vector<Json> Events(const std::string& args, int expect_code = 0) {
  const testing::ShellRun r = testing::RunCli("graph --format openlineage " + args, Scratch(), Scratch());
  INFO(r.err);
  CHECK(r.code == expect_code);
  std::vector<Json> events;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) events.push_back(Json::parse(line));
  return events;
}

std::vector<std::string> JobNames(const std::vector<Json>& events) {
  std::vector<std::string> names;
  for (const Json& e : events) names.push_back(e["job"]["name"]);
  return names;
}

// Sets the file's modification time (seconds since 1970, UTC).
void SetModified(const fs::path& p, time_t seconds) {
  const timespec times[2] = {{seconds, 0}, {seconds, 0}};
  REQUIRE(::utimensat(AT_FDCWD, p.c_str(), times, 0) == 0);
}

}  // namespace

TEST_CASE("openlineage jobs: named by script and written tables, stable when a statement is inserted above") {
  const std::string body =
      "INSERT OVERWRITE TABLE dw.a SELECT x FROM ods.s;\n"
      "INSERT OVERWRITE TABLE dw.b SELECT y FROM ods.s;\n"
      "INSERT INTO TABLE dw.a SELECT z AS x FROM ods.t;\n"
      "SELECT count(*) FROM dw.a;\n";
  testing::WriteFile(Scratch(), "jobs/etl.sql", body);
  const std::vector<std::string> before = JobNames(Events("jobs/etl.sql"));
  CHECK(before == std::vector<std::string>{"jobs/etl.sql:dw.a", "jobs/etl.sql:dw.b", "jobs/etl.sql:dw.a#2",
                                           "jobs/etl.sql:query"});

  testing::WriteFile(Scratch(), "jobs/etl.sql",
                     "SET hive.exec.dynamic.partition=true;\n"
                     "INSERT OVERWRITE TABLE dw.c SELECT w FROM ods.u;\n" +
                         body);
  const std::vector<std::string> after = JobNames(Events("jobs/etl.sql"));
  CHECK(after == std::vector<std::string>{"jobs/etl.sql:dw.c", "jobs/etl.sql:dw.a", "jobs/etl.sql:dw.b",
                                          "jobs/etl.sql:dw.a#2", "jobs/etl.sql:query"});
  // A multi-insert writes several tables: one job for them.
  testing::WriteFile(Scratch(), "jobs/multi.sql",
                     "FROM ods.s INSERT OVERWRITE TABLE dw.y SELECT x INSERT OVERWRITE TABLE dw.x SELECT x;\n");
  CHECK(JobNames(Events("jobs/multi.sql")) == std::vector<std::string>{"jobs/multi.sql:dw.x,dw.y"});
}

TEST_CASE("openlineage events: the script's modification time, or --event-time; run ids follow job and time") {
  const fs::path script = testing::WriteFile(Scratch(), "time/t.sql", "INSERT OVERWRITE TABLE dw.a SELECT x FROM ods.s;\n");
  SetModified(script, 1714528800);  // 2024-05-01T02:00:00Z
  std::vector<Json> events = Events("time/t.sql");
  REQUIRE(events.size() == 1);
  CHECK(events[0]["eventTime"] == "2024-05-01T02:00:00Z");
  const std::string run = events[0]["run"]["runId"];
  CHECK(Events("time/t.sql")[0]["run"]["runId"] == run);  // posting again names the same run

  SetModified(script, 1714615200);  // a day later: a new run of the same job
  events = Events("time/t.sql");
  CHECK(events[0]["eventTime"] == "2024-05-02T02:00:00Z");
  CHECK(events[0]["run"]["runId"] != run);
  CHECK(events[0]["job"]["name"] == "time/t.sql:dw.a");

  events = Events("--event-time 2024-06-01T00:00:00+08:00 time/t.sql");
  CHECK(events[0]["eventTime"] == "2024-06-01T00:00:00+08:00");
  // Standard input has no modification time: fixed, so the output is reproducible.
  testing::WriteFile(Scratch(), "time/stdin.sql", "INSERT OVERWRITE TABLE dw.a SELECT x FROM ods.s;\n");
  const testing::ShellRun r = testing::RunShell(
      Cat("(", testing::ShellQuote(HIVELINEAGE_CLI), " graph --format openlineage - < time/stdin.sql)"), Scratch(),
      Scratch());
  CHECK(Json::parse(r.out)["eventTime"] == "1970-01-01T00:00:00Z");
}

TEST_CASE("openlineage datasets: the schema facet where the catalog or the scripts declare the columns") {
  testing::WriteFile(Scratch(), "schema/catalog.json",
                     R"({"tables": [{"name": "ods.s", "columns": [{"name": "x", "type": "bigint"},
                                     {"name": "y", "type": "string"}],
                                     "partition_columns": [{"name": "dt", "type": "string"}]}]})");
  testing::WriteFile(Scratch(), "schema/wh/a_ddl.sql", "CREATE TABLE dw.a (x BIGINT COMMENT '编号', z STRING);\n");
  testing::WriteFile(Scratch(), "schema/wh/b_load.sql",
                     "INSERT OVERWRITE TABLE dw.a SELECT x, y AS z FROM ods.s;\n"
                     "INSERT OVERWRITE TABLE dw.unknown SELECT x FROM ods.nowhere;\n");
  const std::vector<Json> events = Events("--catalog schema/catalog.json schema/wh");
  REQUIRE(events.size() == 3);
  const Json& load = events[1];
  CHECK(load["job"]["name"] == "schema/wh/b_load.sql:dw.a");
  const Json& in = load["inputs"][0];
  CHECK(in["name"] == "ods.s");
  CHECK(in["facets"]["schema"]["_schemaURL"].get<std::string>().find("SchemaDatasetFacet.json") != std::string::npos);
  CHECK(in["facets"]["schema"]["fields"] ==
        Json::parse(R"([{"name": "x", "type": "bigint"}, {"name": "y", "type": "string"},
                        {"name": "dt", "type": "string"}])"));
  // Declared by another script's DDL: known to the whole warehouse.
  const Json& out = load["outputs"][0];
  CHECK(out["facets"]["schema"]["fields"] ==
        Json::parse(R"([{"name": "x", "type": "bigint"}, {"name": "z", "type": "string"}])"));
  CHECK(out["facets"].contains("columnLineage"));
  // Columns nobody declares: no schema facet.
  CHECK_FALSE(events[2]["inputs"][0].contains("facets"));
  CHECK_FALSE(events[2]["outputs"][0]["facets"].contains("schema"));

  // A store gives the same events.
  const testing::ShellRun r =
      testing::RunCli("store update schema.db --catalog schema/catalog.json schema/wh", Scratch(), Scratch());
  REQUIRE(r.code == 0);
  CHECK(Events("--store schema.db") == events);
}
