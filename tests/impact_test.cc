// Impact analysis: walks over hand-made graphs (value edges by default,
// conditions on request, a table's columns each credited with their own
// reach), its text / JSON / dot / mermaid output, and the `impact`
// subcommand end to end, with hand-checked answers on a five-script
// ods -> dwd -> dws -> ads warehouse kept as golden files
// (corpus/five-scripts; `unit_tests --update -tc='golden*'` rewrites them).
#include "graph/render/impact_format.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "base/edit_distance.h"
#include "base/strings.h"
#include "cli_in_process.h"
#include "graph/render/formats.h"
#include "graph_test_support.h"

namespace {

namespace fs = std::filesystem;
using namespace hivelineage;
using namespace hivelineage::testing;
using Strings = std::vector<std::string>;

fs::path TempDir() {
  static const fs::path dir = hivelineage::testing::ProcessTempDir("hivelineage_impact_test_");
  return dir;
}

// The command line, in-process (cli_in_process.h).
Ran Cli(const std::string& args) { return RunMain(args, SourceDir()); }

graph::ImpactOptions Options(graph::Direction d, int depth = -1, bool with_conditions = false) {
  graph::ImpactOptions o;
  o.direction = d;
  o.max_depth = depth;
  o.with_conditions = with_conditions;
  return o;
}

// The names of a tree's nodes, breadth-first.
Strings Names(const graph::Graph& g, const graph::ImpactTree& tree) {
  Strings out;
  for (const graph::ImpactNode& n : tree.nodes) out.push_back(n.is_table ? g.tables[n.id].name : g.columns[n.id].name);
  return out;
}

std::vector<std::pair<std::string, int>> Tables(const graph::Graph& g, const graph::ImpactResult& r) {
  std::vector<std::pair<std::string, int>> out;
  for (const auto& [t, depth] : r.tables) out.emplace_back(g.tables[t].name, depth);
  return out;
}

}  // namespace

// ---- walks ------------------------------------------------------------------

TEST_CASE("impact: value edges by default, with and without a depth") {
  const graph::Graph g = Build(TwoScripts());
  graph::ImpactResult r;
  REQUIRE(graph::Impact(g, "ODS.Events.Price", Options(graph::Direction::Downstream), r));
  CHECK_FALSE(r.start_is_table);
  REQUIRE(r.trees.size() == 1);
  CHECK(Names(g, r.trees[0]) == Strings{"ods.events.price", "dw.stage.amount", "dm.report.total"});
  CHECK(r.trees[0].nodes[2].depth == 2);
  CHECK(r.trees[0].nodes[2].hop.kind == graph::HopKind::Value);
  CHECK(g.statements[g.edges[r.trees[0].nodes[2].hop.index].statement()].file == "etl/mart.sql");
  CHECK(Tables(g, r) == std::vector<std::pair<std::string, int>>{{"dm.report", 2}, {"dw.stage", 1}});

  REQUIRE(graph::Impact(g, "ods.events.price", Options(graph::Direction::Downstream, 1), r));
  CHECK(r.trees[0].nodes.size() == 2);
  REQUIRE(graph::Impact(g, "ods.events.price", Options(graph::Direction::Downstream, 0), r));
  CHECK(r.trees[0].nodes.size() == 1);

  // Upstream follows values only: no join keys, no GROUP BY, no WHERE columns.
  REQUIRE(graph::Impact(g, "dm.report.total", Options(graph::Direction::Upstream), r));
  CHECK(Names(g, r.trees[0]) == Strings{"dm.report.total", "dw.stage.amount", "ods.events.price", "ods.events.qty"});
  CHECK(r.conditions_not_followed == 2);  // the join and the GROUP BY of mart.sql govern it

  // A condition column reaches nothing by value.
  REQUIRE(graph::Impact(g, "ods.events.dt", Options(graph::Direction::Downstream), r));
  CHECK(r.ReachedNothing());
  CHECK(r.conditions_not_followed == 1);
  CHECK_FALSE(graph::Impact(g, "no.such.thing", {}, r));
}

