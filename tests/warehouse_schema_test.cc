// The warehouse schema a run learns from its own scripts: the gather walk
// (lineage/schema_facts.h), the pure merge (lineage/warehouse_schema.h), and
// what the two-phase run and `hivelineage catalog` make of them.
#include "lineage/warehouse_schema.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "base/arena.h"
#include "captured_run.h"
#include "catalog/catalog_json.h"
#include "catalog/catalog_format.h"
#include "driver/gather.h"
#include "driver/run.h"
#include "driver/scheduler.h"
#include "nlohmann/json.hpp"
#include "test_support.h"

namespace {

using namespace hivelineage;

lineage::ScriptFacts Facts(const std::string& name, const std::string& sql) {
  auto source = std::make_shared<const SourceFile>(name, sql);
  return driver::GatherScript(*source, {});
}

const lineage::LearnedTable* Find(const lineage::WarehouseSchema& s, const std::string& name) {
  for (const lineage::LearnedTable& t : s.tables)
    if (t.table.name == name) return &t;
  return nullptr;
}

std::vector<std::string> Columns(const lineage::CatalogTable& t) {
  std::vector<std::string> out;
  for (const lineage::CatalogColumn& c : t.columns) out.push_back(c.name);
  return out;
}

// The json output of one run over `files` (name, text), with no catalog.
nlohmann::json RunJson(const std::vector<std::pair<std::string, std::string>>& files, int jobs = 1,
                       std::vector<driver::CatalogSource> catalogs = {}, bool learn = true) {
  const std::filesystem::path dir = testing::ProcessTempDir("hl_wh_");
  std::vector<driver::InputFile> inputs;
  for (const auto& [name, text] : files) inputs.push_back({testing::WriteFile(dir, name, text).string(), name});
  driver::RunOptions options;
  options.jobs = jobs;
  options.analyze.catalogs = std::move(catalogs);
  options.analyze.learn_schema = learn;
  return nlohmann::json::parse(testing::CaptureRun(inputs, options).out);
}

std::vector<std::string> SourcesOf(const nlohmann::json& doc, const std::string& target) {
  for (const auto& s : doc["statements"])
    for (const auto& c : s["columns"])
      if (c["target"] == target) return c["sources"].get<std::vector<std::string>>();
  return {"<no such target>"};
}

}  // namespace

TEST_CASE("schema facts: uses through real tables, not through CTEs, subqueries or the script's own tables") {
  const lineage::ScriptFacts f = Facts("a.sql",
                                       "use ods;\n"
                                       "select o.user_id, amount from orders o where o.dt = '1';\n"
                                       "with c as (select x from t1) select c.y from c;\n"
                                       "create table mine (k string);\n"
                                       "select k, z from mine;\n"
                                       "select bare from ods.a join ods.b on a.id = b.id;\n");
  std::vector<std::string> tables;
  for (const lineage::TableFacts& t : f.tables) tables.push_back(t.table);
  CHECK(tables == std::vector<std::string>{"ods.a", "ods.b", "ods.mine", "ods.orders", "ods.t1"});
  const lineage::TableFacts& orders = f.tables[3];
  std::vector<std::string> names;
  for (const lineage::InferredColumn& c : orders.inferred) names.push_back(c.name);
  CHECK(names == std::vector<std::string>{"amount", "dt", "user_id"});  // sorted by name
  CHECK(orders.inferred[2].line == 2);
  CHECK(f.tables[2].declared);  // ods.mine: declared, never inferred from
  CHECK(f.tables[2].inferred.empty());
  CHECK(f.tables[4].inferred.size() == 1);  // t1.x, not c.y
  REQUIRE(f.open.size() == 1);
  CHECK(f.open[0].column == "bare");
  CHECK(f.open[0].candidates == std::vector<std::string>{"ods.a", "ods.b"});
}

