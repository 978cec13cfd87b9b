// Runs the built `hivelineage` binary on small inputs: exit codes, stdin,
// folders, options, formats and stderr diagnostics.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_in_process.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;

using CliRun = hivelineage::testing::ShellResult;

fs::path TempDir() {
  static const fs::path dir = hivelineage::testing::ProcessTempDir("hivelineage_cli_test_");
  return dir;
}

fs::path Write(const std::string& rel, const std::string& text) {
  return hivelineage::testing::WriteFile(TempDir(), rel, text);
}

std::string Quote(const std::string& s) { return hivelineage::testing::ShellQuote(s); }

// Runs the CLI in-process from TempDir() with `args` (already quoted as needed), stdin
// from `input`, and `env` (NAME=VALUE ...) added to the environment.
CliRun Run(const std::string& args, const std::string& input = "", const std::string& env = "");

// Runs the shell command `command` from TempDir(), stdin from `input`.
CliRun Shell(const std::string& command, const std::string& input = "") {
  return hivelineage::testing::RunShell(command, TempDir(), TempDir(), input);
}

CliRun Run(const std::string& args, const std::string& input, const std::string& env) {
  return hivelineage::testing::RunMain(args, TempDir(), input, env);
}

std::vector<nlohmann::json> Lines(const std::string& text) {
  std::vector<nlohmann::json> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) nl = text.size();
    out.push_back(nlohmann::json::parse(text.substr(start, nl - start)));
    start = nl + 1;
  }
  return out;
}

}  // namespace

TEST_CASE("cli: --help, --version and usage errors") {
  CliRun r = Run("--help");
  CHECK(r.code == 0);
  CHECK(r.out.find("usage: hivelineage") != std::string::npos);
  r = Run("--version");
  CHECK(r.code == 0);
  CHECK(r.out.starts_with("hivelineage "));
  CHECK(Run("--bogus x.sql").code == 2);
  CHECK(Run("--format xml x.sql").code == 2);
  CHECK(Run("--var novalue x.sql").code == 2);
  CHECK(Run("--catalog").code == 2);
  r = Run("does/not/exist.sql");
  CHECK(r.code == 2);
  CHECK(r.err.find("does/not/exist.sql") != std::string::npos);
}

TEST_CASE("cli: a clean script exits 0 with one JSON document") {
  Write("ok.sql", "use dw;\ninsert overwrite table daily select a, b from ods.events;\n");
  CliRun r = Run("ok.sql");
  CHECK(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["statements"].size() == 2);
  CHECK(j["statements"][0]["kind"] == "use");
  CHECK(j["statements"][1]["kind"] == "insert");
  CHECK(j["statements"][1]["file"] == "ok.sql");
  CHECK(j["statements"][1]["inputs"] == nlohmann::json::array({"ods.events"}));
  CHECK(j["statements"][1]["outputs"] == nlohmann::json::array({"dw.daily"}));
  CHECK(j["errors"].empty());
  // Only the summary line on stderr (no progress bar: stderr is not a terminal).
  CHECK(r.err.starts_with("hivelineage: 1 file, 2 statements, 0 errors, "));
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(r.err.find('\r') == std::string::npos);
  CHECK(Run("--quiet ok.sql").err.empty());
  // Same bytes every time.
  CHECK(Run("ok.sql").out == r.out);
  // `analyze` is an optional sub-command word.
  CHECK(Run("analyze ok.sql").out == r.out);
}

TEST_CASE("cli: an error reports file:line:col and a caret, the other statements stay") {
  Write("bad.sql", "select a from t;\nselect a from t where (;\nselect b from u;\n");
  CliRun r = Run("bad.sql");
  CHECK(r.code == 1);
  const auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["statements"].size() == 3);
  CHECK(j["statements"][0]["errors"].empty());
  REQUIRE(!j["statements"][1]["errors"].empty());
  CHECK(j["statements"][1]["errors"][0]["line"] == 2);
  CHECK(j["statements"][2]["errors"].empty());
  CHECK(j["statements"][2]["inputs"] == nlohmann::json::array({"default.u"}));
  CHECK(r.err.find("bad.sql:2:") != std::string::npos);
  CHECK(r.err.find(": error: ") != std::string::npos);
  CHECK(r.err.find("\nselect a from t where (;\n") != std::string::npos);
  CHECK(r.err.find("^\n") != std::string::npos);
}