TEST_CASE("impact: with conditions, a condition's column reaches what its statement writes, marked") {
  const graph::Graph g = Build(TwoScripts());
  graph::ImpactResult r;
  REQUIRE(graph::Impact(g, "ods.events.dt", Options(graph::Direction::Downstream, -1, true), r));
  CHECK(Names(g, r.trees[0]) ==
        Strings{"ods.events.dt", "dw.stage.amount", "dw.stage.user_id", "dm.report.total", "dm.report.name"});
  const graph::ImpactNode& amount = r.trees[0].nodes[1];
  CHECK(amount.hop.kind == graph::HopKind::Condition);
  CHECK(g.conditions[amount.hop.index].expression == "(e.dt = '2024-01-01')");
  CHECK(g.columns[amount.hop.source].name == "ods.events.dt");
  CHECK(g.columns[amount.hop.target].name == "dw.stage.amount");
  // dm.report.name: through the join on dw.stage.user_id, a condition again.
  CHECK(r.trees[0].nodes[4].hop.kind == graph::HopKind::Condition);
  CHECK(g.conditions[r.trees[0].nodes[4].hop.index].clause == lineage::Clause::JoinOn);

  // Upstream: the columns of the conditions that govern it.
  REQUIRE(graph::Impact(g, "dm.report.total", Options(graph::Direction::Upstream, 1, true), r));
  CHECK(Names(g, r.trees[0]) ==
        Strings{"dm.report.total", "dw.stage.amount", "dim.users.id", "dw.stage.user_id", "dim.users.name"});
  CHECK(r.conditions_not_followed == 0);
}

TEST_CASE("impact: a table's reach is the union of its columns', each credited to its own column") {
  const graph::Graph g = Build(TwoScripts());
  graph::ImpactResult r;
  REQUIRE(graph::Impact(g, "ods.events", Options(graph::Direction::Downstream), r));
  CHECK(r.start_is_table);
  // The table's own tree (table edges), then one per column.
  REQUIRE(r.trees.size() == 5);
  CHECK(Names(g, r.trees[0]) == Strings{"ods.events", "dw.stage", "dm.report"});
  CHECK(Names(g, r.trees[2]) == Strings{"ods.events.price", "dw.stage.amount", "dm.report.total"});
  CHECK(Names(g, r.trees[3]) == Strings{"ods.events.qty", "dw.stage.amount", "dm.report.total"});
  CHECK(Names(g, r.trees[1]) == Strings{"ods.events.dt"});  // read by a condition only
  Strings credited;
  for (const auto& c : r.columns) {
    std::string line = g.columns[c.column].name + " <-";
    for (uint32_t t : c.trees) Append(line, " ", g.columns[r.trees[t].nodes[0].id].short_name());
    credited.push_back(line);
  }
  CHECK(credited ==
        Strings{"dm.report.total <- price qty", "dw.stage.amount <- price qty", "dw.stage.user_id <- user_id"});
  CHECK(Tables(g, r) == std::vector<std::pair<std::string, int>>{{"dm.report", 2}, {"dw.stage", 1}});

  std::string text;
  graph::WriteImpactText(g, r, text);
  CHECK(text.find("downstream of table ods.events\n") == 0);
  CHECK(text.find("└── dw.stage  [table (etl/stage.sql:3, statement 1)]") != std::string::npos);
  CHECK(text.find("\ncolumns:\nods.events.price\n") != std::string::npos);
  CHECK(text.find("columns only conditions read: dt (--with-conditions follows them)\n") != std::string::npos);
  CHECK(text.find("  dm.report.total (depth 2) from price, qty\n") != std::string::npos);
}

