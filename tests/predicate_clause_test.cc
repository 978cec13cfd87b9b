// The clause of each lineage predicate (WHERE, JOIN ON, GROUP BY, ...), as the
// analyzer records it, and what follows from it: the OpenLineage INDIRECT
// subtypes and the graph json `clause`. Also the per-statement temporary /
// view outputs, and a temporary table dropped by its own script staying
// temporary in the graph.
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "driver/analyze_script.h"
#include "driver/load_graph.h"
#include "graph/model/builder.h"
#include "graph/render/formats.h"
#include "lineage/lineage.h"
#include "openlineage_events.h"
#include "cli_in_process.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using namespace hivelineage;
using lineage::Clause;
using Strings = std::vector<std::string>;

constexpr char kTables[] =
    "create table s.o (id int, uid int, amt double, dt string);\n"
    "create table s.u (id int, name string, city string);\n"
    "create table d.t (a string, b double);\n";

// Analyses `sql` after kTables; the statements of `sql` only.
std::vector<driver::StatementResult> Analyze(const std::string& sql) {
  lineage::Session session;
  driver::FileResult f = driver::AnalyzeScript(std::make_shared<const SourceFile>("t.sql", kTables + sql), session, {});
  for (const driver::StatementResult& st : f.statements) {
    CAPTURE(st.index);
    CHECK_FALSE(st.has_error());
  }
  REQUIRE(f.statements.size() >= 3);
  return {f.statements.begin() + 3, f.statements.end()};
}

// "clause: expression [sources]" per predicate, sorted.
Strings Predicates(const lineage::StatementLineage& l) {
  Strings out;
  for (const lineage::PredicateLineage& p : l.predicates) {
    std::string s = std::string(lineage::ClauseName(p.clause)) + ": " + p.expression + " [";
    for (size_t i = 0; i < p.sources.size(); ++i) s += (i > 0 ? " " : "") + p.sources[i];
    out.push_back(s + "]");
  }
  std::sort(out.begin(), out.end());
  return out;
}

Strings OnlyPredicates(const std::string& sql) {
  auto st = Analyze(sql);
  REQUIRE(st.size() == 1);
  return Predicates(st[0].lineage);
}

// The OpenLineage events of `sql` (after kTables), one per statement that
// reads or writes; each reduced to its INDIRECT inputs "table.field:SUBTYPE".
std::vector<std::set<std::string>> IndirectSubtypes(const std::string& sql) {
  std::vector<std::set<std::string>> events;
  for (const auto& inputs : testing::OpenLineageInputs(kTables + sql)) {
    std::set<std::string>& indirect = events.emplace_back();
    for (const auto& [target, field] : inputs)
      for (const auto& t : field["transformations"])
        if (t["type"] == "INDIRECT")
          indirect.insert(field["name"].get<std::string>() + "." + field["field"].get<std::string>() + ":" +
                          t["subtype"].get<std::string>());
  }
  return events;
}

// ---- running the CLI ----------------------------------------------------------

fs::path TempDir() {
  static const fs::path dir = testing::ProcessTempDir("hivelineage_clause_test_");
  return dir;
}

fs::path WriteTemp(const std::string& name, const std::string& text) {
  return testing::WriteFile(TempDir(), name, text);
}

struct Ran {
  int code = -1;
  std::string out;
};

// The command line, in-process (cli_in_process.h); stderr is dropped.
Ran Cli(const std::string& args) {
  const testing::ShellResult s = testing::RunMain(args, fs::current_path());
  return Ran{s.code, s.out};
}

}  // namespace

TEST_CASE("predicate clause: names") {
  CHECK(std::string(lineage::ClauseName(Clause::Where)) == "where");
  CHECK(std::string(lineage::ClauseName(Clause::JoinOn)) == "join_on");
  CHECK(std::string(lineage::ClauseName(Clause::GroupBy)) == "group_by");
  CHECK(std::string(lineage::ClauseName(Clause::Having)) == "having");
  CHECK(std::string(lineage::ClauseName(Clause::Qualify)) == "qualify");
  CHECK(std::string(lineage::ClauseName(Clause::Window)) == "window");
  CHECK(std::string(lineage::ClauseName(Clause::MergeWhen)) == "merge_when");
  CHECK(std::string(lineage::ClauseName(Clause::Sort)) == "sort");
}