TEST_CASE("cli: stdin, with - or with no PATH") {
  CliRun r = Run("-", "select k from src");
  CHECK(r.code == 0);
  auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["statements"].size() == 1);
  CHECK(j["statements"][0]["file"] == "<stdin>");
  CHECK(j["statements"][0]["inputs"] == nlohmann::json::array({"default.src"}));
  r = Run("", "select k from src");
  CHECK(r.code == 0);
  CHECK(nlohmann::json::parse(r.out)["statements"].size() == 1);
}

TEST_CASE("cli: folders are searched recursively, sorted, scripts only") {
  Write("tree/b.sql", "select 1");
  Write("tree/a/z.hql", "select 2");
  Write("tree/a/y.q", "select 3");
  Write("tree/a/notes.txt", "select 4");
  Write("tree/c.SQL", "select 5");
  CliRun r = Run("--format jsonl tree");
  CHECK(r.code == 0);
  const auto lines = Lines(r.out);
  REQUIRE(lines.size() == 4);
  CHECK(lines[0]["file"] == "tree/a/y.q");
  CHECK(lines[1]["file"] == "tree/a/z.hql");
  CHECK(lines[2]["file"] == "tree/b.sql");
  CHECK(lines[3]["file"] == "tree/c.SQL");
}

TEST_CASE("cli: --var, set and --default-db") {
  Write("vars.sql",
        "set src_db=ods;\n"
        "insert overwrite table ${hivevar:target} partition (dt='${dt}')\n"
        "select a, concat(a, '${dt}') as tagged from ${hiveconf:src_db}.events;\n"
        "select a from plain\n");
  CliRun r = Run("--var target=dw.daily --var dt=2024-01-01 --default-db STAGE vars.sql");
  CHECK(r.code == 0);
  auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["statements"].size() == 3);
  CHECK(j["statements"][1]["outputs"] == nlohmann::json::array({"dw.daily"}));
  CHECK(j["statements"][1]["inputs"] == nlohmann::json::array({"ods.events"}));
  REQUIRE(j["statements"][1]["columns"].size() == 2);
  CHECK(j["statements"][1]["columns"][1]["target"] == "dw.daily.tagged");
  CHECK(j["statements"][1]["columns"][1]["expression"] == "concat(a, '2024-01-01')");
  CHECK(j["statements"][2]["inputs"] == nlohmann::json::array({"stage.plain"}));
  // Without the variable the reference stays and a warning says so.
  r = Run("--var dt=1 vars.sql");
  CHECK(r.err.find("warning: undefined variable ${hivevar:target} left in place") != std::string::npos);
  j = nlohmann::json::parse(r.out);
  CHECK(j["statements"][1]["columns"][1]["expression"] == "concat(a, '1')");
}

TEST_CASE("cli: --semantics precise (the default) or hive, listed by --help") {
  CHECK(Run("--help").out.find("--semantics") != std::string::npos);
  CHECK(Run("graph --help").out.find("--semantics") != std::string::npos);
  Write("semantics/w.sql",
        "create table ods.o (id int, uid int, amt double);\n"
        "insert overwrite table ads.r select id, rank() over (partition by uid order by amt) as rk from ods.o;\n");
  const std::string precise = R"({"target": "ads.r.rk", "sources": ["ods.o.amt", "ods.o.uid"])";
  const std::string hive = R"({"target": "ads.r.rk", "sources": ["ods.o.amt", "ods.o.id", "ods.o.uid"])";
  CliRun r = Run("--quiet semantics/w.sql");
  CHECK(r.code == 0);
  CHECK(r.out.find(precise) != std::string::npos);
  CHECK(Run("--quiet --semantics precise semantics/w.sql").out == r.out);
  r = Run("--quiet --semantics=hive semantics/w.sql");
  CHECK(r.code == 0);
  CHECK(r.out.find(hive) != std::string::npos);
  // impact follows the run's semantics: under Hive's rules id reaches the rank.
  CHECK(Run("impact --downstream ods.o.id semantics/w.sql").out.find("ads.r.rk") == std::string::npos);
  CHECK(Run("impact --downstream ods.o.id --semantics hive semantics/w.sql").out.find("ads.r.rk") != std::string::npos);
}

