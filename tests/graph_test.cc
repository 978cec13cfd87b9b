// The cross-script lineage graph: building, --collapse temporary, impact
// analysis, the four output formats (dot rendered by Graphviz, openlineage
// validated against the published schemas when the tools are installed),
// determinism, and the `graph` / `impact` subcommands end to end.
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "graph/builder.h"
#include "graph/collapse.h"
#include "graph/formats.h"
#include "graph/impact.h"
#include "graph/transform.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using namespace hivelineage;
using lineage::ColumnLineage;
using lineage::PredicateLineage;

// ---- hand-made analysis results ---------------------------------------------

struct Col {
  std::string target;
  std::vector<std::string> sources;
  std::string expression;
  lineage::Transform transform = lineage::Transform::Identity;
};
struct Pred {
  std::vector<std::string> sources;
  std::vector<std::string> targets;
  std::string expression;
  lineage::Clause clause = lineage::Clause::Where;
};

driver::StatementResult Stmt(uint32_t index, int line, std::string kind, std::vector<std::string> inputs,
                             std::vector<std::string> outputs, std::vector<Col> cols = {},
                             std::vector<Pred> preds = {}) {
  driver::StatementResult s;
  s.index = index;
  s.start = LineCol{line, 1};
  s.kind = std::move(kind);
  s.parsed = true;
  s.database = "default";
  s.lineage.inputs = std::move(inputs);
  s.lineage.outputs = std::move(outputs);
  for (Col& c : cols) {
    ColumnLineage cl;
    cl.target = std::move(c.target);
    cl.sources = std::move(c.sources);
    cl.expression = std::move(c.expression);
    cl.transform = c.transform;
    s.lineage.columns.push_back(std::move(cl));
  }
  for (Pred& p : preds) s.lineage.predicates.push_back(PredicateLineage{p.sources, p.targets, p.expression, p.clause});
  return s;
}

driver::FileResult File(const std::string& name, std::vector<driver::StatementResult> statements,
                        const std::string& text = "") {
  driver::FileResult f;
  f.source = std::make_shared<const SourceFile>(name, text);
  f.statements = std::move(statements);
  return f;
}

// etl/stage.sql fills a staging table, etl/mart.sql reads it: the two chain
// through the shared name dw.stage.
std::vector<driver::FileResult> TwoScripts() {
  std::vector<driver::FileResult> files;
  files.push_back(
      File("etl/stage.sql",
           {Stmt(0, 1, "command", {}, {}),
            Stmt(1, 3, "insert", {"ods.events"}, {"dw.stage"},
                 {{"dw.stage.user_id", {"ods.events.user_id"}, "e.user_id"},
                  {"dw.stage.amount",
                   {"ods.events.price", "ods.events.qty"},
                   "(e.price * e.qty)",
                   lineage::Transform::Transformation}},
                 {{{"ods.events.dt"}, {"dw.stage.user_id", "dw.stage.amount"}, "(e.dt = '2024-01-01')"}})}));
  files.push_back(
      File("etl/mart.sql",
           {Stmt(0, 2, "insert", {"dim.users", "dw.stage"}, {"dm.report"},
                 {{"dm.report.name", {"dim.users.name"}, "upper(u.name)", lineage::Transform::Transformation},
                  {"dm.report.total", {"dw.stage.amount"}, "sum(s.amount)", lineage::Transform::Aggregation}},
                 {{{"dim.users.id", "dw.stage.user_id"},
                   {"dm.report.name", "dm.report.total"},
                   "(s.user_id = u.id)",
                   lineage::Clause::JoinOn},
                  {{"dim.users.name"}, {"dm.report.name", "dm.report.total"}, "u.name", lineage::Clause::GroupBy}}),
            Stmt(1, 9, "query", {"dm.report"}, {}, {{"total", {"dm.report.total"}, "r.total"}})}));
  return files;
}

graph::Graph Build(const std::vector<driver::FileResult>& files, bool keep_sql = false,
                   const std::vector<std::string>& temporary = {}) {
  graph::GraphBuilder b(graph::BuildOptions{keep_sql});
  for (const auto& f : files) b.AddFile(f);
  for (const auto& t : temporary) b.SetTableKind(t, graph::TableKind::Temporary);
  return b.Finish();
}

std::vector<const graph::Edge*> EdgesBetween(const graph::Graph& g, const std::string& s, const std::string& t) {
  std::vector<const graph::Edge*> out;
  for (const graph::Edge& e : g.edges)
    if (e.source == s && e.target == t) out.push_back(&e);
  return out;
}

// ---- running things ---------------------------------------------------------

fs::path TempDir() {
  static const fs::path dir = hivelineage::testing::ProcessTempDir("hivelineage_graph_test_");
  return dir;
}

