// Spark's partitioned tables: `CREATE TABLE t (k, v, ds, hr) USING fmt
// PARTITIONED BY (ds, hr)` names columns of the list, which become the
// table's partition columns (last, in that order); an INSERT with static
// partition values writes those columns too, as Spark's plan lists them:
// the data columns, then the partition columns, each static one from its
// literal (no source column).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "hivelineage/hivelineage.hpp"

namespace {

using Strings = std::vector<std::string>;

hivelineage::Script Spark(const std::string& sql) {
  hivelineage::Options o;
  o.dialect = hivelineage::SqlDialect::Spark;
  return hivelineage::Analyzer(o).Analyze(sql);
}

Strings Targets(const hivelineage::Statement& st) {
  Strings out;
  for (const auto& c : st.columns) out.push_back(c.target);
  return out;
}

Strings Codes(const hivelineage::Statement& st) {
  Strings out;
  for (const auto& m : st.messages) out.push_back(m.code);
  return out;
}

const char* kCreate =
    "CREATE TABLE dw.p (k STRING, v INT, ds STRING, hr INT) USING parquet PARTITIONED BY (ds, hr);\n";

TEST_CASE("spark insert: static partition values are written columns, in the table's order") {
  const auto s = Spark(std::string(kCreate) +
                       "INSERT INTO dw.p PARTITION (ds = '2017-08-01', hr = 10) SELECT a, b FROM ods.src;\n"
                       "INSERT INTO dw.p PARTITION (ds = '2017-08-01', hr) SELECT a, b, h FROM ods.src;\n"
                       "INSERT INTO dw.p PARTITION (hr = 3, ds) SELECT a, b, d FROM ods.src;\n");
  REQUIRE_EQ(s.statements.size(), 4u);
  CHECK(Codes(s.statements[1]).empty());
  CHECK_EQ(Targets(s.statements[1]), Strings{"dw.p.k", "dw.p.v", "dw.p.ds", "dw.p.hr"});
  CHECK(s.statements[1].columns[2].sources.empty());
  CHECK_EQ(s.statements[1].columns[0].sources, Strings{"ods.src.a"});
  CHECK(Codes(s.statements[2]).empty());
  CHECK_EQ(Targets(s.statements[2]), Strings{"dw.p.k", "dw.p.v", "dw.p.ds", "dw.p.hr"});
  CHECK_EQ(s.statements[2].columns[3].sources, Strings{"ods.src.h"});
  CHECK(Codes(s.statements[3]).empty());
  CHECK_EQ(Targets(s.statements[3]), Strings{"dw.p.k", "dw.p.v", "dw.p.ds", "dw.p.hr"});
  CHECK_EQ(s.statements[3].columns[2].sources, Strings{"ods.src.d"});
}

TEST_CASE("spark insert: VALUES into a partition") {
  const auto s = Spark(std::string(kCreate) + "INSERT INTO TABLE dw.p PARTITION (ds = 'x', hr = 1) VALUES ('a', 1), ('b', 2);\n");
  REQUIRE_EQ(s.statements.size(), 2u);
  CHECK(Codes(s.statements[1]).empty());
  CHECK_EQ(Targets(s.statements[1]), Strings{"dw.p.k", "dw.p.v", "dw.p.ds", "dw.p.hr"});
}

TEST_CASE("hive insert: static partition values are not written columns (Hive's lineage)") {
  hivelineage::Options o;
  const auto s = hivelineage::Analyzer(o).Analyze(
      "CREATE TABLE dw.p (k STRING, v INT) PARTITIONED BY (ds STRING, hr INT);\n"
      "INSERT INTO TABLE dw.p PARTITION (ds = 'x', hr = 1) SELECT a, b FROM ods.src;\n");
  REQUIRE_EQ(s.statements.size(), 2u);
  CHECK_EQ(Targets(s.statements[1]), Strings{"dw.p.k", "dw.p.v"});
}

TEST_CASE("spark create table: TBLPROPERTIES keys may be names, as in OPTIONS") {
  const auto s = Spark("CREATE TABLE dw.q (a STRING) USING parquet OPTIONS (a '1', b = '2') "
                       "TBLPROPERTIES (t 'test', password = 'p', 'x.y' 'z');\n"
                       "CREATE VIEW dw.w AS SELECT * FROM dw.q;\n");
  REQUIRE_EQ(s.statements.size(), 2u);
  CHECK_FALSE(s.statements[0].has_error());
  CHECK_EQ(Targets(s.statements[1]), Strings{"dw.w.a"});
}

}  // namespace
