// Hive's own command-line habits (hive --hivevar/--hiveconf/-d/-f/-e/-i/
// --database), for analyze, graph and impact alike: each flag does what it
// does in Hive, and gives byte for byte the output of its --var /
// --default-db / PATH equivalent.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "cli_in_process.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using hivelineage::testing::ShellQuote;
using hivelineage::testing::ShellResult;

fs::path TempDir() {
  static const fs::path dir = hivelineage::testing::ProcessTempDir("hivelineage_cli_hive_flags_test_");
  return dir;
}

void Write(const std::string& rel, const std::string& text) { hivelineage::testing::WriteFile(TempDir(), rel, text); }

// The CLI run in-process from TempDir() with `args`, stdin from `input`.
ShellResult Run(const std::string& args, const std::string& input = "") {
  return hivelineage::testing::RunMain("--quiet " + args, TempDir(), input);
}
ShellResult RunSub(const std::string& subcommand, const std::string& args) {
  return hivelineage::testing::RunMain(subcommand + " " + args, TempDir());
}

// The warnings of the only statement of a jsonl run.
std::string Warnings(const ShellResult& r) {
  const nlohmann::json st = nlohmann::json::parse(r.out);
  std::string out;
  for (const auto& w : st["warnings"]) out += w["message"].get<std::string>() + "\n";
  return out;
}

}  // namespace

TEST_CASE("cli hive flags: --hivevar, -d and --define set ${NAME} and ${hivevar:NAME}, as --var does") {
  Write("vars.sql", "insert overwrite table ${hivevar:db}.t partition (dt = '${dt}') select a from ${db}.s;\n");
  const ShellResult var = Run("--format jsonl --var db=dw --var dt=2024-03-01 vars.sql");
  REQUIRE(var.code == 0);
  CHECK(var.out.find("\"outputs\":[\"dw.t\"]") != std::string::npos);
  CHECK(var.out.find("\"inputs\":[\"dw.s\"]") != std::string::npos);
  for (const char* flags :
       {"--hivevar db=dw --hivevar dt=2024-03-01", "-d db=dw -d dt=2024-03-01", "--define db=dw --define=dt=2024-03-01",
        "-ddb=dw --hivevar=dt=2024-03-01", "-hivevar db=dw -define dt=2024-03-01"}) {
    CAPTURE(flags);
    const ShellResult r = Run(std::string("--format jsonl ") + flags + " vars.sql");
    CHECK(r.code == 0);
    CHECK(r.out == var.out);
    CHECK(r.err == var.err);
  }
  // They are hive variables, not settings: ${hiveconf:NAME} stays undefined.
  Write("conf_ref.sql", "select '${hiveconf:dt}' from s;\n");
  CHECK(Warnings(Run("--format jsonl --hivevar dt=1 conf_ref.sql")) ==
        "undefined variable ${hiveconf:dt} left in place\n");
}

