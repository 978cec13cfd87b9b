// The cross-script lineage graph: building (value edges and conditions kept
// apart), --collapse temporary, the four output formats (dot rendered by
// Graphviz; openlineage validated against the published schemas in the
// corpus suite), determinism, and the `graph` subcommand end to end.
// Impact analysis: tests/impact_test.cc.
#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "base/strings.h"
#include "cli_in_process.h"
#include "graph/model/collapse.h"
#include "graph/render/formats.h"
#include "graph/render/subtype.h"
#include "graph_test_support.h"

namespace {

namespace fs = std::filesystem;
using namespace hivelineage;
using namespace hivelineage::testing;
using Strings = std::vector<std::string>;

fs::path TempDir() {
  static const fs::path dir = hivelineage::testing::ProcessTempDir("hivelineage_graph_test_");
  return dir;
}

fs::path WriteTemp(const std::string& rel, const std::string& text) { return WriteFile(TempDir(), rel, text); }

std::string Quote(const std::string& s) { return ShellQuote(s); }

Ran Sh(const std::string& cmdline, const fs::path& dir = TempDir()) { return Shell(cmdline, dir, TempDir()); }

// The command line, in-process (cli_in_process.h).
Ran Cli(const std::string& args, const fs::path& dir = SourceDir()) {
  return RunMain(args, dir);
}

bool HaveProgram(const std::string& name) { return Sh("command -v " + name + " >/dev/null").code == 0; }

// "clause expression [columns] -> targets" for each condition; targets "*" when it governs all the statement writes.
Strings ConditionLines(const graph::Graph& g) {
  Strings out;
  for (const graph::Condition& k : g.conditions) {
    std::string line = std::string(lineage::ClauseName(k.clause)) + " " + k.expression + " [";
    for (size_t i = 0; i < k.columns.size(); ++i) line += (i ? ", " : "") + g.columns[k.columns[i]].name;
    line += "] -> ";
    if (k.all_targets) {
      line += "*";
    } else {
      for (size_t i = 0; i < k.targets.size(); ++i) line += (i ? ", " : "") + g.columns[k.targets[i]].name;
    }
    if (!k.via.empty()) {
      line += " via";
      for (graph::ColumnId c : k.via) line += " " + g.columns[c].name;
    }
    out.push_back(line);
  }
  return out;
}

}  // namespace

// ---- building ---------------------------------------------------------------

TEST_CASE("graph: statements of different scripts chain through shared table names") {
  const graph::Graph g = Build(TwoScripts());
  CHECK(g.statements.size() == 3);  // the `set` command reads and writes nothing
  CHECK(ColumnsOf(g, "dw.stage") == Strings{"amount", "user_id"});
  CHECK(ColumnsOf(g, "ods.events") == Strings{"dt", "price", "qty", "user_id"});
  // A plain query's output names are not table columns; its sources are (read) columns.
  CHECK_FALSE(g.FindColumn("total").has_value());
  CHECK(ColumnsOf(g, "dm.report") == Strings{"name", "total"});

  // Value edges only: ods.events.price -> dw.stage.amount (stage.sql) -> dm.report.total (mart.sql).
  CHECK(EdgeNames(g) == Strings{"dim.users.name -> dm.report.name", "dw.stage.amount -> dm.report.total",
                                "ods.events.price -> dw.stage.amount", "ods.events.qty -> dw.stage.amount",
                                "ods.events.user_id -> dw.stage.user_id"});
  auto first = EdgesBetween(g, "ods.events.price", "dw.stage.amount");
  REQUIRE(first.size() == 1);
  CHECK(g.Expression(*first[0]) == "(e.price * e.qty)");
  CHECK(g.EdgeDerivation(*first[0]) == lineage::Derivation::Transformation);
  REQUIRE(first[0]->steps.size() == 1);
  const graph::StatementInfo& st1 = g.statements[first[0]->statement()];
  CHECK(st1.file == "etl/stage.sql");
  CHECK(st1.index == 1);
  CHECK(st1.start.line == 3);
  auto second = EdgesBetween(g, "dw.stage.amount", "dm.report.total");
  REQUIRE(second.size() == 1);
  CHECK(g.Expression(*second[0]) == "sum(s.amount)");
  CHECK(g.statements[second[0]->statement()].file == "etl/mart.sql");

  // Conditions: once each, governing all that their statement writes.
  CHECK(ConditionLines(g) == Strings{"where (e.dt = '2024-01-01') [ods.events.dt] -> *",
                                     "join_on (s.user_id = u.id) [dim.users.id, dw.stage.user_id] -> *",
                                     "group_by u.name [dim.users.name] -> *"});
  CHECK(g.conditions[0].statement == 0);
  CHECK(ColumnNames(g, g.Targets(g.conditions[0])) == Strings{"dw.stage.amount", "dw.stage.user_id"});

  // Table edges: one per (input, output) of each statement.
  Strings tables;
  for (const graph::Edge& e : g.table_edges)
    tables.push_back(g.tables[e.source].name + " -> " + g.tables[e.target].name);
  CHECK(tables == Strings{"dim.users -> dm.report", "dw.stage -> dm.report", "ods.events -> dw.stage"});
}