TEST_CASE("cli: --allow-env") {
  Write("env.sql", "select a from ${env:HL_TEST_TABLE}");
  CliRun r = Run("--allow-env env.sql", "", "HL_TEST_TABLE=ods.t");
  CHECK(nlohmann::json::parse(r.out)["statements"][0]["inputs"] == nlohmann::json::array({"ods.t"}));
  // Without --allow-env the environment is not read: the reference stays, with a warning.
  r = Run("env.sql", "", "HL_TEST_TABLE=ods.t");
  CHECK(nlohmann::json::parse(r.out)["statements"][0]["inputs"] != nlohmann::json::array({"ods.t"}));
  CHECK(r.err.find("undefined variable") != std::string::npos);
}

TEST_CASE("cli: --catalog as JSON or DDL") {
  Write(
      "cat.json",
      R"({"tables": [{"name": "ods.src", "columns": [{"name": "k", "type": "string"}, {"name": "v", "type": "string"}]}]})");
  Write("cat.sql", "create table ods.src (k string, v string);\n");
  Write("star.sql", "insert overwrite table ods.dst select * from ods.src");
  for (const char* cat : {"cat.json", "cat.sql"}) {
    CAPTURE(cat);
    CliRun r = Run(std::string("--catalog ") + cat + " star.sql");
    CHECK(r.code == 0);
    const auto j = nlohmann::json::parse(r.out);
    REQUIRE(j["statements"].size() == 1);  // catalog statements are not listed
    const auto& cols = j["statements"][0]["columns"];
    REQUIRE(cols.size() == 2);
    CHECK(cols[0]["sources"] == nlohmann::json::array({"ods.src.k"}));
    CHECK(cols[1]["sources"] == nlohmann::json::array({"ods.src.v"}));
  }
  Write("broken.json", "{\"tables\": [");
  CHECK(Run("--catalog broken.json star.sql").code == 2);
  CHECK(Run("--catalog missing.json star.sql").code == 2);
  // Errors in a DDL catalog are reported at the top level.
  Write("badcat.sql", "create table ods.src (k string,, v string);\n");
  CliRun r = Run("--catalog badcat.sql star.sql");
  CHECK(r.code == 1);
  const auto j = nlohmann::json::parse(r.out);
  REQUIRE(!j["errors"].empty());
  CHECK(j["errors"][0]["file"] == "badcat.sql");
  CHECK(r.err.find("badcat.sql:1:") != std::string::npos);
}

TEST_CASE("cli: a catalog's problems are located errors, and nothing is analysed") {
  Write("star.sql", "insert overwrite table ods.dst select * from ods.src");
  Write("typo.json", "{\"tables\": [\n  {\"name\": \"ods.src\",\n   \"colums\": [{\"name\": \"k\"}]}]}\n");
  CliRun r = Run("--catalog typo.json star.sql");
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(r.err.find("typo.json:3:4: error: unknown key \"colums\" in a table; did you mean \"columns\"?\n"
                   "   \"colums\": [{\"name\": \"k\"}]}]}\n"
                   "   ^\n") != std::string::npos);
  CHECK(r.err.find("hivelineage: typo.json: invalid catalog: line 3, column 4: unknown key") != std::string::npos);
  // graph stops the same way.
  CliRun g = Run("graph --catalog typo.json star.sql");
  CHECK(g.code == 2);
  CHECK(g.err.find("typo.json:3:4: error: ") != std::string::npos);
  // A file forced into the wrong format: a located error per line, the first twenty shown.
  std::string lines;
  for (int i = 0; i < 30; ++i) lines += "create table t" + std::to_string(i) + " (a int);\n";
  Write("ddl.txt", lines);
  r = Run("--catalog-format tsv --catalog ddl.txt star.sql");
  CHECK(r.code == 2);
  CHECK(r.err.find("ddl.txt:20:1: error: expected 6 tab-separated fields") != std::string::npos);
  CHECK(r.err.find("ddl.txt:21:1: error") == std::string::npos);
  CHECK(r.err.find("note: 10 more problems in this catalog are not shown") != std::string::npos);
  CHECK(Run("--catalog-format yaml --catalog ddl.txt star.sql").code == 2);
  // auto goes back to telling the format by content.
  CHECK(Run("--catalog-format tsv --catalog-format auto --catalog ddl.txt star.sql").code == 0);
}