TEST_CASE("cli hive flags: --hiveconf sets ${hiveconf:NAME} and ${system:NAME}, and settings") {
  Write("conf.sql", "insert overwrite table dw.t partition (dt = '${hiveconf:dt}') select a from s;\n");
  const ShellResult var = Run("--format jsonl --var dt=2024-03-01 conf.sql");
  const ShellResult conf = Run("--format jsonl --hiveconf dt=2024-03-01 conf.sql");
  CHECK(conf.code == 0);
  CHECK(conf.out == var.out);
  CHECK(conf.err == var.err);
  CHECK(Run("--format jsonl -hiveconf dt=2024-03-01 conf.sql").out == var.out);  // as old scripts call hive
  Write("system.sql", "select '${system:dt}' from s;\n");
  CHECK(Warnings(Run("--format jsonl --hiveconf dt=1 system.sql")).empty());
  CHECK(Warnings(Run("--format jsonl --hivevar dt=1 system.sql")) == "undefined variable ${system:dt} left in place\n");
  Write("hivevar_ref.sql", "select '${hivevar:dt}' from s;\n");
  CHECK(Warnings(Run("--format jsonl --hiveconf dt=1 hivevar_ref.sql")) ==
        "undefined variable ${hivevar:dt} left in place\n");

  // A setting that changes parsing, as `set` at the top of the script would.
  Write("regex.sql", "insert overwrite table d.t select `(dt)?+.+` from s;\n");
  Write("regex_set.sql",
        "set hive.support.quoted.identifiers=none;\ninsert overwrite table d.t select `(dt)?+.+` from s;\n");
  Write("catalog.json", R"({"tables": [{"name": "default.s", "columns": [{"name": "a"}, {"name": "dt"}]}]})");
  const ShellResult plain = Run("--format jsonl --catalog catalog.json regex.sql");
  const ShellResult none =
      Run("--format jsonl --catalog catalog.json --hiveconf hive.support.quoted.identifiers=none regex.sql");
  const ShellResult set = Run("--format jsonl --catalog catalog.json regex_set.sql");
  CHECK(none.code == 0);
  const nlohmann::json with_set = nlohmann::json::parse(set.out.substr(set.out.find('\n') + 1));
  const nlohmann::json with_flag = nlohmann::json::parse(none.out);
  CHECK(with_flag["columns"] == with_set["columns"]);
  CHECK(with_flag["columns"].size() == 1);  // `(dt)?+.+` is every column but dt
  CHECK(plain.out != none.out);
}

TEST_CASE("cli hive flags: -f FILE is a PATH, --database is --default-db") {
  Write("f/one.sql", "insert into t select a from s;\n");
  Write("f/two.sql", "insert into u select b from s;\n");
  CHECK(Run("-f f/one.sql -f f/two.sql").out == Run("f/one.sql f/two.sql").out);
  CHECK(Run("-ff/one.sql").out == Run("f/one.sql").out);
  const ShellResult db = Run("--database ods f/one.sql");
  CHECK(db.code == 0);
  CHECK(db.out == Run("--default-db ods f/one.sql").out);
  CHECK(db.out == Run("-database ods f/one.sql").out);
  CHECK(db.out.find("\"ods.s\"") != std::string::npos);
}

TEST_CASE("cli hive flags: -e SQL analyses the text given, named <-e>") {
  const std::string sql = "insert into t select a from s; select ${x} from u";
  Write("e/inline.sql", sql);
  const ShellResult e = Run("--format jsonl -d x=b -e " + ShellQuote(sql));
  CHECK(e.code == 0);
  const ShellResult file = Run("--format jsonl -d x=b e/inline.sql");
  std::string renamed = file.out;
  for (size_t at; (at = renamed.find("\"file\":\"e/inline.sql\"")) != std::string::npos;)
    renamed.replace(at, 21, "\"file\":\"<-e>\"");
  CHECK(e.out == renamed);
  CHECK(e.out.find("\"file\":\"<-e>\"") != std::string::npos);
  // Diagnostics name it too.
  const ShellResult bad = Run("-e 'select from'");
  CHECK(bad.code == 1);
  CHECK(bad.err.starts_with("<-e>:1:"));
  // -e does not read stdin, and takes no PATH.
  CHECK(Run("--format jsonl -e 'select 1'", "select 2;").out.find("select 2") == std::string::npos);
  CHECK(Run("-e 'select 1' e/inline.sql").code == 2);
  CHECK(Run("-e 'select 1' -e 'select 2'").code == 2);
}