fs::path WriteTemp(const std::string& rel, const std::string& text) {
  const fs::path p = TempDir() / rel;
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

std::string Quote(const std::string& s) { return hivelineage::testing::ShellQuote(s); }

struct Ran {
  int code = -1;
  std::string out;
  std::string err;
};

// Runs a shell command line in `dir`, capturing stdout and stderr.
Ran Shell(const std::string& cmdline, const fs::path& dir = TempDir()) {
  static int n = 0;
  ++n;
  const fs::path out = TempDir() / ("out" + std::to_string(n) + ".txt");
  const fs::path err = TempDir() / ("err" + std::to_string(n) + ".txt");
  const std::string cmd = "cd " + Quote(dir.string()) + " && " + cmdline + " </dev/null >" + Quote(out.string()) +
                          " 2>" + Quote(err.string());
  const int status = std::system(cmd.c_str());
  Ran r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = testing::ReadFile(out);
  r.err = testing::ReadFile(err);
  return r;
}

Ran Cli(const std::string& args, const fs::path& dir = testing::SourceDir()) {
  return Shell(Quote(HIVELINEAGE_CLI) + " " + args, dir);
}

bool HaveProgram(const std::string& name) { return Shell("command -v " + name + " >/dev/null").code == 0; }

// A python3 that can import jsonschema, or empty.
std::string PythonWithJsonschema() {
  for (const char* p : {"python3", "/usr/bin/python3"})
    if (Shell(std::string(p) + " -c 'import jsonschema'").code == 0) return p;
  return {};
}

}  // namespace

// ---- building ---------------------------------------------------------------

TEST_CASE("graph: statements of different scripts chain through shared table names") {
  const graph::Graph g = Build(TwoScripts());
  CHECK(g.statements.size() == 3);  // the `set` command reads and writes nothing
  REQUIRE(g.FindTable("dw.stage") != nullptr);
  CHECK(g.FindTable("dw.stage")->columns == std::vector<std::string>{"amount", "user_id"});
  CHECK(g.FindTable("ods.events")->columns == std::vector<std::string>{"dt", "price", "qty", "user_id"});
  // A plain query's output names are not table columns.
  CHECK(g.FindColumn("total") == nullptr);
  CHECK(g.FindTable("dm.report")->columns == std::vector<std::string>{"name", "total"});

  // ods.events.price -> dw.stage.amount (stage.sql) -> dm.report.total (mart.sql)
  auto first = EdgesBetween(g, "ods.events.price", "dw.stage.amount");
  REQUIRE(first.size() == 1);
  CHECK(first[0]->kind == graph::EdgeKind::Projection);
  CHECK(first[0]->expression() == "(e.price * e.qty)");
  REQUIRE(first[0]->steps.size() == 1);
  const graph::StatementInfo& st1 = g.statements[first[0]->steps[0].statement];
  CHECK(st1.file == "etl/stage.sql");
  CHECK(st1.index == 1);
  CHECK(st1.start.line == 3);
  auto second = EdgesBetween(g, "dw.stage.amount", "dm.report.total");
  REQUIRE(second.size() == 1);
  CHECK(second[0]->kind == graph::EdgeKind::Projection);
  CHECK(second[0]->expression() == "sum(s.amount)");
  CHECK(g.statements[second[0]->steps[0].statement].file == "etl/mart.sql");

  // Predicates: every condition column feeds every written column.
  auto pred = EdgesBetween(g, "ods.events.dt", "dw.stage.user_id");
  REQUIRE(pred.size() == 1);
  CHECK(pred[0]->kind == graph::EdgeKind::Predicate);
  CHECK(pred[0]->expression() == "(e.dt = '2024-01-01')");
  CHECK(EdgesBetween(g, "dim.users.id", "dm.report.name").size() == 1);
  auto join = EdgesBetween(g, "dw.stage.user_id", "dm.report.total");
  REQUIRE(join.size() == 1);
  CHECK(join[0]->kind == graph::EdgeKind::Predicate);
  // dim.users.name is both projected and (as a GROUP BY item) a predicate.
  auto both = EdgesBetween(g, "dim.users.name", "dm.report.name");
  REQUIRE(both.size() == 2);
  CHECK(both[0]->kind == graph::EdgeKind::Projection);
  CHECK(both[1]->kind == graph::EdgeKind::Predicate);

  // Table edges: one per (input, output) of each statement.
  std::vector<std::pair<std::string, std::string>> tables;
  for (const graph::Edge& e : g.table_edges) tables.emplace_back(e.source, e.target);
  CHECK(tables == std::vector<std::pair<std::string, std::string>>{
                      {"dim.users", "dm.report"}, {"dw.stage", "dm.report"}, {"ods.events", "dw.stage"}});
}

TEST_CASE("graph: edges are sorted and duplicates removed") {
  std::vector<driver::FileResult> files;
  files.push_back(File("d.sql", {Stmt(0, 1, "insert", {"a.s"}, {"a.t"}, {{"a.t.x", {"a.s.x"}, "x"}},
                                      {{{"a.s.f"}, {"a.t.x"}, "(f > 1)"}, {{"a.s.f"}, {"a.t.x"}, "(f > 1)"}})}));
  CHECK(EdgesBetween(Build(files), "a.s.f", "a.t.x").size() == 1);
  // The same script once more: its edges again, each with its own provenance.
  files.push_back(files[0]);
  const graph::Graph twice = Build(files);
  const auto edges = EdgesBetween(twice, "a.s.f", "a.t.x");
  REQUIRE(edges.size() == 2);
  CHECK(edges[0]->steps[0].statement == 0);
  CHECK(edges[1]->steps[0].statement == 1);

  const graph::Graph g = Build(TwoScripts());
  for (size_t i = 1; i < g.edges.size(); ++i) {
    const graph::Edge& a = g.edges[i - 1];
    const graph::Edge& b = g.edges[i];
    CHECK(std::tie(a.source, a.target, a.kind) <= std::tie(b.source, b.target, b.kind));
  }
}