TEST_CASE("graph: a condition is kept once, however many columns its statement writes") {
  // 200 written columns and three conditions over five columns: three records, not 1,000 edges.
  std::vector<Col> cols;
  std::vector<std::string> targets;
  for (int i = 0; i < 200; ++i) {
    cols.push_back({Cat("d.wide.c", i), {Cat("s.src.c", i)}, Cat("c", i)});
    targets.push_back(cols.back().target);
  }
  std::vector<driver::FileResult> files;
  files.push_back(File("w.sql", {Stmt(0, 1, StatementKind::Insert, {"s.dim", "s.src"}, {"d.wide"}, cols,
                                      {{{"s.src.dt"}, targets, "(dt = '1')"},
                                       {{"s.dim.k", "s.src.k"}, targets, "(a.k = b.k)", lineage::Clause::JoinOn},
                                       {{"s.dim.flag", "s.src.c0"}, targets, "((flag = 1) OR (c0 > 0))"}})}));
  const graph::Graph g = Build(files);
  CHECK(g.edges.size() == 200);
  CHECK(g.conditions.size() == 3);
  std::string json;
  graph::WriteJson(g, json);
  size_t expression_copies = 0;
  for (size_t at = json.find("(a.k = b.k)"); at != std::string::npos; at = json.find("(a.k = b.k)", at + 1))
    ++expression_copies;
  CHECK(expression_copies == 1);
}

TEST_CASE("graph: one body of a multi-insert governs its own targets") {
  std::vector<driver::FileResult> files;
  files.push_back(File(
      "m.sql", {Stmt(0, 1, StatementKind::Insert, {"s.o"}, {"d.a", "d.b"}, {{"d.a.x", {"s.o.x"}, "x"}, {"d.b.y", {"s.o.y"}, "y"}},
                     {{{"s.o.dt"}, {"d.a.x", "d.b.y"}, "(dt = '1')"}, {{"s.o.k"}, {"d.a.x"}, "(k > 0)"}})}));
  const graph::Graph g = Build(files);
  CHECK(ConditionLines(g) == Strings{"where (dt = '1') [s.o.dt] -> *", "where (k > 0) [s.o.k] -> d.a.x"});
}

TEST_CASE("graph: duplicates removed, every statement keeps its own") {
  std::vector<driver::FileResult> files;
  files.push_back(File("d.sql", {Stmt(0, 1, StatementKind::Insert, {"a.s"}, {"a.t"}, {{"a.t.x", {"a.s.x"}, "x"}},
                                      {{{"a.s.f"}, {"a.t.x"}, "(f > 1)"}, {{"a.s.f"}, {"a.t.x"}, "(f > 1)"}})}));
  CHECK(Build(files).conditions.size() == 1);
  // The same script once more: its edges and conditions again, each with its own provenance.
  files.push_back(files[0]);
  const graph::Graph twice = Build(files);
  const auto edges = EdgesBetween(twice, "a.s.x", "a.t.x");
  REQUIRE(edges.size() == 2);
  CHECK(edges[0]->statement() == 0);
  CHECK(edges[1]->statement() == 1);
  REQUIRE(twice.conditions.size() == 2);
  CHECK(twice.conditions[1].statement == 1);

  const graph::Graph g = Build(TwoScripts());
  for (size_t i = 1; i < g.edges.size(); ++i)
    CHECK(std::tie(g.edges[i - 1].source, g.edges[i - 1].target) <= std::tie(g.edges[i].source, g.edges[i].target));
}

TEST_CASE("graph: directories, views, unparsed statements, declared and read-only columns") {
  std::vector<driver::FileResult> files;
  driver::StatementResult bad = Stmt(2, 9, StatementKind::Insert, {"x.y"}, {"x.z"});
  bad.parsed = false;
  driver::StatementResult ddl = Stmt(3, 11, StatementKind::CreateTable, {}, {"ods.t"});
  ddl.lineage.declared_columns = {"ods.t.a", "ods.t.unused", "ods.t.dt"};
  files.push_back(File(
      "a.sql",
      {Stmt(0, 1, StatementKind::CreateView, {"ods.t"}, {"dw.v"}, {{"dw.v.a", {"ods.t.a"}, "t.a"}}),
       Stmt(1, 4, StatementKind::Insert, {"dw.v"}, {"directory:/tmp/out.v1"}, {{"directory:/tmp/out.v1.a", {"ods.t.a"}, "v.a"}}),
       bad, ddl,
       Stmt(4, 12, StatementKind::Query, {"ods.t"}, {}, {{"a", {"ods.t.a"}, "a"}}, {{{"ods.t.flag"}, {"a"}, "(flag = 1)"}})}));
  graph::GraphBuilder b;
  driver::AddToGraph(files[0], b);
  b.SetTableKind("dw.v", graph::TableKind::View);  // what load.cc does from StatementLineage::view_outputs
  const graph::Graph g = b.Finish();
  REQUIRE(g.FindTable("dw.v").has_value());
  CHECK(g.tables[*g.FindTable("dw.v")].kind == graph::TableKind::View);
  REQUIRE(g.FindTable("directory:/tmp/out.v1").has_value());
  CHECK(g.tables[*g.FindTable("directory:/tmp/out.v1")].kind == graph::TableKind::Directory);
  const auto c = g.FindColumn("directory:/tmp/out.v1.a");
  REQUIRE(c.has_value());
  CHECK(g.tables[g.columns[*c].table].name == "directory:/tmp/out.v1");
  CHECK(g.columns[*c].short_name() == "a");
  CHECK_FALSE(g.FindTable("x.z").has_value());  // a statement that did not parse adds nothing
  CHECK(g.statements.size() == 4);
  // Declared by DDL, or read only by a plain query's condition: nodes without edges.
  CHECK(ColumnsOf(g, "ods.t") == Strings{"a", "dt", "flag", "unused"});
  CHECK(EdgeNames(g) == Strings{"ods.t.a -> directory:/tmp/out.v1.a", "ods.t.a -> dw.v.a"});
}

// ---- collapse ---------------------------------------------------------------