TEST_CASE("cli: --catalog reads DESCRIBE FORMATTED output, metastore exports and SHOW CREATE TABLE boxes") {
  Write("join.sql",
        "insert overwrite table dw.x select o.*, u.user_name from ods.orders o join dim.users u on o.user_id = "
        "u.user_id;\n");
  const fs::path fixtures = hivelineage::testing::SourceDir() / "tests" / "fixtures" / "catalog";
  for (const std::string name : {"describe_cli.txt", "metastore.tsv", "show_create_beeline.txt"}) {
    CAPTURE(name);
    // Copied under a neutral name: the format is told by content.
    Write("schema.out", hivelineage::testing::ReadFile(fixtures / name));
    CliRun r = Run("--quiet --catalog schema.out join.sql");
    CHECK(r.code == 0);
    CHECK(r.err.empty());
    const auto j = nlohmann::json::parse(r.out);
    const auto& cols = j["statements"][0]["columns"];
    REQUIRE(cols.size() >= 4);
    // o.* expands to the table's columns, then its partition key.
    CHECK(cols[0]["target"] == "dw.x.order_id");
    CHECK(cols[0]["sources"] == nlohmann::json::array({"ods.orders.order_id"}));
    CHECK(cols[cols.size() - 2]["target"] == "dw.x.dt");
    CHECK(cols.back()["sources"] == nlohmann::json::array({"dim.users.user_name"}));
  }
  // The beeline DESCRIBE sample forced as such, under a name that says nothing.
  Write("page.sql", "insert overwrite table dw.p select * from dwd.page_events;\n");
  Write("beeline.log", hivelineage::testing::ReadFile(fixtures / "describe_beeline.txt"));
  CliRun r = Run("--catalog-format describe --catalog beeline.log page.sql");
  CHECK(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["statements"][0]["columns"].size() == 5);  // three columns, two partition keys
}

TEST_CASE("cli: --default-db names the catalogs' unqualified tables, JSON and DDL alike") {
  Write("plain.json", R"({"tables": [{"name": "orders", "columns": [{"name": "id"}, {"name": "amt"}]}]})");
  Write("plain.sql", "create table users (id bigint, name string);\n");
  Write("plain_star.sql", "insert overwrite table dst select o.*, u.name from orders o join users u on o.id = u.id;\n");
  for (const char* command : {"", "graph "}) {
    CAPTURE(command);
    CliRun r = Run(std::string(command) + "--default-db ods --catalog plain.json --catalog plain.sql plain_star.sql");
    CHECK(r.code == 0);
    const std::string& out = r.out;
    for (const char* column : {"ods.orders.id", "ods.orders.amt", "ods.users.name", "ods.dst.amt"}) {
      CAPTURE(column);
      CHECK(out.find(std::string("\"") + column + "\"") != std::string::npos);
    }
    CHECK(out.find("default.orders") == std::string::npos);
  }
  // impact finds a table that only the catalog names under the same rule.
  CliRun impact = Run("impact --downstream ods.orders --default-db ods --catalog plain.json plain_star.sql");
  CHECK(impact.code == 0);
  CHECK(impact.out.find("downstream of table ods.orders") != std::string::npos);
  // Every catalog that cannot be loaded is named, then nothing is analysed.
  Write("bad1.json", "{");
  CliRun r = Run("--catalog bad1.json --catalog missing.json plain_star.sql");
  CHECK(r.code == 2);
  CHECK(r.err.find("hivelineage: bad1.json: invalid catalog: ") != std::string::npos);
  CHECK(r.err.find("; missing.json: cannot open: ") != std::string::npos);
  CHECK(r.out.empty());
}