TEST_CASE("cli hive flags: -i FILE runs before every script, like hive -i") {
  Write("init/init.sql",
        "set hivevar:target=dw.daily;\n"
        "set hive.support.quoted.identifiers=none;\n"
        "use ods;\n"
        "create table events (id bigint, dt string, amount double);\n");
  Write("init/scripts/a.sql", "insert overwrite table ${target} select `(dt)?+.+` from events;\n");
  Write("init/scripts/b.sql", "insert overwrite table ${target} select * from events;\n");
  const ShellResult r = Run("--format jsonl -i init/init.sql init/scripts");
  CHECK(r.code == 0);
  CHECK(r.err.empty());
  // Only the scripts' statements are listed; each sees the init's set, USE and CREATE.
  std::vector<nlohmann::json> statements;
  for (size_t b = 0, e; (e = r.out.find('\n', b)) != std::string::npos; b = e + 1)
    statements.push_back(nlohmann::json::parse(r.out.substr(b, e - b)));
  REQUIRE(statements.size() == 2);
  for (const nlohmann::json& st : statements) {
    CAPTURE(st.dump());
    CHECK(st["outputs"] == nlohmann::json::array({"dw.daily"}));
    CHECK(st["inputs"] == nlohmann::json::array({"ods.events"}));
    CHECK(st["warnings"].empty());
  }
  CHECK(statements[0]["columns"].size() == 2);  // id, amount: the init's quoted-identifier setting
  CHECK(statements[1]["columns"].size() == 3);  // *: the init's table

  // Several -i run in order, each from where the previous left off; --database comes first, as in hive.
  Write("init/second.sql", "set hivevar:target=dw.other;\n");
  const ShellResult two = Run("--format jsonl --database x -i init/init.sql -i init/second.sql init/scripts/b.sql");
  CHECK(two.out.find("\"outputs\":[\"dw.other\"]") != std::string::npos);
  Write("init/db_only.sql", "set hivevar:target=t;\n");
  CHECK(Run("--format jsonl --database x -i init/db_only.sql init/scripts/b.sql").out.find("\"x.t\"") !=
        std::string::npos);

  // The init's problems are reported, with its name, and make the exit status 1.
  Write("init/broken.sql", "use ods;\nselect from;\n");
  const ShellResult broken = Run("-i init/broken.sql init/scripts/b.sql");
  CHECK(broken.code == 1);
  CHECK(broken.err.starts_with("init/broken.sql:2:"));
  CHECK(nlohmann::json::parse(broken.out)["errors"][0]["file"] == "init/broken.sql");
  // A missing init script stops the run, as a missing catalog does.
  const ShellResult missing = Run("-i init/none.sql init/scripts/b.sql");
  CHECK(missing.code == 2);
  CHECK(missing.err.find("init/none.sql") != std::string::npos);
  CHECK(missing.out.empty());

  // graph and impact take the same inputs.
  const ShellResult graph = RunSub("graph", "-i init/init.sql init/scripts");
  CHECK(graph.code == 0);
  CHECK(graph.out.find("\"ods.events\"") != std::string::npos);
  CHECK(graph.out.find("\"dw.daily\"") != std::string::npos);
  const ShellResult impact = RunSub("impact", "--upstream dw.daily.amount -i init/init.sql init/scripts");
  CHECK(impact.code == 0);
  CHECK(impact.out.find("ods.events.amount") != std::string::npos);
}

TEST_CASE("cli hive flags: graph and impact take the variable flags too") {
  Write("g/a.sql", "insert overwrite table ${hivevar:db}.t select a from ods.s where dt = '${hiveconf:dt}';\n");
  const ShellResult var = RunSub("graph", "--var db=dw --var dt=1 g");
  CHECK(var.code == 0);
  CHECK(var.out.find("\"dw.t\"") != std::string::npos);
  CHECK(RunSub("graph", "--hivevar db=dw --hiveconf dt=1 g").out == var.out);
  CHECK(RunSub("graph", "-d db=dw --hiveconf=dt=1 -f g/a.sql").out == var.out);
  CHECK(RunSub("impact", "--downstream ods.s.a -d db=dw --hiveconf dt=1 g").out ==
        RunSub("impact", "--downstream ods.s.a --var db=dw --var dt=1 g").out);
}