TEST_CASE("graph: directories, views and unparsed statements") {
  std::vector<driver::FileResult> files;
  driver::StatementResult bad = Stmt(2, 9, "insert", {"x.y"}, {"x.z"});
  bad.parsed = false;
  files.push_back(File("a.sql", {Stmt(0, 1, "create_view", {"ods.t"}, {"dw.v"}, {{"dw.v.a", {"ods.t.a"}, "t.a"}}),
                                 Stmt(1, 4, "insert", {"dw.v"}, {"directory:/tmp/out.v1"},
                                      {{"directory:/tmp/out.v1.a", {"ods.t.a"}, "v.a"}}),
                                 bad}));
  const graph::Graph g = Build(files);
  REQUIRE(g.FindTable("dw.v") != nullptr);
  CHECK(g.FindTable("dw.v")->kind == graph::TableKind::View);
  REQUIRE(g.FindTable("directory:/tmp/out.v1") != nullptr);
  CHECK(g.FindTable("directory:/tmp/out.v1")->kind == graph::TableKind::Directory);
  const graph::ColumnNode* c = g.FindColumn("directory:/tmp/out.v1.a");
  REQUIRE(c != nullptr);
  CHECK(c->table == "directory:/tmp/out.v1");
  CHECK(c->column == "a");
  CHECK(g.FindTable("x.z") == nullptr);  // a statement that did not parse adds nothing
  CHECK(g.statements.size() == 2);
}

// ---- collapse ---------------------------------------------------------------

namespace {

// src -> tmp.a -> tmp.b -> dst, plus a filter on the way and a self-update of tmp.b.
std::vector<driver::FileResult> TempChain() {
  std::vector<driver::FileResult> files;
  files.push_back(File("t.sql", {Stmt(0, 1, "ctas", {"ods.src"}, {"tmp.a"}, {{"tmp.a.x", {"ods.src.x"}, "upper(s.x)"}},
                                      {{{"ods.src.flag"}, {"tmp.a.x"}, "(s.flag = 1)"}}),
                                 Stmt(1, 5, "ctas", {"tmp.a"}, {"tmp.b"}, {{"tmp.b.y", {"tmp.a.x"}, "trim(a.x)"}}),
                                 Stmt(2, 8, "update", {"tmp.b"}, {"tmp.b"}, {{"tmp.b.y", {"tmp.b.y"}, "lower(b.y)"}}),
                                 Stmt(3, 10, "insert", {"tmp.b"}, {"dw.dst"}, {{"dw.dst.z", {"tmp.b.y"}, "b.y"}})}));
  return files;
}

}  // namespace

TEST_CASE("collapse: temporary tables are bridged, keeping every step") {
  graph::Graph g = Build(TempChain(), false, {"tmp.a", "tmp.b"});
  CHECK(g.FindTable("tmp.a")->kind == graph::TableKind::Temporary);
  const graph::CollapseResult r = graph::CollapseTemporary(g);
  CHECK(r.tables_removed == 2);
  CHECK_FALSE(r.truncated);
  CHECK(g.collapsed == std::vector<std::string>{"tmp.a", "tmp.b"});
  CHECK(g.FindTable("tmp.a") == nullptr);
  CHECK(g.FindColumn("tmp.b.y") == nullptr);
  for (const graph::Edge& e : g.edges) {
    CHECK_FALSE(e.source.starts_with("tmp."));
    CHECK_FALSE(e.target.starts_with("tmp."));
  }

  auto direct = EdgesBetween(g, "ods.src.x", "dw.dst.z");
  // Two paths: straight through, and once around the self-update of tmp.b
  // (a path may pass a node twice, never an edge).
  REQUIRE(direct.size() == 2);
  const graph::Edge& around = *direct[0];  // statement 2 sorts before statement 3
  const graph::Edge& straight = *direct[1];
  CHECK(straight.kind == graph::EdgeKind::Projection);
  REQUIRE(straight.steps.size() == 3);
  CHECK(straight.steps[0].expression == "upper(s.x)");
  CHECK(straight.steps[0].target == "tmp.a.x");
  CHECK(straight.steps[1].expression == "trim(a.x)");
  CHECK(straight.steps[2].expression == "b.y");
  CHECK(straight.expression() == "b.y");
  CHECK(g.statements[straight.steps[2].statement].start.line == 10);
  REQUIRE(around.steps.size() == 4);
  CHECK(around.steps[2].expression == "lower(b.y)");

  // A predicate anywhere on the path makes the bridged edge a predicate.
  auto filter = EdgesBetween(g, "ods.src.flag", "dw.dst.z");
  REQUIRE(!filter.empty());
  CHECK(filter[0]->kind == graph::EdgeKind::Predicate);
  CHECK(filter[0]->steps[0].expression == "(s.flag = 1)");

  std::vector<std::pair<std::string, std::string>> tables;
  for (const graph::Edge& e : g.table_edges) tables.emplace_back(e.source, e.target);
  CHECK(tables == std::vector<std::pair<std::string, std::string>>{{"ods.src", "dw.dst"}, {"ods.src", "dw.dst"}});
}

