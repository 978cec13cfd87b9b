// Spark's collation coercion in output names: a string literal that meets a
// collated value takes its collation and is named `'x' collate UTF8_LCASE`.
// An explicit COLLATE beats the collations the script's CREATE TABLE declares
// for its columns (implicit), which beat the default (UTF8_BINARY, named
// bare); conflicting implicit collations name the literal `collate null`.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "base/dialect.h"
#include "base/source_file.h"
#include "driver/analyze_script.h"
#include "lineage/lineage.h"
#include "lineage/spark_names.h"

namespace {

using namespace hivelineage;
using Strings = std::vector<std::string>;

constexpr char kTable[] =
    "create table t (s string, b string collate utf8_binary, l string collate utf8_lcase, n int) using parquet;\n";

// The output names of `select <items> from t`, read as Spark after kTable.
Strings Names(const std::string& items, const std::string& from = "t") {
  lineage::Session session;
  driver::AnalyzeOptions options;
  options.parse.dialect = Dialect::Spark;
  driver::FileResult f = driver::AnalyzeScript(
      std::make_shared<const SourceFile>("c.sql", kTable + ("select " + items + " from " + from + ";\n")), session,
      options);
  REQUIRE_EQ(f.statements.size(), 2u);
  Strings names;
  for (const lineage::ColumnLineage& c : f.statements[1].lineage.columns) names.push_back(c.target);
  return names;
}

}  // namespace

TEST_CASE("spark collation: a declared type's collation") {
  CHECK_EQ(lineage::SparkStringCollation("STRING COLLATE utf8_lcase"), "UTF8_LCASE");
  CHECK_EQ(lineage::SparkStringCollation("string"), "UTF8_BINARY");
  CHECK_EQ(lineage::SparkStringCollation("string collate unicode_ci"), "UNICODE_CI");
  CHECK_EQ(lineage::SparkStringCollation("int"), "");
}

TEST_CASE("spark collation: a literal meeting a collated column is named with its collation") {
  CHECK_EQ(Names("concat_ws(' ', l, l)"), Strings{"concat_ws(' ' collate utf8_lcase, l, l)"});
  CHECK_EQ(Names("contains(l, 'x'), contains(b, 'x')"),
           (Strings{"contains(l, 'x' collate utf8_lcase)", "contains(b, x)"}));
  CHECK_EQ(Names("elt(1, l, 'w')"), Strings{"elt(1, l, 'w' collate utf8_lcase)"});
  CHECK_EQ(Names("replace(l, 'a', 'b')"), Strings{"replace(l, 'a' collate utf8_lcase, 'b' collate utf8_lcase)"});
  CHECK_EQ(Names("locate(l, 'a')"), Strings{"locate(l, 'a' collate utf8_lcase, 1)"});
  // Only the string arguments Spark coerces: not a charset, not a number.
  CHECK_EQ(Names("encode(l, 'utf-8')"), Strings{"encode(l, utf-8)"});
}

TEST_CASE("spark collation: explicit beats implicit; conflicting implicit collations are null") {
  CHECK_EQ(Names("concat_ws(',', l, 'w' collate utf8_binary)"), Strings{"concat_ws(,, l, collate(w, utf8_binary))"});
  CHECK_EQ(Names("concat_ws(',', b, 'w' collate utf8_lcase)"),
           Strings{"concat_ws(',' collate utf8_lcase, b, collate(w, utf8_lcase))"});
  CHECK_EQ(Names("concat_ws(' ', b, l)"), Strings{"concat_ws(' ' collate null, b, l)"});
  CHECK_EQ(Names("array('a' collate unicode, 'b')"), Strings{"array(collate(a, unicode), 'b' collate unicode)"});
  CHECK_EQ(Names("map('a' collate utf8_lcase, 'b', 'c', 'd')"),
           Strings{"map(collate(a, utf8_lcase), b, 'c' collate utf8_lcase, d)"});
}

TEST_CASE("spark collation: comparisons and CASE results") {
  CHECK_EQ(Names("case when l = 'x' then 'x' else l end"),
           Strings{"case when (l = 'x' collate utf8_lcase) then 'x' collate utf8_lcase else l end"});
  CHECK_EQ(Names("s = 'x'"), Strings{"(s = x)"});
}

TEST_CASE("spark collation: a column of unknown type leaves the name plain") {
  CHECK_EQ(Names("concat_ws(' ', x, l)", "t, u"), Strings{"concat_ws( , x, l)"});
  CHECK_EQ(Names("concat_ws(' ', l, n + 1)"), Strings{"concat_ws( , l, (n + 1))"});
}

TEST_CASE("spark collation: a view's DEFAULT COLLATION names its string literals") {
  lineage::Session session;
  driver::AnalyzeOptions options;
  options.parse.dialect = Dialect::Spark;
  driver::FileResult f = driver::AnalyzeScript(
      std::make_shared<const SourceFile>(
          "v.sql", std::string(kTable) +
                       "create view v default collation unicode as select 'a', 'b' as c2, upper('x'),"
                       " cast(s as string);\n"
                       "select * from v;\n"
                       "create view w as select 'a';\n"),
      session, options);
  REQUIRE_EQ(f.statements.size(), 4u);
  Strings view, read, plain;
  for (const lineage::ColumnLineage& c : f.statements[1].lineage.columns) view.push_back(c.target);
  for (const lineage::ColumnLineage& c : f.statements[2].lineage.columns) read.push_back(c.target);
  for (const lineage::ColumnLineage& c : f.statements[3].lineage.columns) plain.push_back(c.target);
  CHECK_EQ(view, (Strings{"default.v.'a' collate unicode", "default.v.c2", "default.v.upper('x' collate unicode)",
                          "default.v.s"}));
  CHECK_EQ(read, (Strings{"'a' collate unicode", "c2", "upper('x' collate unicode)", "s"}));
  CHECK_EQ(plain, Strings{"default.w.a"});
}
