// Sync jobs (src/sync/, docs/systems.md): DataX, Sqoop and SeaTunnel jobs
// read into statements, tables outside Hive named by system, HDFS paths
// linked to Hive tables, and the corpus warehouse of corpus/sync/ against
// its hand-checked goldens (`unit_tests --update -tc='sync corpus*'`
// rewrites them; review the diff).
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>

#include "base/source_file.h"
#include "cli_runner.h"
#include "driver/run.h"
#include "graph/queries/lineage_source.h"
#include "sync/sync_job.h"
#include "sync/system_name.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using namespace hivelineage;

sync::JobResult Read(const std::string& name, const std::string& text, const sync::SyncOptions& options = {}) {
  const SourceFile file(name, text);
  return sync::ReadJob(file, options);
}

const lineage::ColumnLineage* Column(const sync::JobStatement& st, const std::string& target) {
  for (const lineage::ColumnLineage& c : st.lineage.columns)
    if (c.target == target) return &c;
  return nullptr;
}

LineCol At(const std::string& text, const Diagnostic& d) {
  const SourceFile file("x", text);
  return file.Locate(d.span.begin);
}

const char kDataX[] = R"j({
  "job": {"content": [
    {"reader": {"name": "mysqlreader", "parameter": {
        "column": ["id", "`phone`", "upper(name)"],
        "connection": [{"table": ["customer"], "jdbcUrl": ["jdbc:mysql://10.0.0.5/crm?useSSL=false"]}]}},
     "writer": {"name": "hdfswriter", "parameter": {
        "defaultFS": "hdfs://ns1", "path": "/user/hive/warehouse/ods.db/ods_customer/dt=2024-03-01",
        "column": [{"name": "id"}, {"name": "phone"}, {"name": "name"}]}}}
  ]}
})j";

}  // namespace

TEST_CASE("sync system names: JDBC URLs, friendly names, database and system of a name") {
  auto c = sync::ParseJdbcUrl("jdbc:mysql://10.0.0.5/crm?useSSL=false");
  REQUIRE(c);
  CHECK(c->system == "mysql://10.0.0.5:3306");
  CHECK(c->database == "crm");
  c = sync::ParseJdbcUrl("jdbc:oracle:thin:@db1:1521:ORCL");
  REQUIRE(c);
  CHECK(c->system == "oracle://db1:1521");
  CHECK(c->database == "orcl");
  c = sync::ParseJdbcUrl("jdbc:sqlserver://sql1:1433;DatabaseName=Sales");
  REQUIRE(c);
  CHECK(c->system == "sqlserver://sql1:1433");
  CHECK(c->database == "sales");
  CHECK_FALSE(sync::ParseJdbcUrl("not a url"));

  Diagnostics problems;
  const sync::SystemMap map = sync::SystemMap::Parse(
      "# names\nmysql://10.0.0.5:3306 = crm-mysql\njdbc:mysql://10.0.0.7:3306/crm = crm-mysql\nbroken line\n", problems);
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].span.begin == 85);
  CHECK(map.Name("mysql://10.0.0.5:3306") == "crm-mysql");
  CHECK(map.Name("mysql://10.0.0.7:3306") == "crm-mysql");
  CHECK(map.Name("mysql://10.0.0.9:3306") == "mysql://10.0.0.9:3306");

  CHECK(graph::DatabaseOfTable("mysql://10.0.0.5:3306/crm.customer") == "mysql://10.0.0.5:3306/crm");
  CHECK(graph::DatabaseOfTable("crm-mysql/crm.customer") == "crm-mysql/crm");
  CHECK(graph::DatabaseOfTable("kafka://b1:9092/events") == "kafka://b1:9092");
  CHECK(graph::DatabaseOfTable("ods.t") == "ods");
  CHECK(sync::SystemNodeOf("ods.t") == "hive");
  CHECK(sync::SystemNodeOf("mysql://10.0.0.5:3306/crm.customer") == "mysql://10.0.0.5:3306");
}

TEST_CASE("sync HDFS paths: the Hive table whose folder holds them, partitions included") {
  sync::SyncOptions o;
  bool linked = false;
  CHECK(sync::TableOfPath("hdfs://ns1/user/hive/warehouse/ods.db/ods_user/dt=2024-03-01", o, &linked) == "ods.ods_user");
  CHECK(linked);
  CHECK(sync::TableOfPath("/user/hive/warehouse/t1", o, &linked) == "default.t1");
  CHECK(linked);
  CHECK(sync::TableOfPath("/data/export/x", o, &linked) == "directory:/data/export/x");
  CHECK_FALSE(linked);
  o.warehouse_dir = "hdfs://ns1/warehouse/";
  CHECK(sync::TableOfPath("/warehouse/dwd.db/t2/dt=1/hour=2", o, &linked) == "dwd.t2");
  CHECK(linked);
  // A folder that is no partition below the table's is not that table's.
  CHECK(sync::TableOfPath("/warehouse/dwd.db/t2/tmp/x", o, &linked) == "directory:/warehouse/dwd.db/t2/tmp/x");
}