TEST_CASE("collapse: nothing to do without temporary tables") {
  graph::Graph g = Build(TempChain());
  const size_t edges = g.edges.size();
  CHECK(graph::CollapseTemporary(g).tables_removed == 0);
  CHECK(g.edges.size() == edges);
}

TEST_CASE("collapse: an exponential number of paths stops at the work budget") {
  // 40 temporary tables in a row, each fed twice by the previous one: 2^40 paths.
  std::vector<driver::StatementResult> sts;
  std::vector<std::string> temps;
  sts.push_back(Stmt(0, 1, "ctas", {"ods.s"}, {"tmp.t0"}, {{"tmp.t0.a", {"ods.s.a"}, "a"}}));
  for (uint32_t i = 1; i <= 40; ++i) {
    const std::string prev = "tmp.t" + std::to_string(i - 1), cur = "tmp.t" + std::to_string(i);
    temps.push_back(prev);
    sts.push_back(Stmt(i, static_cast<int>(i) + 1, "ctas", {prev}, {cur},
                       {{cur + ".a", {prev + ".a"}, "a"}, {cur + ".b", {prev + ".a"}, "b"}}));
    sts.push_back(Stmt(i + 100, static_cast<int>(i) + 1, "ctas", {prev}, {cur}, {{cur + ".a", {prev + ".b"}, "a"}}));
  }
  temps.push_back("tmp.t40");
  sts.push_back(Stmt(200, 99, "insert", {"tmp.t40"}, {"dw.d"}, {{"dw.d.a", {"tmp.t40.a"}, "a"}}));
  std::vector<driver::FileResult> files;
  files.push_back(File("deep.sql", std::move(sts)));
  graph::Graph g = Build(files, false, temps);
  const graph::CollapseResult r = graph::CollapseTemporary(g, 5000);
  CHECK(r.truncated);
  CHECK(g.FindTable("tmp.t3") == nullptr);
  CHECK(!EdgesBetween(g, "ods.s.a", "dw.d.a").empty());
}

// ---- impact -----------------------------------------------------------------

TEST_CASE("impact: downstream and upstream, with and without a depth") {
  const graph::Graph g = Build(TwoScripts());
  graph::ImpactResult r;
  std::string error;

  REQUIRE(graph::Impact(g, "ODS.Events.Price", {graph::Direction::Downstream, -1}, r, error));
  CHECK_FALSE(r.start_is_table);
  REQUIRE(r.nodes.size() == 3);
  CHECK(r.nodes[0].name == "ods.events.price");
  CHECK(r.nodes[1].name == "dw.stage.amount");
  CHECK(r.nodes[1].depth == 1);
  CHECK(r.nodes[2].name == "dm.report.total");
  CHECK(r.nodes[2].depth == 2);
  const auto path = r.PathTo(2);
  REQUIRE(path.size() == 2);
  CHECK(path[0]->target == "dw.stage.amount");
  CHECK(g.statements[path[1]->steps[0].statement].file == "etl/mart.sql");
  CHECK(r.tables == std::vector<std::pair<std::string, int>>{{"dm.report", 2}, {"dw.stage", 1}});

  REQUIRE(graph::Impact(g, "ods.events.price", {graph::Direction::Downstream, 1}, r, error));
  CHECK(r.nodes.size() == 2);
  REQUIRE(graph::Impact(g, "ods.events.price", {graph::Direction::Downstream, 0}, r, error));
  CHECK(r.nodes.size() == 1);

  REQUIRE(graph::Impact(g, "dm.report.total", {graph::Direction::Upstream, -1}, r, error));
  std::vector<std::string> names;
  for (const auto& n : r.nodes) names.push_back(n.name);
  // Breadth first: this statement's sources, then the staging table's.
  CHECK(names == std::vector<std::string>{"dm.report.total", "dim.users.id", "dim.users.name", "dw.stage.amount",
                                          "dw.stage.user_id", "ods.events.dt", "ods.events.price", "ods.events.qty",
                                          "ods.events.user_id"});
  REQUIRE(graph::Impact(g, "dm.report.total", {graph::Direction::Upstream, 1}, r, error));
  CHECK(r.nodes.size() == 5);
  CHECK(r.tables == std::vector<std::pair<std::string, int>>{{"dim.users", 1}, {"dw.stage", 1}});
}

