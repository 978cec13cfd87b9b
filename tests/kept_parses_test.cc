// A two-phase run parses each statement once: the gather keeps the ASTs of
// the statements it parses (driver/parsed_statements.h) and the analysis
// takes them instead of parsing again. What the run learns and what it
// reports must be the same as when the analysis parses everything itself.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "driver/gather.h"
#include "driver/output_writer.h"
#include "driver/run.h"
#include "driver/scheduler.h"
#include "lineage/catalog_json.h"
#include "test_support.h"

namespace {

using namespace hivelineage;

// Variables (a short substituted text too: `use ods` lives in the string's
// own bytes), a setting that changes the parse, statements with and without
// schema facts, one that does not parse and is cut before the next.
const char* const kScript =
    "set hivevar:db=ods;\n"
    "set hivevar:col=w;\n"
    "use ${hivevar:db};\n"
    "create table t (id int, v string, w string);\n"
    "insert overwrite table dw.x select v, ${hivevar:col} from t;\n"
    "insert overwrite table dw.z select a, b from ods.undeclared;\n"
    "set hive.support.quoted.identifiers=none;\n"
    "insert overwrite table dw.r select `(id)?+.+` from t;\n"
    "explain select id from t;\n"
    "drop table if exists tmp;\n"
    "this is not sql\n"
    "insert into dw.y select id from t;\n";
const char* const kSpark =
    "-- dialect: spark\n"
    "create table s.a (k int, n string) using parquet;\n"
    "insert overwrite table s.b select k, upper(n) from s.a;\n";

struct Inputs {
  std::vector<driver::InputFile> files;
};

Inputs Write(const std::string& prefix) {
  const std::filesystem::path dir = testing::ProcessTempDir(prefix);
  Inputs in;
  in.files.push_back({testing::WriteFile(dir, "a.sql", kScript).string(), "a.sql"});
  in.files.push_back({testing::WriteFile(dir, "b.sql", kSpark).string(), "b.sql"});
  return in;
}

std::string CatalogText(const lineage::Catalog& catalog) {
  std::string out;
  for (const lineage::CatalogTable* t : catalog.Tables()) out += lineage::CatalogTableToJson(*t).dump() + "\n";
  return out;
}

// The JSON of the analysis of `inputs` against `learned`, with what `kept` holds (null: nothing kept).
std::string Analyse(const std::vector<driver::InputFile>& inputs, const std::shared_ptr<const lineage::Catalog>& learned,
                    driver::KeptInputs* kept) {
  std::unique_ptr<driver::OutputWriter> writer = driver::MakeWriter(output::Format::Json);
  std::string out;
  writer->Begin(out);
  driver::RunSummary summary;
  driver::RunOptions options;
  driver::RunScheduled(inputs, options, learned, nullptr, 1,
                       [&](driver::FilePart&& part) { writer->File(part.file, out); }, summary, kept);
  writer->End(out);
  return out;
}

size_t KeptStatements(const driver::KeptInputs& kept) {
  size_t n = 0;
  for (const driver::KeptInput& f : kept.files) n += f.parsed.statements.size();
  return n;
}

TEST_CASE("kept parses: the analysis of the statements the gather parsed is the same as parsing them again") {
  const Inputs in = Write("hl_kept_parses_");
  driver::KeptInputs plain(in.files.size(), 1 << 20);  // the files kept, no AST
  const auto base = std::make_shared<const lineage::Catalog>();
  const std::shared_ptr<const lineage::Catalog> learned_plain = driver::LearnCatalog(in.files, {}, 1, base, &plain);
  CHECK(KeptStatements(plain) == 0);

  driver::KeptInputs parsed(in.files.size(), 1 << 20, 1 << 20);
  const std::shared_ptr<const lineage::Catalog> learned = driver::LearnCatalog(in.files, {}, 1, base, &parsed);
  // What the run learns does not depend on what it keeps.
  CHECK(CatalogText(*learned) == CatalogText(*learned_plain));
  REQUIRE(learned->Find("ods.undeclared") != nullptr);
  REQUIRE(learned->Find("s.a") != nullptr);

  // Every statement that parses is kept: not the `set` lines, not the text that is not SQL
  // (the analysis cuts it off and parses both parts itself).
  REQUIRE(parsed.files[0].parsed.statements.size() == 7);
  CHECK(parsed.files[0].parsed.texts.size() == 2);  // the two statements with variables substituted
  CHECK(parsed.files[1].parsed.statements.size() == 2);

  const std::string want = Analyse(in.files, learned_plain, &plain);
  CHECK(want.find("syntax-error") != std::string::npos);  // the text that is not SQL
  CHECK(Analyse(in.files, learned, &parsed) == want);
  CHECK(KeptStatements(parsed) == 0);  // handed over with the files, freed with their results
  // And the same as an analysis that reads everything again.
  CHECK(Analyse(in.files, learned, nullptr) == want);
}

TEST_CASE("kept parses: past their budget, statements are parsed by the analysis") {
  const Inputs in = Write("hl_kept_budget_");
  const auto base = std::make_shared<const lineage::Catalog>();
  driver::KeptInputs plain(in.files.size(), 1 << 20);
  const std::shared_ptr<const lineage::Catalog> learned_plain = driver::LearnCatalog(in.files, {}, 1, base, &plain);
  // One byte: the first statement parsed is kept, then the budget is spent.
  driver::KeptInputs tight(in.files.size(), 1 << 20, 1);
  const std::shared_ptr<const lineage::Catalog> learned = driver::LearnCatalog(in.files, {}, 1, base, &tight);
  CHECK(KeptStatements(tight) == 1);
  CHECK(tight.parsed_bytes.load() > 1);
  CHECK(CatalogText(*learned) == CatalogText(*learned_plain));
  CHECK(Analyse(in.files, learned, &tight) == Analyse(in.files, learned_plain, &plain));
}

TEST_CASE("kept parses: a file the gather did not keep keeps no statements") {
  const Inputs in = Write("hl_kept_none_");
  // Room for no file's bytes: nothing is kept, whatever the AST budget.
  driver::KeptInputs none(in.files.size(), 1, 1 << 20);
  driver::LearnCatalog(in.files, {}, 1, std::make_shared<const lineage::Catalog>(), &none);
  CHECK(KeptStatements(none) == 0);
  CHECK(none.parsed_bytes.load() == 0);
}

}  // namespace