TEST_CASE("sync DataX: columns by position from a MySQL table into the Hive table of the path") {
  const sync::JobResult r = Read("job.json", kDataX);
  CHECK(r.diagnostics.empty());
  REQUIRE(r.statements.size() == 1);
  const sync::JobStatement& st = r.statements[0];
  CHECK(st.lineage.inputs == std::vector<std::string>{"mysql://10.0.0.5:3306/crm.customer"});
  CHECK(st.lineage.outputs == std::vector<std::string>{"ods.ods_customer"});
  REQUIRE(st.lineage.columns.size() == 3);
  const lineage::ColumnLineage* name = Column(st, "ods.ods_customer.name");
  REQUIRE(name != nullptr);
  CHECK(name->sources == std::vector<std::string>{"mysql://10.0.0.5:3306/crm.customer.name"});
  CHECK(name->expression == "upper(name)");
  const lineage::ColumnLineage* phone = Column(st, "ods.ods_customer.phone");
  REQUIRE(phone != nullptr);
  CHECK(phone->sources == std::vector<std::string>{"mysql://10.0.0.5:3306/crm.customer.phone"});

  Diagnostics problems;
  const sync::SystemMap map = sync::SystemMap::Parse("mysql://10.0.0.5:3306 = crm-mysql\n", problems);
  sync::SyncOptions o;
  o.systems = &map;
  const sync::JobResult named = Read("job.json", kDataX, o);
  REQUIRE(named.statements.size() == 1);
  CHECK(named.statements[0].lineage.inputs == std::vector<std::string>{"crm-mysql/crm.customer"});
}

TEST_CASE("sync DataX bad input: invalid JSON, an unknown reader, a column count that differs") {
  const std::string broken = "{\n  \"job\": {\"content\": [\n    {\"reader\": }\n  ]}\n}\n";
  sync::JobResult r = Read("broken.json", broken);
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].severity == Severity::Error);
  CHECK(At(broken, r.diagnostics[0]).line == 3);
  CHECK(r.statements.empty());

  // Two entries: the first's reader is unknown, the second maps 3 columns onto 2.
  const std::string text = R"j({"job": {"content": [
 {"reader": {"name": "mongodbreader", "parameter": {}},
  "writer": {"name": "mysqlwriter", "parameter": {"column": ["a"],
     "connection": [{"jdbcUrl": "jdbc:mysql://m1:3306/db", "table": ["t"]}]}}},
 {"reader": {"name": "mysqlreader", "parameter": {"column": ["a", "b", "c"],
     "connection": [{"jdbcUrl": ["jdbc:mysql://m1:3306/db"], "table": ["s"]}]}},
  "writer": {"name": "mysqlwriter", "parameter": {"column": ["x", "y"],
     "connection": [{"jdbcUrl": "jdbc:mysql://m2:3306/db", "table": ["t"]}]}}}
]}})j";
  r = Read("two.json", text);
  REQUIRE(r.statements.size() == 2);
  REQUIRE(r.statements[0].diagnostics.size() == 1);
  CHECK(r.statements[0].diagnostics[0].code == DiagnosticCode::SyncUnknownPlugin);
  CHECK(r.statements[0].diagnostics[0].message.find("'mongodbreader'") != std::string::npos);
  CHECK(At(text, r.statements[0].diagnostics[0]).line == 2);
  // The writer that is known still says what the entry writes.
  CHECK(r.statements[0].lineage.outputs == std::vector<std::string>{"mysql://m1:3306/db.t"});
  const sync::JobStatement& second = r.statements[1];
  REQUIRE(second.diagnostics.size() == 1);
  CHECK(second.diagnostics[0].severity == Severity::Warning);
  CHECK(second.diagnostics[0].code == DiagnosticCode::SyncColumnMismatch);
  CHECK(second.diagnostics[0].message.find("the reader has 3 columns and the writer 2") != std::string::npos);
  CHECK(At(text, second.diagnostics[0]).line == 7);
  REQUIRE(second.lineage.columns.size() == 2);
  CHECK(Column(second, "mysql://m2:3306/db.t.y")->sources == std::vector<std::string>{"mysql://m1:3306/db.s.b"});
}

TEST_CASE("sync Sqoop: import with a query and variables, export by --columns, unknown variables located") {
  const std::string script =
      "#!/bin/bash\n"
      "URL=jdbc:mysql://10.0.0.6:3306/shop\n"
      "sqoop import --connect \"$URL\" \\\n"
      "  --query \"SELECT o.id AS order_id, o.amount FROM orders o WHERE o.dt = '${DT}' AND \\$CONDITIONS\" \\\n"
      "  --hive-import --hive-table ods.ods_order -m 1\n"
      "echo done\n"
      "sqoop export --connect jdbc:postgresql://pg:5432/bi --table sales --columns 'city, amount' \\\n"
      "  --export-dir hdfs://ns1/user/hive/warehouse/ads.db/ads_sales\n"
      "sqoop import --connect $NOPE --table t --target-dir /data/landing/t\n";
  lexer::Variables vars;
  vars.Define("DT", "2024-03-01");
  sync::SyncOptions o;
  o.variables = &vars;
  const sync::JobResult r = Read("jobs.sh", script, o);
  REQUIRE(r.statements.size() == 3);
  const sync::JobStatement& imp = r.statements[0];
  CHECK(imp.lineage.inputs == std::vector<std::string>{"mysql://10.0.0.6:3306/shop.orders"});
  CHECK(imp.lineage.outputs == std::vector<std::string>{"ods.ods_order"});
  REQUIRE(Column(imp, "ods.ods_order.order_id") != nullptr);
  CHECK(Column(imp, "ods.ods_order.order_id")->sources == std::vector<std::string>{"mysql://10.0.0.6:3306/shop.orders.id"});
  REQUIRE(imp.lineage.predicates.size() == 1);
  CHECK(imp.lineage.predicates[0].expression.find("2024-03-01") != std::string::npos);
  const sync::JobStatement& exp = r.statements[1];
  CHECK(exp.lineage.inputs == std::vector<std::string>{"ads.ads_sales"});
  CHECK(exp.lineage.outputs == std::vector<std::string>{"postgresql://pg:5432/bi.sales"});
  CHECK(Column(exp, "postgresql://pg:5432/bi.sales.city")->sources == std::vector<std::string>{"ads.ads_sales.city"});
  // $NOPE is unknown: one warning at it, and the command has no lineage.
  const sync::JobStatement& bad = r.statements[2];
  REQUIRE(bad.diagnostics.size() == 2);
  CHECK(bad.diagnostics[0].code == DiagnosticCode::SyncUnknownVariable);
  CHECK(bad.diagnostics[0].message.find("`NOPE`") != std::string::npos);
  CHECK(At(script, bad.diagnostics[0]).line == 9);
  CHECK(At(script, bad.diagnostics[0]).column == 24);
  CHECK(bad.lineage.outputs.empty());
}

