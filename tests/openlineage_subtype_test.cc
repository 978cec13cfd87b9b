// OpenLineage transformation subtypes from the lineage layer: the sort keys
// (ORDER BY / SORT BY / DISTRIBUTE BY / CLUSTER BY) that the rewrite prunes
// but keeps on the AST, recorded as Clause::Sort predicates (INDIRECT/SORT,
// left out of the hive format); and ColumnLineage::derivation / masking, read
// from the AST through derived tables, CTEs and views (the DIRECT subtypes).
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "ast/print_sql.h"
#include "base/arena.h"
#include "driver/analyze_script.h"
#include "driver/output_writer.h"
#include "graph/model/builder.h"
#include "graph/render/formats.h"
#include "lineage/lineage.h"
#include "openlineage_events.h"
#include "parser/parser.h"
#include "rewrite/pipeline.h"
#include "rewrite/prune_order_limit.h"

namespace {

using namespace hivelineage;
using lineage::Clause;
using lineage::Derivation;
using Strings = std::vector<std::string>;

constexpr char kTables[] =
    "create table s.o (id int, uid int, amt double, dt string, k int);\n"
    "create table s.u (id int, name string, city string, info struct<os:string>);\n"
    "create table s.x (a string, b string);\n"
    "create table d.t (a string, b double);\n";
constexpr size_t kTableCount = 4;

// Analyses kTables + `sql`; the file with only the statements of `sql`.
driver::FileResult AnalyzeFile(const std::string& sql) {
  lineage::Session session;
  driver::FileResult f = driver::AnalyzeScript(std::make_shared<const SourceFile>("t.sql", kTables + sql), session, {});
  REQUIRE(f.statements.size() >= kTableCount);
  f.statements.erase(f.statements.begin(), f.statements.begin() + kTableCount);
  for (const driver::StatementResult& st : f.statements) {
    CAPTURE(st.index);
    CHECK_FALSE(st.has_error());
  }
  return f;
}

const driver::StatementResult& Only(const driver::FileResult& f) {
  REQUIRE(f.statements.size() == 1);
  return f.statements[0];
}

// "clause: expression [sources] -> [targets]" per predicate of one clause, sorted.
Strings Predicates(const lineage::StatementLineage& l, Clause clause) {
  Strings out;
  for (const lineage::PredicateLineage& p : l.predicates) {
    if (p.clause != clause) continue;
    std::string s = p.expression + " [";
    for (size_t i = 0; i < p.sources.size(); ++i) s += (i > 0 ? " " : "") + p.sources[i];
    s += "] -> [";
    for (size_t i = 0; i < p.targets.size(); ++i) s += (i > 0 ? " " : "") + p.targets[i];
    out.push_back(s + "]");
  }
  std::sort(out.begin(), out.end());
  return out;
}

Strings SortPredicates(const std::string& sql) { return Predicates(Only(AnalyzeFile(sql)).lineage, Clause::Sort); }

// target -> "transform" (plus " masking") of one statement.
std::map<std::string, std::string> Transforms(const lineage::StatementLineage& l) {
  std::map<std::string, std::string> out;
  for (const lineage::ColumnLineage& c : l.columns)
    out[c.target] = std::string(lineage::DerivationName(c.derivation)) + (c.masking ? " masking" : "");
  return out;
}

std::string TransformOf(const std::string& sql, const std::string& target = "d.t.a") {
  const auto t = Transforms(Only(AnalyzeFile(sql)).lineage);
  auto it = t.find(target);
  REQUIRE_MESSAGE(it != t.end(), sql);
  return it->second;
}

// The OpenLineage events of `sql` (after kTables), one per statement that
// reads or writes; each reduced to "field<-table.field:TYPE/SUBTYPE[/masking]",
// with `*` for dataset-wide input fields.
std::vector<std::set<std::string>> Events(const std::string& sql) {
  std::vector<std::set<std::string>> events;
  for (const auto& inputs : testing::OpenLineageInputs(kTables + sql)) {
    std::set<std::string>& fields = events.emplace_back();
    for (const auto& [target, in] : inputs)
      for (const auto& t : in["transformations"])
        fields.insert(target + "<-" + in["name"].get<std::string>() + "." + in["field"].get<std::string>() + ":" +
                      t["type"].get<std::string>() + "/" + t["subtype"].get<std::string>() +
                      (t["masking"].get<bool>() ? "/masking" : ""));
  }
  REQUIRE(events.size() >= kTableCount);
  events.erase(events.begin(), events.begin() + kTableCount);
  return events;
}

}  // namespace

// ---- sort keys ------------------------------------------------------------------