TEST_CASE("impact: a table start walks table edges and its columns") {
  const graph::Graph g = Build(TwoScripts());
  graph::ImpactResult r;
  std::string error;
  REQUIRE(graph::Impact(g, "ods.events", {graph::Direction::Downstream, -1}, r, error));
  CHECK(r.start_is_table);
  CHECK(r.tables == std::vector<std::pair<std::string, int>>{{"dm.report", 2}, {"dw.stage", 1}});
  size_t tables = 0, roots = 0;
  for (const auto& n : r.nodes) {
    tables += n.is_table;
    roots += n.depth == 0;
  }
  CHECK(tables == 3);
  CHECK(roots == 5);  // the table and its four columns

  std::string text;
  graph::WriteImpactText(g, r, text);
  CHECK(text.find("downstream of table ods.events\n") == 0);
  CHECK(text.find("└── dw.stage  [table (etl/stage.sql:3, statement 1)]") != std::string::npos);
  CHECK(text.find("\ncolumns:\nods.events.dt\n") != std::string::npos);
  CHECK(text.find("dm.report (depth 2)") != std::string::npos);

  CHECK_FALSE(graph::Impact(g, "no.such.thing", {}, r, error));
  CHECK(error.find("no.such.thing") != std::string::npos);
}

TEST_CASE("impact: text tree and JSON") {
  const graph::Graph g = Build(TwoScripts());
  graph::ImpactResult r;
  std::string error;
  REQUIRE(graph::Impact(g, "ods.events.price", {graph::Direction::Downstream, -1}, r, error));
  std::string text;
  graph::WriteImpactText(g, r, text);
  CHECK(text ==
        "downstream of column ods.events.price\n"
        "ods.events.price\n"
        "└── dw.stage.amount  [projection (e.price * e.qty) (etl/stage.sql:3, statement 1)]\n"
        "    └── dm.report.total  [projection sum(s.amount) (etl/mart.sql:2, statement 0)]\n"
        "\n"
        "tables:\n"
        "  dm.report (depth 2)\n"
        "  dw.stage (depth 1)\n");

  std::string json;
  graph::WriteImpactJson(g, r, json);
  const auto j = nlohmann::json::parse(json);
  CHECK(j["type"] == "column");
  CHECK(j["direction"] == "downstream");
  CHECK_FALSE(j.contains("max_depth"));
  REQUIRE(j["nodes"].size() == 3);
  CHECK(j["nodes"][2]["from"] == "dw.stage.amount");
  REQUIRE(j["nodes"][2]["path"].size() == 2);
  CHECK(j["nodes"][2]["path"][1]["steps"][0]["file"] == "etl/mart.sql");
  CHECK(j["nodes"][2]["path"][1]["steps"][0]["line"] == 2);
  CHECK(j["tables"][0]["name"] == "dm.report");
}

TEST_CASE("impact: a long chain neither recurses nor loops") {
  std::vector<driver::StatementResult> sts;
  constexpr int kLen = 20000;
  for (int i = 0; i < kLen; ++i) {
    const std::string a = "d.t" + std::to_string(i), b = "d.t" + std::to_string(i + 1);
    sts.push_back(Stmt(static_cast<uint32_t>(i), i + 1, "insert", {a}, {b}, {{b + ".c", {a + ".c"}, "c"}}));
  }
  // ...and back to the start: a cycle.
  sts.push_back(Stmt(kLen, kLen + 1, "insert", {"d.t20000"}, {"d.t0"}, {{"d.t0.c", {"d.t20000.c"}, "c"}}));
  std::vector<driver::FileResult> files;
  files.push_back(File("long.sql", std::move(sts)));
  const graph::Graph g = Build(files);
  graph::ImpactResult r;
  std::string error;
  REQUIRE(graph::Impact(g, "d.t0.c", {graph::Direction::Downstream, -1}, r, error));
  CHECK(r.nodes.size() == kLen + 1);
  std::string text;
  graph::WriteImpactText(g, r, text);
  CHECK(text.size() > 0);
  REQUIRE(graph::Impact(g, "d.t0.c", {graph::Direction::Upstream, 3}, r, error));
  CHECK(r.nodes.back().name == "d.t19998.c");
}

// ---- transformation subtypes ------------------------------------------------

TEST_CASE("transform: projection subtypes from the lineage layer's Transform") {
  // The Transform itself is computed from the AST: tests/openlineage_subtype_test.cc.
  using graph::Subtype;
  using lineage::Transform;
  CHECK(graph::ProjectionSubtype(Transform::Identity) == Subtype::Identity);
  CHECK(graph::ProjectionSubtype(Transform::Transformation) == Subtype::Transformation);
  CHECK(graph::ProjectionSubtype(Transform::Conditional) == Subtype::Conditional);
  CHECK(graph::ProjectionSubtype(Transform::Aggregation) == Subtype::Aggregation);
  CHECK(graph::ProjectionSubtype(Transform::Window) == Subtype::Window);
  for (Transform t : {Transform::Identity, Transform::Transformation, Transform::Conditional, Transform::Aggregation,
                      Transform::Window})
    CHECK(graph::IsDirect(graph::ProjectionSubtype(t)));
  CHECK(graph::IsDirect(graph::Subtype::Window));
  CHECK_FALSE(graph::IsDirect(graph::Subtype::Join));
  CHECK_FALSE(graph::IsDirect(graph::Subtype::Sort));
  CHECK(std::string(graph::SubtypeName(Subtype::Sort)) == "SORT");
  CHECK(std::string(graph::SubtypeName(Subtype::GroupBy)) == "GROUP_BY");
}