namespace {

// The golden of `args` run from the source root: corpus/sync/expected/NAME.
void CheckGolden(const std::string& name, const std::string& args, int want_status = 0) {
  CAPTURE(name);
  const testing::CliResult r = testing::RunCli(args);
  CHECK(r.code == want_status);
  if (r.code != want_status) MESSAGE(r.err);
  const fs::path golden = testing::SourceDir() / "corpus" / "sync" / "expected" / name;
  if (testing::g_update_golden) {
    std::ofstream(golden, std::ios::binary) << r.out;
    return;
  }
  REQUIRE_MESSAGE(fs::exists(golden), "missing golden (run unit_tests --update -tc='sync corpus*')");
  CHECK(testing::ReadFile(golden) == r.out);
}

const char kCorpusArgs[] = "--var etl_date=2024-03-01 --system-map corpus/sync/governance/systems.txt corpus/sync";

}  // namespace

TEST_CASE("sync corpus: the graph at every level") {
  CheckGolden("lineage.json", kCorpusArgs);
  CheckGolden("graph_column.json", std::string("graph ") + kCorpusArgs);
  CheckGolden("graph_table.json", std::string("graph --level table ") + kCorpusArgs);
  CheckGolden("graph_database.mmd", std::string("graph --format mermaid --level database ") + kCorpusArgs);
  CheckGolden("graph_system.mmd", std::string("graph --format mermaid --level system ") + kCorpusArgs);
  // The system level joins every Hive table into one node beside the others.
  const std::string system = testing::ReadFile(testing::SourceDir() / "corpus/sync/expected/graph_system.mmd");
  CHECK(system.find("[\"hive\"]") != std::string::npos);
  CHECK(system.find("[\"crm-mysql\"]") != std::string::npos);
}

TEST_CASE("sync corpus: impact from a MySQL column to a ClickHouse column and back") {
  CheckGolden("impact_crm_phone.txt", std::string("impact --downstream crm-mysql/crm.customer.phone ") + kCorpusArgs);
  CheckGolden("impact_report_phone.txt",
              std::string("impact --upstream clickhouse://ch-report:8123/report.customer_contact.contact_phone ") +
                  kCorpusArgs);
  const std::string down = testing::ReadFile(testing::SourceDir() / "corpus/sync/expected/impact_crm_phone.txt");
  CHECK(down.find("clickhouse://ch-report:8123/report.customer_contact.contact_phone") != std::string::npos);
}

TEST_CASE("sync corpus: a sensitive column of MySQL reaches a public ClickHouse report") {
  CheckGolden("sensitive.txt",
              std::string("check sensitive --tags corpus/sync/governance/tags.csv --levels corpus/sync/governance/levels.csv ") +
                  kCorpusArgs,
              1);
  const std::string found = testing::ReadFile(testing::SourceDir() / "corpus/sync/expected/sensitive.txt");
  CHECK(found.find("1 amplification") != std::string::npos);
}

TEST_CASE("sync SeaTunnel: HOCON and JSON configs, the Sql transform between source and sink") {
  const std::string hocon =
      "env { parallelism = 1 }\n"
      "source {\n"
      "  Jdbc {\n"
      "    url = \"jdbc:mysql://m1:3306/crm\"\n"
      "    query = \"select id, phone from customer\"\n"
      "    plugin_output = \"c\"  // comment\n"
      "  }\n"
      "}\n"
      "transform {\n"
      "  Sql { plugin_input = \"c\", plugin_output = \"d\", query = \"select id, md5(phone) as phone_md5 from c\" }\n"
      "}\n"
      "sink { Clickhouse { plugin_input = d, host = \"ch1:8123\", database = rpt, table = contacts } }\n";
  const sync::JobResult r = Read("job.conf", hocon);
  CHECK(r.diagnostics.empty());
  REQUIRE(r.statements.size() == 1);
  const sync::JobStatement& st = r.statements[0];
  CHECK(st.lineage.inputs == std::vector<std::string>{"mysql://m1:3306/crm.customer"});
  CHECK(st.lineage.outputs == std::vector<std::string>{"clickhouse://ch1:8123/rpt.contacts"});
  const lineage::ColumnLineage* md5 = Column(st, "clickhouse://ch1:8123/rpt.contacts.phone_md5");
  REQUIRE(md5 != nullptr);
  CHECK(md5->sources == std::vector<std::string>{"mysql://m1:3306/crm.customer.phone"});
  CHECK(md5->expression == "md5(phone)");

  const std::string json = R"j({"source": [{"plugin_name": "Hive", "table_name": "ads.t", "result_table_name": "a"}],
  "sink": [{"plugin_name": "Jdbc", "source_table_name": "a", "url": "jdbc:postgresql://pg:5432/bi", "table": "public_t"}]})j";
  const sync::JobResult j = Read("job.json", json);
  REQUIRE(j.statements.size() == 1);
  CHECK(j.statements[0].lineage.inputs == std::vector<std::string>{"ads.t"});
  CHECK(j.statements[0].lineage.outputs == std::vector<std::string>{"postgresql://pg:5432/bi.public_t"});
}