TEST_CASE("cli: --format jsonl and hive") {
  Write("fmt.sql",
        "set x=1;\n"
        "insert overwrite table dw.t select upper(a) as a, b from ods.s where c > 0;\n"
        "select a from ods.s;\n"
        "drop table ods.tmp;\n");
  CliRun r = Run("--format jsonl fmt.sql");
  CHECK(r.code == 0);
  const auto lines = Lines(r.out);
  REQUIRE(lines.size() == 4);
  CHECK(lines[0]["kind"] == "command");
  CHECK(lines[1]["outputs"] == nlohmann::json::array({"dw.t"}));

  r = Run("--format hive fmt.sql");
  CHECK(r.code == 0);
  const auto recs = Lines(r.out);
  REQUIRE(recs.size() == 2);  // the insert and the query; not set, not drop
  CHECK(recs[0]["version"] == "1.0");
  CHECK(recs[0]["queryText"] == "insert overwrite table dw.t select upper(a) as a, b from ods.s where c > 0");
  CHECK(recs[0]["database"] == "default");
  bool has_predicate = false;
  for (const auto& e : recs[0]["edges"]) has_predicate |= e["edgeType"] == "PREDICATE";
  CHECK(has_predicate);
  std::vector<std::string> vertex_ids;
  for (const auto& v : recs[0]["vertices"]) vertex_ids.push_back(v["vertexId"]);
  CHECK(std::find(vertex_ids.begin(), vertex_ids.end(), "dw.t.a") != vertex_ids.end());
  CHECK(std::find(vertex_ids.begin(), vertex_ids.end(), "ods.s.c") != vertex_ids.end());
}

TEST_CASE("cli: GBK file and invalid bytes") {
  Write("gbk.sql", "select a as \xD6\xD0\xCE\xC4 from t");
  CliRun r = Run("gbk.sql");
  const auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["warnings"].size() == 1);
  CHECK(r.err.find("GB18030") != std::string::npos);
  Write("junk.sql", std::string("select \xFF\xFE\x80 from t;\nselect 1", 28));
  r = Run("junk.sql");
  CHECK(r.code != 2);
  CHECK(nlohmann::json::accept(r.out));
}

TEST_CASE("cli: -j, argument order and the summary line") {
  Write("jobs/b.sql", "insert overwrite table dw.b select x from ods.s;\nselect from;\n");
  Write("jobs/a/one.sql", "create table t (a int);\ninsert into dw.c select * from t;\n");
  Write("jobs/a/two.hql", "select a from t");
  for (int i = 0; i < 20; ++i)
    Write("jobs/gen/g" + std::to_string(i) + ".sql", "select c" + std::to_string(i) + " from t");
  const CliRun base = Run("-j 1 --quiet jobs");
  CHECK(base.code == 1);
  for (const char* args : {"-j 2 --quiet jobs", "-j8 --quiet jobs", "--jobs=3 --quiet jobs",
                           "--quiet jobs/gen jobs/b.sql jobs/a jobs/a/two.hql", "--quiet jobs/b.sql jobs"}) {
    const auto& args_ = args;  // clang 14 cannot capture a structured binding
    CAPTURE(args_);
    const CliRun r = Run(args);
    CHECK(r.code == base.code);
    CHECK(r.out == base.out);
    CHECK(r.err == base.err);
  }
  const CliRun r = Run("-j 2 jobs");
  CHECK(r.err.find("hivelineage: 23 files, 25 statements, 1 error, ") != std::string::npos);
  CHECK(r.err.find("2 threads)") != std::string::npos);
  for (const char* bad : {"-j 0 x.sql", "-j x x.sql", "-j", "--jobs=-1 x.sql", "-j 2000 x.sql"}) {
    CAPTURE(bad);
    CHECK(Run(bad).code == 2);
  }
}

