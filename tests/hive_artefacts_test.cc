// Hive artefacts that `--semantics hive` reproduces and precise semantics
// leaves out (docs/semantics.md, "Where they differ"). Each case checks both
// modes: the artefact appears under hive and never under precise.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "base/arena.h"
#include "driver/analyze_script.h"
#include "lineage/lineage.h"
#include "parser/parser.h"
#include "rewrite/pipeline.h"
#include "statement_lineage_lookup.h"

using namespace hivelineage;
using namespace hivelineage::lineage;

namespace {

using Strings = std::vector<std::string>;

StatementLineage Analyze(const std::string& sql, Session& session) {
  Arena arena;
  Diagnostics diags;
  ast::Statement* stmt = parser::ParseStatement(sql, arena, parser::ParseOptions{}, diags);
  REQUIRE_MESSAGE(stmt != nullptr, (diags.empty() ? std::string("parse failed") : diags[0].message));
  return ComputeLineage(rewrite::RunPipeline(*stmt, arena), session);
}

using testing::Col;
using testing::Sources;

bool Has(const Strings& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

}  // namespace

TEST_CASE("hive artefacts: MERGE with WHEN MATCHED writes merge_tmp_table.val from ROW__ID and partition columns") {
  for (Semantics semantics : {Semantics::Precise, Semantics::Hive}) {
    Session s;
    s.semantics = semantics;
    Analyze("CREATE TABLE dw.acct (id int, bal int) PARTITIONED BY (region string, day string)", s);
    Analyze("CREATE TABLE dw.delta (id int, bal int, region string, day string)", s);
    auto l = Analyze(
        "MERGE INTO dw.acct a USING dw.delta d ON a.id = d.id "
        "WHEN MATCHED AND d.bal IS NULL THEN DELETE "
        "WHEN MATCHED THEN UPDATE SET bal = d.bal "
        "WHEN NOT MATCHED THEN INSERT VALUES (d.id, d.bal, d.region, d.day)",
        s);
    const ColumnLineage* check = Col(l, "default.merge_tmp_table.val");
    if (semantics == Semantics::Precise) {
      CHECK(check == nullptr);
      CHECK(!Has(l.outputs, "default.merge_tmp_table"));
      continue;
    }
    REQUIRE(check != nullptr);
    CHECK(check->sources == Strings{"dw.acct.day", "dw.acct.region", "dw.acct.row__id"});
    CHECK(check->type == ColumnLineage::Type::Expression);
    CHECK(Has(l.outputs, "default.merge_tmp_table"));
    CHECK(Has(l.temporary_outputs, "default.merge_tmp_table"));
    // The real targets are unchanged.
    CHECK(Sources(l, "dw.acct.bal") == Strings{"dw.delta.bal"});

    // Without a WHEN MATCHED clause there is nothing to check: no hidden target.
    auto insert_only = Analyze(
        "MERGE INTO dw.acct a USING dw.delta d ON a.id = d.id "
        "WHEN NOT MATCHED THEN INSERT VALUES (d.id, d.bal, d.region, d.day)",
        s);
    CHECK(Col(insert_only, "default.merge_tmp_table.val") == nullptr);
    CHECK(!Has(insert_only.outputs, "default.merge_tmp_table"));

    // An unpartitioned target: ROW__ID alone; the hidden table lives in the current database.
    s.current_database = "stage";
    auto plain = Analyze("MERGE INTO dw.delta t USING dw.acct a ON t.id = a.id WHEN MATCHED THEN DELETE", s);
    REQUIRE(Col(plain, "stage.merge_tmp_table.val") != nullptr);
    CHECK(Sources(plain, "stage.merge_tmp_table.val") == Strings{"dw.delta.row__id"});
  }
}

TEST_CASE("hive artefacts: a table STORED BY the Kafka handler has __key, __partition, __offset, __timestamp") {
  const std::string ddl =
      "CREATE EXTERNAL TABLE ods.clicks (user_id bigint, page string) "
      "STORED BY 'org.apache.hadoop.hive.kafka.KafkaStorageHandler' "
      "TBLPROPERTIES ('kafka.topic' = 'clicks', 'kafka.bootstrap.servers' = 'broker:9092')";
  const std::string insert =
      "INSERT INTO dw.click_log SELECT user_id, `__offset`, `__partition`, CAST(`__timestamp` AS timestamp) "
      "FROM ods.clicks";
  for (Semantics semantics : {Semantics::Precise, Semantics::Hive}) {
    Session s;
    s.semantics = semantics;
    auto created = Analyze(ddl, s);
    auto l = Analyze(insert, s);
    auto all = Analyze("CREATE TABLE dw.clicks_copy AS SELECT * FROM ods.clicks", s);
    if (semantics == Semantics::Precise) {
      CHECK(created.declared_columns == Strings{"ods.clicks.user_id", "ods.clicks.page"});
      CHECK(Col(all, "dw.clicks_copy.__offset") == nullptr);
      continue;
    }
    CHECK(created.declared_columns == Strings{"ods.clicks.user_id", "ods.clicks.page", "ods.clicks.__key",
                                              "ods.clicks.__partition", "ods.clicks.__offset",
                                              "ods.clicks.__timestamp"});
    CHECK(l.diagnostics.empty());
    CHECK(Sources(l, "dw.click_log.__offset") == Strings{"ods.clicks.__offset"});
    CHECK(Sources(l, "dw.click_log.__partition") == Strings{"ods.clicks.__partition"});
    CHECK(Sources(l, "dw.click_log.__timestamp") == Strings{"ods.clicks.__timestamp"});
    // `*` includes them, after the declared columns.
    REQUIRE(Col(all, "dw.clicks_copy.__key") != nullptr);
    CHECK(Sources(all, "dw.clicks_copy.__key") == Strings{"ods.clicks.__key"});
    CHECK(all.columns.size() == 6);
    // Another storage handler adds nothing.
    auto hbase = Analyze(
        "CREATE TABLE ods.h (k string, v string) STORED BY 'org.apache.hadoop.hive.hbase.HBaseStorageHandler'", s);
    CHECK(hbase.declared_columns == Strings{"ods.h.k", "ods.h.v"});
  }
}

TEST_CASE("hive artefacts: set hive.autogen.columnalias.prefix.label renames unaliased columns") {
  const std::string ctas = "CREATE TABLE dw.daily AS SELECT day, count(*), max(amount) FROM ods.sales GROUP BY day";
  for (Semantics semantics : {Semantics::Precise, Semantics::Hive}) {
    Session s;
    s.semantics = semantics;
    ApplySetting("hive.autogen.columnalias.prefix.label", "col_", s);
    auto l = Analyze(ctas, s);
    // A subquery's unaliased column is read back under the same name.
    auto outer = Analyze("INSERT INTO dw.top SELECT col_1 FROM (SELECT max(amount) AS m, sum(amount) FROM ods.sales) x",
                         s);
    if (semantics == Semantics::Precise) {
      CHECK(Col(l, "dw.daily._c1") != nullptr);
      CHECK(Col(l, "dw.daily._c2") != nullptr);
      continue;
    }
    CHECK(Col(l, "dw.daily._c1") == nullptr);
    CHECK(Sources(l, "dw.daily.col_2") == Strings{"ods.sales.amount"});
    CHECK(Col(l, "dw.daily.col_1") != nullptr);
    CHECK(Sources(outer, "dw.top.col_1") == Strings{"ods.sales.amount"});
    // Back to the default, in either spelling of the key.
    ApplySetting("HIVE.AUTOGEN.COLUMNALIAS.PREFIX.LABEL", "_c", s);
    CHECK(Col(Analyze(ctas, s), "dw.daily._c2") != nullptr);
  }
}

TEST_CASE("hive artefacts: a script's set line names its unaliased columns, and lasts to the end of the script") {
  Session s;
  s.semantics = Semantics::Hive;
  auto run = [&](std::string_view text) {
    return driver::AnalyzeScript(std::make_shared<const SourceFile>("t.sql", text), s, driver::AnalyzeOptions{});
  };
  driver::FileResult first = run(
      "set hive.autogen.columnalias.prefix.label=agg_;\n"
      "create table dw.n as select count(*) from ods.sales;\n");
  REQUIRE(first.statements.size() == 2);
  REQUIRE(first.statements[1].lineage.columns.size() == 1);
  CHECK(first.statements[1].lineage.columns[0].target == "dw.n.agg_0");
  driver::FileResult second = run("create table dw.m as select count(*) from ods.sales;\n");
  REQUIRE(second.statements.size() == 1);
  REQUIRE(second.statements[0].lineage.columns.size() == 1);
  CHECK(second.statements[0].lineage.columns[0].target == "dw.m._c0");
}

TEST_CASE("hive artefacts: with hive.map.aggr=false a repeated DISTINCT argument has no column source") {
  const std::string sql =
      "INSERT OVERWRITE TABLE dw.stats SELECT day, count(DISTINCT amount), sum(DISTINCT amount), "
      "count(DISTINCT day), avg(DISTINCT qty) FROM ods.sales GROUP BY day";
  for (Semantics semantics : {Semantics::Precise, Semantics::Hive}) {
    Session s;
    s.semantics = semantics;
    // Map-side aggregation (the default) keeps every DISTINCT's sources.
    auto mapside = Analyze(sql, s);
    CHECK(Sources(mapside, "dw.stats._c2") == Strings{"ods.sales.amount"});
    ApplySetting("hive.map.aggr", "false", s);
    auto l = Analyze(sql, s);
    CHECK(Sources(l, "dw.stats._c1") == Strings{"ods.sales.amount"});  // the first: a new key
    CHECK(Sources(l, "dw.stats._c4") == Strings{"ods.sales.qty"});     // new too
    // Without GROUP BY keys Hive behaves otherwise: not modelled, sources kept.
    auto nokeys = Analyze("INSERT OVERWRITE TABLE dw.t SELECT count(DISTINCT amount), sum(DISTINCT amount) FROM ods.sales", s);
    CHECK(Sources(nokeys, "dw.t._c1") == Strings{"ods.sales.amount"});
    // Nor in a multi-insert, whose bodies may share one reducer.
    auto multi = Analyze(
        "FROM ods.sales INSERT OVERWRITE TABLE dw.a SELECT day, count(DISTINCT amount), sum(DISTINCT amount) GROUP BY day "
        "INSERT OVERWRITE TABLE dw.b SELECT day, count(*) GROUP BY day",
        s);
    CHECK(Sources(multi, "dw.a._c2") == Strings{"ods.sales.amount"});
    if (semantics == Semantics::Precise) {
      CHECK(Sources(l, "dw.stats._c2") == Strings{"ods.sales.amount"});
      CHECK(Sources(l, "dw.stats._c3") == Strings{"ods.sales.day"});
      continue;
    }
    CHECK(Sources(l, "dw.stats._c2").empty());  // an earlier DISTINCT's argument
    CHECK(Sources(l, "dw.stats._c3").empty());  // a GROUP BY key
    // The return path plans the GROUP BY otherwise: not modelled, sources kept.
    ApplySetting("hive.cbo.returnpath.hiveop", "true", s);
    CHECK(Sources(Analyze(sql, s), "dw.stats._c2") == Strings{"ods.sales.amount"});
    ApplySetting("hive.cbo.returnpath.hiveop", "false", s);
    ApplySetting("hive.map.aggr", "true", s);
    CHECK(Sources(Analyze(sql, s), "dw.stats._c2") == Strings{"ods.sales.amount"});
  }
}