TEST_CASE("transform: predicate subtypes from the condition's clause") {
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

TEST_CASE("format json: tables, edges with provenance, statements") {
  graph::Graph g = Build(TempChain(), false, {"tmp.a", "tmp.b"});
  graph::CollapseTemporary(g);
  std::string out;
  graph::WriteJson(g, out);
  const auto j = nlohmann::json::parse(out);
  CHECK(j["version"] == 1);
  CHECK(j["collapsed"] == nlohmann::json::array({"tmp.a", "tmp.b"}));
  std::vector<std::string> tables;
  for (const auto& t : j["tables"]) tables.push_back(t["name"]);
  CHECK(tables == std::vector<std::string>{"dw.dst", "ods.src"});
  CHECK(j["tables"][1]["columns"] == nlohmann::json::array({"flag", "x"}));
  CHECK(j["tables"][1]["kind"] == "table");
  const auto& e = j["edges"].back();
  CHECK(e["source"] == "ods.src.x");
  CHECK(e["target"] == "dw.dst.z");
  CHECK(e["kind"] == "projection");
  REQUIRE(e["steps"].size() >= 3);
  CHECK(e["steps"][0]["file"] == "t.sql");
  CHECK(e["steps"][0]["line"] == 1);
  CHECK(e["steps"][0]["statement"] == 0);
  CHECK(e["steps"][0]["target"] == "tmp.a.x");
  CHECK(e["steps"][0]["expression"] == "upper(s.x)");
  CHECK(j["table_edges"][0]["kind"] == "table");
  CHECK_FALSE(j["table_edges"][0].contains("expression"));
  CHECK(j["statements"].size() == 4);
  CHECK(j["statements"][3]["outputs"] == nlohmann::json::array({"dw.dst"}));
}

namespace {

// Names that stress every writer's quoting.
std::vector<driver::FileResult> HostileNames() {
  std::vector<driver::FileResult> files;
  files.push_back(File("we\"ird|{x}.sql",
                       {Stmt(0, 1, "insert", {"ods.raw events"}, {"dw.\"q\"<t>"},
                             {{"dw.\"q\"<t>.a|b", {"ods.raw events.x{y}"}, "concat(x, '\"\\\n#;&')"},
                              {"dw.\"q\"<t>.bad\xff", {"ods.raw events.x{y}"}, "x"}}),
                        Stmt(1, 5, "load", {}, {"dw.loaded"}), Stmt(2, 7, "insert", {"dw.loaded"}, {"dw.\"q\"<t>"})}));
  return files;
}

}  // namespace

TEST_CASE("format json and impact: any name gives valid JSON and UTF-8") {
  const graph::Graph g = Build(HostileNames());
  std::string out;
  graph::WriteJson(g, out);
  const auto j = nlohmann::json::parse(out);  // throws on invalid JSON or UTF-8
  CHECK(j["tables"].size() == 3);
  graph::ImpactResult r;
  std::string error;
  REQUIRE(graph::Impact(g, "ods.raw events", {graph::Direction::Downstream, -1}, r, error));
  std::string text, json;
  graph::WriteImpactText(g, r, text);
  graph::WriteImpactJson(g, r, json);
  CHECK(text.find("bad\xEF\xBF\xBD") != std::string::npos);
  CHECK(nlohmann::json::parse(json)["tables"] == nlohmann::json::parse(R"([{"name": "dw.\"q\"<t>", "depth": 1}])"));
}