TEST_CASE("cli: --sequence") {
  Write("seq/etl/01_create.sql", "create table dw.t (a string, b string);\n");
  Write("seq/etl/02_load.sql", "insert overwrite table dw.u select * from dw.t;\n");
  Write("seq/etl/order.txt", "# run order\n01_create.sql\n\n02_load.sql\n");
  CliRun r = Run("--sequence seq/etl/order.txt -j 2");
  CHECK(r.code == 0);
  auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["statements"].size() == 2);
  CHECK(j["statements"][0]["file"] == "seq/etl/01_create.sql");
  CHECK(j["statements"][1]["columns"].size() == 2);  // sees the table the first script created
  // The same scripts as PATHs: the first one's declaration serves the second
  // through the learned warehouse schema, unless that is turned off.
  r = Run("--quiet seq/etl");
  j = nlohmann::json::parse(r.out);
  REQUIRE(j["statements"].size() == 2);
  CHECK(j["statements"][1]["columns"].size() == 2);
  r = Run("--quiet --no-learn-schema seq/etl");
  j = nlohmann::json::parse(r.out);
  REQUIRE(j["statements"].size() == 2);
  CHECK(j["statements"][1]["columns"].empty());
  // Run order is the list's, not sorted.
  Write("seq/etl/reverse.txt", "02_load.sql\n01_create.sql\n");
  r = Run("--quiet --no-learn-schema --sequence=seq/etl/reverse.txt");
  j = nlohmann::json::parse(r.out);
  CHECK(j["statements"][0]["file"] == "seq/etl/02_load.sql");
  CHECK(j["statements"][0]["columns"].empty());
  Write("seq/etl/bad.txt", "01_create.sql\nmissing.sql\n");
  r = Run("--sequence seq/etl/bad.txt");
  CHECK(r.code == 2);
  CHECK(r.err.find("seq/etl/bad.txt:2: seq/etl/missing.sql: no such file") != std::string::npos);
  CHECK(Run("--sequence seq/etl/order.txt seq/etl/01_create.sql").code == 2);
  CHECK(Run("--sequence nowhere.txt").code == 2);
}

TEST_CASE("cli: progress bar on a terminal only") {
  REQUIRE_MESSAGE(std::system("python3 -c 'import os, pty' >/dev/null 2>&1") == 0,
                  "python3 with its pty module is needed to give the CLI a terminal");
  // Runs the CLI with stderr on a pseudo-terminal and stdout to a file; prints what the terminal got.
  Write("pty.py",
        "import os, subprocess, sys\n"
        "m, s = os.openpty()\n"
        "p = subprocess.Popen(sys.argv[2:], stdout=open(sys.argv[1], 'wb'), stderr=s, stdin=subprocess.DEVNULL)\n"
        "os.close(s)\n"
        "data = b''\n"
        "while True:\n"
        "    try:\n"
        "        d = os.read(m, 65536)\n"
        "    except OSError:\n"
        "        break\n"
        "    if not d:\n"
        "        break\n"
        "    data += d\n"
        "sys.stdout.buffer.write(data)\n"
        "sys.exit(p.wait())\n");
  for (int i = 0; i < 30; ++i)
    Write("bar/s" + std::to_string(i) + ".sql", "select a from t" + std::to_string(i) + " where (;");
  const std::string cli = Quote(HIVELINEAGE_CLI);
  // The delay before the bar shows is 1 s; the test hook makes it 0 so a short run shows it.
  CliRun r = Shell("HIVELINEAGE_PROGRESS_DELAY_MS=0 python3 pty.py bar.json " + cli + " -j 2 bar");
  CHECK(r.code == 1);
  CHECK(r.out.find("\033[K[") != std::string::npos);
  CHECK(r.out.find("/30 files") != std::string::npos);
  CHECK(r.out.find("MB/s") != std::string::npos);
  CHECK(r.out.find("hivelineage: 30 files, 30 statements, 30 errors") != std::string::npos);
  // The bar is erased before the summary line.
  const size_t summary = r.out.find("hivelineage: 30 files");
  CHECK(r.out.rfind("\r\033[K", summary) != std::string::npos);
  CHECK(nlohmann::json::parse(hivelineage::testing::ReadFile(TempDir() / "bar.json"))["statements"].size() == 30);
  // --quiet: diagnostics only, no bar, no summary.
  r = Shell("HIVELINEAGE_PROGRESS_DELAY_MS=0 python3 pty.py bar.json " + cli + " --quiet bar");
  CHECK(r.out.find("\033[K") == std::string::npos);
  CHECK(r.out.find("hivelineage: 30 files") == std::string::npos);
  CHECK(r.out.find("error: ") != std::string::npos);
  // A run shorter than a second shows no bar.
  r = Shell("python3 pty.py bar.json " + cli + " bar/s1.sql");
  CHECK(r.out.find("\033[K") == std::string::npos);
  CHECK(r.out.find("hivelineage: 1 file,") != std::string::npos);
}