namespace {

// src -> tmp.a -> tmp.b -> dst, a filter on the way, a self-update of tmp.b,
// and a join on a temporary column.
std::vector<driver::FileResult> TempChain() {
  std::vector<driver::FileResult> files;
  files.push_back(File(
      "t.sql", {Stmt(0, 1, StatementKind::Ctas, {"ods.src"}, {"tmp.a"}, {{"tmp.a.x", {"ods.src.x"}, "upper(s.x)"}},
                     {{{"ods.src.flag"}, {"tmp.a.x"}, "(s.flag = 1)"}}),
                Stmt(1, 5, StatementKind::Ctas, {"tmp.a"}, {"tmp.b"}, {{"tmp.b.y", {"tmp.a.x"}, "trim(a.x)"}}),
                Stmt(2, 8, StatementKind::Update, {"tmp.b"}, {"tmp.b"}, {{"tmp.b.y", {"tmp.b.y"}, "lower(b.y)"}}),
                Stmt(3, 10, StatementKind::Insert, {"tmp.b", "ods.dim"}, {"dw.dst"},
                     {{"dw.dst.z", {"tmp.b.y"}, "b.y"}, {"dw.dst.n", {"ods.dim.n"}, "d.n"}},
                     {{{"ods.dim.k", "tmp.b.y"}, {"dw.dst.z", "dw.dst.n"}, "(b.y = d.k)", lineage::Clause::JoinOn}}),
                // Filled and never read: its condition governs nothing that remains.
                Stmt(4, 12, StatementKind::Ctas, {"ods.src"}, {"tmp.dead"}, {{"tmp.dead.x", {"ods.src.x"}, "x"}},
                     {{{"ods.src.flag"}, {"tmp.dead.x"}, "(flag = 2)"}})}));
  return files;
}

}  // namespace

TEST_CASE("collapse: temporary tables are bridged, keeping every step") {
  graph::Graph g = Build(TempChain(), false, {"tmp.a", "tmp.b", "tmp.dead"});
  CHECK(g.tables[*g.FindTable("tmp.a")].kind == graph::TableKind::Temporary);
  const graph::CollapseResult r = graph::CollapseTemporary(g);
  CHECK(r.tables_removed == 3);
  CHECK_FALSE(r.truncated);
  CHECK(g.tables[*g.FindTable("tmp.a")].collapsed);
  for (const graph::Edge& e : g.edges) {
    CHECK_FALSE(g.tables[g.columns[e.source].table].collapsed);
    CHECK_FALSE(g.tables[g.columns[e.target].table].collapsed);
  }

  auto direct = EdgesBetween(g, "ods.src.x", "dw.dst.z");
  // Two paths: straight through, and once around the self-update of tmp.b
  // (a path may pass a node twice, never an edge).
  REQUIRE(direct.size() == 2);
  const graph::Edge& around = *direct[0];  // statement 2 sorts before statement 3
  const graph::Edge& straight = *direct[1];
  REQUIRE(straight.steps.size() == 3);
  CHECK(g.Written(straight.steps[0]).expression == "upper(s.x)");
  CHECK(g.columns[straight.steps[0].target].name == "tmp.a.x");
  CHECK(g.Written(straight.steps[1]).expression == "trim(a.x)");
  CHECK(g.Expression(straight) == "b.y");
  CHECK(g.EdgeDerivation(straight) == lineage::Derivation::Identity);
  CHECK(g.statements[straight.statement()].start.line == 10);
  REQUIRE(around.steps.size() == 4);
  CHECK(g.Written(around.steps[2]).expression == "lower(b.y)");

  // Conditions: one on a temporary column now reads the columns whose values
  // fed it; one governing a temporary table now governs what that table fed
  // (through values, and through the join its column is read by); one that
  // governed only a dead end is gone.
  CHECK(ConditionLines(g) == Strings{"where (s.flag = 1) [ods.src.flag] -> dw.dst.n, dw.dst.z via tmp.a.x",
                                     "join_on (b.y = d.k) [ods.dim.k, ods.src.x] -> * via tmp.b.y"});

  Strings tables;
  for (const graph::Edge& e : g.table_edges)
    tables.push_back(g.tables[e.source].name + " -> " + g.tables[e.target].name);
  CHECK(tables == Strings{"ods.dim -> dw.dst", "ods.src -> dw.dst", "ods.src -> dw.dst"});
}

TEST_CASE("collapse: nothing to do without temporary tables") {
  graph::Graph g = Build(TempChain());
  const size_t edges = g.edges.size();
  const size_t conditions = g.conditions.size();
  CHECK(graph::CollapseTemporary(g).tables_removed == 0);
  CHECK(g.edges.size() == edges);
  CHECK(g.conditions.size() == conditions);
}

