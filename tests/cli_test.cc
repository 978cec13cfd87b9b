// Runs the built `hivelineage` binary on small inputs: exit codes, stdin,
// folders, options, formats and stderr diagnostics.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "test_support.h"

namespace {

namespace fs = std::filesystem;

struct CliRun {
  int code = -1;
  std::string out;
  std::string err;
};

fs::path TempDir() {
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("hivelineage_cli_test_" + std::to_string(::getpid()));
    fs::create_directories(d);
    return d;
  }();
  return dir;
}

fs::path Write(const std::string& rel, const std::string& text) {
  const fs::path p = TempDir() / rel;
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

std::string Quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'') q += "'\\''";
    else q += c;
  }
  return q + "'";
}

// Runs the CLI from TempDir() with `args` (already quoted as needed), stdin
// from `input`, and `env` (NAME=VALUE ...) added to the environment.
CliRun Run(const std::string& args, const std::string& input = "", const std::string& env = "") {
  const fs::path in = Write("stdin.txt", input);
  const fs::path out = TempDir() / "stdout.txt";
  const fs::path err = TempDir() / "stderr.txt";
  const std::string cmd = "cd " + Quote(TempDir().string()) + " && " + env + " " + Quote(HIVELINEAGE_CLI) + " " + args +
                          " <" + Quote(in.string()) + " >" + Quote(out.string()) + " 2>" + Quote(err.string());
  const int status = std::system(cmd.c_str());
  CliRun r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = hivelineage::testing::ReadFile(out);
  r.err = hivelineage::testing::ReadFile(err);
  return r;
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
  CHECK(r.err.empty());
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
        "select a from ${hiveconf:src_db}.events;\n"
        "select a from plain\n");
  CliRun r = Run("--var target=dw.daily --var dt=2024-01-01 --default-db STAGE vars.sql");
  CHECK(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["statements"].size() == 3);
  CHECK(j["statements"][1]["outputs"] == nlohmann::json::array({"dw.daily"}));
  CHECK(j["statements"][1]["inputs"] == nlohmann::json::array({"ods.events"}));
  CHECK(j["statements"][2]["inputs"] == nlohmann::json::array({"stage.plain"}));
  // Without the variable the reference stays and a warning says so.
  r = Run("--var dt=1 vars.sql");
  CHECK(r.err.find("warning: undefined variable") != std::string::npos);
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
  Write("cat.json",
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