TEST_CASE("format dot: record tables, column edges, renders with Graphviz") {
  for (const auto& files : {TwoScripts(), HostileNames(), TempChain()}) {
    const graph::Graph g = Build(files, false, {"tmp.a"});
    std::string dot;
    graph::WriteDot(g, dot);
    CHECK(dot.starts_with("digraph lineage {\n"));
    CHECK(dot.find("node [shape=record") != std::string::npos);
    if (!HaveProgram("dot")) {
      MESSAGE("skipped: Graphviz `dot` is not on PATH (apt-get install graphviz)");
      continue;
    }
    const fs::path in = WriteTemp("graph.dot", dot);
    const Ran r = Shell("dot -Tsvg " + Quote(in.string()));
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
  CHECK(dot.find("t3:c1 -> t2:c0 [tooltip=\"projection: (e.price * e.qty) at etl/stage.sql:3 (statement 1)\"];") !=
        std::string::npos);
  CHECK(dot.find("t3:c0 -> t2:c1 [tooltip=\"predicate:") != std::string::npos);
  CHECK(dot.find("style=dashed") != std::string::npos);
  // Record syntax characters in names are escaped.
  const graph::Graph h = Build(HostileNames());
  std::string hd;
  graph::WriteDot(h, hd);
  CHECK(hd.find("dw.\\\"q\\\"\\<t\\>") != std::string::npos);
  CHECK(hd.find("a\\|b") != std::string::npos);
  // A link known only at table level (no columns) is drawn between the tables.
  CHECK(hd.find(":t -> t") != std::string::npos);
}

TEST_CASE("format mermaid: subgraphs per table, escaped labels") {
  const graph::Graph g = Build(TwoScripts());
  std::string m;
  graph::WriteMermaid(g, m);
  CHECK(m.starts_with("flowchart LR\n"));
  CHECK(m.find("  subgraph t2[\"dw.stage\"]\n    t2c0[\"amount\"]\n    t2c1[\"user_id\"]\n  end\n") !=
        std::string::npos);
  CHECK(m.find("  t3c1 --> t2c0\n") != std::string::npos);   // ods.events.price -> dw.stage.amount
  CHECK(m.find("  t3c0 -.-> t2c1\n") != std::string::npos);  // ods.events.dt filters dw.stage.user_id
  // Parallel edges (dim.users.name: projection and predicate) are drawn once per kind.
  CHECK(m.find("  t0c1 --> t1c0\n") != std::string::npos);
  CHECK(m.find("  t0c1 --> t1c0\n", m.find("  t0c1 --> t1c0\n") + 1) == std::string::npos);

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
  CHECK(stage["eventTime"] == "1970-01-01T00:00:00Z");
  CHECK(stage["run"]["runId"] == graph::StableRunId("etl/stage.sql", 1));
  CHECK(stage["job"]["name"] == "etl/stage.sql#1");
  CHECK(stage["job"]["facets"]["sql"]["query"] == "INSERT INTO dw.stage ...");
  CHECK(stage["inputs"][0] == nlohmann::json({{"namespace", "hive"}, {"name", "ods.events"}}));
  const auto& facet = stage["outputs"][0]["facets"]["columnLineage"];
  const auto& amount = facet["fields"]["amount"]["inputFields"];
  REQUIRE(amount.size() == 2);
  CHECK(amount[0]["field"] == "price");
  CHECK(amount[0]["transformations"][0]["type"] == "DIRECT");
  CHECK(amount[0]["transformations"][0]["subtype"] == "TRANSFORMATION");
  CHECK(facet["fields"]["user_id"]["inputFields"][0]["transformations"][0]["subtype"] == "IDENTITY");
  // The WHERE condition feeds every written column: a dataset-wide FILTER.
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

  const std::string python = PythonWithJsonschema();
  if (python.empty()) {
    MESSAGE("skipped: schema validation needs python3 with jsonschema (apt-get install python3-jsonschema)");
    return;
  }
  const fs::path schemas = testing::SharedDir() / "schemas" / "openlineage";
  REQUIRE(fs::exists(schemas / "OpenLineage.json"));
  // Every event against RunEvent; every job and dataset facet against its own schema.
  const char* kValidate = R"PY(
import json, os, sys
import jsonschema
d = sys.argv[1]
def load(p):
    with open(os.path.join(d, p)) as f:
        return json.load(f)
core = load('OpenLineage.json')
col = load('facets/ColumnLineageDatasetFacet.json')
sql = load('facets/SQLJobFacet.json')
store = {s['$id']: s for s in (core, col, sql)}
event_schema = {'$id': core['$id'], '$defs': core['$defs'], '$ref': '#/$defs/RunEvent'}
try:
    from referencing import Registry, Resource
    reg = Registry().with_resources([(k, Resource.from_contents(v)) for k, v in store.items()])
    make = lambda s: jsonschema.Draft202012Validator(s, registry=reg, format_checker=jsonschema.FormatChecker())
except ImportError:
    make = lambda s: jsonschema.Draft202012Validator(s, resolver=jsonschema.RefResolver.from_schema(s, store=store),
                                                     format_checker=jsonschema.FormatChecker())
ev_v, col_v, sql_v = make(event_schema), make(col), make(sql)
n = 0
for line in open(sys.argv[2]):
    ev = json.loads(line)
    ev_v.validate(ev)
    sql_v.validate(ev['job'].get('facets', {}))
    for o in ev.get('outputs', []):
        col_v.validate(o.get('facets', {}))
        for f in o.get('facets', {}).get('columnLineage', {}).get('fields', {}).values():
            for i in f['inputFields']:
                for t in i['transformations']:
                    assert t['type'] in ('DIRECT', 'INDIRECT'), t
    n += 1
print(n)
)PY";
  const fs::path script = WriteTemp("validate_ol.py", kValidate);
  auto validate = [&](const std::string& events_text) {
    const fs::path file = WriteTemp("events.jsonl", events_text);
    const Ran r =
        Shell(python + " " + Quote(script.string()) + " " + Quote(schemas.string()) + " " + Quote(file.string()));
    CAPTURE(r.err);
    CHECK(r.code == 0);
    return r.out;
  };
  CHECK(validate(out) == "3\n");

  // The bundled corpus, end to end, validates too.
  const Ran corpus = Cli("graph --format openlineage --catalog corpus/catalog.json corpus/scripts");
  CHECK(corpus.code <= 1);
  REQUIRE(!corpus.out.empty());
  CHECK(validate(corpus.out) != "0\n");
}