TEST_CASE("collapse: an exponential number of paths stops at the work budget") {
  // 40 temporary tables in a row, each fed twice by the previous one: 2^40 paths.
  std::vector<driver::StatementResult> sts;
  std::vector<std::string> temps;
  sts.push_back(Stmt(0, 1, StatementKind::Ctas, {"ods.s"}, {"tmp.t0"}, {{"tmp.t0.a", {"ods.s.a"}, "a"}}));
  for (uint32_t i = 1; i <= 40; ++i) {
    const std::string prev = "tmp.t" + std::to_string(i - 1), cur = "tmp.t" + std::to_string(i);
    temps.push_back(prev);
    sts.push_back(Stmt(i, static_cast<int>(i) + 1, StatementKind::Ctas, {prev}, {cur},
                       {{cur + ".a", {prev + ".a"}, "a"}, {cur + ".b", {prev + ".a"}, "b"}},
                       {{{prev + ".b"}, {cur + ".a", cur + ".b"}, "(b > 0)"}}));
    sts.push_back(Stmt(i + 100, static_cast<int>(i) + 1, StatementKind::Ctas, {prev}, {cur}, {{cur + ".a", {prev + ".b"}, "a"}}));
  }
  temps.push_back("tmp.t40");
  sts.push_back(Stmt(200, 99, StatementKind::Insert, {"tmp.t40"}, {"dw.d"}, {{"dw.d.a", {"tmp.t40.a"}, "a"}}));
  std::vector<driver::FileResult> files;
  files.push_back(File("deep.sql", std::move(sts)));
  graph::Graph g = Build(files, false, temps);
  const graph::CollapseResult r = graph::CollapseTemporary(g, 5000);
  CHECK(r.truncated);
  CHECK(g.tables[*g.FindTable("tmp.t3")].collapsed);
  CHECK(!EdgesBetween(g, "ods.s.a", "dw.d.a").empty());
}

// ---- transformation subtypes ------------------------------------------------

TEST_CASE("subtype: projection subtypes from the lineage layer's Derivation") {
  // The Derivation itself is computed from the AST: tests/openlineage_subtype_test.cc.
  using graph::Subtype;
  using lineage::Derivation;
  CHECK(graph::ProjectionSubtype(Derivation::Identity) == Subtype::Identity);
  CHECK(graph::ProjectionSubtype(Derivation::Transformation) == Subtype::Transformation);
  CHECK(graph::ProjectionSubtype(Derivation::Conditional) == Subtype::Conditional);
  CHECK(graph::ProjectionSubtype(Derivation::Aggregation) == Subtype::Aggregation);
  CHECK(graph::ProjectionSubtype(Derivation::Window) == Subtype::Window);
  for (Derivation t : {Derivation::Identity, Derivation::Transformation, Derivation::Conditional, Derivation::Aggregation,
                      Derivation::Window})
    CHECK(graph::IsDirect(graph::ProjectionSubtype(t)));
  CHECK(graph::IsDirect(graph::Subtype::Window));
  CHECK_FALSE(graph::IsDirect(graph::Subtype::Join));
  CHECK_FALSE(graph::IsDirect(graph::Subtype::Sort));
  CHECK(std::string(graph::SubtypeName(Subtype::Sort)) == "SORT");
  CHECK(std::string(graph::SubtypeName(Subtype::GroupBy)) == "GROUP_BY");
}

TEST_CASE("subtype: predicate subtypes from the condition's clause") {
  using graph::Subtype;
  using lineage::Clause;
  CHECK(graph::PredicateSubtype(Clause::Where) == Subtype::Filter);
  CHECK(graph::PredicateSubtype(Clause::JoinOn) == Subtype::Join);
  CHECK(graph::PredicateSubtype(Clause::GroupBy) == Subtype::GroupBy);
  CHECK(graph::PredicateSubtype(Clause::Having) == Subtype::Filter);
  CHECK(graph::PredicateSubtype(Clause::Qualify) == Subtype::Filter);
  CHECK(graph::PredicateSubtype(Clause::Window) == Subtype::Window);
  CHECK(graph::PredicateSubtype(Clause::MergeWhen) == Subtype::Filter);
  CHECK(graph::PredicateSubtype(Clause::Sort) == Subtype::Sort);
}

// ---- formats ----------------------------------------------------------------

TEST_CASE("format json: version 2, statements, tables, value edges, conditions") {
  graph::Graph g = Build(TempChain(), false, {"tmp.a", "tmp.b", "tmp.dead"});
  graph::CollapseTemporary(g);
  std::string out;
  graph::WriteJson(g, out);
  const auto j = nlohmann::json::parse(out);
  CHECK(j["version"] == 2);
  CHECK(j["collapsed"] == nlohmann::json::array({"tmp.a", "tmp.b", "tmp.dead"}));
  Strings tables;
  for (const auto& t : j["tables"]) tables.push_back(t["name"]);
  CHECK(tables == Strings{"dw.dst", "ods.dim", "ods.src"});
  CHECK(j["tables"][2]["columns"] == nlohmann::json::array({"flag", "x"}));
  CHECK(j["tables"][2]["kind"] == "table");
  REQUIRE(j["statements"].size() == 5);
  CHECK(j["statements"][3] == nlohmann::json::parse(R"J({"id": 3, "file": "t.sql", "index": 3, "line": 10,
      "column": 1, "kind": "insert", "inputs": ["ods.dim", "tmp.b"], "outputs": ["dw.dst"]})J"));
  // A direct edge names its statement; a bridged one also lists its steps.
  CHECK(j["edges"][0] == nlohmann::json::parse(R"J({"source": "ods.dim.n", "target": "dw.dst.n", "statement": 3,
      "expression": "d.n", "transform": "identity"})J"));
  const auto& e = j["edges"].back();
  CHECK(e["source"] == "ods.src.x");
  CHECK(e["target"] == "dw.dst.z");
  CHECK(e["statement"] == 3);
  CHECK(e["expression"] == "b.y");
  CHECK(e["transform"] == "identity");
  REQUIRE(e["steps"].size() == 3);
  CHECK(e["steps"][0] == nlohmann::json::parse(R"J({"statement": 0, "source": "ods.src.x", "target": "tmp.a.x",
      "expression": "upper(s.x)"})J"));
  CHECK(j["table_edges"][0] == nlohmann::json::parse(R"J({"source": "ods.dim", "target": "dw.dst", "statement": 3})J"));
  CHECK(j["conditions"] == nlohmann::json::parse(R"J([
      {"statement": 0, "clause": "where", "expression": "(s.flag = 1)", "columns": ["ods.src.flag"],
       "targets": ["dw.dst.n", "dw.dst.z"], "via": ["tmp.a.x"]},
      {"statement": 3, "clause": "join_on", "expression": "(b.y = d.k)", "columns": ["ods.dim.k", "ods.src.x"],
       "via": ["tmp.b.y"]}])J"));
  // Masked values say so.
  std::vector<driver::FileResult> files;
  auto st = Stmt(0, 1, StatementKind::Insert, {"s.u"}, {"d.u"}, {{"d.u.phone", {"s.u.phone"}, "md5(phone)"}});
  st.lineage.columns[0].masking = true;
  files.push_back(File("m.sql", {st}));
  out.clear();
  graph::WriteJson(Build(files), out);
  CHECK(nlohmann::json::parse(out)["edges"][0]["masking"] == true);
  CHECK(nlohmann::json::parse(out)["edges"][0]["masked_by"] == nlohmann::json::parse(R"J(["mask"])J"));
  // Per source, by name: the raw one says nothing.
  files.clear();
  st = Stmt(0, 1, StatementKind::Insert, {"s.u"}, {"d.u"},
            {{"d.u.phone", {"s.u.name", "s.u.phone"}, "concat(md5(phone), name)"}});
  st.lineage.columns[0].masked = {lineage::MaskedSource{"s.u.phone", {"md5"}}};
  files.push_back(File("m.sql", {st}));
  out.clear();
  graph::WriteJson(Build(files), out);
  const nlohmann::json edges = nlohmann::json::parse(out)["edges"];
  REQUIRE(edges.size() == 2);
  CHECK(edges[0]["source"] == "s.u.name");
  CHECK_FALSE(edges[0].contains("masking"));
  CHECK(edges[1]["masked_by"] == nlohmann::json::parse(R"J(["md5"])J"));
}