TEST_CASE("warehouse schema: --catalog beats declarations, which beat inference; most declarations win") {
  const std::vector<lineage::ScriptFacts> facts = {
      Facts("1.sql", "create table d.t (a int, b int);\nselect x from d.u;\n"),
      Facts("2.sql", "create table d.t (c int);\nselect zz from d.given;\n"),
      Facts("3.sql", "create table d.t (c int);\nselect t.q from d.t t;\n"),
  };
  lineage::Catalog given;
  REQUIRE(catalog::LoadCatalogJson(R"({"tables": [{"name": "d.given", "columns": [{"name": "g"}]}]})", "default", given).empty());
  const lineage::WarehouseSchema s = lineage::MergeFacts(facts, given);
  CHECK(Find(s, "d.given") == nullptr);  // the --catalog's, untouched
  const lineage::LearnedTable* t = Find(s, "d.t");
  REQUIRE(t != nullptr);
  CHECK(Columns(t->table) == std::vector<std::string>{"c"});  // two scripts against one
  CHECK(!t->table.open);
  CHECK(t->conflicts == std::vector<std::string>{"1.sql:1"});
  const lineage::LearnedTable* u = Find(s, "d.u");
  REQUIRE(u != nullptr);
  CHECK(u->table.open);
  CHECK(u->evidence.kind == lineage::EvidenceKind::Inferred);
  // The same facts in another order give the same catalog but for the tie-break.
  const std::vector<lineage::ScriptFacts> reversed(facts.rbegin(), facts.rend());
  CHECK(Columns(Find(lineage::MergeFacts(reversed, given), "d.t")->table) == std::vector<std::string>{"c"});
}

TEST_CASE("warehouse schema: a bare column of a join is settled by elimination, in a later round too") {
  const std::vector<lineage::ScriptFacts> facts = {
      Facts("1.sql", "select k from d.a join d.b on a.id = b.id;\n"),  // k: a or b
      Facts("2.sql", "select j from d.b join d.c on b.id = c.id;\n"),  // j: b or c
      Facts("3.sql", "create table d.c (id int);\n"),                  // c has no j: j is b's
      Facts("4.sql", "create table d.a (id int, j int);\n"),
  };
  const lineage::WarehouseSchema s = lineage::MergeFacts(facts, lineage::Catalog());
  const lineage::LearnedTable* b = Find(s, "d.b");
  REQUIRE(b != nullptr);
  CHECK(b->table.FindColumn("j") != nullptr);
  CHECK(b->table.FindColumn("k") != nullptr);  // a is declared without k
}

TEST_CASE("two-phase run: a column one script qualifies settles a bare one in another script's join") {
  const nlohmann::json doc = RunJson({
      {"a.sql",
       "insert overwrite table dw.x select user_id, amount from ods.orders o join ods.users u on o.id = u.oid;\n"},
      {"b.sql", "select o.user_id from ods.orders o;\nselect u.amount from ods.users u;\n"},
  });
  CHECK(SourcesOf(doc, "dw.x.user_id") == std::vector<std::string>{"ods.orders.user_id"});
  CHECK(SourcesOf(doc, "dw.x.amount") == std::vector<std::string>{"ods.users.amount"});
  // Byte-identical for every -j.
  CHECK(RunJson(
            {{"a.sql", "select k from ods.t1 join ods.t2 on t1.i = t2.i;\n"}, {"b.sql", "select t1.k from ods.t1;\n"}},
            1) == RunJson({{"a.sql", "select k from ods.t1 join ods.t2 on t1.i = t2.i;\n"},
                           {"b.sql", "select t1.k from ods.t1;\n"}},
                          2));
}

TEST_CASE("two-phase run: a script's own DDL governs it; another script's declaration serves readers") {
  const nlohmann::json doc = RunJson({
      {"a.sql", "create table dw.t (a string, b string);\n"},
      {"b.sql", "insert overwrite table dw.u select * from dw.t;\n"},
      {"c.sql", "create table if not exists dw.t (z string);\ninsert overwrite table dw.v select * from dw.t;\n"},
  });
  CHECK(SourcesOf(doc, "dw.u.a") == std::vector<std::string>{"dw.t.a"});
  CHECK(SourcesOf(doc, "dw.u.b") == std::vector<std::string>{"dw.t.b"});
  CHECK(SourcesOf(doc, "dw.v.z") == std::vector<std::string>{"dw.t.z"});
}

