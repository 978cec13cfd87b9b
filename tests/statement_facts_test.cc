// lineage::StatementFacts (src/lineage/statement_facts.h): the one value the
// graph and the store take of a statement. Columns are {table, column} pairs
// of the statement's own tables (never split at a dot by guess), conditions
// come once each with their clause, "governs all" is the analysis' field,
// and temporary tables and views are marked from it.
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "driver/analyze_script.h"
#include "driver/load_graph.h"
#include "graph/model/builder.h"
#include "lineage/statement_facts.h"
#include "sync/system_name.h"

namespace {

using namespace hivelineage;

// The one column of `f` named `name` (the output contract's spelling), or null.
const lineage::TableColumn* Find(const lineage::StatementFacts& f, const std::string& name) {
  for (uint32_t i = 0; i < f.columns.size(); ++i)
    if (f.ColumnName(i) == name) return &f.columns[i];
  return nullptr;
}

lineage::StatementLineage Insert(std::vector<std::string> inputs, std::vector<std::string> outputs) {
  lineage::StatementLineage lin;
  lin.inputs = std::move(inputs);
  lin.outputs = std::move(outputs);
  return lin;
}

driver::FileResult Analyze(const std::string& sql) {
  lineage::Session session;
  return driver::AnalyzeScript(std::make_shared<const SourceFile>("t.sql", sql), session, {});
}

}  // namespace

TEST_CASE("statement facts: table names are structured, system-qualified names included") {
  const lineage::QualifiedTable hive = lineage::QualifiedTable::Parse("db.t.with.dots");
  CHECK(hive.system.empty());
  CHECK(hive.database == "db");
  CHECK(hive.table == "t.with.dots");
  const lineage::QualifiedTable url = lineage::QualifiedTable::Parse("mysql://10.0.0.5:3306/crm.customer");
  CHECK(url.system == "mysql://10.0.0.5:3306");
  CHECK(url.database == "crm");
  CHECK(url.table == "customer");
  const lineage::QualifiedTable friendly = lineage::QualifiedTable::Parse("crm-mysql/crm.customer");
  CHECK(friendly.system == "crm-mysql");
  CHECK(friendly.database == "crm");
  CHECK(friendly.table == "customer");
  const lineage::QualifiedTable topic = lineage::QualifiedTable::Parse("kafka://b1:9092/events");
  CHECK(topic.system == "kafka://b1:9092");
  CHECK(topic.database.empty());
  CHECK(topic.table == "events");
  const lineage::QualifiedTable dir = lineage::QualifiedTable::Parse("directory:/tmp/out.v1");
  CHECK(dir.directory);
  CHECK(dir.system.empty());
  // The database node agrees with the one the graph's levels use.
  for (const char* name : {"db.t.with.dots", "mysql://10.0.0.5:3306/crm.customer", "crm-mysql/crm.customer",
                           "kafka://b1:9092/events", "directory:/tmp/out.v1", "t"}) {
    CAPTURE(name);
    CHECK(lineage::QualifiedTable::Parse(name).DatabaseNode() == sync::DatabaseOf(name));
  }
}

TEST_CASE("statement facts: a column belongs to the statement's table it extends, dots and systems included") {
  lineage::StatementLineage lin = Insert({"db.t.with.dots", "mysql://10.0.0.5:3306/crm.customer"}, {"ods.t"});
  lineage::ColumnLineage c;
  c.target = "ods.t.a";
  // A struct-like name with a dot in the column: not `db.t.with.dots.x` / `y`.
  c.sources = {"db.t.with.dots.x.y", "mysql://10.0.0.5:3306/crm.customer.id"};
  lin.columns.push_back(c);
  const lineage::StatementFacts f = lineage::MakeStatementFacts(StatementKind::Insert, true, lin);
  REQUIRE(f.kept);
  const lineage::TableColumn* dotted = Find(f, "db.t.with.dots.x.y");
  REQUIRE(dotted != nullptr);
  CHECK(f.tables[dotted->table].name.name == "db.t.with.dots");
  CHECK(dotted->column == "x.y");
  const lineage::TableColumn* remote = Find(f, "mysql://10.0.0.5:3306/crm.customer.id");
  REQUIRE(remote != nullptr);
  CHECK(f.tables[remote->table].name.system == "mysql://10.0.0.5:3306");
  CHECK(f.tables[remote->table].name.table == "customer");
  CHECK(remote->column == "id");
  REQUIRE(f.values.size() == 1);
  REQUIRE(f.values[0].target != lineage::kNoColumn);
  CHECK(f.ColumnName(f.values[0].target) == "ods.t.a");
  CHECK(f.values[0].sources.size() == 2);
}

TEST_CASE("statement facts: targets lie in written tables only; a plain query's output names are no columns") {
  lineage::StatementLineage lin = Insert({"ods.t"}, {});
  lineage::ColumnLineage c;
  c.target = "ods.t.a";  // an alias spelled like a column of the table read
  c.sources = {"ods.t.a"};
  lin.columns.push_back(c);
  const lineage::StatementFacts f = lineage::MakeStatementFacts(StatementKind::Query, true, lin);
  REQUIRE(f.values.size() == 1);
  CHECK(f.values[0].target == lineage::kNoColumn);
  REQUIRE(f.values[0].sources.size() == 1);
  CHECK(f.ColumnName(f.values[0].sources[0].column) == "ods.t.a");
}