namespace {

// Names that stress every writer's quoting.
std::vector<driver::FileResult> HostileNames() {
  std::vector<driver::FileResult> files;
  files.push_back(File("we\"ird|{x}.sql",
                       {Stmt(0, 1, StatementKind::Insert, {"ods.raw events"}, {"dw.\"q\"<t>"},
                             {{"dw.\"q\"<t>.a|b", {"ods.raw events.x{y}"}, "concat(x, '\"\\\n#;&')"},
                              {"dw.\"q\"<t>.bad\xff", {"ods.raw events.x{y}"}, "x"}},
                             {{{"ods.raw events.w\"}"}, {"dw.\"q\"<t>.a|b", "dw.\"q\"<t>.bad\xff"}, "(w\" <> '|{')"}}),
                        Stmt(1, 5, StatementKind::Load, {}, {"dw.loaded"}), Stmt(2, 7, StatementKind::Insert, {"dw.loaded"}, {"dw.\"q\"<t>"})}));
  return files;
}

}  // namespace

TEST_CASE("format json: any name gives valid JSON and UTF-8") {
  const graph::Graph g = Build(HostileNames());
  std::string out;
  graph::WriteJson(g, out);
  const auto j = nlohmann::json::parse(out);  // throws on invalid JSON or UTF-8
  CHECK(j["tables"].size() == 3);
  CHECK(j["conditions"].size() == 1);
}

TEST_CASE("format dot: record tables, value edges, one node per condition, renders with Graphviz") {
  for (const auto& files : {TwoScripts(), HostileNames(), TempChain()}) {
    const graph::Graph g = Build(files, false, {"tmp.a"});
    std::string dot;
    graph::WriteDot(g, dot);
    CHECK(dot.starts_with("digraph lineage {\n"));
    CHECK(dot.find("node [shape=record") != std::string::npos);
    REQUIRE_MESSAGE(HaveProgram("dot"), "Graphviz `dot` is not on PATH (apt-get install graphviz; tools/setup.sh test does)");
    const fs::path in = WriteTemp("graph.dot", dot);
    const Ran r = Sh("dot -Tsvg " + Quote(in.string()));
    CAPTURE(dot);
    CHECK(r.code == 0);
    CHECK(r.err == "");
    CHECK(r.out.find("<svg") != std::string::npos);
  }
  const graph::Graph g = Build(TwoScripts());
  std::string dot;
  graph::WriteDot(g, dot);
  // Tables in name order: t0 dim.users, t1 dm.report, t2 dw.stage, t3 ods.events.
  CHECK(dot.find("t2 [label=\"<t> dw.stage|<c0> amount|<c1> user_id\"];") != std::string::npos);
  CHECK(dot.find("t3:c1 -> t2:c0 [tooltip=\"(e.price * e.qty) at etl/stage.sql:3 (statement 1)\"];") !=
        std::string::npos);
  // The WHERE of stage.sql: one node, a line in from ods.events.dt, one out to dw.stage.
  CHECK(dot.find("  k0 [shape=box, style=\"rounded,dashed\", color=\"#888888\", fontsize=9, "
                 "label=\"where: (e.dt = '2024-01-01')\"") != std::string::npos);
  CHECK(dot.find("  t3:c0 -> k0 [style=dashed") != std::string::npos);
  CHECK(dot.find("  k0 -> t2:t [style=dashed") != std::string::npos);
  CHECK(dot.find("k0 -> t2:c") == std::string::npos);
  // Record syntax characters in names are escaped.
  const graph::Graph h = Build(HostileNames());
  std::string hd;
  graph::WriteDot(h, hd);
  CHECK(hd.find("dw.\\\"q\\\"\\<t\\>") != std::string::npos);
  CHECK(hd.find("a\\|b") != std::string::npos);
  // A link known only at table level (no columns) is drawn between the tables.
  CHECK(hd.find(":t -> t") != std::string::npos);
}