TEST_CASE("two-phase run: a star over a join keeps a column to the one table a single-table use proves has it") {
  // `event` is named through ods.page_events alone in `src`; the whitelist
  // table's schema is unknown. Before the warehouse schema, `event` came
  // from both tables through the star of `filtered`.
  const nlohmann::json doc =
      RunJson({{"a.sql",
                "with decorated as (select * from ods.page_events),\n"
                "src as (select event.source_url as url from ods.page_events),\n"
                "filtered as (select * from decorated d join ods.whitelist w on d.site = w.site)\n"
                "insert overwrite table dw.pages select event.page_title as title from filtered;\n"}});
  CHECK(SourcesOf(doc, "dw.pages.title") == std::vector<std::string>{"ods.page_events.event"});
}

TEST_CASE("warnings: t.* and * over a table of unknown schema warn at the star, naming the table") {
  const nlohmann::json doc = RunJson(
      {{"a.sql", "select d.*, user_name from dwd.order_detail d join dim.users u on d.uid = u.uid;\n"}}, 1, {}, false);
  const auto& w = doc["statements"][0]["warnings"];
  REQUIRE(!w.empty());
  CHECK(w[0]["column"] == 8);
  CHECK(w[0]["message"].get<std::string>().find("'d.*' over dwd.order_detail") != std::string::npos);
}

TEST_CASE("catalog: the learned catalog printed, loaded back with --catalog, gives the same lineage") {
  const std::filesystem::path root = testing::SourceDir();
  driver::ExpandedInputs in = driver::ExpandPaths({(root / "corpus" / "warehouse").string()});
  REQUIRE(in.files.size() >= 20);
  driver::RunOptions options;
  options.analyze.variables = {{"etl_date", "2024-03-01"}};
  const lineage::Catalog none;
  const std::string printed =
      lineage::WarehouseCatalogJson(driver::LearnWarehouse(in.files, options.analyze, 1, none), none);
  const std::string learned = testing::CaptureRun(in.files, options).out;
  options.analyze.learn_schema = false;
  options.analyze.catalogs = {driver::CatalogSource{"learned.json", printed, catalog::CatalogFormat::Json}};
  const std::string loaded_back = testing::CaptureRun(in.files, options).out;
  CHECK(nlohmann::json::parse(learned) == nlohmann::json::parse(loaded_back));
}

TEST_CASE("catalog: a printed catalog that lists conflicting declarations is read back by --catalog") {
  // `hivelineage catalog` prints "conflicts" under a table's evidence when scripts declare it
  // differently; the file is meant to be reviewed and given back, so the reader must take it.
  std::vector<lineage::ScriptFacts> facts;
  facts.push_back(Facts("1.sql", "create table d.t (a int, b int);\n"));
  facts.push_back(Facts("2.sql", "create table d.t (a int, c int);\n"));
  const lineage::Catalog none;
  const std::string printed = lineage::WarehouseCatalogJson(lineage::MergeFacts(facts, none), none);
  REQUIRE(printed.find("\"conflicts\"") != std::string::npos);
  lineage::Catalog loaded;
  CHECK(catalog::LoadCatalogJson(printed, "default", loaded).empty());
  const lineage::CatalogTable* t = loaded.Find("d.t");
  REQUIRE(t != nullptr);
  CHECK(Columns(*t) == std::vector<std::string>{"a", "b"});
}