TEST_CASE("predicate clause: WHERE, JOIN ON, GROUP BY and HAVING of one query") {
  // The WHERE compares columns of two tables and is still a WHERE.
  CHECK(OnlyPredicates("insert into d.t select u.name, sum(o.amt) from s.o o join s.u u on o.uid = u.id "
                       "where o.dt = '2024' and u.city = o.dt group by u.name having sum(o.amt) > 10;") ==
        Strings{"group_by: u.name [s.u.name]", "having: (sum(o.amt) > 10) [s.o.amt]",
                "join_on: (o.uid = u.id) [s.o.uid s.u.id]",
                "where: ((o.dt = '2024') AND (u.city = o.dt)) [s.o.dt s.u.city]"});
  // A GROUP BY on an expression, and GROUPING SETS.
  CHECK(OnlyPredicates("insert into d.t select substr(dt, 1, 7), sum(amt) from s.o group by substr(dt, 1, 7);") ==
        Strings{"group_by: substr(dt, 1, 7) [s.o.dt]"});
  CHECK(OnlyPredicates("insert into d.t select name, id from s.u group by name, city, id "
                       "grouping sets ((name, id), (city, name, id));") ==
        Strings{"group_by: name, city, id [s.u.city s.u.id s.u.name]"});
  // A WHERE in a subquery of the FROM clause is a WHERE too.
  CHECK(OnlyPredicates("insert into d.t select x.name, x.id from (select name, id from s.u where city = 'a') x;") ==
        Strings{"where: (city = 'a') [s.u.city]"});
  // UNIQUEJOIN keys join.
  CHECK(OnlyPredicates("from uniquejoin preserve s.u a (a.id), s.o b (b.uid) insert into d.t select a.name, b.amt;") ==
        Strings{"join_on: a.id [s.u.id]", "join_on: b.uid [s.o.uid]"});
}

TEST_CASE("predicate clause: window partition and order, QUALIFY") {
  // PARTITION BY / ORDER BY of OVER (...) are sources of the window column, not predicates.
  auto st = Analyze("insert into d.t select name, rank() over (partition by city order by id) from s.u;");
  REQUIRE(st.size() == 1);
  CHECK(st[0].lineage.predicates.empty());
  bool found = false;
  for (const lineage::ColumnLineage& c : st[0].lineage.columns) {
    if (c.target != "d.t.b") continue;
    found = true;
    // Hive's lineage makes a window column read its whole input row; the window's own columns are among them.
    const std::set<std::string> sources(c.sources.begin(), c.sources.end());
    CHECK(sources.contains("s.u.city"));
    CHECK(sources.contains("s.u.id"));
  }
  CHECK(found);
  // A table function's PARTITION BY is: the window its input is cut into.
  CHECK(OnlyPredicates("insert into d.t select name, id from noop(on s.u partition by city order by id) x;") ==
        Strings{"window: city [s.u.city]"});
  CHECK(OnlyPredicates("insert into d.t select name, id from noop(on s.u distribute by city sort by id) x;") ==
        Strings{"window: city [s.u.city]"});
  const Strings q = OnlyPredicates(
      "insert into d.t select name, id from s.u qualify row_number() over (partition by city "
      "order by id) = 1;");
  REQUIRE(q.size() == 1);
  CHECK(q[0].starts_with("qualify: (row_number() OVER (PARTITION BY city ORDER BY id) = 1) ["));
}