TEST_CASE("impact: text tree and JSON") {
  const graph::Graph g = Build(TwoScripts());
  graph::ImpactResult r;
  REQUIRE(graph::Impact(g, "ods.events.price", Options(graph::Direction::Downstream), r));
  std::string text;
  graph::WriteImpactText(g, r, text);
  CHECK(text ==
        "downstream of column ods.events.price\n"
        "ods.events.price\n"
        "└── dw.stage.amount  [value (e.price * e.qty) (etl/stage.sql:3, statement 1)]\n"
        "    └── dm.report.total  [value sum(s.amount) (etl/mart.sql:2, statement 0)]\n"
        "\n"
        "tables:\n"
        "  dm.report (depth 2)\n"
        "  dw.stage (depth 1)\n");

  std::string json;
  graph::WriteImpactJson(g, r, json);
  const auto j = nlohmann::json::parse(json);
  CHECK(j["type"] == "column");
  CHECK(j["direction"] == "downstream");
  CHECK(j["with_conditions"] == false);
  CHECK(j["found_in"] == "scripts");
  CHECK_FALSE(j.contains("max_depth"));
  REQUIRE(j["nodes"].size() == 3);
  CHECK(j["nodes"][0] ==
        nlohmann::json::parse(
            R"J({"name": "ods.events.price", "type": "column", "depth": 0, "root": "ods.events.price"})J"));
  CHECK(j["nodes"][2]["from"] == "dw.stage.amount");
  CHECK(j["nodes"][2]["hop"] == nlohmann::json::parse(R"J({"kind": "value", "source": "dw.stage.amount",
      "target": "dm.report.total", "file": "etl/mart.sql", "line": 2, "index": 0, "expression": "sum(s.amount)",
      "transform": "aggregation"})J"));
  CHECK(j["columns"][0] == nlohmann::json::parse(R"J({"name": "dm.report.total", "depth": 2,
      "from": ["ods.events.price"]})J"));
  CHECK(j["tables"][0]["name"] == "dm.report");

  // Upstream with conditions: condition hops carry their clause.
  REQUIRE(graph::Impact(g, "dm.report.name", Options(graph::Direction::Upstream, 1, true), r));
  json.clear();
  graph::WriteImpactJson(g, r, json);
  std::set<std::string> hops;
  const auto up = nlohmann::json::parse(json);
  for (const auto& n : up["nodes"])
    if (n.contains("hop"))
      hops.insert(n["hop"]["kind"].get<std::string>() + " " + n["hop"]["source"].get<std::string>() + " " +
                  n["hop"].value("clause", ""));
  CHECK(hops == std::set<std::string>{"value dim.users.name ", "condition dim.users.id join_on",
                                      "condition dw.stage.user_id join_on"});
}

TEST_CASE("impact: a long chain neither recurses nor loops") {
  std::vector<driver::StatementResult> sts;
  constexpr int kLen = 20000;
  for (int i = 0; i < kLen; ++i) {
    const std::string a = "d.t" + std::to_string(i), b = "d.t" + std::to_string(i + 1);
    sts.push_back(Stmt(static_cast<uint32_t>(i), i + 1, StatementKind::Insert, {a}, {b}, {{b + ".c", {a + ".c"}, "c"}}));
  }
  // ...and back to the start: a cycle.
  sts.push_back(Stmt(kLen, kLen + 1, StatementKind::Insert, {"d.t20000"}, {"d.t0"}, {{"d.t0.c", {"d.t20000.c"}, "c"}}));
  std::vector<driver::FileResult> files;
  files.push_back(File("long.sql", std::move(sts)));
  const graph::Graph g = Build(files);
  graph::ImpactResult r;
  REQUIRE(graph::Impact(g, "d.t0.c", Options(graph::Direction::Downstream), r));
  CHECK(r.trees[0].nodes.size() == kLen + 1);
  std::string text, json;
  graph::WriteImpactText(g, r, text);
  graph::WriteImpactJson(g, r, json);
  CHECK(text.size() < (size_t{16} << 20));  // indentation stops growing: not quadratic
  CHECK(json.size() < (size_t{16} << 20));
  REQUIRE(graph::Impact(g, "d.t0.c", Options(graph::Direction::Upstream, 3), r));
  CHECK(Names(g, r.trees[0]).back() == "d.t19998.c");
}

