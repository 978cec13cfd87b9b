// Golden files: corpus/expected/<name>.json is the `--format json` output of
//   hivelineage --catalog corpus/catalog.json --var etl_date=2024-03-01 corpus/scripts/<name>.sql
// run from the source root. `unit_tests --update` rewrites them; review the
// diff before committing.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>

#include "captured_run.h"
#include "cli/analyze_command.h"
#include "driver/gather.h"
#include "driver/run.h"
#include "lineage/warehouse_schema.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using namespace hivelineage;

// The CLI's json output and stderr for one corpus script.
std::pair<std::string, std::string> Analyze(const fs::path& script, int* exit_status) {
  driver::RunOptions options;
  options.analyze.catalogs = {driver::CatalogSource::File((testing::SourceDir() / "corpus" / "catalog.json").string())};
  options.analyze.variables = {{"etl_date", "2024-03-01"}};
  const std::vector<driver::InputFile> inputs = {{script.string(), "corpus/scripts/" + script.filename().string()}};
  testing::CapturedRun run = testing::CaptureRun(inputs, options);
  const driver::RunSummary& summary = run.summary;
  std::pair<std::string, std::string> result{std::move(run.out), std::move(run.err)};
  *exit_status = cli::ExitStatus(summary);
  return result;
}

std::vector<fs::path> Scripts() {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(testing::SourceDir() / "corpus" / "scripts"))
    if (e.path().extension() == ".sql") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

TEST_CASE("golden: corpus/scripts against corpus/expected") {
  const fs::path expected_dir = testing::SourceDir() / "corpus" / "expected";
  const std::vector<fs::path> scripts = Scripts();
  CHECK(scripts.size() >= 30);
  std::set<std::string> names;
  for (const fs::path& script : scripts) {
    CAPTURE(script.filename().string());
    int status = -1;
    auto [json, diagnostics] = Analyze(script, &status);
    // Only the script with the deliberate syntax error may fail.
    const bool should_fail = script.filename().string().find("syntax_error") != std::string::npos;
    CHECK(status == (should_fail ? 1 : 0));
    if (status != (should_fail ? 1 : 0)) MESSAGE(diagnostics);
    const fs::path golden = expected_dir / (script.stem().string() + ".json");
    names.insert(golden.filename().string());
    if (testing::g_update_golden) {
      std::ofstream(golden, std::ios::binary) << json;
      continue;
    }
    REQUIRE_MESSAGE(fs::exists(golden), "missing golden (run unit_tests --update)");
    const std::string want = testing::ReadFile(golden);
    if (want != json) {
      // Point at the first differing line rather than dumping both documents.
      size_t i = 0;
      while (i < want.size() && i < json.size() && want[i] == json[i]) ++i;
      const size_t line = static_cast<size_t>(std::count(json.begin(), json.begin() + static_cast<long>(i), '\n')) + 1;
      const size_t from = json.rfind('\n', i == 0 ? 0 : i - 1);
      const size_t from_w = want.rfind('\n', i == 0 ? 0 : i - 1);
      auto line_at = [](const std::string& s, size_t nl) {
        const size_t b = nl == std::string::npos ? 0 : nl + 1;
        return s.substr(b, s.find('\n', b) - b);
      };
      FAIL_CHECK("golden differs at line " << line << "\n  expected: " << line_at(want, from_w)
                                           << "\n  actual:   " << line_at(json, from));
    }
  }
  // No stale goldens.
  if (!testing::g_update_golden) {
    for (const auto& e : fs::directory_iterator(expected_dir)) {
      CAPTURE(e.path().filename().string());
      CHECK(names.count(e.path().filename().string()) == 1);
    }
  }
}

// -j: the corpus scripts in one run and the warehouse (whose schema is
// learned first), each on one thread and on four, give the same bytes on
// stdout and stderr.
TEST_CASE("golden: output is byte-identical on 1 and 4 threads") {
  const fs::path root = testing::SourceDir();
  std::vector<driver::InputFile> scripts;
  for (const fs::path& script : Scripts())
    scripts.push_back({script.string(), "corpus/scripts/" + script.filename().string()});
  driver::ExpandedInputs warehouse = driver::ExpandPaths({(root / "corpus" / "warehouse").string()});
  for (driver::InputFile& f : warehouse.files) f.name = fs::relative(f.path, root).generic_string();
  REQUIRE(scripts.size() >= 30);
  REQUIRE(warehouse.files.size() >= 20);
  for (const bool with_catalog : {true, false}) {
    CAPTURE(with_catalog);
    driver::RunOptions options;
    if (with_catalog) options.analyze.catalogs = {driver::CatalogSource::File((root / "corpus" / "catalog.json").string())};
    options.analyze.variables = {{"etl_date", "2024-03-01"}};
    const std::vector<driver::InputFile>& inputs = with_catalog ? scripts : warehouse.files;
    options.jobs = 1;
    const testing::CapturedRun one = testing::CaptureRun(inputs, options);
    options.jobs = 4;
    const testing::CapturedRun four = testing::CaptureRun(inputs, options);
    CHECK(one.summary.files == inputs.size());
    CHECK(one.out.size() > 10000);  // the whole corpus, not an empty document
    CHECK(one.out == four.out);
    CHECK(one.err == four.err);
  }
}

// corpus/warehouse/expected/: the whole warehouse analysed in one run with no
// catalog (lineage.json, `--format json`) and the catalog it learns
// (catalog.json, `hivelineage catalog`), as
//   hivelineage [catalog] --var etl_date=2024-03-01 corpus/warehouse
// run from the source root.
TEST_CASE("golden: corpus/warehouse, no catalog, learned schema") {
  const fs::path root = testing::SourceDir();
  driver::ExpandedInputs in = driver::ExpandPaths({(root / "corpus" / "warehouse").string()});
  REQUIRE(in.files.size() >= 20);
  for (driver::InputFile& f : in.files) f.name = fs::relative(f.path, root).generic_string();
  driver::RunOptions options;
  options.analyze.variables = {{"etl_date", "2024-03-01"}};
  testing::CapturedRun run = testing::CaptureRun(in.files, options);
  CHECK(cli::ExitStatus(run.summary) == 0);
  const lineage::Catalog none;
  const std::string catalog = lineage::WarehouseCatalogJson(driver::LearnWarehouse(in.files, options.analyze, 2, none), none);
  const fs::path expected = root / "corpus" / "warehouse" / "expected";
  for (const auto& [name, got] : {std::pair<std::string, const std::string*>{"lineage.json", &run.out},
                                  std::pair<std::string, const std::string*>{"catalog.json", &catalog}}) {
    const auto& name_ = name;  // clang 14 cannot capture a structured binding
    CAPTURE(name_);
    if (testing::g_update_golden) {
      fs::create_directories(expected);
      std::ofstream(expected / name, std::ios::binary) << *got;
      continue;
    }
    REQUIRE_MESSAGE(fs::exists(expected / name), "missing golden (run unit_tests --update)");
    CHECK(testing::ReadFile(expected / name) == *got);
  }
}