TEST_CASE("predicate clause: UPDATE, DELETE and MERGE") {
  auto st = Analyze(
      "update s.u set name = 'x' where id = 1;\n"
      "merge into s.u t using s.o o on t.id = o.uid when matched and o.amt > 0 then update set name = 'y' "
      "when not matched then insert values (o.uid, 'n', o.dt);\n");
  REQUIRE(st.size() == 2);
  CHECK(Predicates(st[0].lineage) == Strings{"where: (id = 1) [s.u.id]"});
  CHECK(Predicates(st[1].lineage) ==
        Strings{"join_on: (t.id = o.uid) [s.o.uid s.u.id]", "merge_when: (o.amt > 0) [s.o.amt]"});
  // DELETE writes no column, but its condition is still recorded as a WHERE.
  lineage::Session session;
  auto f = driver::AnalyzeScript(std::make_shared<const SourceFile>("d.sql", "delete from s.u where city = 'x';"),
                                 session, {});
  REQUIRE(f.statements.size() == 1);
  REQUIRE(f.statements[0].lineage.predicates.size() == 1);
  CHECK(f.statements[0].lineage.predicates[0].clause == Clause::Where);
}

TEST_CASE("predicate clause: OpenLineage INDIRECT subtypes follow the clause") {
  const auto events = IndirectSubtypes(
      "insert into d.t select u.name, sum(o.amt) from s.o o join s.u u on o.uid = u.id "
      "where o.dt = '2024' and u.city = o.dt group by u.name having sum(o.amt) > 10;\n"
      "insert into d.t select substr(dt, 1, 7), sum(amt) from s.o group by substr(dt, 1, 7);\n"
      "insert into d.t select name, rank() over (partition by city order by id) from s.u;\n"
      "insert into d.t select name, id from noop(on s.u partition by city order by id) x;\n"
      "merge into s.u t using s.o o on t.id = o.uid when matched and o.amt > 0 then update set name = 'y';\n");
  REQUIRE(events.size() == 8);  // three CREATE TABLE events first
  using Set = std::set<std::string>;
  // A WHERE over two tables is a FILTER (the shape guess said JOIN); HAVING filters too.
  CHECK(events[3] ==
        Set{"s.o.amt:FILTER", "s.o.dt:FILTER", "s.o.uid:JOIN", "s.u.city:FILTER", "s.u.id:JOIN", "s.u.name:GROUP_BY"});
  // A GROUP BY on an expression is a GROUP_BY (the shape guess said FILTER).
  CHECK(events[4] == Set{"s.o.dt:GROUP_BY"});
  // OVER (...) columns are DIRECT sources: nothing INDIRECT.
  CHECK(events[5].empty());
  CHECK(events[6] == Set{"s.u.city:WINDOW"});
  CHECK(events[7] == Set{"s.o.amt:FILTER", "s.o.uid:JOIN", "s.u.id:JOIN"});
}

TEST_CASE("predicate clause: graph json conditions carry the clause") {
  lineage::Session session;
  driver::FileResult f = driver::AnalyzeScript(
      std::make_shared<const SourceFile>(
          "t.sql", std::string(kTables) +
                       "insert into d.t select u.name, sum(o.amt) from s.o o join s.u u on o.uid = u.id "
                       "where o.dt = '2024' group by u.name having sum(o.amt) > 10;\n"),
      session, {});
  graph::GraphBuilder b;
  driver::AddToGraph(f, b);
  std::string out;
  graph::WriteJson(b.Finish(), out);
  const nlohmann::json j = nlohmann::json::parse(out);
  std::set<std::string> clauses;
  for (const auto& k : j["conditions"])
    for (const auto& c : k["columns"]) clauses.insert(k["clause"].get<std::string>() + " " + c.get<std::string>());
  CHECK(clauses == std::set<std::string>{"group_by s.u.name", "having s.o.amt", "join_on s.o.uid", "join_on s.u.id",
                                         "where s.o.dt"});
  // Value edges carry no clause: conditions are apart.
  for (const auto& e : j["edges"]) CHECK_FALSE(e.contains("clause"));
}