TEST_CASE("cli: limit options, for analyze and graph") {
  Write("limits/five.sql", "select 1;\nselect 2;\nselect 3;\nselect 4;\nselect ((((5))));\n");
  CliRun r = Run("--quiet --max-statements 2 limits/five.sql");
  CHECK(r.code == 1);
  CHECK(r.err.find("limits/five.sql:3:1: error: more than 2 statements in one file") != std::string::npos);
  CHECK(nlohmann::json::parse(r.out)["statements"].size() == 2);

  r = Run("--quiet --max-file-size 40 limits/five.sql");
  CHECK(r.code == 1);
  CHECK(r.err.find("limits/five.sql:1:1: error: file is 58 bytes, more than the limit of 40 bytes; not analysed") !=
        std::string::npos);
  CHECK(nlohmann::json::parse(r.out)["statements"].empty());
  CHECK(Run("--quiet --max-file-size=1K limits/five.sql").code == 0);

  r = Run("--quiet --max-statement-size 8 limits/five.sql");  // "select 1" is 8 bytes: at the limit
  CHECK(r.code == 1);
  CHECK(r.err.find("five.sql:5:1: error: statement is 16 bytes, more than the limit of 8 bytes") != std::string::npos);
  CHECK(nlohmann::json::parse(r.out)["statements"].size() == 5);

  r = Run("--quiet --max-depth 3 limits/five.sql");
  CHECK(r.code == 1);
  CHECK(r.err.find("nesting too deep") != std::string::npos);
  CHECK(Run("--quiet --max-depth 6 limits/five.sql").code == 0);

  CHECK(Run("graph --max-statements 2 limits/five.sql").code == 1);
  r = Run("impact --downstream default.x --max-depth=x limits/five.sql");
  CHECK(r.code == 2);
  CHECK(r.err.find("--max-depth expects a number") != std::string::npos);

  for (const char* bad : {"--max-depth 0", "--max-depth x", "--max-statements -1", "--max-file-size 12X",
                          "--max-file-size 0", "--max-statement-size 5G", "--max-statements"}) {
    CAPTURE(bad);
    r = Run(std::string(bad) + " limits/five.sql");
    CHECK(r.code == 2);
    CHECK(r.err.find("--max-") != std::string::npos);
  }
}

