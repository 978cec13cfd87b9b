// Scripts run in sequence must not read a table a later script writes: the
// tracker, and the warnings of a --sequence run.
#include <doctest/doctest.h>

#include "driver/read_before_write.h"
#include "graph_of_sql.h"

using namespace hivelineage;

TEST_CASE("read before write: reported once per script and table, not for a script's own table") {
  driver::ReadBeforeWrite w;
  w.Statement(0, "a.sql", {1, 1}, "select", {"t", "u"}, {});
  w.Statement(0, "a.sql", {2, 1}, "select", {"t"}, {});           // same script: one report
  w.Statement(1, "b.sql", {1, 1}, "insert", {"self"}, {"self"});  // reads and writes its own table
  w.Statement(2, "c.sql", {3, 5}, "insert", {}, {"t", "self"});
  w.Statement(3, "d.sql", {1, 1}, "select", {"t"}, {});  // after the writer: fine
  w.Statement(3, "d.sql", {2, 1}, "insert", {}, {"u"});
  const std::vector<driver::EarlyRead> found = w.Take();
  REQUIRE(found.size() == 2);
  CHECK(found[0].table == "t");
  CHECK(found[0].reader_file == "a.sql");
  CHECK(found[0].reader_at.line == 1);
  CHECK(found[0].writer_file == "c.sql");
  CHECK(found[0].writer_at.line == 3);
  CHECK(found[1].table == "u");
  CHECK(found[1].writer_file == "d.sql");
  CHECK(driver::RenderEarlyRead(found[0]) ==
        "a.sql:1:1: warning: reads t, which a later script in the sequence writes (c.sql:3); it runs before the table "
        "is filled\nselect\n^\n");
}

TEST_CASE("run --sequence: a script reading a table a later script writes gets a warning") {
  graph::Graph g;
  driver::RunSummary s =
      testing::AnalyzeScripts({{"01_report.sql", "insert overwrite table ads.r select a from dwd.t;\n"},
                               {"02_load.sql", "set x=1;\ninsert overwrite table dwd.t select a from ods.s;\n"}},
                              g, /*sequenced=*/true);
  REQUIRE(s.early_reads.size() == 1);
  CHECK(s.early_reads[0].reader_file == "01_report.sql");
  CHECK(s.early_reads[0].writer_file == "02_load.sql");
  CHECK(s.early_reads[0].writer_at.line == 2);
  // In the right order, nothing; and independent scripts are not checked.
  s = testing::AnalyzeScripts({{"01_load.sql", "insert overwrite table dwd.t select a from ods.s;\n"},
                               {"02_report.sql", "insert overwrite table ads.r select a from dwd.t;\n"}},
                              g, true);
  CHECK(s.early_reads.empty());
  s = testing::AnalyzeScripts({{"01_report.sql", "insert overwrite table ads.r select a from dwd.t;\n"},
                               {"02_load.sql", "insert overwrite table dwd.t select a from ods.s;\n"}},
                              g, false);
  CHECK(s.early_reads.empty());
}
