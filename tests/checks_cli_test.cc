// `hivelineage check sensitive|schedule` and `hivelineage explain` end to end
// on the bundled warehouse (corpus/warehouse, with its governance/ files):
// exit statuses a CI job can gate on, text and JSON, usage errors, and the
// --sequence warning of every command.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "cli_runner.h"

namespace {

using hivelineage::testing::RunCli;

const std::string kWarehouse = "--var etl_date=2024-03-01 corpus/warehouse";
const std::string kGov = "corpus/warehouse/governance/";

}  // namespace

TEST_CASE("cli check sensitive: the warehouse's raw phone copy is an amplification (exit 1)") {
  const std::string args = "check sensitive --tags " + kGov + "tags.csv --levels " + kGov + "levels.csv " + kWarehouse;
  const auto text = RunCli(args);
  CHECK(text.code == 1);
  CHECK(text.out.find("ads.ads_user_contact.phone: tag phone at restricted, but ads.ads_user_contact allows up "
                      "to internal") != std::string::npos);
  CHECK(text.out.find("    -> ads.ads_user_contact.phone  = u.phone_num  "
                      "at corpus/warehouse/etl/ads/05_ads_user_contact.sql:3 (statement 0)") != std::string::npos);
  const auto json = RunCli(args + " --format json");
  CHECK(json.code == 1);
  const nlohmann::json j = nlohmann::json::parse(json.out);
  bool phone = false;
  for (const auto& v : j["violations"]) phone = phone || v["column"] == "ads.ads_user_contact.phone";
  CHECK(phone);
  CHECK(j["summary"]["violations"] == j["violations"].size());
  // Output does not depend on the number of threads.
  CHECK(RunCli(args + " -j 1 --format json").out == json.out);

  // Allowing the report restricted data makes the gate pass.
  const auto pass = RunCli("check sensitive --tags " + kGov + "tags.csv " + kWarehouse);
  CHECK(pass.code == 0);
  CHECK(pass.out.find(" 0 amplifications") != std::string::npos);
}

TEST_CASE("cli check sensitive --store: the same answers as from the scripts") {
  const std::string db = (hivelineage::testing::ProcessTempDir("hivelineage_checks_cli_") / "w.db").string();
  // One schema for both (what a store learns of the warehouse's schema is not this check's business).
  const std::string catalog = "--catalog corpus/warehouse/expected/catalog.json ";
  REQUIRE(RunCli("store update " + hivelineage::testing::ShellQuote(db) + " " + catalog + kWarehouse).code == 0);
  const std::string rules = "check sensitive --tags " + kGov + "tags.csv --levels " + kGov + "levels.csv ";
  for (const char* format : {"text", "json"}) {
    CAPTURE(format);
    const auto scripts = RunCli(rules + "--format " + format + " " + catalog + kWarehouse);
    const auto stored = RunCli(rules + "--format " + format + " --store " + hivelineage::testing::ShellQuote(db));
    CHECK(scripts.code == 1);
    CHECK(stored.code == scripts.code);
    CHECK(stored.out == scripts.out);
    // The masked dimension is part of the answer: masking named per source survives the store.
    CHECK(stored.out.find("shape:substr_mask") != std::string::npos);
  }
  // A store and PATHs are one or the other.
  CHECK(RunCli(rules + "--store " + hivelineage::testing::ShellQuote(db) + " " + kWarehouse).code == 2);
}

// The worked example of docs/checks.md, run: the text block after each
// `$ hivelineage check sensitive` line is what the command prints.
TEST_CASE("cli check sensitive: docs/checks.md's worked example is what the command prints") {
  const std::string doc = hivelineage::testing::ReadFile(hivelineage::testing::SourceDir() / "docs" / "checks.md");
  const std::string prompt = "$ hivelineage check sensitive --tags";
  const size_t at = doc.find(prompt);
  REQUIRE(at != std::string::npos);
  // The command: the prompt line and its `\` continuations.
  size_t end = doc.find('\n', at);
  std::string command = doc.substr(at + 14, end - at - 14);
  while (!command.empty() && command.back() == '\\') {
    command.pop_back();
    const size_t next = doc.find('\n', end + 1);
    command += doc.substr(end + 1, next - end - 1);
    end = next;
  }
  const size_t out_end = doc.find("$ echo $?", end);
  REQUIRE(out_end != std::string::npos);
  const std::string expected = doc.substr(end + 1, out_end - end - 1);
  const auto r = RunCli(command);
  CHECK(r.out == expected);
  CHECK(doc.substr(out_end, 11) == "$ echo $?\n" + std::to_string(r.code));
  // It finds the masking at work: tags lowered in the masked dimension, one stopped.
  CHECK(
      r.out.find(
          "  dwd.dim_user_zip.phone_num  internal  [shape:substr_mask: internal]  <- ods.ods_user_info.phone_num\n") !=
      std::string::npos);
  CHECK(r.out.find("stopped by masking:") != std::string::npos);
}

TEST_CASE("cli check: usage errors exit 2") {
  CHECK(RunCli("check").code == 2);
  CHECK(RunCli("check nope").err.find("unknown check 'nope'") != std::string::npos);
  CHECK(RunCli("check --help").code == 0);
  CHECK(RunCli("check sensitive " + kWarehouse).err.find("--tags FILE is required") != std::string::npos);
  CHECK(RunCli("check sensitive --tags nope.csv " + kWarehouse).code == 2);
  CHECK(RunCli("check sensitive --tags " + kGov + "tags.csv --mask md5 " + kWarehouse).code == 2);
  CHECK(RunCli("check sensitive --tags " + kGov + "tags.csv --format dot " + kWarehouse).code == 2);
  const auto help = RunCli("check sensitive --help");
  CHECK(help.code == 0);
  CHECK(help.out.find("usage: hivelineage check sensitive") == 0);
  CHECK(RunCli("check schedule " + kWarehouse).err.find("--jobs FILE is required") != std::string::npos);
  CHECK(RunCli("check schedule --jobs nope.json").code == 2);
}