TEST_CASE("sort keys: the rewrite prunes them and hands them to lineage in its result, idempotently") {
  Arena arena;
  Diagnostics diags;
  ast::Statement* stmt = parser::ParseStatement("SELECT a FROM t DISTRIBUTE BY a SORT BY b DESC LIMIT 3", arena,
                                                parser::ParseOptions{}, diags);
  REQUIRE(stmt != nullptr);
  rewrite::RewriteResult result;
  rewrite::PruneOrderLimit(*stmt, arena, result);
  CHECK(ast::PrintStatement(stmt) == "SELECT a FROM t");
  auto* qs = ast::DynCast<ast::QueryStatement>(stmt);
  REQUIRE(qs != nullptr);
  REQUIRE(qs->bodies.size() == 1);
  const ast::Query* q = qs->bodies[0].query;
  const rewrite::SortKeys* keys = result.SortKeysOf(q);
  REQUIRE(keys != nullptr);
  CHECK(keys->distribute_by.size() == 1);
  REQUIRE(keys->sort_by.size() == 1);
  CHECK(keys->sort_by[0].direction == ast::OrderItem::Direction::Desc);
  CHECK(keys->order_by.empty());
  rewrite::PruneOrderLimit(*stmt, arena, result);  // nothing left to move: the keys stay
  REQUIRE(result.SortKeysOf(q) != nullptr);
  CHECK(result.SortKeysOf(q)->sort_by.size() == 1);
  CHECK(result.sort_keys.size() == 1);
  // A LIMIT alone keeps nothing.
  ast::Statement* limit_only = parser::ParseStatement("SELECT a FROM t LIMIT 3", arena, parser::ParseOptions{}, diags);
  REQUIRE(limit_only != nullptr);
  CHECK(rewrite::RunPipeline(*limit_only, arena).sort_keys.empty());
}

TEST_CASE("sort keys: ORDER BY / SORT BY / DISTRIBUTE BY / CLUSTER BY become one SORT predicate") {
  CHECK(SortPredicates("insert into d.t select name, amt from s.o join s.u on uid = s.u.id order by city, amt desc;") ==
        Strings{"ORDER BY city, amt DESC [s.o.amt s.u.city] -> [d.t.a d.t.b]"});
  CHECK(SortPredicates("insert into d.t select name, id from s.u sort by id asc nulls last;") ==
        Strings{"SORT BY id ASC NULLS LAST [s.u.id] -> [d.t.a d.t.b]"});
  CHECK(SortPredicates("insert into d.t select name, id from s.u distribute by city sort by name, id;") ==
        Strings{"DISTRIBUTE BY city SORT BY name, id [s.u.city s.u.id s.u.name] -> [d.t.a d.t.b]"});
  CHECK(SortPredicates("insert into d.t select name, id from s.u cluster by name;") ==
        Strings{"CLUSTER BY name [s.u.name] -> [d.t.a d.t.b]"});
  // A LIMIT is not a sort key; nor is a window's ORDER BY.
  CHECK(SortPredicates("insert into d.t select name, id from s.u limit 10;").empty());
  CHECK(SortPredicates("insert into d.t select name, rank() over (order by id) from s.u;").empty());
}

TEST_CASE("sort keys: select aliases first, then the FROM clause; derived tables and unions") {
  // `a` is the alias (reading s.x.b), not the column s.x.a.
  CHECK(SortPredicates("insert into d.t select upper(b) as a, 1.0 from s.x order by a;") ==
        Strings{"ORDER BY a [s.x.b] -> [d.t.a d.t.b]"});
  // A FROM column that is not selected, and an aggregate's alias.
  CHECK(SortPredicates("insert into d.t select city, sum(amt) as total from s.o join s.u on uid = s.u.id "
                       "group by city order by total desc, max(dt);") ==
        Strings{"ORDER BY total DESC, max(dt) [s.o.amt s.o.dt] -> [d.t.a d.t.b]"});
  // In a derived table, and over a union (qualified by the derived table's alias).
  CHECK(SortPredicates("insert into d.t select q.name, q.id from (select name, id from s.u sort by city) q;") ==
        Strings{"SORT BY city [s.u.city] -> [d.t.a d.t.b]"});
  CHECK(SortPredicates("insert into d.t select * from (select name, id from s.u union all "
                       "select dt, amt from s.o) w order by w.id;") ==
        Strings{"ORDER BY w.id [s.o.amt s.u.id] -> [d.t.a d.t.b]"});
  // A union branch of its own, in parentheses.
  CHECK(SortPredicates("insert into d.t select * from ((select name, id from s.u order by city limit 5) "
                       "union all (select dt, amt from s.o)) w;") ==
        Strings{"ORDER BY city [s.u.city] -> [d.t.a d.t.b]"});
  // Through a CTE.
  CHECK(SortPredicates("with c as (select name, id from s.u distribute by city) insert into d.t select * from c;") ==
        Strings{"DISTRIBUTE BY city [s.u.city] -> [d.t.a d.t.b]"});
}

