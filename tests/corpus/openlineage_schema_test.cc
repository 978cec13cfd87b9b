// `hivelineage graph --format openlineage` against the published OpenLineage
// schemas (shared/schemas/openlineage, not part of the repository): the
// events of a small fixture, of the bundled corpus and of the whole Hive
// q-test corpus all validate (tests/corpus/validate_openlineage.py, Python's
// jsonschema).
#include <doctest/doctest.h>

#include <cstdio>
#include <string>

#include "corpus_support.h"
#include "test_support.h"

namespace hivelineage {
namespace {

namespace fs = std::filesystem;

fs::path TempDir() {
  static const fs::path dir = testing::ProcessTempDir("hivelineage_openlineage_schema_test_");
  return dir;
}

testing::ShellResult Shell(const std::string& command) {
  return testing::RunShell(command, testing::SourceDir(), TempDir());
}

// The events of `graph --format openlineage ARGS`, run from the source root.
std::string Events(const std::string& args) {
  const testing::ShellResult r = Shell(testing::ShellQuote(HIVELINEAGE_CLI) + " graph --format openlineage " + args);
  CAPTURE(args);
  CHECK(r.code <= 1);  // 1: some statement had an error; its events are still written
  return r.out;
}

// A python3 that can import jsonschema (Debian's python3-jsonschema is for
// /usr/bin/python3, which may not be the first python3 on PATH).
std::string Python() {
  for (const char* p : {"python3", "/usr/bin/python3"})
    if (Shell(std::string(p) + " -c 'import jsonschema'").code == 0) return p;
  return "python3";
}

// How many of `events` validate; fails the test on the first that does not.
long Validate(const std::string& events) {
  static const std::string python = Python();
  const fs::path file = testing::WriteFile(TempDir(), "events.jsonl", events);
  const testing::ShellResult r = Shell(
      python + " " + testing::ShellQuote((testing::SourceDir() / "tests/corpus/validate_openlineage.py").string()) +
      " " + testing::ShellQuote(testing::OpenLineageSchemas().string()) + " " + testing::ShellQuote(file.string()));
  CAPTURE(r.err);
  REQUIRE_MESSAGE(r.code == 0, "needs python3 with jsonschema (apt-get install python3-jsonschema)");
  return std::stol(r.out);
}

TEST_CASE("OpenLineage events validate against the published schemas") {
  const fs::path dir = TempDir() / "etl";
  // Projections, a WHERE filter, a join, GROUP BY, a plain query, a directory output.
  testing::WriteFile(dir, "stage.sql",
                     "set a=1;\n"
                     "INSERT INTO dw.stage SELECT e.user_id, e.price * e.qty AS amount FROM ods.events e\n"
                     "WHERE e.dt = '2024-01-01';\n");
  testing::WriteFile(dir, "mart.sql",
                     "INSERT OVERWRITE TABLE dm.report SELECT u.name, sum(s.amount) AS total\n"
                     "FROM dw.stage s JOIN dim.users u ON s.user_id = u.id GROUP BY u.name;\n"
                     "SELECT * FROM dm.report;\n"
                     "INSERT OVERWRITE DIRECTORY 'hdfs://nn:8020/out/x' SELECT name FROM dm.report;\n");
  // A multi-insert whose condition governs one body only.
  testing::WriteFile(dir, "multi.sql",
                     "FROM s.o INSERT OVERWRITE TABLE d.a SELECT x WHERE k > 0 INSERT OVERWRITE TABLE d.b SELECT y;\n");
  const long fixture = Validate(Events(testing::ShellQuote(dir.string())));
  CHECK(fixture == 5);

  const std::string bundled_events = Events("--catalog corpus/catalog.json corpus/scripts");
  CHECK(bundled_events.find("\"type\":\"INDIRECT\"") != std::string::npos);  // conditions are there too
  const long bundled = Validate(bundled_events);
  CHECK(bundled > 50);

  const fs::path hive = testing::HiveCorpus();
  const long qtests = Validate(Events("--catalog " + testing::ShellQuote((hive / "catalog.json").string()) + " " +
                                      testing::ShellQuote((hive / "queries").string())));
  std::printf(
      "corpus: OpenLineage events valid against the schemas: %ld (fixture), %ld (corpus/scripts), %ld (Hive q-tests)\n",
      fixture, bundled, qtests);
  CHECK(qtests > 10000);
}

}  // namespace
}  // namespace hivelineage