TEST_CASE("two-phase run: in a single script, a column used late informs an earlier statement") {
  const nlohmann::json doc = RunJson({{"one.sql",
                                       "insert overwrite table dw.x select * from ods.events;\n"
                                       "select e.user_id, e.action from ods.events e;\n"}});
  CHECK(SourcesOf(doc, "dw.x.user_id") == std::vector<std::string>{"ods.events.user_id"});
  CHECK(SourcesOf(doc, "dw.x.action") == std::vector<std::string>{"ods.events.action"});
  // The expansion says it rests on inference, at the `*`.
  const auto& w = doc["statements"][0]["warnings"];
  REQUIRE(w.size() == 1);
  CHECK(w[0]["column"] == 36);
  CHECK(w[0]["message"].get<std::string>().find("expands to the 2 column(s)") != std::string::npos);
  CHECK(doc["statements"][0]["columns"][0]["inferred"] == nlohmann::json::array({"ods.events.user_id"}));
}

TEST_CASE("schema facts: CTAS and view column lists are declared, from the list or the select list") {
  const lineage::ScriptFacts f = Facts("a.sql",
                                       "use dw;\n"
                                       "create table t as select a, b x, upper(c), cast(d as int) from ods.s;\n"
                                       "create view v (c1, c2) as select a, b from ods.s;\n"
                                       "create view w as select s.a, count(*) n from ods.s s group by s.a\n"
                                       "  union all select a, 1 from ods.r;\n"
                                       "create table starred as select * from ods.s;\n"
                                       "create temporary table tmp as select a from ods.s;\n"
                                       "create table p partitioned by (dt) as select a, dt from ods.s;\n");
  auto declared = [&](const std::string& table) {
    std::vector<std::string> names;
    for (const lineage::TableFacts& t : f.tables) {
      if (t.table != table) continue;
      if (!t.declared) return std::vector<std::string>{"<not declared>"};
      for (const lineage::DeclaredColumn& c : t.columns) names.push_back(c.name);
      for (const lineage::DeclaredColumn& c : t.partition_columns) names.push_back("partition " + c.name);
      return names;
    }
    return std::vector<std::string>{"<no facts>"};
  };
  CHECK(declared("dw.t") == std::vector<std::string>{"a", "x", "_c2", "d"});
  CHECK(declared("dw.v") == std::vector<std::string>{"c1", "c2"});
  CHECK(declared("dw.w") == std::vector<std::string>{"a", "n"});  // the first branch names the columns
  CHECK(declared("dw.p") == std::vector<std::string>{"a", "partition dt"});
  for (const lineage::TableFacts& t : f.tables)
    if (t.table == "dw.t") CHECK(t.declared_line == 2);
  // `*` over a table of unknown schema says nothing; a temporary table is never a fact.
  CHECK(declared("dw.starred") == std::vector<std::string>{"<no facts>"});
  CHECK(declared("dw.tmp") == std::vector<std::string>{"<no facts>"});
}

TEST_CASE("two-phase run: a CTAS or a view in one script declares its columns for the next") {
  const nlohmann::json doc = RunJson({
      {"a.sql", "create table dw.t as select a, b x from ods.s;\n"},
      {"b.sql", "create view dw.v (c1, c2) as select a, b from ods.s;\n"},
      {"c.sql",
       "insert overwrite table dw.u select * from dw.t;\n"
       "insert overwrite table dw.w select * from dw.v;\n"
       "insert overwrite table dw.y select c2, x from dw.v join dw.t on v.c1 = t.a;\n"},
  });
  CHECK(SourcesOf(doc, "dw.u.x") == std::vector<std::string>{"dw.t.x"});
  CHECK(SourcesOf(doc, "dw.w.c2") == std::vector<std::string>{"dw.v.c2"});
  CHECK(SourcesOf(doc, "dw.y.c2") == std::vector<std::string>{"dw.v.c2"});
  CHECK(SourcesOf(doc, "dw.y.x") == std::vector<std::string>{"dw.t.x"});
  const lineage::Catalog none;
  const lineage::WarehouseSchema s = lineage::MergeFacts(
      std::vector<lineage::ScriptFacts>{Facts("a.sql", "create table dw.t as select a, b x from ods.s;\n")}, none);
  const lineage::LearnedTable* t = Find(s, "dw.t");
  REQUIRE(t != nullptr);
  CHECK(t->evidence.kind == lineage::EvidenceKind::Declared);
  CHECK(!t->table.open);
  CHECK(t->evidence.where == std::vector<std::string>{"a.sql:1"});
}