TEST_CASE("statement lineage: temporary and view outputs") {
  auto st = Analyze(
      "create temporary table tmp_a (x int);\n"
      "create temporary table tmp_b as select id from s.u;\n"
      "create table perm as select id from s.u;\n"
      "create view v1 as select id from s.u;\n"
      "create materialized view mv1 as select id from s.u;\n"
      "alter view v1 as select name from s.u;\n"
      "create temporary table if not exists tmp_b as select id from s.u;\n"
      "create view if not exists v1 as select id from s.u;\n"
      "drop table tmp_a;\n");
  REQUIRE(st.size() == 9);
  CHECK(st[0].lineage.temporary_outputs == Strings{"default.tmp_a"});
  CHECK(st[1].lineage.temporary_outputs == Strings{"default.tmp_b"});
  CHECK(st[2].lineage.temporary_outputs.empty());
  CHECK(st[3].lineage.view_outputs == Strings{"default.v1"});
  CHECK(st[4].lineage.view_outputs == Strings{"default.mv1"});
  CHECK(st[5].lineage.view_outputs == Strings{"default.v1"});
  // IF NOT EXISTS over a table already there creates nothing.
  CHECK(st[6].lineage.temporary_outputs.empty());
  CHECK(st[7].lineage.view_outputs.empty());
  for (const auto& s : st) {
    CHECK((s.lineage.temporary_outputs.empty() || s.lineage.view_outputs.empty()));
  }
  CHECK(st[8].lineage.temporary_outputs.empty());
  CHECK(st[0].lineage.view_outputs.empty());
}

TEST_CASE("statement lineage: a renamed temporary table or view keeps its kind") {
  auto st = Analyze(
      "create temporary table tmp_a (x int);\n"
      "alter table tmp_a rename to tmp_b;\n"
      "create table perm (x int);\n"
      "alter table perm rename to perm2;\n"
      "create view v1 as select x from perm2;\n"
      "alter view v1 rename to v2;\n");
  REQUIRE(st.size() == 6);
  CHECK(st[1].lineage.temporary_outputs == Strings{"default.tmp_b"});
  CHECK(st[1].lineage.view_outputs.empty());
  CHECK(st[3].lineage.temporary_outputs.empty());
  CHECK(st[3].lineage.view_outputs.empty());
  CHECK(st[5].lineage.view_outputs == Strings{"default.v2"});
}

TEST_CASE("graph: a temporary table its own script drops is still temporary, and collapsed") {
  const fs::path script = WriteTemp("drop_tmp.sql",
                                    "create table s.src (k int, v string);\n"
                                    "create table d.dst (k int, v string);\n"
                                    "create temporary table tmp_x as select k, v from s.src where k > 0;\n"
                                    "insert overwrite table d.dst select k, upper(v) from tmp_x;\n"
                                    "drop table tmp_x;\n");
  const Ran plain = Cli("graph --format json " + testing::ShellQuote(script.string()));
  REQUIRE(plain.code == 0);
  const nlohmann::json g = nlohmann::json::parse(plain.out);
  std::string kind;
  for (const auto& t : g["tables"])
    if (t["name"] == "default.tmp_x") kind = t["kind"].get<std::string>();
  CHECK(kind == "temporary");

  const Ran collapsed = Cli("graph --format json --collapse temporary " + testing::ShellQuote(script.string()));
  REQUIRE(collapsed.code == 0);
  const nlohmann::json c = nlohmann::json::parse(collapsed.out);
  CHECK(c["collapsed"] == nlohmann::json::array({"default.tmp_x"}));
  CHECK(!c["tables"].empty());
  for (const auto& t : c["tables"]) CHECK(t["name"] != "default.tmp_x");
  bool bridged = false;
  for (const auto& e : c["edges"]) {
    if (e["source"] != "s.src.v" || e["target"] != "d.dst.v") continue;
    bridged = true;
    REQUIRE(e["steps"].size() == 2);
    CHECK(e["steps"][0]["target"] == "default.tmp_x.v");
    CHECK(e["steps"][1]["expression"] == "upper(v)");
  }
  CHECK(bridged);
}