TEST_CASE("cli: graph and impact analyse on several threads, same output for every -j") {
  const std::string corpus = Quote((hivelineage::testing::SourceDir() / "corpus").string());
  const std::string args = " --catalog " + corpus + "/catalog.json " + corpus + "/scripts";
  const CliRun one = Run("graph -j1" + args);
  CHECK(one.code == 1);  // the corpus holds a script with a deliberate syntax error
  CHECK(nlohmann::json::parse(one.out)["tables"].size() > 20);
  for (const char* j : {"-j2", "-j 3", "--jobs=8"}) {
    CAPTURE(j);
    const CliRun many = Run("graph " + std::string(j) + args);
    CHECK(many.code == one.code);
    CHECK(many.out == one.out);
    CHECK(many.err == one.err);
  }
  const CliRun up1 = Run("impact --upstream ads.ads_order_stats -j1" + args);
  const CliRun up2 = Run("impact --upstream ads.ads_order_stats -j2" + args);
  CHECK(up1.out == up2.out);
  CHECK(!up1.out.empty());
  CHECK(Run("graph -j0" + args).code == 2);
}

TEST_CASE("cli: options without their value, flags given one, -j past the ceiling: usage errors") {
  Write("usage/one.sql", "select 1;\n");
  const std::pair<const char*, const char*> cases[] = {
      {"--format", "--format needs a value"},
      {"-j", "-j needs a number of threads"},
      {"-j 300", "from 1 to 256, got '300'"},
      {"--allow-env=no", "--allow-env takes no value"},
      {"--quiet=yes", "--quiet takes no value"},
      {"graph --allow-env=1", "--allow-env takes no value"},
      {"--semantics", "--semantics expects precise or hive"},
      {"graph --semantics=exact", "--semantics expects precise or hive, got 'exact'"},
  };
  for (const auto& [args, message] : cases) {
    const auto& args_ = args;  // clang 14 cannot capture a structured binding
    CAPTURE(args_);
    // The option last, so that a missing value cannot be taken from the path.
    const CliRun r = Run(std::string(args).starts_with("graph") ? std::string(args) + " usage/one.sql"
                                                                : "usage/one.sql " + std::string(args));
    CHECK(r.code == 2);
    CHECK(r.err.find(message) != std::string::npos);
  }
  CHECK(Run("-j256 --quiet usage/one.sql").code == 0);
}

TEST_CASE("cli: --warnings all, summary and none; errors always printed") {
  Write("warn.sql",
        "insert overwrite table dw.a select user, '${dt}' from ods.s where d = '${dt}';\n"
        "select date from ods.s;\n"
        "select from ods.s;\n");
  CliRun all = Run("--quiet warn.sql");
  CHECK(all.code == 1);
  CHECK(all.err.find("warning: undefined variable ${dt} left in place (2 uses in this file, warned once)") !=
        std::string::npos);
  CHECK(all.err.find("warning: reserved word 'date'") != std::string::npos);
  CliRun summary = Run("--warnings summary warn.sql");
  CHECK(summary.err.find("warning:") == std::string::npos);
  CHECK(summary.err.find("error: expected expression") != std::string::npos);
  CHECK(summary.err.find("hivelineage: warnings: 2 reserved word, 1 undefined variable\n") != std::string::npos);
  CHECK(summary.out == all.out);  // the output is the same; only stderr changes
  CliRun none = Run("--warnings none --quiet warn.sql");
  CHECK(none.err.find("warning") == std::string::npos);
  CHECK(none.err.find("error: expected expression") != std::string::npos);
  CHECK(Run("--warnings loud warn.sql").code == 2);
}

// The tests call cli::Main in-process; the binary is main() around it. One run
// of each kind through the real process checks they agree byte for byte.
TEST_CASE("cli: the binary and the in-process entry give the same bytes and exit status") {
  Write("same/ok.sql", "insert overwrite table dw.t select k, ${undefined} as v from ods.s;\n");
  Write("same/bad.sql", "select from;\n");
  for (const std::string args : {"--quiet same", "graph same", "impact --downstream ods.s same", "--bogus",
                                 "graph --help", "leaves --format json same"}) {
    CAPTURE(args);
    const CliRun process = Shell(Quote(HIVELINEAGE_CLI) + " " + args);
    const CliRun in_process = Run(args);
    CHECK(process.code == in_process.code);
    CHECK(process.out == in_process.out);
    CHECK(process.err == in_process.err);
    CHECK(!(process.out + process.err).empty());
  }
}
