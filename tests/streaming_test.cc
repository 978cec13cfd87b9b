// Results stream out of a run in pieces (driver::FilePart): a big script is
// never held whole, yet the output is exactly what rendering each file whole
// gives, for every format and thread count.
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "captured_run.h"
#include "cli/analyze_command.h"
#include "driver/gather.h"
#include "driver/output_writer.h"
#include "driver/run.h"
#include "test_support.h"

namespace {

using namespace hivelineage;
namespace fs = std::filesystem;

fs::path TempDir() {
  static const fs::path dir = testing::ProcessTempDir("hivelineage_streaming_test_");
  return dir;
}

driver::InputFile Write(const std::string& name, const std::string& text) {
  return driver::InputFile{testing::WriteFile(TempDir(), name, text).string(), name};
}

// A script whose output is several MB: inserts, a few parse errors, a few
// warnings on statements.
std::string BigScript(int statements) {
  std::string s = "create table src (a string, b string, c int);\n";
  for (int i = 0; i < statements; ++i) {
    const std::string n = std::to_string(i);
    if (i % 997 == 0) {
      s += "select a from src where (;\n";  // a parse error
    } else if (i % 101 == 0) {
      s += "select ${undefined_" + n + "} from src;\n";  // a warning
    } else {
      s += "insert overwrite table t" + n + " select a, upper(b) as b, c + " + n + " from src where c > " + n + ";\n";
    }
  }
  return s;
}

std::vector<driver::InputFile> Inputs() {
  static const std::vector<driver::InputFile> inputs = {
      Write("a.sql", "insert into x select a from src;\n"),
      Write("b.sql", BigScript(20000)),
      Write("c.sql", "select k from t where;\ninsert into y select * from src;\n"),
      Write("d.sql", BigScript(3000)),
  };
  return inputs;
}

struct Output {
  std::string out, err;
};

Output Streamed(output::Format format, int jobs) {
  driver::RunOptions options;
  options.jobs = jobs;
  testing::CapturedRun run = testing::CaptureRun(Inputs(), options, format);
  return Output{std::move(run.out), std::move(run.err)};
}

// The same, each file analysed and rendered whole.
Output Whole(output::Format format) {
  Output o;
  std::unique_ptr<driver::OutputWriter> w = driver::MakeWriter(format);
  w->Begin(o.out);
  // Every script starts over what all of them say about the warehouse.
  const std::shared_ptr<const lineage::Catalog> learned = lineage::LearnedCatalog(
      driver::LearnWarehouse(Inputs(), {}, 1, lineage::Catalog()), std::make_shared<const lineage::Catalog>());
  for (const driver::InputFile& in : Inputs()) {
    driver::LoadedInput loaded = driver::LoadInput(in);
    lineage::Session session;
    session.catalog = lineage::Catalog(learned);
    driver::FileResult r = driver::AnalyzeScript(loaded.source, session, {});
    w->File(r, o.out);
    driver::RenderDiagnostics(r, o.err);
  }
  w->End(o.out);
  return o;
}

}  // namespace

TEST_CASE("streaming: a big script comes in pieces, first and last marked, statements counted once") {
  driver::RunOptions options;
  options.jobs = 2;
  const std::unique_ptr<driver::OutputWriter> writer = driver::MakeWriter(output::Format::Json);
  options.renderer = writer.get();
  std::vector<std::pair<std::string, driver::FilePart>> pieces;
  const driver::RunSummary summary = driver::Run(Inputs(), options, [&](driver::FilePart&& p) {
    p.text.clear();  // keep the test's memory small
    pieces.emplace_back(p.file.source->name(), std::move(p));
  });
  size_t big = 0, statements = 0;
  for (size_t i = 0; i < pieces.size(); ++i) {
    const driver::FilePart& p = pieces[i].second;
    const bool new_file = i == 0 || pieces[i - 1].second.last;
    CHECK(p.first == new_file);
    if (!new_file) CHECK(pieces[i - 1].first == pieces[i].first);  // a file's pieces come in a row
    CHECK(p.file.statements.empty());                              // rendered, not kept
    if (pieces[i].first == "b.sql") ++big;
    statements += p.statements;
  }
  CHECK(pieces.back().second.last);
  CHECK(big > 3);  // several MB of JSON: more than one piece
  CHECK(statements == summary.statements);
  CHECK(summary.statements == 1 + 20001 + 2 + 3001);
  CHECK(summary.files == 4);
}

TEST_CASE("streaming: output equals rendering each file whole, for every format and thread count") {
  for (output::Format format : {output::Format::Json, output::Format::Jsonl, output::Format::Hive}) {
    const Output whole = Whole(format);
    for (int jobs : {1, 2, 3}) {
      CAPTURE(jobs);
      CAPTURE(static_cast<int>(format));
      const Output streamed = Streamed(format, jobs);
      CHECK(streamed.out.size() == whole.out.size());
      CHECK(streamed.out == whole.out);
      CHECK(streamed.err == whole.err);
    }
  }
}