TEST_CASE("sort keys: per insert body, no diagnostics, projections unchanged") {
  const driver::FileResult f =
      AnalyzeFile("from s.u insert into d.t select name, id sort by city insert into s.x select name, city;");
  CHECK(Predicates(Only(f).lineage, Clause::Sort) == Strings{"SORT BY city [s.u.city] -> [d.t.a d.t.b]"});
  // A key that resolves to nothing is not a source, and no warning either.
  const driver::FileResult bad = AnalyzeFile("insert into d.t select name, id from s.u order by nosuch, id;");
  CHECK(Only(bad).diagnostics.empty());
  CHECK(Predicates(Only(bad).lineage, Clause::Sort) == Strings{"ORDER BY nosuch, id [s.u.id] -> [d.t.a d.t.b]"});
  // The columns are what they are without the sort keys.
  const auto with = AnalyzeFile("insert into d.t select upper(name), sum(id) from s.u group by name order by 2;");
  const auto without = AnalyzeFile("insert into d.t select upper(name), sum(id) from s.u group by name;");
  const auto& a = Only(with).lineage.columns;
  const auto& b = Only(without).lineage.columns;
  REQUIRE(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].target == b[i].target);
    CHECK(a[i].sources == b[i].sources);
    CHECK(a[i].expression == b[i].expression);
    CHECK(a[i].derivation == b[i].derivation);
  }
}

namespace {

// The expressions of the PREDICATE edges of the statement's --format hive record, sorted.
Strings HivePredicates(const driver::FileResult& f, const driver::StatementResult& st) {
  std::string record;
  REQUIRE(driver::WriteHiveRecord(f, st, record));
  const nlohmann::json j = nlohmann::json::parse(record);
  Strings predicates;
  for (const auto& e : j["edges"])
    if (e["edgeType"] == "PREDICATE") predicates.push_back(e["expression"].get<std::string>());
  std::sort(predicates.begin(), predicates.end());
  return predicates;
}

}  // namespace

TEST_CASE("sort keys: the hive format leaves them out, as LineageLogger does") {
  const driver::FileResult f =
      AnalyzeFile("insert into d.t select name, id from s.u where city = 'x' order by id desc;");
  const auto& st = Only(f);
  REQUIRE(Predicates(st.lineage, Clause::Sort).size() == 1);
  CHECK(HivePredicates(f, st) == Strings{"(city = 'x')"});
}

TEST_CASE("hive format: PREDICATE edges only for WHERE, JOIN ON and HAVING, never GROUP BY") {
  // Hive's LineageLogger has no edge for GROUP BY keys (lineage2.q in Hive's tests):
  // they decide how rows are grouped, never which rows are kept.
  const driver::FileResult f = AnalyzeFile(
      "insert into d.t select u.name, sum(o.amt) from s.o o join s.u u on o.uid = u.id "
      "where o.dt = '2024' group by u.name, u.city having sum(o.amt) > 10 order by u.name;");
  const auto& st = Only(f);
  REQUIRE(Predicates(st.lineage, Clause::GroupBy).size() == 1);
  CHECK(HivePredicates(f, st) == Strings{"(o.dt = '2024')", "(o.uid = u.id)", "(sum(o.amt) > 10)"});
}

// ---- projection transforms --------------------------------------------------------

TEST_CASE("transform: one per projection shape, from the AST") {
  struct Case {
    const char* select;  // the select list of `insert into d.t select <select>, 1.0 from s.o join s.u ...`
    const char* expected;
  } cases[] = {
      {"name", "identity"},
      {"s.u.name", "identity"},
      {"`name`", "identity"},
      {"upper(name)", "transformation"},
      {"amt * 2", "transformation"},
      {"cast(amt as string)", "transformation"},
      {"'count(x)'", "transformation"},  // a string, not a call
      {"info.os", "transformation"},     // a struct field
      {"sum(amt)", "aggregation"},
      {"COUNT(DISTINCT name)", "aggregation"},
      {"coalesce(max(amt), 0)", "aggregation"},
      {"case when sum(amt) > 0 then 'y' end", "aggregation"},  // aggregation wins over conditional
      {"row_number() over (partition by city order by amt)", "window"},
      {"sum(amt) over (partition by city)", "window"},
      {"case when amt > 0 then name else city end", "conditional"},
      {"if(amt > 0, name, city)", "conditional"},
      {"(select max(name) from s.u)", "aggregation"},  // a scalar subquery's value
      {"md5(name)", "transformation masking"},
      {"concat(mask_hash(name), upper(city))", "transformation"},  // masked only when every source is
      {"concat(mask_hash(name), mask(city))", "transformation masking"},
      {"if(amt > 0, md5(name), name)", "conditional"},  // the raw name is copied too
  };
  for (const Case& c : cases) {
    CAPTURE(c.select);
    CHECK(TransformOf(std::string("insert into d.t select ") + c.select +
                      ", 1.0 from s.o join s.u on uid = s.u.id group by name, city, amt, info;") == c.expected);
  }
}