namespace {

std::vector<lineage::ScriptFacts> MixedFacts() {
  return {
      Facts("1.sql", "create table d.t (a int, b int);\nselect x, y from d.u;\nselect k from d.a join d.b on a.id = b.id;\n"),
      Facts("2.sql", "create table d.t (c int);\nselect u.y, u.z from d.u u;\ncreate table d.l like d.t;\n"),
      Facts("3.sql", "create table d.t (c int);\nselect t.q from d.t t;\ncreate table d.m like d.nowhere;\n"),
      Facts("4.sql", "create table d.p (id int) partitioned by (dt string);\nselect a.id from d.a a;\nselect m.w from d.m m;\n"),
      Facts("5.sql", "select y, x from d.u;\nselect u.x from d.u u;\nselect u.v from d.u u;\n"),
  };
}

// A table as the analysis sees it: its columns with their flags.
std::string Described(const lineage::CatalogTable& t) {
  std::string out = t.name + (t.open ? " open" : "") + (t.learned ? " learned" : "") + ":";
  for (const lineage::CatalogColumn& c : t.columns) out += " " + c.name + "/" + c.type + (c.inferred ? "?" : "");
  out += " |";
  for (const lineage::CatalogColumn& c : t.partition_columns) out += " " + c.name + "/" + c.type;
  return out;
}

}  // namespace

TEST_CASE("warehouse schema: evidence keeps the first three places in input order, and every conflict") {
  std::vector<lineage::ScriptFacts> facts = MixedFacts();
  facts.push_back(Facts("6.sql", "select u.x from d.u u;\n"));
  facts.push_back(Facts("7.sql", "create table d.t (a int, b int);\n"));
  const lineage::WarehouseSchema s = lineage::MergeFacts(facts, lineage::Catalog());
  const lineage::LearnedTable* t = Find(s, "d.t");
  REQUIRE(t != nullptr);
  // Two scripts declare (a, b), two (c): a tie, the first declaration made serves.
  CHECK(t->evidence.where == std::vector<std::string>{"1.sql:1", "7.sql:1"});
  CHECK(t->conflicts == std::vector<std::string>{"2.sql:1", "3.sql:1"});
  REQUIRE(t->columns.size() == 2);
  CHECK(t->columns[0].where == t->evidence.where);
  const lineage::LearnedTable* u = Find(s, "d.u");
  REQUIRE(u != nullptr);
  CHECK(Columns(u->table) == std::vector<std::string>{"y", "x", "z", "v"});  // y beats z; the rest by first use
  REQUIRE(u->columns.size() == 4);
  CHECK(u->columns[1].uses == 4);
  CHECK(u->columns[1].where == std::vector<std::string>{"1.sql:2", "5.sql:1", "6.sql:1"});  // a script's first use
  CHECK(u->evidence.uses == 9);
  CHECK(u->evidence.where == std::vector<std::string>{"1.sql:2", "2.sql:2", "5.sql:1"});
}

// Every name in `facts` overwritten in place: a merge that kept views into them would see the change.
void Scramble(lineage::ScriptFacts& facts) {
  auto over = [](std::string& s) { std::fill(s.begin(), s.end(), '#'); };
  over(facts.file);
  for (lineage::TableFacts& t : facts.tables) {
    over(t.table);
    over(t.like);
    for (lineage::DeclaredColumn& c : t.columns) over(c.name), over(c.type);
    for (lineage::DeclaredColumn& c : t.partition_columns) over(c.name), over(c.type);
    for (lineage::InferredColumn& c : t.inferred) over(c.name);
    for (lineage::ColumnPrecedence& p : t.precedence) over(p.a), over(p.b);
  }
  for (lineage::OpenReference& r : facts.open) {
    over(r.column);
    for (std::string& c : r.candidates) over(c);
  }
}