TEST_CASE("format mermaid: subgraphs per table, condition nodes, escaped labels") {
  const graph::Graph g = Build(TwoScripts());
  std::string m;
  graph::WriteMermaid(g, m);
  CHECK(m.starts_with("flowchart LR\n"));
  CHECK(m.find("  subgraph t2[\"dw.stage\"]\n    t2c0[\"amount\"]\n    t2c1[\"user_id\"]\n  end\n") !=
        std::string::npos);
  CHECK(m.find("  t3c1 --> t2c0\n") != std::string::npos);  // ods.events.price -> dw.stage.amount
  // ods.events.dt filters dw.stage: through the condition's node.
  CHECK(m.find("  k0{{\"where: (e.dt = '2024-01-01')\"}}\n  t3c0 -.-> k0\n  k0 -.-> t2\n") != std::string::npos);
  CHECK(m.find("  t0c1 --> t1c0\n") != std::string::npos);  // dim.users.name -> dm.report.name
  CHECK(m.find("  t0c1 -.-> k2\n") != std::string::npos);   // ... and its GROUP BY

  const graph::Graph h = Build(HostileNames());
  std::string hm;
  graph::WriteMermaid(h, hm);
  CHECK(hm.find("dw.#quot;q#quot;#lt;t#gt;") != std::string::npos);
  CHECK(hm.find("bad\xEF\xBF\xBD") != std::string::npos);  // invalid UTF-8 repaired
  CHECK(hm.find(" ==> ") != std::string::npos);            // table-level link
}

TEST_CASE("format openlineage: one RunEvent per statement with column lineage") {
  auto files = TwoScripts();
  files[0].source = std::make_shared<const SourceFile>("etl/stage.sql", "set a=1;\n\nINSERT INTO dw.stage ...");
  files[0].statements[1].span = Span{10, 34};
  const graph::Graph g = Build(files, true);
  graph::OpenLineageOptions o;
  std::string out;
  graph::WriteOpenLineage(g, o, out);
  std::vector<nlohmann::json> events;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) events.push_back(nlohmann::json::parse(line));
  REQUIRE(events.size() == 3);

  const auto& stage = events[0];
  CHECK(stage["eventType"] == "COMPLETE");
  // No modification time known (these scripts are made up) and no --event-time.
  CHECK(stage["eventTime"] == "1970-01-01T00:00:00Z");
  CHECK(stage["run"]["runId"] == graph::StableRunId("hivelineage", "etl/stage.sql:dw.stage", "1970-01-01T00:00:00Z"));
  CHECK(stage["job"]["name"] == "etl/stage.sql:dw.stage");
  CHECK(stage["job"]["facets"]["sql"]["query"] == "INSERT INTO dw.stage ...");
  CHECK(stage["inputs"][0] == nlohmann::json({{"namespace", "hive"}, {"name", "ods.events"}}));
  const auto& facet = stage["outputs"][0]["facets"]["columnLineage"];
  const auto& amount = facet["fields"]["amount"]["inputFields"];
  REQUIRE(amount.size() == 2);
  CHECK(amount[0]["field"] == "price");
  CHECK(amount[0]["transformations"][0]["type"] == "DIRECT");
  CHECK(amount[0]["transformations"][0]["subtype"] == "TRANSFORMATION");
  CHECK(facet["fields"]["user_id"]["inputFields"][0]["transformations"][0]["subtype"] == "IDENTITY");
  // The WHERE condition governs every written column: a dataset-wide FILTER.
  REQUIRE(facet["dataset"].size() == 1);
  CHECK(facet["dataset"][0]["field"] == "dt");
  CHECK(facet["dataset"][0]["transformations"][0]["type"] == "INDIRECT");
  CHECK(facet["dataset"][0]["transformations"][0]["subtype"] == "FILTER");

  const auto& mart = events[1]["outputs"][0]["facets"]["columnLineage"];
  CHECK(mart["fields"]["total"]["inputFields"][0]["transformations"][0]["subtype"] == "AGGREGATION");
  std::set<std::string> indirect;
  for (const auto& f : mart["dataset"])
    for (const auto& t : f["transformations"])
      indirect.insert(f["field"].get<std::string>() + ":" + t["subtype"].get<std::string>());
  CHECK(indirect == std::set<std::string>{"id:JOIN", "name:GROUP_BY", "user_id:JOIN"});
  // The plain query: an event that only reads.
  CHECK(events[2]["outputs"].empty());
  CHECK(events[2]["inputs"][0]["name"] == "dm.report");

  // A condition of one multi-insert body: INDIRECT on the fields it governs.
  std::vector<driver::FileResult> multi;
  multi.push_back(
      File("m.sql", {Stmt(0, 1, StatementKind::Insert, {"s.o"}, {"d.a"}, {{"d.a.x", {"s.o.x"}, "x"}, {"d.a.y", {"s.o.y"}, "y"}},
                          {{{"s.o.k"}, {"d.a.x"}, "(k > 0)"}})}));
  std::string body;
  graph::WriteOpenLineage(Build(multi), o, body);
  const auto f = nlohmann::json::parse(body)["outputs"][0]["facets"]["columnLineage"];
  CHECK_FALSE(f.contains("dataset"));
  REQUIRE(f["fields"]["x"]["inputFields"].size() == 2);
  CHECK(f["fields"]["x"]["inputFields"][0]["field"] == "k");
  CHECK(f["fields"]["x"]["inputFields"][0]["transformations"][0]["type"] == "INDIRECT");
  CHECK(f["fields"]["y"]["inputFields"].size() == 1);

  // Validated against the published OpenLineage schemas by the corpus suite
  // (tests/corpus/openlineage_schema_test.cc), which has them.
}