TEST_CASE("openlineage: stable run ids and event times") {
  const std::string id = graph::StableRunId("etl/a.sql", 3);
  CHECK(std::regex_match(id, std::regex("[0-9a-f]{8}-[0-9a-f]{4}-3[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")));
  CHECK(id == graph::StableRunId("etl/a.sql", 3));
  CHECK(id != graph::StableRunId("etl/a.sql", 4));
  CHECK(id != graph::StableRunId("etl/b.sql", 3));

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
  files.push_back(File("x.sql", {Stmt(0, 1, "insert", {"a.b"}, {"directory:hdfs://nn:8020/out/x"},
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

TEST_CASE("graph: output is deterministic") {
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

  // End to end: the same command twice gives the same bytes.
  for (const char* format : {"json", "dot", "mermaid", "openlineage"}) {
    CAPTURE(format);
    const std::string args = std::string("graph --format ") + format + " --catalog corpus/catalog.json corpus/scripts";
    const Ran a = Cli(args);
    const Ran b = Cli(args);
    CHECK(a.code == b.code);
    CHECK(!a.out.empty());
    CHECK(a.out == b.out);
  }
}

// ---- the subcommands --------------------------------------------------------

TEST_CASE("cli graph/impact: help, usage errors, diagnostics") {
  Ran r = Cli("graph --help");
  CHECK(r.code == 0);
  CHECK(r.out.find("usage: hivelineage graph") == 0);
  CHECK(r.out.find("--collapse temporary") != std::string::npos);
  r = Cli("impact --help");
  CHECK(r.code == 0);
  CHECK(r.out.find("usage: hivelineage impact") == 0);

  CHECK(Cli("graph --format svg corpus/scripts").code == 2);
  CHECK(Cli("graph --bogus corpus/scripts").code == 2);
  CHECK(Cli("graph --collapse everything corpus/scripts").code == 2);
  r = Cli("graph --format openlineage --collapse temporary corpus/scripts");
  CHECK(r.code == 2);
  CHECK(r.err.find("--collapse does not apply") != std::string::npos);
  CHECK(Cli("graph --format openlineage --event-time yesterday corpus/scripts").code == 2);
  CHECK(Cli("graph no/such/dir").code == 2);
  CHECK(Cli("impact corpus/scripts").code == 2);  // no start
  CHECK(Cli("impact --downstream a.b --upstream c.d corpus/scripts").code == 2);
  CHECK(Cli("impact --downstream ods.order_info --depth -1 corpus/scripts").code == 2);
  CHECK(Cli("impact --downstream ods.order_info --depth x corpus/scripts").code == 2);
  CHECK(Cli("impact --downstream ods.order_info --format dot corpus/scripts").code == 2);
  r = Cli("impact --downstream no.such --catalog corpus/catalog.json corpus/scripts/10_temporary_tables.sql");
  CHECK(r.code == 2);
  CHECK(r.err.find("no table or column named 'no.such'") != std::string::npos);

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
  // Alone, b.sql does not know d.stage's columns: the scripts link at table level only.
  Ran r = Cli("graph seq/a.sql seq/b.sql", TempDir());
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
  r = Cli("impact --sequence seq/list.txt --upstream d.out.y", TempDir());
  CHECK(r.code == 0);
  CHECK(r.out.find("s.src.y") != std::string::npos);
}

TEST_CASE("cli impact: temporary tables of the corpus, collapsed") {
  const std::string script = "corpus/scripts/10_temporary_tables.sql";
  if (!fs::exists(testing::SourceDir() / script)) {
    MESSAGE("skipped: " << script << " is not in the corpus");
    return;
  }
  // CREATE TEMPORARY TABLE is known from the session's catalog.
  Ran r = Cli("graph --catalog corpus/catalog.json " + script);
  CHECK(r.code == 0);
  std::map<std::string, std::string> kinds;
  const auto graph_json = nlohmann::json::parse(r.out);
  for (const auto& t : graph_json["tables"]) kinds[t["name"].get<std::string>()] = t["kind"].get<std::string>();
  CHECK(kinds["default.tmp_paid_orders"] == "temporary");
  CHECK(kinds["default.tmp_refunds"] == "temporary");
  CHECK(kinds["dws.dws_trade_net_1d"] == "table");

  r = Cli("impact --upstream dws.dws_trade_net_1d.paid_amount --catalog corpus/catalog.json " + script);
  CHECK(r.code == 0);
  CHECK(r.out.find("default.tmp_paid_orders.total_amount") != std::string::npos);
  r =
      Cli("impact --upstream dws.dws_trade_net_1d.paid_amount --collapse temporary --format json "
          "--catalog corpus/catalog.json " +
          script);
  CHECK(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  bool found = false;
  for (const auto& n : j["nodes"]) {
    CHECK(n["name"].get<std::string>().find("tmp_") == std::string::npos);
    if (n["name"] == "ods.order_info.total_amount") {
      found = true;
      CHECK(n["depth"] == 1);
      // One edge, two statements: the CTAS into the temporary table, then the insert.
      REQUIRE(n["path"].size() == 1);
      REQUIRE(n["path"][0]["steps"].size() == 2);
      CHECK(n["path"][0]["steps"][0]["target"] == "default.tmp_paid_orders.total_amount");
      CHECK(n["path"][0]["steps"][1]["line"] == 21);
    }
  }
  CHECK(found);
  r = Cli("impact --downstream ods.order_info --depth 1 --catalog corpus/catalog.json " + script);
  CHECK(r.code == 0);
  CHECK(r.out.find("downstream of table ods.order_info (depth <= 1)") == 0);
  CHECK(r.out.find("default.tmp_paid_orders (depth 1)") != std::string::npos);
  CHECK(r.out.find("dws.dws_trade_net_1d") == std::string::npos);
}