TEST_CASE("streaming: without a renderer, pieces keep their statements") {
  driver::RunOptions options;
  options.jobs = 1;
  std::vector<size_t> kept;
  size_t total = 0;
  driver::Run(Inputs(), options, [&](driver::FilePart&& p) {
    CHECK(p.file.statements.size() == p.statements);
    if (p.file.source->name() == "b.sql") kept.push_back(p.statements);
    total += p.statements;
  });
  CHECK(kept.size() > 1);  // kept statements count toward the piece size too
  CHECK(total == 1 + 20001 + 2 + 3001);
}

TEST_CASE("limits: a file over the size limit is not read at all") {
  const driver::InputFile in = Write("large.sql", std::string(5000, ' ') + "select 1;\n");
  const driver::LoadedInput loaded = driver::LoadInput(in, 4096);
  CHECK(loaded.source->text().empty());
  CHECK(!loaded.unreadable);
  REQUIRE(loaded.diagnostics.size() == 1);
  CHECK(loaded.diagnostics[0].severity == Severity::Error);
  CHECK(loaded.diagnostics[0].code == DiagnosticCode::FileTooLarge);
  CHECK(loaded.diagnostics[0].message == "file is 5010 bytes, more than the limit of 4096 bytes; not analysed");
  CHECK(driver::LoadInput(in, 5010).diagnostics.empty());  // at the limit is fine

  // Through a run: the error is on the file, the other files are analysed.
  driver::RunOptions options;
  options.analyze.limits.max_file_bytes = 4096;
  std::vector<driver::FilePart> parts;
  const driver::RunSummary s =
      driver::Run({in, Inputs()[0]}, options, [&](driver::FilePart&& p) { parts.push_back(std::move(p)); });
  CHECK(s.files == 2);
  CHECK(s.files_with_errors == 1);
  CHECK(!s.unreadable_input);
  CHECK(s.statements == 1);
}

TEST_CASE("streaming: the observer gets each statement in order with its own splitting diagnostics") {
  class Record : public driver::StatementObserver {
   public:
    void Statement(const driver::FileResult& file, driver::StatementResult&& st) override {
      file_diagnostics_seen.push_back(file.diagnostics.size());
      statements.push_back(std::move(st));
    }
    std::vector<size_t> file_diagnostics_seen;
    std::vector<driver::StatementResult> statements;
  };
  // `；` (full-width) ends the first statement, with a warning at its end;
  // ${x} is undefined in the second; the third is past max_statements.
  const std::string text = "select 1 from a\xEF\xBC\x9B select '${x}' from b;\nselect 3 from c;\n";
  driver::FileResult file;
  file.source = std::make_shared<const SourceFile>("s.sql", text);
  lineage::Session session;
  driver::AnalyzeOptions options;
  options.limits.max_statements = 2;
  Record record;
  driver::AnalyzeScript(file, session, options, record);
  REQUIRE(record.statements.size() == 2);
  for (uint32_t i = 0; i < 2; ++i) CHECK(record.statements[i].index == i);
  REQUIRE(record.statements[0].diagnostics.size() == 1);
  CHECK(record.statements[0].diagnostics[0].code == DiagnosticCode::FullWidthSemicolon);
  REQUIRE(record.statements[1].diagnostics.size() == 1);
  CHECK(record.statements[1].diagnostics[0].code == DiagnosticCode::UndefinedVariable);
  CHECK(record.file_diagnostics_seen == std::vector<size_t>{0, 0});
  REQUIRE(file.diagnostics.size() == 1);  // found after the statements were handed over
  CHECK(file.diagnostics[0].code == DiagnosticCode::TooManyStatements);
  CHECK(file.source->Locate(file.diagnostics[0].span.begin).line == 2);

  // A full-width semicolon after a space: its warning falls between two
  // statements and goes to the file, message and all.
  driver::FileResult gap;
  gap.source = std::make_shared<const SourceFile>("g.sql", "select 1 from a \xEF\xBC\x9B\nselect 2 from b;\n");
  Record gap_record;
  driver::AnalyzeScript(gap, session, {}, gap_record);
  CHECK(gap_record.statements.size() == 2);
  REQUIRE(gap.diagnostics.size() == 1);
  CHECK(gap.diagnostics[0].code == DiagnosticCode::FullWidthSemicolon);
  CHECK(gap.diagnostics[0].span.begin == 16);
  CHECK(file.statements.empty());  // handed to the observer, not kept
}
