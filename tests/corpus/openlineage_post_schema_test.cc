// `--openlineage-url` against a server that validates every event against the
// published OpenLineage schemas (in shared/, hence this suite).
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "base/strings.h"
#include "corpus_support.h"
#include "openlineage_server.h"
#include "shell_run.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using namespace hivelineage;
using Json = nlohmann::json;
using testing::Server;
using testing::ShellQuote;

fs::path Scratch() {
  static const fs::path dir = testing::ProcessTempDir("hivelineage_ol_post_schema_test_");
  return dir;
}

testing::ShellRun Cli(const std::string& args) { return testing::RunCli(args, testing::SourceDir(), Scratch()); }

const char kCorpus[] = "--catalog corpus/catalog.json --var etl_date=2024-03-01 corpus/scripts";

}  // namespace

TEST_CASE("openlineage post: a server that validates every event against the published schemas takes them all") {
  const fs::path schemas = testing::OpenLineageSchemas();
  REQUIRE(fs::exists(schemas / "facets" / "SchemaDatasetFacet.json"));
  REQUIRE_MESSAGE(std::system("python3 -c 'import jsonschema' >/dev/null 2>&1") == 0,
                  "schema validation needs python3 with jsonschema (apt-get install python3-jsonschema)");
  Server server(Scratch() / "schemas", "--schemas " + ShellQuote(schemas.string()));
  // The corpus with its catalog, and the warehouse with its DDL: schema facets on both sides.
  testing::ShellRun r = Cli(Cat("graph --openlineage-url ", server.url(), " ", kCorpus));
  INFO(r.err);
  CHECK(r.err.find("not posted") == std::string::npos);
  r = Cli("graph --openlineage-url " + server.url() + " --var etl_date=2024-03-01 corpus/warehouse");
  CHECK(r.code == 0);
  CHECK(r.err.find("not posted") == std::string::npos);
  const std::vector<Json> received = server.Received();
  size_t with_schema = 0;
  for (const Json& e : received)
    for (const Json& d : e["inputs"]) with_schema += d.contains("facets") && d["facets"].contains("schema");
  CHECK(received.size() > 60);
  CHECK(with_schema > 20);
  // The server does refuse what the schemas refuse.
  const fs::path bad = Scratch() / "bad_event.json";
  testing::WriteFile(Scratch(), "bad_event.json",
                     R"({"eventType": "COMPLETE", "eventTime": "yesterday", "producer": "x", "schemaURL": "y",
                        "run": {"runId": "not-a-uuid"}, "job": {"namespace": "n", "name": "j"}})");
  const std::string post = Cat("python3 -c \"import sys, urllib.request as u; r = u.Request(sys.argv[1], open(sys.argv[2], 'rb').read(), "
                               "{'Content-Type': 'application/json'});\ntry: u.urlopen(r)\nexcept Exception as e: print(e.code)\" ",
                               ShellQuote(server.url()), " ", ShellQuote(bad.string()));
  CHECK(testing::RunShell(post, Scratch(), Scratch()).out == "422\n");
}