TEST_CASE("sync SeaTunnel bad input: a HOCON error is located, an unknown sink is a warning") {
  const std::string bad = "source {\n  Jdbc {\n    url = \"jdbc:mysql://m1/crm\n  }\n}\n";
  sync::JobResult r = Read("bad.conf", bad);
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].severity == Severity::Error);
  CHECK(r.diagnostics[0].code == DiagnosticCode::InvalidSyncJob);
  CHECK(r.diagnostics[0].message.find("unterminated string") != std::string::npos);
  CHECK(At(bad, r.diagnostics[0]).line == 3);
  CHECK(At(bad, r.diagnostics[0]).column == 11);

  const std::string unknown =
      "source { Hive { table_name = \"ods.a\" } }\n"
      "sink {\n  Redis { host = r1 }\n  Hive { table_name = \"ods.b\" }\n}\n";
  r = Read("two.conf", unknown);
  REQUIRE(r.statements.size() == 2);
  REQUIRE(r.statements[0].diagnostics.size() == 1);
  CHECK(r.statements[0].diagnostics[0].code == DiagnosticCode::SyncUnknownPlugin);
  CHECK(r.statements[0].diagnostics[0].message.find("'Redis'") != std::string::npos);
  CHECK(At(unknown, r.statements[0].diagnostics[0]).line == 3);
  CHECK(r.statements[1].lineage.outputs == std::vector<std::string>{"ods.b"});
}

TEST_CASE("sync corpus: check schedule knows which job writes which table") {
  CheckGolden("schedule.txt", std::string("check schedule --jobs corpus/sync/governance/jobs.json ") + kCorpusArgs, 1);
  const std::string found = testing::ReadFile(testing::SourceDir() / "corpus/sync/expected/schedule.txt");
  CHECK(found.find("ads_reports needs ods_shop") != std::string::npos);
}

TEST_CASE("sync corpus: explain traces a ClickHouse column back to MySQL") {
  CheckGolden("explain_report_phone.txt",
              std::string("explain clickhouse://ch-report:8123/report.customer_contact.contact_phone ") + kCorpusArgs);
}