TEST_CASE("openlineage: stable run ids and event times") {
  const std::string id = graph::StableRunId("ns", "etl/a.sql:dw.t", "2024-05-01T02:00:00Z");
  CHECK(std::regex_match(id, std::regex("[0-9a-f]{8}-[0-9a-f]{4}-3[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")));
  CHECK(id == graph::StableRunId("ns", "etl/a.sql:dw.t", "2024-05-01T02:00:00Z"));
  CHECK(id != graph::StableRunId("ns", "etl/a.sql:dw.t", "2024-05-02T02:00:00Z"));
  CHECK(id != graph::StableRunId("ns", "etl/a.sql:dw.u", "2024-05-01T02:00:00Z"));
  CHECK(id != graph::StableRunId("ns2", "etl/a.sql:dw.t", "2024-05-01T02:00:00Z"));

  CHECK(graph::IsRfc3339DateTime("2024-05-01T02:00:00Z"));
  CHECK(graph::IsRfc3339DateTime("2024-05-01T02:00:00.123+08:00"));
  CHECK_FALSE(graph::IsRfc3339DateTime("2024-05-01 02:00:00"));
  CHECK_FALSE(graph::IsRfc3339DateTime("2024-13-01T02:00:00Z"));
  CHECK_FALSE(graph::IsRfc3339DateTime("2024-05-01T02:00:00"));
  CHECK_FALSE(graph::IsRfc3339DateTime("2024-05-01T02:00:00+8"));
  CHECK_FALSE(graph::IsRfc3339DateTime(""));

  graph::OpenLineageOptions o;
  o.event_time = "2024-05-01T02:00:00Z";
  o.dataset_namespace = "hive://metastore:9083";
  std::vector<driver::FileResult> files;
  files.push_back(File("x.sql", {Stmt(0, 1, StatementKind::Insert, {"a.b"}, {"directory:hdfs://nn:8020/out/x"},
                                      {{"directory:hdfs://nn:8020/out/x.c", {"a.b.c"}, "c"}})}));
  std::string out;
  graph::WriteOpenLineage(Build(files), o, out);
  const auto ev = nlohmann::json::parse(out);
  CHECK(ev["eventTime"] == "2024-05-01T02:00:00Z");
  CHECK(ev["inputs"][0]["namespace"] == "hive://metastore:9083");
  CHECK(ev["outputs"][0]["namespace"] == "hdfs://nn:8020");
  CHECK(ev["outputs"][0]["name"] == "/out/x");
  CHECK(ev["outputs"][0]["facets"]["columnLineage"]["fields"]["c"]["inputFields"][0]["name"] == "a.b");
}

TEST_CASE("graph: output is deterministic, streamed or whole, for any -j") {
  auto render = [](const std::vector<driver::FileResult>& files) {
    graph::Graph g = Build(files, true, {"tmp.a", "tmp.b"});
    std::string all;
    graph::WriteOpenLineage(g, {}, all);
    graph::CollapseTemporary(g);
    graph::WriteJson(g, all);
    graph::WriteDot(g, all);
    graph::WriteMermaid(g, all);
    return all;
  };
  auto files = TwoScripts();
  for (auto& f : TempChain()) files.push_back(std::move(f));
  CHECK(render(files) == render(files));

  // Streamed a megabyte at a time, the same bytes as whole.
  std::vector<driver::StatementResult> sts;
  for (uint32_t s = 0; s < 150; ++s) {
    std::vector<Col> cols;
    for (int i = 0; i < 200; ++i)
      cols.push_back({"d.t" + std::to_string(s) + ".c" + std::to_string(i), {"s.src.c" + std::to_string(i)}, "x"});
    sts.push_back(Stmt(s, static_cast<int>(s) + 1, StatementKind::Insert, {"s.src"}, {"d.t" + std::to_string(s)}, cols));
  }
  std::vector<driver::FileResult> big;
  big.push_back(File("big.sql", std::move(sts)));
  const graph::Graph g = Build(big);
  for (auto write : {graph::WriteJson, graph::WriteDot, graph::WriteMermaid}) {
    std::string whole, streamed, buffer;
    size_t flushes = 0;
    write(g, whole, {});
    write(g, buffer, [&](std::string& chunk) {
      ++flushes;
      streamed += chunk;
      chunk.clear();
    });
    streamed += buffer;
    CHECK(whole.size() > (size_t{1} << 20));
    CHECK(flushes > 0);
    CHECK(streamed == whole);
  }

  // End to end: -j1 and -j2 give the same bytes.
  for (const char* format : {"json", "dot", "mermaid", "openlineage"}) {
    CAPTURE(format);
    const std::string args = std::string("graph --format ") + format + " --catalog corpus/catalog.json corpus/scripts";
    const Ran a = Cli(args + " -j1");
    const Ran b = Cli(args + " -j2");
    CHECK(a.code == b.code);
    CHECK(!a.out.empty());
    CHECK(a.out == b.out);
  }
}

// ---- the subcommand ---------------------------------------------------------