TEST_CASE("warehouse schema: merged one script at a time, keeping nothing of the facts added, as MergeFacts merges") {
  std::vector<lineage::ScriptFacts> facts = MixedFacts();
  facts.push_back(Facts("6.sql", "select j from d.b join d.c on b.id = c.id;\ncreate table d.c (id int);\n"));
  facts.push_back(Facts("7.sql", "create table d.t (a int, b int);\nselect u.z, u.y, u.x from d.u u;\n"));
  facts.push_back(Facts("8.sql", "create table d.l like d.p;\nselect g.zz, g.g from d.given g;\n"));
  lineage::Catalog given;
  REQUIRE(catalog::LoadCatalogJson(R"({"tables": [{"name": "d.given", "columns": [{"name": "g"}]}]})", "default", given).empty());
  const lineage::WarehouseSchema whole = lineage::MergeFacts(facts, given);
  const std::string want = lineage::WarehouseCatalogJson(whole, given);
  REQUIRE(Find(whole, "d.b") != nullptr);
  CHECK(Find(whole, "d.b")->table.FindColumn("j") != nullptr);  // settled by elimination once d.c is declared
  lineage::FactsMerger merger(given);
  for (const lineage::ScriptFacts& f : facts) {
    lineage::ScriptFacts added = f;
    merger.Add(added);
    Scramble(added);
  }
  CHECK(lineage::WarehouseCatalogJson(merger.Finish(), given) == want);
}

TEST_CASE("warehouse schema: the catalog a run analyses against is the merged one, evidence left out") {
  const std::vector<lineage::ScriptFacts> facts = MixedFacts();
  lineage::Catalog given_tables;
  REQUIRE(catalog::LoadCatalogJson(R"({"tables": [{"name": "d.b", "columns": [{"name": "id"}]}]})", "default",
                                   given_tables)
              .empty());
  const auto given = std::make_shared<const lineage::Catalog>(std::move(given_tables));
  const std::shared_ptr<const lineage::Catalog> merged = lineage::LearnedCatalog(lineage::MergeFacts(facts, *given), given);
  lineage::FactsMerger without_evidence(*given, /*evidence=*/false);
  for (const lineage::ScriptFacts& f : facts) without_evidence.Add(f);
  const std::shared_ptr<const lineage::Catalog> direct = lineage::LearnedCatalog(without_evidence.Finish(), given);
  const std::vector<const lineage::CatalogTable*> want = merged->Tables(), got = direct->Tables();
  REQUIRE(want.size() == got.size());
  CHECK(want.size() == 7);  // d.a, d.b (given), d.l, d.m, d.p, d.t, d.u
  for (size_t i = 0; i < want.size(); ++i) CHECK(Described(*want[i]) == Described(*got[i]));
  CHECK(direct->Find("d.a")->FindColumn("k") != nullptr);
  // The same tables looked up on demand, the evidence dropped (what a store's update analyses against).
  const lineage::Catalog loaded(lineage::LearnedTables(lineage::MergeFacts(facts, *given)), given);
  const std::vector<const lineage::CatalogTable*> on_demand = loaded.Tables();
  REQUIRE(on_demand.size() == want.size());
  for (size_t i = 0; i < want.size(); ++i) CHECK(Described(*want[i]) == Described(*on_demand[i]));
  REQUIRE(loaded.Find("d.u") != nullptr);
  CHECK(Described(*loaded.Find("d.u")) == Described(*merged->Find("d.u")));
  CHECK(loaded.Find("d.b") == given->Find("d.b"));
  // Scripts that say nothing leave the given catalog as it is.
  CHECK(lineage::LearnedCatalog(lineage::MergeFacts(std::vector<lineage::ScriptFacts>{Facts("e.sql", "show tables;\n")}, *given),
                                given) == given);
}

