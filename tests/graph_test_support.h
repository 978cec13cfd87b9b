// Helpers for the graph and impact suites: hand-made analysis results (so a
// test states exactly the lineage it feeds the graph), building a graph from
// them, names of what a graph holds, and running the CLI.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "driver/analyze_script.h"
#include "driver/load_graph.h"
#include "graph/model/builder.h"
#include "graph/model/graph.h"
#include "test_support.h"

namespace hivelineage::testing {

struct Col {
  std::string target;
  std::vector<std::string> sources;
  std::string expression;
  lineage::Derivation derivation = lineage::Derivation::Identity;
};
struct Pred {
  std::vector<std::string> sources;
  std::vector<std::string> targets;
  std::string expression;
  lineage::Clause clause = lineage::Clause::Where;
};

// A parsed statement with the given lineage. A predicate's targets must list
// every written column unless it belongs to one body of a multi-insert (as
// the lineage layer reports them).
inline driver::StatementResult Stmt(uint32_t index, int line, StatementKind kind, std::vector<std::string> inputs,
                                    std::vector<std::string> outputs, std::vector<Col> cols = {},
                                    std::vector<Pred> preds = {}) {
  driver::StatementResult s;
  s.index = index;
  s.start = LineCol{line, 1};
  s.kind = kind;
  s.parsed = true;
  s.database = "default";
  s.lineage.inputs = std::move(inputs);
  s.lineage.outputs = std::move(outputs);
  for (Col& c : cols) {
    lineage::ColumnLineage cl;
    cl.target = std::move(c.target);
    cl.sources = std::move(c.sources);
    cl.expression = std::move(c.expression);
    cl.derivation = c.derivation;
    s.lineage.columns.push_back(std::move(cl));
  }
  for (Pred& p : preds) {
    // Governs all when it lists every written column (as the analysis says it).
    bool all = true;
    for (const lineage::ColumnLineage& c : s.lineage.columns)
      all = all && std::find(p.targets.begin(), p.targets.end(), c.target) != p.targets.end();
    s.lineage.predicates.push_back(lineage::PredicateLineage{p.sources, p.targets, p.expression, p.clause, all});
  }
  return s;
}

inline driver::FileResult File(const std::string& name, std::vector<driver::StatementResult> statements,
                               const std::string& text = "") {
  driver::FileResult f;
  f.source = std::make_shared<const SourceFile>(name, text);
  f.statements = std::move(statements);
  return f;
}

inline graph::Graph Build(const std::vector<driver::FileResult>& files, bool keep_sql = false,
                          const std::vector<std::string>& temporary = {}) {
  graph::GraphBuilder b(graph::BuildOptions{keep_sql});
  for (const auto& f : files) driver::AddToGraph(f, b);
  for (const auto& t : temporary) b.SetTableKind(t, graph::TableKind::Temporary);
  return b.Finish();
}

// etl/stage.sql fills a staging table, etl/mart.sql reads it: the two chain
// through the shared name dw.stage.
inline std::vector<driver::FileResult> TwoScripts() {
  std::vector<driver::FileResult> files;
  files.push_back(
      File("etl/stage.sql",
           {Stmt(0, 1, StatementKind::Command, {}, {}),
            Stmt(1, 3, StatementKind::Insert, {"ods.events"}, {"dw.stage"},
                 {{"dw.stage.user_id", {"ods.events.user_id"}, "e.user_id"},
                  {"dw.stage.amount",
                   {"ods.events.price", "ods.events.qty"},
                   "(e.price * e.qty)",
                   lineage::Derivation::Transformation}},
                 {{{"ods.events.dt"}, {"dw.stage.user_id", "dw.stage.amount"}, "(e.dt = '2024-01-01')"}})}));
  files.push_back(
      File("etl/mart.sql",
           {Stmt(0, 2, StatementKind::Insert, {"dim.users", "dw.stage"}, {"dm.report"},
                 {{"dm.report.name", {"dim.users.name"}, "upper(u.name)", lineage::Derivation::Transformation},
                  {"dm.report.total", {"dw.stage.amount"}, "sum(s.amount)", lineage::Derivation::Aggregation}},
                 {{{"dim.users.id", "dw.stage.user_id"},
                   {"dm.report.name", "dm.report.total"},
                   "(s.user_id = u.id)",
                   lineage::Clause::JoinOn},
                  {{"dim.users.name"}, {"dm.report.name", "dm.report.total"}, "u.name", lineage::Clause::GroupBy}}),
            Stmt(1, 9, StatementKind::Query, {"dm.report"}, {}, {{"total", {"dm.report.total"}, "r.total"}})}));
  return files;
}

// "source -> target" for every value edge of the graph, in order.
inline std::vector<std::string> EdgeNames(const graph::Graph& g) {
  std::vector<std::string> out;
  for (const graph::Edge& e : g.edges) out.push_back(g.columns[e.source].name + " -> " + g.columns[e.target].name);
  return out;
}

// The value edges between two named columns.
inline std::vector<const graph::Edge*> EdgesBetween(const graph::Graph& g, const std::string& s, const std::string& t) {
  std::vector<const graph::Edge*> out;
  for (const graph::Edge& e : g.edges)
    if (g.columns[e.source].name == s && g.columns[e.target].name == t) out.push_back(&e);
  return out;
}

// The short names of a table's column nodes.
inline std::vector<std::string> ColumnsOf(const graph::Graph& g, const std::string& table) {
  std::vector<std::string> out;
  if (const auto t = g.FindTable(table))
    for (graph::ColumnId c : g.tables[*t].columns) out.emplace_back(g.columns[c].short_name());
  return out;
}

inline std::vector<std::string> ColumnNames(const graph::Graph& g, const std::vector<graph::ColumnId>& ids) {
  std::vector<std::string> out;
  for (graph::ColumnId c : ids) out.push_back(g.columns[c].name);
  return out;
}

// ---- running the CLI ----------------------------------------------------------

using Ran = ShellResult;

// Runs a shell command line in `dir`, capturing stdout and stderr in files under `scratch`.
inline Ran Shell(const std::string& cmdline, const std::filesystem::path& dir, const std::filesystem::path& scratch) {
  return RunShell(cmdline, dir, scratch);
}

// A golden answer of the CLI: `hivelineage COMMAND ARGS CORPUS` kept in <expected>/<name>.txt.
struct CliGolden {
  const char* name;
  const char* args;
};

// Checks each case's answer (`run` runs the CLI with the arguments given)
// against its file: the command line, the exit status, stdout, then stderr
// when there is any. With --update, rewrites the files instead. No other
// file may be in `expected`.
inline void CheckCliGoldens(const std::filesystem::path& expected, const std::vector<CliGolden>& cases,
                            const std::string& command, const std::string& corpus,
                            const std::function<Ran(const std::string&)>& run) {
  std::set<std::string> names;
  for (const CliGolden& c : cases) {
    CAPTURE(c.name);
    const std::string args = command + c.args + " " + corpus;
    const Ran r = run(args);
    std::string got = "$ hivelineage " + args + "\nexit status " + std::to_string(r.code) + "\n" + r.out;
    if (!r.err.empty()) got += "--- stderr\n" + r.err;
    const std::filesystem::path file = expected / (std::string(c.name) + ".txt");
    names.insert(file.filename().string());
    if (g_update_golden) {
      std::filesystem::create_directories(expected);
      WriteFile(expected, file.filename().string(), got);
      continue;
    }
    REQUIRE_MESSAGE(std::filesystem::exists(file), "missing golden (run unit_tests --update -tc='golden*')");
    CHECK(ReadFile(file) == got);
  }
  if (!g_update_golden)
    for (const auto& e : std::filesystem::directory_iterator(expected)) CHECK(names.count(e.path().filename().string()) == 1);
}

}  // namespace hivelineage::testing