TEST_CASE("statement facts: conditions once each, with their clause; governs-all is the analysis' field") {
  lineage::StatementLineage lin = Insert({"s.o"}, {"d.t"});
  lin.columns.push_back(lineage::ColumnLineage{"d.t.a", {"s.o.a"}, "o.a"});
  lin.columns.push_back(lineage::ColumnLineage{"d.t.b", {"s.o.b"}, "o.b"});
  // Recorded once per branch of a union: the same condition twice.
  lin.predicates.push_back(lineage::PredicateLineage{{"s.o.x"}, {"d.t.a", "d.t.b"}, "(o.x > 1)",
                                                     lineage::Clause::Where, true});
  lin.predicates.push_back(lineage::PredicateLineage{{"s.o.x"}, {"d.t.a", "d.t.b"}, "(o.x > 1)",
                                                     lineage::Clause::Where, true});
  // The same text under another clause is another condition.
  lin.predicates.push_back(lineage::PredicateLineage{{"s.o.x"}, {"d.t.a", "d.t.b"}, "(o.x > 1)",
                                                     lineage::Clause::Having, true});
  // Lists as many targets as there are columns, yet governs only what it
  // lists: the field says so, not a count.
  lin.predicates.push_back(lineage::PredicateLineage{{"s.o.y"}, {"d.t.a", "d.t.a"}, "(o.y = 2)",
                                                     lineage::Clause::Where, false});
  // On no column of a table: nothing to record.
  lin.predicates.push_back(lineage::PredicateLineage{{}, {"d.t.a", "d.t.b"}, "(1 = 1)", lineage::Clause::Where, true});
  const lineage::StatementFacts f = lineage::MakeStatementFacts(StatementKind::Insert, true, lin);
  REQUIRE(f.conditions.size() == 3);
  CHECK(f.conditions[0].clause == lineage::Clause::Where);
  CHECK(f.conditions[0].governs_all);
  CHECK(f.conditions[0].governs.empty());
  CHECK(f.conditions[1].clause == lineage::Clause::Having);
  CHECK(f.conditions[2].expression == "(o.y = 2)");
  CHECK_FALSE(f.conditions[2].governs_all);
  REQUIRE(f.conditions[2].governs.size() == 1);
  CHECK(f.ColumnName(f.conditions[2].governs[0]) == "d.t.a");
}

TEST_CASE("statement facts: the analysis says which conditions govern all a statement writes") {
  const driver::FileResult r = Analyze(
      "create table s.o (a int, b int, x int);\n"
      "create table d.t1 (a int);\ncreate table d.t2 (b int);\ncreate table d.t3 (a int, b int);\n"
      "from s.o insert into d.t1 select a where x > 1 insert into d.t2 select b;\n"
      "insert into d.t3 select a, b from s.o where x > 2;\n");
  REQUIRE(r.statements.size() == 6);
  const lineage::StatementFacts multi = r.statements[4].Facts();
  REQUIRE(multi.conditions.size() == 1);
  CHECK_FALSE(multi.conditions[0].governs_all);
  REQUIRE(multi.conditions[0].governs.size() == 1);
  CHECK(multi.ColumnName(multi.conditions[0].governs[0]) == "d.t1.a");
  const lineage::StatementFacts plain = r.statements[5].Facts();
  REQUIRE(plain.conditions.size() == 1);
  CHECK(plain.conditions[0].governs_all);
  CHECK(plain.conditions[0].clause == lineage::Clause::Where);
}

TEST_CASE("statement facts: temporary tables and views are marked once, and the graph takes the marks") {
  const driver::FileResult r = Analyze(
      "create table s.o (a int);\n"
      "create temporary table tmp_t as select a from s.o;\n"
      "create view d.v as select a from s.o;\n"
      "insert overwrite table d.w select a from tmp_t;\n");
  REQUIRE(r.statements.size() == 4);
  const lineage::StatementFacts tmp = r.statements[1].Facts();
  const lineage::StatementFacts view = r.statements[2].Facts();
  auto table = [](const lineage::StatementFacts& f, const std::string& name) -> const lineage::StatementTable* {
    for (const lineage::StatementTable& t : f.tables)
      if (t.name.name == name) return &t;
    return nullptr;
  };
  REQUIRE(table(tmp, "default.tmp_t") != nullptr);
  CHECK(table(tmp, "default.tmp_t")->temporary);
  CHECK(table(tmp, "default.tmp_t")->output);
  REQUIRE(table(view, "d.v") != nullptr);
  CHECK(table(view, "d.v")->view);
  CHECK_FALSE(table(view, "d.v")->temporary);

  graph::GraphBuilder b;
  driver::AddToGraph(r, b);
  const graph::Graph g = b.Finish();
  REQUIRE(g.FindTable("default.tmp_t").has_value());
  CHECK(g.tables[*g.FindTable("default.tmp_t")].kind == graph::TableKind::Temporary);
  REQUIRE(g.FindTable("d.v").has_value());
  CHECK(g.tables[*g.FindTable("d.v")].kind == graph::TableKind::View);
}

TEST_CASE("statement facts: the graph puts a dotted table's columns in that table") {
  lineage::StatementLineage lin = Insert({"db.t.with.dots"}, {"ods.t"});
  lin.columns.push_back(lineage::ColumnLineage{"ods.t.a", {"db.t.with.dots.x.y"}, "x.y"});
  lineage::StatementFacts f = lineage::MakeStatementFacts(StatementKind::Insert, true, lin);
  graph::GraphBuilder b;
  b.AddStatement("a.sql", f, "");
  const graph::Graph g = b.Finish();
  const auto c = g.FindColumn("db.t.with.dots.x.y");
  REQUIRE(c.has_value());
  CHECK(g.tables[g.columns[*c].table].name == "db.t.with.dots");
  CHECK_FALSE(g.FindTable("db.t.with.dots.x").has_value());
}