TEST_CASE("schema facts: lines of uses and declarations, whatever the line ends, in file order or not") {
  // LF, CRLF and a lone CR each end a line, as in diagnostics; a statement's
  // uses are met out of order (FROM before the select list).
  const lineage::ScriptFacts f = Facts("a.sql",
                                       "set x=1;\r\n"
                                       "create table d.own (a int);\r"
                                       "select t.b,\n"
                                       "  t.c\r\n"
                                       "from d.t t\n"
                                       "tablesample (bucket 1 out of 2 on t.e);\n"
                                       "\n"
                                       "select t.d from d.t t;\r\n");
  REQUIRE(f.tables.size() == 2);
  CHECK(f.tables[0].table == "d.own");
  CHECK(f.tables[0].declared_line == 2);
  std::vector<std::pair<std::string, uint32_t>> lines;
  for (const lineage::InferredColumn& c : f.tables[1].inferred) lines.emplace_back(c.name, c.line);
  CHECK(lines == std::vector<std::pair<std::string, uint32_t>>{{"b", 3}, {"c", 4}, {"d", 8}, {"e", 6}});
}

// The gather parses a query or DML statement only when its tokens may name a
// table the script has not declared (driver/gather.cc): every place a table
// name can hide among the script's own tables must still be read.
TEST_CASE("schema facts: a table named among the script's own tables is read wherever the grammar puts it") {
  const lineage::ScriptFacts f = Facts(
      "own.sql",
      "use ods;\n"
      "create table mine (k string, v string);\n"
      "create table mine2 (k string);\n"
      "select k from mine order by k;\n"  // names only declared tables: nothing to learn
      "select m.k, o.a from mine m join mine2 n on m.k = n.k, t_comma o;\n"
      "select k from mine where k in (select b from t_sub);\n"
      "from (select k from mine) s insert overwrite table t_ins partition (dt='1') select s.k;\n"
      "insert overwrite t_ow partition (p='1') select k from mine;\n"
      "insert into table t_into (c) select k from mine;\n"
      "select q.d from mine, `ods.t_quoted` q where q.d = mine.k;\n"
      "select k from mine union all select f from t_union;\n"
      "update t_upd set g = 1;\n"
      "delete from t_del where h = 1;\n"
      "merge into mine using t_merge s on mine.k = s.i when matched then update set v = s.j;\n"
      "select x.k from mine x join (select r from t_join) y on x.k = y.r;\n"
      "alter table t_alter add columns (w int);\n"
      "alter table mine set tblproperties ('a'='b');\n"
      "alter view mine_v as select z from t_view;\n");
  using Inferred = std::vector<std::pair<std::string, std::vector<std::string>>>;
  Inferred inferred;  // tables come sorted by name
  for (const lineage::TableFacts& t : f.tables) {
    if (t.inferred.empty()) continue;
    inferred.emplace_back(t.table, std::vector<std::string>{});
    for (const lineage::InferredColumn& c : t.inferred) inferred.back().second.push_back(c.name);
  }
  CHECK(inferred == Inferred{
                        {"ods.t_alter", {"w"}},
                        {"ods.t_comma", {"a"}},
                        {"ods.t_del", {"h"}},
                        {"ods.t_ins", {"dt"}},
                        {"ods.t_into", {"c"}},
                        {"ods.t_join", {"r"}},
                        {"ods.t_merge", {"i", "j"}},
                        {"ods.t_ow", {"p"}},
                        {"ods.t_quoted", {"d"}},
                        {"ods.t_sub", {"b"}},
                        {"ods.t_union", {"f"}},
                        {"ods.t_upd", {"g"}},
                        {"ods.t_view", {"z"}},
                    });
}