TEST_CASE("transform: through derived tables, CTEs, views and unions") {
  // sum(x) in a subquery, copied out: an aggregation.
  CHECK(TransformOf("insert into d.t select q.total, 1.0 from (select sum(amt) as total from s.o) q;") ==
        "aggregation");
  CHECK(TransformOf("insert into d.t select cast(q.total as string), 1.0 "
                    "from (select sum(amt) as total from s.o) q;") == "aggregation");
  CHECK(TransformOf("insert into d.t select q.r, 1.0 from (select rank() over (order by amt) as r from s.o) q;") ==
        "window");
  CHECK(TransformOf("insert into d.t select * from (select name, id from s.u) q;") == "identity");
  CHECK(TransformOf("with c as (select if(amt > 1, dt, 'x') as v from s.o) insert into d.t select v, 1.0 from c;") ==
        "conditional");
  CHECK(TransformOf("insert into d.t select h, 1.0 from (select md5(name) as h from s.u) q;") ==
        "transformation masking");
  // Views analysed in the run carry it too.
  const auto f = AnalyzeFile(
      "create view s.v as select city, count(distinct name) as n from s.u group by city;\n"
      "insert into d.t select city, n from s.v;\n");
  REQUIRE(f.statements.size() == 2);
  CHECK(Transforms(f.statements[1].lineage) ==
        std::map<std::string, std::string>{{"d.t.a", "identity"}, {"d.t.b", "aggregation"}});
  // A union: the branches that read a column decide; a constant branch does not.
  CHECK(TransformOf("insert into d.t select * from (select name, id from s.u union all "
                    "select upper(dt), amt from s.o) w;") == "transformation");
  CHECK(TransformOf("insert into d.t select * from (select name, id from s.u union all "
                    "select 'none', 0.0 from s.o) w;") == "identity");
  // TRANSFORM scripts and UDTF outputs transform.
  CHECK(TransformOf("insert into d.t select transform(name, id) using 'cat' as (a string, b double) from s.u;") ==
        "transformation");
  CHECK(TransformOf("insert into d.t select c, 1.0 from s.u lateral view explode(array(name, city)) e as c;") ==
        "transformation");
}

// ---- OpenLineage ------------------------------------------------------------------

TEST_CASE("openlineage: masking is per input field") {
  const auto events = Events(
      "insert into d.t select concat(md5(name), city), if(amt > 0, md5(name), name) from s.u join s.o on uid = "
      "s.u.id;\n");
  REQUIRE(events.size() == 1);
  using Set = std::set<std::string>;
  CHECK(events[0] == Set{"*<-s.o.uid:INDIRECT/JOIN", "*<-s.u.id:INDIRECT/JOIN", "a<-s.u.city:DIRECT/TRANSFORMATION",
                         "a<-s.u.name:DIRECT/TRANSFORMATION/masking", "b<-s.o.amt:DIRECT/CONDITIONAL",
                         "b<-s.u.name:DIRECT/CONDITIONAL"});
}

TEST_CASE("openlineage: DIRECT subtypes from the transform, INDIRECT SORT from sort keys") {
  const auto events = Events(
      "insert into d.t select q.total, 1.0 from (select sum(amt) as total from s.o) q;\n"
      "insert into d.t select md5(name), rank() over (partition by city order by id) from s.u;\n"
      "insert into d.t select name, id from s.u where city = 'x' distribute by city sort by id;\n");
  REQUIRE(events.size() == 3);
  using Set = std::set<std::string>;
  CHECK(events[0] == Set{"a<-s.o.amt:DIRECT/AGGREGATION"});
  // The window column reads its PARTITION BY / ORDER BY keys (precise semantics).
  CHECK(events[1] ==
        Set{"a<-s.u.name:DIRECT/TRANSFORMATION/masking", "b<-s.u.city:DIRECT/WINDOW", "b<-s.u.id:DIRECT/WINDOW"});
  CHECK(events[2] == Set{"*<-s.u.city:INDIRECT/FILTER", "*<-s.u.city:INDIRECT/SORT", "*<-s.u.id:INDIRECT/SORT",
                         "a<-s.u.name:DIRECT/IDENTITY", "b<-s.u.id:DIRECT/IDENTITY"});
}