TEST_CASE("impact: any name gives valid JSON, UTF-8 text and a dot picture Graphviz renders") {
  std::vector<driver::FileResult> files;
  files.push_back(File("we\"ird|{x}.sql",
                       {Stmt(0, 1, StatementKind::Insert, {"ods.raw events"}, {"dw.\"q\"<t>"},
                             {{"dw.\"q\"<t>.a|b", {"ods.raw events.x{y}"}, "concat(x, '\"\\\n#;&')"},
                              {"dw.\"q\"<t>.bad\xff", {"ods.raw events.x{y}"}, "x"}},
                             {{{"ods.raw events.w"}, {"dw.\"q\"<t>.a|b", "dw.\"q\"<t>.bad\xff"}, "(w <> '|')"}})}));
  const graph::Graph g = Build(files);
  graph::ImpactResult r;
  REQUIRE(graph::Impact(g, "ods.raw events", Options(graph::Direction::Downstream, -1, true), r));
  std::string text, json, dot, mermaid;
  graph::WriteImpactText(g, r, text);
  graph::WriteImpactJson(g, r, json);
  CHECK(text.find("bad\xEF\xBF\xBD") != std::string::npos);
  CHECK(nlohmann::json::parse(json)["tables"] == nlohmann::json::parse(R"J([{"name": "dw.\"q\"<t>", "depth": 1}])J"));
  const graph::Graph sub = graph::ImpactSubgraph(g, r);
  CHECK(sub.tables.size() == 2);
  CHECK(sub.conditions.size() == 1);
  graph::WriteDot(sub, dot);
  graph::WriteMermaid(sub, mermaid);
  CHECK(dot.find("  k0 [shape=box") != std::string::npos);
  CHECK(mermaid.find("k0{{") != std::string::npos);
  REQUIRE_MESSAGE(Shell("command -v dot >/dev/null", TempDir(), TempDir()).code == 0,
                  "Graphviz `dot` is not on PATH (apt-get install graphviz; tools/setup.sh test does)");
  const fs::path in = WriteFile(TempDir(), "impact.dot", dot);
  const Ran rendered = Shell("dot -Tsvg " + ShellQuote(in.string()), TempDir(), TempDir());
  CHECK(rendered.code == 0);
  CHECK(rendered.err == "");
}

TEST_CASE("edit distance, for 'did you mean'") {
  CHECK(EditDistance("ods.ods_log", "ods.ods_log", 3) == 0);
  CHECK(EditDistance("ods.ods_lgo", "ods.ods_log", 3) == 2);
  CHECK(EditDistance("ods_log", "ods.ods_log", 5) == 4);
  CHECK(EditDistance("", "abc", 5) == 3);
  CHECK(EditDistance("kitten", "sitting", 5) == 3);
  // Past the limit: limit + 1, as soon as that is certain.
  CHECK(EditDistance("kitten", "sitting", 2) == 3);
  CHECK(EditDistance("a", "abcdefgh", 2) == 3);
}

// ---- the warehouse, end to end ----------------------------------------------

namespace {

const char kWarehouse[] = "--var etl_date=2024-03-01 --sequence corpus/five-scripts/sequence.txt";

const CliGolden kGoldenCases[] = {
    // sku_id feeds its own copy in dwd and nothing else: not the user id of
    // the last order (a row_number() over other columns, filtered rn = 1).
    {"sku_id_downstream", "--downstream ods.ods_order_detail.sku_id"},
    // A value column's sources only: no join keys, no WHERE columns.
    {"clicks_upstream", "--upstream ads.ads_user_value.clicks"},
    // Each column of the table with its own reach; ua is read by nothing,
    // dt and ts only by a WHERE.
    {"ods_log_downstream", "--downstream ods.ods_log"},
    // A WHERE column, with conditions: everything its statement writes, and on.
    {"ts_downstream_with_conditions", "--downstream ods.ods_log.ts --with-conditions"},
    // The masked phone number (JSON says "masking": true).
    {"phone_downstream_json", "--downstream ods.ods_user.phone --format json"},
    // Through the temporary table, collapsed: the answer names both statements.
    {"order_id_downstream_collapsed", "--downstream ods.ods_order_detail.order_id --collapse temporary"},
    // The same without collapsing: the temporary table is a node.
    {"order_id_downstream", "--downstream ods.ods_order_detail.order_id --depth 2"},
    // On to a window partitioned by it.
    {"user_city_downstream", "--downstream ods.ods_user.city"},
    // A window column: its function's keys, all of them in its FROM.
    {"city_rank_upstream_dot", "--upstream ads.ads_city_top.city_rank --format dot"},
    {"last_order_upstream_mermaid", "--upstream dws.dws_user_last_order.amount --format mermaid"},
    // Declared, read by nothing: an answer, not an error.
    {"ua_downstream", "--downstream ods.ods_log.ua"},
    // A typo: exit 2 and the nearest names.
    {"typo", "--downstream ods.ods_ordr_detail.sku_id"},
    {"typo_table", "--upstream dws_user_1d"},
};

}  // namespace