TEST_CASE("warehouse schema: a run merges each script's facts as it is gathered, in input order, on any threads") {
  // Each script names one more column of ods.t: the learned column order is
  // the scripts' order, which a merge in the order the threads finish would
  // not keep.
  const std::filesystem::path dir = testing::ProcessTempDir("hivelineage_learn_order_");
  std::vector<driver::InputFile> inputs;
  for (int i = 0; i < 40; ++i) {
    const std::string name = "s" + std::string(i < 10 ? "0" : "") + std::to_string(i) + ".sql";
    std::string sql = "insert overwrite table dw.x" + std::to_string(i) + " select a.c" + std::to_string(i) +
                      (i % 3 == 0 ? ", b.k" + std::to_string(i) + " from ods.t a join ods.u b on a.id = b.id;\n"
                                  : " from ods.t a;\n");
    // The first script long enough for the others to finish before it.
    if (i == 0)
      for (int k = 0; k < 5000; ++k) sql += "select a.c" + std::to_string(i) + " from ods.t a where a.id = " + std::to_string(k) + ";\n";
    inputs.push_back(driver::InputFile{testing::WriteFile(dir, name, sql).string(), name});
  }
  const auto given = std::make_shared<const lineage::Catalog>();
  const std::shared_ptr<const lineage::Catalog> one_by_one =
      lineage::LearnedCatalog(lineage::MergeFacts(driver::GatherScripts(inputs, {}, 1), *given), given);
  const lineage::CatalogTable* want = one_by_one->Find("ods.t");
  REQUIRE(want != nullptr);
  REQUIRE(want->columns.size() == 41);  // id and c0..c39
  for (int jobs : {1, 2, 4}) {
    const std::shared_ptr<const lineage::Catalog> learned = driver::LearnCatalog(inputs, {}, jobs, given);
    for (const char* table : {"ods.t", "ods.u"}) {
      const lineage::CatalogTable* got = learned->Find(table);
      REQUIRE(got != nullptr);
      CHECK(Columns(*got) == Columns(*one_by_one->Find(table)));
    }
    CHECK(learned->Tables().size() == one_by_one->Tables().size());
  }
}

TEST_CASE("warehouse schema: the analysis takes the files the gather kept instead of reading them again") {
  const std::filesystem::path dir = testing::ProcessTempDir("hivelineage_kept_");
  const std::string a = "create table ods.t (id int, v string);\ninsert overwrite table dw.x select v from ods.t;\n";
  const std::string b = "insert overwrite table dw.y select u.w from ods.u u;\n";
  const std::vector<driver::InputFile> inputs = {{testing::WriteFile(dir, "a.sql", a).string(), "a.sql"},
                                                 {testing::WriteFile(dir, "b.sql", b).string(), "b.sql"}};
  // Room for a.sql alone: b.sql is read again by the analysis.
  driver::KeptInputs kept(inputs.size(), a.size());
  const std::shared_ptr<const lineage::Catalog> learned =
      driver::LearnCatalog(inputs, {}, 1, std::make_shared<const lineage::Catalog>(), &kept);
  REQUIRE(kept.files[0].loaded.source != nullptr);
  CHECK(kept.files[0].loaded.source->text() == a);
  CHECK(kept.files[0].statements.complete);
  CHECK(kept.files[0].statements.statements.size() == 2);  // where the analysis finds them
  CHECK(kept.files[1].loaded.source == nullptr);
  // Gone from the disk: only what the gather kept can still be analysed.
  std::filesystem::remove(inputs[0].path);
  std::filesystem::remove(inputs[1].path);
  std::vector<driver::FileResult> files;
  driver::RunSummary summary;
  driver::RunOptions options;
  driver::RunScheduled(inputs, options, learned, nullptr, 1,
                       [&](driver::FilePart&& part) { files.push_back(std::move(part.file)); }, summary, &kept);
  REQUIRE(files.size() == 2);
  CHECK_FALSE(files[0].unreadable);
  CHECK(files[0].source->text() == a);
  CHECK(files[0].statements.size() == 2);
  CHECK(files[1].unreadable);
  CHECK(kept.files[0].loaded.source == nullptr);  // handed over, not held to the end of the run
}