TEST_CASE("cli check schedule: the warehouse's contact list misses its dependency (exit 1)") {
  const auto text = RunCli("check schedule --jobs " + kGov + "jobs.json --var etl_date=2024-03-01");
  CHECK(text.code == 1);
  CHECK(text.out.find("1 missing, 1 unneeded, 0 cycles") != std::string::npos);
  CHECK(text.out.find("  ads_user_contact needs dws_user_last_order\n      dws.dws_user_last_order: written at "
                      "corpus/warehouse/etl/dws/05_dws_user_last_order.sql:2, read at "
                      "corpus/warehouse/etl/ads/05_ads_user_contact.sql:3\n") != std::string::npos);
  CHECK(text.out.find("  ads_user_contact depends on dws_trade_user") != std::string::npos);
  const auto json = RunCli("check schedule --jobs " + kGov + "jobs.json --var etl_date=2024-03-01 --format json -j 1");
  const nlohmann::json j = nlohmann::json::parse(json.out);
  CHECK(j["missing"][0]["job"] == "ads_user_contact");
  CHECK(j["missing"][0]["needs"] == "dws_user_last_order");
  CHECK(j["unscheduled_scripts"].empty());
  CHECK(j["summary"]["jobs"] == 20);
}

TEST_CASE("cli check schedule: the same jobs from a DolphinScheduler export") {
  // Without PATH: the export names its scripts by resource path.
  const auto no_path = RunCli("check schedule --jobs " + kGov + "dolphinscheduler_export.json");
  CHECK(no_path.code == 2);
  CHECK(no_path.err.find("give the folder that holds the scripts as PATH") != std::string::npos);
  const auto r = RunCli("check schedule --jobs " + kGov +
                        "dolphinscheduler_export.json --var etl_date=2024-03-01 --var bizdate=2024-03-01 "
                        "corpus/warehouse/etl --format json");
  CHECK(r.code == 1);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  REQUIRE(j["missing"].size() == 1);
  CHECK(j["missing"][0]["job"] == "dw_daily/ads_user_contact");
  CHECK(j["missing"][0]["needs"] == "dw_daily/dws_user_last_order");
  REQUIRE(j["unneeded"].size() == 1);
  CHECK(j["unneeded"][0]["depends_on"] == "dw_daily/dws_trade_user");
  // The SQL task's inline query reads the province dimension: a flow from the job that writes it.
  bool dq = false;
  for (const auto& f : j["flows"])
    dq = dq || (f["from"] == "dw_daily/dim_province" && f["to"] == "dw_daily/dq_province");
  CHECK(dq);
  CHECK(j["unscheduled_scripts"] == nlohmann::json::array({"corpus/warehouse/etl/dwd/08_dq_province_checks.sql"}));
  CHECK(j["notes"].size() == 2);
}

TEST_CASE("cli explain: text and json; errors") {
  const auto text = RunCli("explain ads.ads_user_value.order_amount " + kWarehouse);
  CHECK(text.code == 0);
  CHECK(
      text.out.starts_with("ads.ads_user_value.order_amount\n└── = o.total_amount_td  "
                           "at corpus/warehouse/etl/ads/02_ads_user_value.sql:2 (statement 0)\n"));
  CHECK(text.out.find("ods.ods_order_detail.split_total_amount  (source: no statement writes it)") !=
        std::string::npos);
  const auto json = RunCli("explain ads.ads_user_value.order_amount --format json " + kWarehouse);
  CHECK(nlohmann::json::parse(json.out)["nodes"][0]["column"] == "ads.ads_user_value.order_amount");
  CHECK(RunCli("explain ads.nope.x " + kWarehouse).code == 2);
  CHECK(RunCli("explain").err.find("give the column to explain") != std::string::npos);
  CHECK(RunCli("explain ads.ads_user_value.order_amount --collapse temporary " + kWarehouse).code == 2);
}

TEST_CASE("cli --sequence: a script that reads a table a later one writes gets a warning, in every command") {
  // The dws script listed before the dwd script that fills its input.
  namespace t = hivelineage::testing;
  const std::filesystem::path dir = t::ProcessTempDir("hivelineage_checks_cli_seq_");
  const std::filesystem::path etl = t::SourceDir() / "corpus/warehouse/etl";
  t::WriteFile(dir, "list.txt",
               (etl / "dws/01_dws_trade_user_order_1d.sql").string() + "\n" +
                   (etl / "dwd/01_dwd_trade_order_detail_inc.sql").string() + "\n");
  const std::string list = (dir / "list.txt").string();
  for (const std::string& command : {std::string("--quiet"), std::string("graph")}) {
    const auto r = RunCli(command + " --var etl_date=2024-03-01 --sequence " + t::ShellQuote(list));
    CHECK(r.code == 0);
    CHECK(r.err.find("01_dws_trade_user_order_1d.sql:2:1: warning: reads dwd.dwd_trade_order_detail_inc, which a "
                     "later script in the sequence writes (") != std::string::npos);
  }
}
