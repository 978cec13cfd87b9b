// Whole runs over the Hive q-test corpus: its catalog loads, and the output
// is byte for byte the same on 1 and 4 threads.
#include "driver/run.h"

#include <doctest/doctest.h>

#include <cstdio>

#include "captured_run.h"
#include "catalog/catalog_json.h"
#include "corpus_support.h"
#include "lineage/catalog.h"
#include "test_support.h"

namespace hivelineage {
namespace {

TEST_CASE("Hive corpus: the catalog loads") {
  lineage::Catalog c;
  CHECK(catalog::LoadCatalogJson(testing::ReadFile(testing::HiveCorpus() / "catalog.json"), "default", c).empty());
  CHECK(c.size() == 53);
  const lineage::CatalogTable* srcpart = c.Find("default.srcpart");
  REQUIRE(srcpart != nullptr);
  CHECK(srcpart->columns.size() == 2);
  CHECK(srcpart->partition_columns.size() == 2);
  CHECK(c.Find("tpch_0_001.lineitem") != nullptr);
}

TEST_CASE("Hive corpus: the same output on 1 and 4 threads") {
  driver::RunOptions opts;
  opts.analyze.catalogs = {driver::CatalogSource::File((testing::HiveCorpus() / "catalog.json").string())};
  const driver::ExpandedInputs in = driver::ExpandPaths({(testing::HiveCorpus() / "queries").string()});
  REQUIRE(in.files.size() > 2000);
  opts.jobs = 1;
  const testing::CapturedRun one = testing::CaptureRun(in.files, opts);
  opts.jobs = 4;
  const testing::CapturedRun four = testing::CaptureRun(in.files, opts);
  std::printf("corpus: %zu files, %zu statements, %zu with errors; 1 and 4 threads give %s output\n", one.summary.files,
              one.summary.statements, one.summary.statements_with_errors,
              one.out == four.out && one.err == four.err ? "the same" : "DIFFERENT");
  CHECK(one.summary.files == in.files.size());
  CHECK(one.out.size() > 1000000);
  CHECK(one.out == four.out);
  CHECK(one.err == four.err);
}

TEST_CASE("Hive corpus, no catalog: the learned schema leaves at most 9 `cannot resolve` warnings of 39") {
  // 39 before the warehouse schema was learned (issue 12 asks for at least
  // three quarters fewer); the 9 left are not about schema: matchpath's
  // outputs named inside its string argument (8), DEFAULT in a MERGE's VALUES.
  const driver::ExpandedInputs in = driver::ExpandPaths({(testing::HiveCorpus() / "queries").string()});
  REQUIRE(in.files.size() > 2000);
  const testing::CapturedRun run = testing::CaptureRun(in.files, driver::RunOptions(), output::Format::Jsonl);
  size_t warnings = 0;
  for (size_t at = run.err.find("cannot resolve column"); at != std::string::npos;
       at = run.err.find("cannot resolve column", at + 1))
    ++warnings;
  std::printf("corpus: %zu `cannot resolve` warnings with no catalog (39 before the learned schema)\n", warnings);
  CHECK(run.out.size() > 1000000);
  CHECK(warnings > 0);  // still counted: the 9 that are not about schema
  CHECK(warnings <= 9);
}

}  // namespace
}  // namespace hivelineage