TEST_CASE("golden: impact answers on the five-script warehouse (corpus/five-scripts/expected)") {
  CheckCliGoldens(SourceDir() / "corpus" / "five-scripts" / "expected",
                  std::vector<CliGolden>(std::begin(kGoldenCases), std::end(kGoldenCases)), "impact ", kWarehouse, Cli);
}

TEST_CASE("cli impact: exit status, formats, the same answer for any -j") {
  Ran r = Cli("impact --help");
  CHECK(r.code == 0);
  CHECK(r.out.find("usage: hivelineage impact") == 0);
  CHECK(r.out.find("--with-conditions") != std::string::npos);
  CHECK(Cli("impact corpus/scripts").code == 2);  // no start
  CHECK(Cli("impact --downstream a.b --upstream c.d corpus/scripts").code == 2);
  CHECK(Cli("impact --downstream ods.order_info --depth -1 corpus/scripts").code == 2);
  CHECK(Cli("impact --downstream ods.order_info --depth x corpus/scripts").code == 2);
  CHECK(Cli("impact --downstream ods.order_info --format svg corpus/scripts").code == 2);
  CHECK(Cli("impact --downstream ods.order_info --with-conditions=yes corpus/scripts").code == 2);

  // Known only from the catalog: an answer (exit 0), not an error.
  r = Cli(
      "impact --downstream ods.user_info.email --catalog corpus/catalog.json corpus/scripts/10_temporary_tables.sql");
  CHECK(r.code == 0);
  CHECK(r.out ==
        "downstream of column ods.user_info.email: nothing reads it (it is in the catalog; no statement "
        "names it)\n");
  r =
      Cli("impact --downstream ods.user_info.email --format json --catalog corpus/catalog.json "
          "corpus/scripts/10_temporary_tables.sql");
  CHECK(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["found_in"] == "catalog");
  CHECK(j["summary"] == "nothing reads it");
  CHECK(j["nodes"].empty());
  // Gone after --collapse: said so.
  r =
      Cli("impact --downstream default.tmp_refunds --collapse temporary --catalog corpus/catalog.json "
          "corpus/scripts/10_temporary_tables.sql");
  CHECK(r.code == 2);
  CHECK(r.err.find("--collapse temporary removed") != std::string::npos);

  for (const char* format : {"text", "json", "dot", "mermaid"}) {
    CAPTURE(format);
    const std::string args =
        std::string("impact --downstream ods.ods_order_detail --with-conditions --format ") + format + " " + kWarehouse;
    const Ran a = Cli(args + " -j1");
    const Ran b = Cli(args + " -j2");
    CHECK(a.code == 0);
    CHECK(!a.out.empty());
    CHECK(a.out == b.out);
  }
  // The corpus, in parallel, as one run or the other.
  const std::string corpus = "impact --downstream ods.order_info --catalog corpus/catalog.json corpus/scripts";
  CHECK(Cli(corpus + " -j1").out == Cli(corpus + " -j2").out);
}

// Under precise semantics (the default) the `rn = 1` of dws.dws_user_last_order
// reads only its window's keys (user_id, order_time), so sku_id, which is not
// in that query, reaches nothing through it; it reaches dwd.dwd_order_detail
// only through the dedup there (a window over order_id and sku_id). Under
// Hive's rules a window reads its whole FROM row, and the `rn = 1` filter
// then reads dwd.dwd_order_detail.sku_id.
TEST_CASE("impact: with conditions, a window filter reads the window's keys only") {
  const auto reached = [](const std::string& semantics) {
    const Ran r = Cli("impact --downstream dwd.dwd_order_detail.sku_id --with-conditions --format json" + semantics +
                      " " + kWarehouse);
    REQUIRE(r.code == 0);
    const auto j = nlohmann::json::parse(r.out);
    Strings names;
    for (const auto& n : j["nodes"]) names.push_back(n["name"].get<std::string>());
    return names;
  };
  CHECK(reached("") == Strings{"dwd.dwd_order_detail.sku_id"});
  const Strings hive = reached(" --semantics hive");
  CHECK(std::find(hive.begin(), hive.end(), "dws.dws_user_last_order.user_id") != hive.end());
}