TEST_CASE("cli graph: help, usage errors, diagnostics") {
  Ran r = Cli("graph --help");
  CHECK(r.code == 0);
  CHECK(r.out.find("usage: hivelineage graph") == 0);
  CHECK(r.out.find("--collapse temporary") != std::string::npos);

  CHECK(Cli("graph --format svg corpus/scripts").code == 2);
  CHECK(Cli("graph --bogus corpus/scripts").code == 2);
  CHECK(Cli("graph --collapse everything corpus/scripts").code == 2);
  r = Cli("graph --format openlineage --collapse temporary corpus/scripts");
  CHECK(r.code == 2);
  CHECK(r.err.find("--collapse does not apply") != std::string::npos);
  CHECK(Cli("graph --format openlineage --event-time yesterday corpus/scripts").code == 2);
  CHECK(Cli("graph no/such/dir").code == 2);

  // Input errors in GCC form, and the graph of the good statements anyway.
  const fs::path bad = WriteTemp("bad/broken.sql",
                                 "insert into d.t select a from s.u;\nselect from where;\n"
                                 "insert into d.v select a from d.t;\n");
  r = Cli("graph " + Quote(bad.string()));
  CHECK(r.code == 1);
  CHECK(r.err.find(bad.string() + ":2:") != std::string::npos);
  CHECK(r.err.find(": error: ") != std::string::npos);
  const auto j = nlohmann::json::parse(r.out);
  std::set<std::string> tables;
  for (const auto& t : j["tables"]) tables.insert(t["name"]);
  CHECK(tables == std::set<std::string>{"d.t", "d.v", "s.u"});
}

TEST_CASE("cli graph: independent scripts, or a --sequence sharing one session") {
  WriteTemp("seq/a.sql", "create table d.stage as select x, y from s.src;\n");
  WriteTemp("seq/b.sql", "insert overwrite table d.out select * from d.stage;\n");
  WriteTemp("seq/list.txt", "# run order\na.sql\nb.sql\n");
  auto column_edges = [](const std::string& out) {
    std::set<std::string> edges;
    const auto j = nlohmann::json::parse(out);
    for (const auto& e : j["edges"])
      edges.insert(e["source"].get<std::string>() + " -> " + e["target"].get<std::string>());
    return edges;
  };
  // Independent scripts: a.sql's CTAS declares d.stage(x, y) for b.sql (the learned warehouse schema).
  Ran r = Cli("graph seq/a.sql seq/b.sql", TempDir());
  CHECK(r.code == 0);
  CHECK(column_edges(r.out) == std::set<std::string>{"s.src.x -> d.stage.x", "s.src.y -> d.stage.y",
                                                     "d.stage.x -> d.out.x", "d.stage.y -> d.out.y"});
  // Alone, without it, b.sql does not know d.stage's columns: the scripts link at table level only.
  r = Cli("graph --no-learn-schema seq/a.sql seq/b.sql", TempDir());
  CHECK(r.code == 0);
  CHECK(column_edges(r.out) == std::set<std::string>{"s.src.x -> d.stage.x", "s.src.y -> d.stage.y"});
  CHECK(nlohmann::json::parse(r.out)["table_edges"].size() == 2);
  // In sequence it does, and the columns chain.
  r = Cli("graph --sequence seq/list.txt", TempDir());
  CHECK(r.code == 0);
  CHECK(column_edges(r.out) == std::set<std::string>{"s.src.x -> d.stage.x", "s.src.y -> d.stage.y",
                                                     "d.stage.x -> d.out.x", "d.stage.y -> d.out.y"});
  CHECK(Cli("graph --sequence seq/list.txt seq/a.sql", TempDir()).code == 2);
  CHECK(Cli("graph --sequence seq/missing.txt", TempDir()).code == 2);
}

TEST_CASE("cli graph: temporary tables and views of a script, collapsed") {
  const std::string script = "corpus/scripts/10_temporary_tables.sql";
  REQUIRE_MESSAGE(fs::exists(SourceDir() / script), script << " is not in the corpus");
  // CREATE TEMPORARY TABLE is known from the statements.
  Ran r = Cli("graph --catalog corpus/catalog.json " + script);
  CHECK(r.code == 0);
  std::map<std::string, std::string> kinds;
  const auto graph_json = nlohmann::json::parse(r.out);
  for (const auto& t : graph_json["tables"]) kinds[t["name"].get<std::string>()] = t["kind"].get<std::string>();
  CHECK(kinds["default.tmp_paid_orders"] == "temporary");
  CHECK(kinds["default.tmp_refunds"] == "temporary");
  CHECK(kinds["dws.dws_trade_net_1d"] == "table");

  r = Cli("graph --collapse temporary --catalog corpus/catalog.json " + script);
  CHECK(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["collapsed"] == nlohmann::json::array({"default.tmp_paid_orders", "default.tmp_refunds"}));
  // The refunds' WHERE now governs the target table, through the join on the temporary table.
  bool found = false;
  for (const auto& k : j["conditions"]) {
    if (k["expression"] != "(dt = '2024-03-01')" || k["columns"] != nlohmann::json::array({"ods.refund_info.dt"}))
      continue;
    found = true;
    CHECK(k["targets"].size() == 4);
    CHECK(k["via"].size() == 2);
  }
  CHECK(found);

  const fs::path views = WriteTemp("views.sql",
                                   "create table s.t (a int, b int);\n"
                                   "create view d.v as select a from s.t where b > 0;\n"
                                   "insert into table s.t select a, 1 from d.v;\n");
  r = Cli("graph " + Quote(views.string()));
  CHECK(r.code == 0);
  kinds.clear();
  const auto view_json = nlohmann::json::parse(r.out);
  for (const auto& t : view_json["tables"]) kinds[t["name"].get<std::string>()] = t["kind"].get<std::string>();
  CHECK(kinds["d.v"] == "view");
  CHECK(kinds["s.t"] == "table");
}