TEST_CASE("sync corpus: a store keeps the jobs, and impact over it crosses the systems") {
  const fs::path dir = testing::ProcessTempDir("hivelineage_sync_store_");
  const std::string db = testing::ShellQuote((dir / "lineage.db").string());
  const testing::CliResult update = testing::RunCli("store update " + db + " " + kCorpusArgs);
  REQUIRE_MESSAGE(update.code == 0, update.err);
  const testing::CliResult impact = testing::RunCli("impact --downstream crm-mysql/crm.customer.phone --store " + db);
  CHECK(impact.code == 0);
  CHECK(impact.out.find("clickhouse://ch-report:8123/report.customer_contact.contact_phone") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("sync corpus: OpenLineage names a system's datasets in the system's namespace") {
  const testing::CliResult r =
      testing::RunCli(std::string("graph --format openlineage --event-time 2024-03-01T00:00:00Z ") + kCorpusArgs);
  REQUIRE_MESSAGE(r.code == 0, r.err);
  CHECK(r.out.find(R"j("namespace":"crm-mysql","name":"crm.customer")j") != std::string::npos);
  CHECK(r.out.find(R"j("namespace":"clickhouse://ch-report:8123","name":"report.customer_contact")j") != std::string::npos);
  // A job's text holds credentials (DataX's `password`): it is never an event's SQL facet.
  CHECK(r.out.find("password") == std::string::npos);
  CHECK(r.out.find(R"j("namespace":"hive","name":"ods.ods_crm_customer")j") != std::string::npos);
}

TEST_CASE("sync folder walk: job files are taken by their content, other .json/.sh/.conf files are not") {
  const fs::path dir = testing::ProcessTempDir("hivelineage_sync_walk_");
  testing::WriteFile(dir, "a.sql", "select 1;\n");
  testing::WriteFile(dir, "datax.json", kDataX);
  testing::WriteFile(dir, "settings.json", "{\"name\": \"not a job\"}\n");
  testing::WriteFile(dir, "load.sh", "sqoop import --connect jdbc:mysql://h/db --table t --hive-import\n");
  testing::WriteFile(dir, "build.sh", "make all\n");
  testing::WriteFile(dir, "st.conf", "source { Hive { table_name = a.b } }\nsink { Hive { table_name = a.c } }\n");
  testing::WriteFile(dir, "nginx.conf", "server { listen 80; }\n");
  const driver::ExpandedInputs in = driver::ExpandPaths({dir.string()});
  std::vector<std::string> names;
  for (const driver::InputFile& f : in.files) names.push_back(fs::path(f.name).filename().string());
  CHECK(names == std::vector<std::string>{"a.sql", "datax.json", "load.sh", "st.conf"});
  fs::remove_all(dir);
}

TEST_CASE("sync corpus: the output is the same for any -j") {
  const testing::CliResult one = testing::RunCli(std::string("graph -j 1 ") + kCorpusArgs);
  const testing::CliResult two = testing::RunCli(std::string("graph -j 3 ") + kCorpusArgs);
  REQUIRE(one.code == 0);
  CHECK(one.out.size() > 1000);
  CHECK(one.out == two.out);
}

TEST_CASE("sync jobs' text, which holds credentials, reaches no output: hive records, store") {
  // Hive's LineageLogger never sees a sync job: the hive format has no record of one.
  const testing::CliResult hive =
      testing::RunCli("--format hive --var etl_date=2024-03-01 corpus/sync/jobs/datax_crm_customer_to_ods.json");
  CHECK(hive.code == 0);
  CHECK(hive.out.empty());
  const testing::CliResult sql = testing::RunCli("--format hive --var etl_date=2024-03-01 corpus/sync/etl/dwd_customer.sql");
  CHECK(sql.out.find("queryText") != std::string::npos);
  const fs::path dir = testing::ProcessTempDir("hivelineage_sync_secret_");
  const std::string db = testing::ShellQuote((dir / "lineage.db").string());
  REQUIRE(testing::RunCli("store update " + db + " " + kCorpusArgs).code == 0);
  // The SQLite file holds the ETL's SQL but never the DataX job's password line.
  const std::string bytes = testing::ReadFile(dir / "lineage.db");
  CHECK(bytes.find("INSERT OVERWRITE TABLE dwd.dwd_customer") != std::string::npos);
  CHECK(bytes.find("\"password\"") == std::string::npos);
  fs::remove_all(dir);
}

namespace {

// The first statement of `sql` run as a reader query of `system`, or the error.
sync::Side Query(const std::string& sql, const std::string& system, Diagnostics& problems) {
  return sync::QuerySide(sql, system, "db", sync::SyncOptions{}, 0, problems);
}

std::vector<std::string> Sources(const sync::Side& side, const std::string& column) {
  for (const sync::SideColumn& c : side.columns)
    if (c.name == column) return c.sources;
  return {};
}

}  // namespace

TEST_CASE("sync reader queries: each source's dialect as far as tables and select list go") {
  Diagnostics problems;
  // MySQL: backquotes.
  sync::Side my = Query("SELECT `id`, `total` AS `amount` FROM `orders` WHERE `status` = 'paid'", "mysql://h:3306",
                        problems);
  CHECK(problems.empty());
  CHECK(my.tables == std::vector<std::string>{"mysql://h:3306/db.orders"});
  CHECK(Sources(my, "amount") == std::vector<std::string>{"mysql://h:3306/db.orders.total"});
  // PostgreSQL: "quoted" names and :: casts.
  sync::Side pg = Query(R"(SELECT r."refund_id", r.amount::numeric(12,2) AS amount FROM finance."refund" r)",
                        "postgresql://h:5432", problems);
  CHECK(problems.empty());
  CHECK(pg.tables == std::vector<std::string>{"postgresql://h:5432/finance.refund"});
  CHECK(Sources(pg, "refund_id") == std::vector<std::string>{"postgresql://h:5432/finance.refund.refund_id"});
  CHECK(Sources(pg, "amount") == std::vector<std::string>{"postgresql://h:5432/finance.refund.amount"});
  // Oracle: "quoted" names and (+) outer joins.
  sync::Side ora = Query(R"(SELECT c.id, o."TOTAL" AS total FROM crm.customer c, crm.orders o WHERE c.id = o.customer_id(+))",
                         "oracle://h:1521", problems);
  CHECK(problems.empty());
  CHECK(ora.tables == std::vector<std::string>{"oracle://h:1521/crm.customer", "oracle://h:1521/crm.orders"});
  CHECK(Sources(ora, "total") == std::vector<std::string>{"oracle://h:1521/crm.orders.total"});
  REQUIRE(ora.predicates.size() == 1);
  // SQL Server: [bracketed] names (a ]] inside is a ]) and TOP n, TOP (n) PERCENT WITH TIES.
  sync::Side ms = Query("SELECT TOP 100 [id], [total]] x] AS [amount] FROM [sales].[dbo_orders] ORDER BY [id]",
                        "sqlserver://h:1433", problems);
  CHECK(problems.empty());
  CHECK(ms.tables == std::vector<std::string>{"sqlserver://h:1433/sales.dbo_orders"});
  CHECK(Sources(ms, "amount") == std::vector<std::string>{"sqlserver://h:1433/sales.dbo_orders.total] x"});
  sync::Side ms2 = Query("SELECT DISTINCT TOP (10) PERCENT WITH TIES o.id FROM sales.orders o", "sqlserver://h:1433",
                         problems);
  CHECK(problems.empty());
  CHECK(Sources(ms2, "id") == std::vector<std::string>{"sqlserver://h:1433/sales.orders.id"});
  // The switches are the source's only: Hive's own grammar still reads "x" as a
  // string, and `x(+)` is no column to it.
  Diagnostics hive_problems;
  Query("SELECT c.id FROM t c WHERE c.id = c.x(+)", "", hive_problems);
  CHECK(hive_problems.size() == 1);
  // ... and to Hive `[` indexes and `top` is a name.
  Diagnostics hive_top;
  Query("SELECT top, m['k'] FROM t", "", hive_top);
  CHECK(hive_top.empty());
  CHECK_FALSE(sync::SourceParseOptions("mysql://h:3306").lex.double_quoted_identifiers);
  CHECK(sync::SourceParseOptions("postgresql://h:5432").postfix_casts);
  CHECK_FALSE(sync::SourceParseOptions("postgresql://h:5432").outer_join_marks);
  CHECK(sync::SourceParseOptions("oracle://h:1521").outer_join_marks);
}

TEST_CASE("sync HDFS paths: a LOCATION declared in the catalog comes before the warehouse layout") {
  lineage::Catalog catalog;
  lineage::CatalogTable refund;
  refund.name = "ods.refund";
  refund.columns.emplace_back().name = "id";
  refund.location = "hdfs://ns1/data/ods/refund";
  catalog.Put(refund);
  lineage::CatalogTable moved;  // a table of the warehouse layout whose folder is elsewhere
  moved.name = "ods.moved";
  moved.location = "/user/hive/warehouse/ods.db/elsewhere";
  catalog.Put(moved);
  lineage::CatalogTable deep;  // the longest LOCATION holding the path wins
  deep.name = "ods.refund_eu";
  deep.location = "/data/ods/refund/region=eu/all";
  catalog.Put(deep);
  sync::SyncOptions o;
  o.catalog = &catalog;
  bool linked = false;
  CHECK(sync::TableOfPath("/data/ods/refund/dt=2024-03-01/part-0", o, &linked) == "ods.refund");
  CHECK(linked);
  CHECK(sync::TableOfPath("hdfs://other/data/ods/refund/", o, &linked) == "ods.refund");
  CHECK(sync::TableOfPath("/data/ods/refund/region=eu/all/dt=1", o, &linked) == "ods.refund_eu");
  CHECK(sync::TableOfPath("/user/hive/warehouse/ods.db/elsewhere/dt=1", o, &linked) == "ods.moved");
  CHECK(sync::TableOfPath("/user/hive/warehouse/ods.db/t9", o, &linked) == "ods.t9");
  // Not a partition folder below the LOCATION: not the table's.
  CHECK(sync::TableOfPath("/data/ods/refund/tmp/x", o, &linked) == "directory:/data/ods/refund/tmp/x");
  CHECK_FALSE(linked);
  // An unlinked path is its folder, without scheme or the partition folders that end it.
  CHECK(sync::TableOfPath("hdfs://ns1/staging/x/dt=1/h=2", o, &linked) == "directory:/staging/x");
  CHECK(sync::DirectoryOfPath("/staging/x/") == "directory:/staging/x");
}

TEST_CASE("sync HDFS paths: LOCATION from DDL and from a JSON catalog reach a job") {
  const fs::path dir = testing::ProcessTempDir("hivelineage_sync_location_");
  testing::WriteFile(dir, "ddl.sql",
                     "CREATE EXTERNAL TABLE ods.refund (id BIGINT, amount DOUBLE) PARTITIONED BY (dt STRING)\n"
                     "STORED AS ORC LOCATION 'hdfs://ns1/data/refund';\n");
  testing::WriteFile(dir, "refund.sh",
                     "sqoop import --connect jdbc:mysql://h/fin --table refund --columns id,amount "
                     "--target-dir /data/refund/dt=1\n");
  const std::string d = testing::ShellQuote(dir.string());
  testing::CliResult r = testing::RunCli("graph --level table " + d);
  REQUIRE_MESSAGE(r.code == 0, r.err);
  CHECK(r.out.find("\"ods.refund\"") != std::string::npos);
  CHECK(r.out.find("directory:") == std::string::npos);
  // The same from a --catalog JSON's "location", with no DDL in the run.
  testing::WriteFile(dir, "catalog.json",
                     R"j({"tables": [{"name": "ods.refund", "location": "/data/refund",
                          "columns": [{"name": "id"}, {"name": "amount"}]}]})j");
  fs::remove(dir / "ddl.sql");
  r = testing::RunCli("graph --level table --catalog " + testing::ShellQuote((dir / "catalog.json").string()) + " " +
                      testing::ShellQuote((dir / "refund.sh").string()));
  REQUIRE_MESSAGE(r.code == 0, r.err);
  CHECK(r.out.find("\"ods.refund\"") != std::string::npos);
  CHECK(r.out.find("directory:") == std::string::npos);
  // The same from saved DESCRIBE FORMATTED output, whose Location: row says where the files are.
  testing::WriteFile(dir, "describe.txt",
                     "DESCRIBE FORMATTED ods.refund;\n"
                     "# col_name\tdata_type\tcomment\n"
                     "id\tbigint\t\n"
                     "amount\tdouble\t\n"
                     "# Detailed Table Information\t\t\n"
                     "Database:\tods\t\n"
                     "Location:\thdfs://ns1/data/refund\t\n"
                     "Table Type:\tEXTERNAL_TABLE\t\n");
  r = testing::RunCli("graph --level table --catalog " + testing::ShellQuote((dir / "describe.txt").string()) + " " +
                      testing::ShellQuote((dir / "refund.sh").string()));
  REQUIRE_MESSAGE(r.code == 0, r.err);
  CHECK(r.out.find("\"ods.refund\"") != std::string::npos);
  CHECK(r.out.find("directory:") == std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("sync HDFS paths: a path no table holds is one unlinked dataset, noted once per file") {
  const std::string script =
      "sqoop import --connect jdbc:mysql://h/fin --table a --columns id --target-dir /tmp/x/dt=1\n"
      "sqoop import --connect jdbc:mysql://h/fin --table b --columns id --target-dir hdfs://ns/tmp/x/dt=2\n";
  const sync::JobResult r = Read("two.sh", script);
  REQUIRE(r.statements.size() == 2);
  size_t notes = 0;
  for (const sync::JobStatement& st : r.statements) {
    CHECK(st.lineage.outputs == std::vector<std::string>{"directory:/tmp/x"});
    for (const Diagnostic& d : st.diagnostics) notes += d.message.find("no Hive table's folder") != std::string::npos;
  }
  CHECK(notes == 1);
}

TEST_CASE("sync corpus: LOAD DATA INPATH reads what the DataX job staged at its path") {
  const testing::CliResult r = testing::RunCli(kCorpusArgs);
  REQUIRE_MESSAGE(r.code == 0, r.err);
  const std::string& lineage = r.out;
  // The load reads the staging folder the job writes, columns by position.
  CHECK(lineage.find(R"("inputs": ["directory:/staging/crm/orders"],)") != std::string::npos);
  CHECK(lineage.find(R"("target": "ods.ods_crm_order.amount", "sources": ["directory:/staging/crm/orders.amount"])") !=
        std::string::npos);
  // A LOAD DATA of a path no job writes keeps its lineage: the table it writes, nothing read.
  const testing::CliResult alone = testing::RunCli(
      "--var etl_date=2024-03-01 corpus/sync/etl/load_crm_order.sql corpus/sync/ddl/warehouse.sql");
  REQUIRE(alone.code == 0);
  CHECK(alone.out.find("directory:") == std::string::npos);
  CheckGolden("impact_crm_order_total.txt",
              std::string("impact --downstream crm-mysql/crm.orders.total ") + kCorpusArgs);
  const std::string impact = testing::ReadFile(testing::SourceDir() / "corpus/sync/expected/impact_crm_order_total.txt");
  CHECK(impact.find("ods.ods_crm_order.amount") != std::string::npos);
}

TEST_CASE("sync corpus: --system-of-dialect puts the Spark scripts' tables in a system of their own") {
  const fs::path dir = testing::ProcessTempDir("hivelineage_sync_spark_");
  testing::WriteFile(dir, "load.sh",
                     "sqoop import --connect jdbc:mysql://h/crm --table customer --columns id,name "
                     "--hive-import --hive-table ods.customer\n");
  testing::WriteFile(dir, "dwd.sql", "CREATE TABLE dwd.customer AS SELECT id, name FROM ods.customer;\n");
  testing::WriteFile(dir, "ads.sql", "-- dialect: spark\nCREATE TABLE ads.customer AS SELECT id FROM dwd.customer;\n");
  const std::string d = testing::ShellQuote(dir.string());
  const testing::CliResult one = testing::RunCli("graph --format mermaid --level system " + d);
  REQUIRE_MESSAGE(one.code == 0, one.err);
  CHECK(one.out.find("[\"spark\"]") == std::string::npos);
  const testing::CliResult two = testing::RunCli("graph --format mermaid --level system --system-of-dialect spark=spark " + d);
  REQUIRE_MESSAGE(two.code == 0, two.err);
  CHECK(two.out.find("[\"spark\"]") != std::string::npos);
  CHECK(two.out.find("[\"hive\"]") != std::string::npos);
  CHECK(two.out.find("[\"mysql://h:3306\"]") != std::string::npos);
  // --dialect spark makes every script without its own line Spark's.
  const testing::CliResult all =
      testing::RunCli("graph --format json --level system --dialect spark --system-of-dialect spark=spark " + d);
  REQUIRE_MESSAGE(all.code == 0, all.err);
  CHECK(all.out.find("\"spark\"") != std::string::npos);
  const testing::CliResult bad = testing::RunCli("graph --level system --system-of-dialect presto=x " + d);
  CHECK(bad.code == 2);
  CHECK(bad.err.find("--system-of-dialect expects DIALECT=NAME") != std::string::npos);
  const testing::CliResult not_system = testing::RunCli("graph --system-of-dialect spark=spark " + d);
  CHECK(not_system.code == 2);
  fs::remove_all(dir);
}

TEST_CASE("sync corpus: --level system for impact, the queries and the page") {
  CheckGolden("impact_system_crm.txt", std::string("impact --level system --downstream crm-mysql ") + kCorpusArgs);
  const std::string down = testing::ReadFile(testing::SourceDir() / "corpus/sync/expected/impact_system_crm.txt");
  CHECK(down.find("downstream of system crm-mysql") != std::string::npos);
  CHECK(down.find("systems:") != std::string::npos);
  CHECK(down.find("clickhouse://ch-report:8123") != std::string::npos);
  const testing::CliResult up = testing::RunCli(std::string("impact --level system --upstream clickhouse://ch-report:8123 ") + kCorpusArgs);
  REQUIRE_MESSAGE(up.code == 0, up.err);
  CHECK(up.out.find("crm-mysql (depth 2)") != std::string::npos);
  const testing::CliResult none = testing::RunCli(std::string("impact --level system --downstream nowhere ") + kCorpusArgs);
  CHECK(none.code == 2);
  // The statements that write the ClickHouse system: the DataX export.
  const testing::CliResult writers =
      testing::RunCli(std::string("writers --level system clickhouse://ch-report:8123 ") + kCorpusArgs);
  REQUIRE_MESSAGE(writers.code == 0, writers.err);
  CHECK(writers.out.find("datax_contact_to_clickhouse.json") != std::string::npos);
  CHECK(writers.out.find("dwd_customer.sql") == std::string::npos);
  const testing::CliResult roots = testing::RunCli(std::string("roots --level system ") + kCorpusArgs);
  REQUIRE_MESSAGE(roots.code == 0, roots.err);
  CHECK(roots.out.find("crm-mysql") != std::string::npos);
  CHECK(roots.out.find("hive") == std::string::npos);
  // explain traces a column of any system; a system is no column.
  const testing::CliResult explain = testing::RunCli(std::string("explain --level system crm-mysql ") + kCorpusArgs);
  CHECK(explain.code == 2);
  // The page of the systems: their nodes, no Hive table.
  const testing::CliResult page = testing::RunCli(std::string("graph --format html --level system ") + kCorpusArgs);
  REQUIRE_MESSAGE(page.code == 0, page.err);
  CHECK(page.out.find("crm-mysql") != std::string::npos);
  CHECK(page.out.find("ods.ods_crm_customer") == std::string::npos);
}

TEST_CASE("sync store: when only the job changes its path, the unchanged LOAD DATA script is analysed again") {
  const fs::path dir = testing::ProcessTempDir("hivelineage_sync_job_moves_");
  fs::copy(testing::SourceDir() / "corpus" / "sync", dir / "sync", fs::copy_options::recursive);
  const std::string db = testing::ShellQuote((dir / "lineage.db").string());
  const std::string args = "--var etl_date=2024-03-01 --system-map " +
                           testing::ShellQuote((dir / "sync/governance/systems.txt").string()) + " " +
                           testing::ShellQuote((dir / "sync").string());
  // Files an hour old, so that the update trusts their times (it reads again
  // whatever changed in the second before the last update began).
  const auto hour_ago = fs::file_time_type::clock::now() - std::chrono::hours(1);
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir / "sync"))
    if (e.is_regular_file()) fs::last_write_time(e.path(), hour_ago);
  REQUIRE(testing::RunCli("store update " + db + " " + args).code == 0);
  // The job now stages somewhere the LOAD DATA does not read.
  const fs::path job = dir / "sync/jobs/datax_crm_order_to_staging.json";
  std::string text = testing::ReadFile(job);
  const size_t at = text.find("/staging/crm/orders");
  REQUIRE(at != std::string::npos);
  text.replace(at, 19, "/staging/crm/moved_");
  std::ofstream(job, std::ios::trunc) << text;
  fs::last_write_time(job, hour_ago + std::chrono::minutes(30));
  const testing::CliResult again = testing::RunCli("store update " + db + " " + args);
  REQUIRE_MESSAGE(again.code == 0, again.err);
  CHECK_MESSAGE(again.err.find("2 analysed") != std::string::npos, again.err);  // the job and the LOAD DATA script
  // The store's graph is the scripts' graph: no stale link from the LOAD DATA to the old path.
  const testing::CliResult stored = testing::RunCli("graph --level table --store " + db);
  const testing::CliResult scripts = testing::RunCli("graph --level table " + args);
  REQUIRE(stored.code == 0);
  REQUIRE(scripts.code == 0);
  CHECK(scripts.out.find("staging/crm/orders") == std::string::npos);
  CHECK(stored.out == scripts.out);
  fs::remove_all(dir);
}

TEST_CASE("sync store: a changed LOAD DATA script still finds the unchanged job that wrote its path") {
  const fs::path dir = testing::ProcessTempDir("hivelineage_sync_load_store_");
  fs::copy(testing::SourceDir() / "corpus" / "sync", dir / "sync", fs::copy_options::recursive);
  const std::string db = testing::ShellQuote((dir / "lineage.db").string());
  const std::string args = "--var etl_date=2024-03-01 --system-map " +
                           testing::ShellQuote((dir / "sync/governance/systems.txt").string()) + " " +
                           testing::ShellQuote((dir / "sync").string());
  REQUIRE(testing::RunCli("store update " + db + " " + args).code == 0);
  std::ofstream(dir / "sync/etl/load_crm_order.sql", std::ios::app) << "-- changed\n";
  const testing::CliResult again = testing::RunCli("store update " + db + " " + args);
  REQUIRE_MESSAGE(again.code == 0, again.err);
  CHECK(again.err.find("1 analysed") != std::string::npos);
  const testing::CliResult impact = testing::RunCli("impact --downstream crm-mysql/crm.orders.total --store " + db);
  CHECK(impact.code == 0);
  CHECK(impact.out.find("ods.ods_crm_order.amount") != std::string::npos);
  fs::remove_all(dir);
}
