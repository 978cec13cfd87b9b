// How a run's threads share the work (src/driver/scheduler.cc): results
// waiting for a slow sink stay within RunOptions::max_waiting_bytes, and a
// sink that throws ends the run cleanly.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "driver/output_writer.h"
#include "driver/run.h"
#include "test_support.h"

namespace {

using namespace hivelineage;
namespace fs = std::filesystem;

fs::path TempDir() {
  static const fs::path dir = testing::ProcessTempDir("hivelineage_scheduler_test_");
  return dir;
}

driver::InputFile Write(const std::string& name, const std::string& text) {
  return driver::InputFile{testing::WriteFile(TempDir(), name, text).string(), name};
}

std::string Inserts(int n, const std::string& prefix) {
  std::string s;
  for (int i = 0; i < n; ++i)
    s += "insert overwrite table " + prefix + std::to_string(i) + " select a, upper(b) as b, c from src where c > " +
         std::to_string(i) + ";\n";
  return s;
}

// Small and big scripts mixed: big ones render to about 1.3 MB of JSON.
const std::vector<driver::InputFile>& Inputs() {
  static const std::vector<driver::InputFile> inputs = {
      Write("a.sql", Inserts(3, "a")),    Write("b.sql", Inserts(4000, "b")), Write("c.sql", Inserts(2, "c")),
      Write("d.sql", Inserts(4000, "d")), Write("e.sql", Inserts(4000, "e")), Write("f.sql", Inserts(500, "f")),
  };
  return inputs;
}

// The whole run's JSON through a sink that is slow (a pipe to a busy reader).
std::string RunSlowly(driver::RunOptions options, driver::RunSummary& summary) {
  const std::unique_ptr<driver::OutputWriter> writer = driver::MakeWriter(output::Format::Json);
  options.renderer = writer.get();
  std::string out;
  writer->Begin(out);
  summary = driver::Run(Inputs(), options, [&](driver::FilePart&& part) {
    writer->Part(part, out);
    std::this_thread::sleep_for(std::chrono::microseconds(300));
  });
  writer->End(out);
  return out;
}

}  // namespace

TEST_CASE("scheduler: results waiting for a slow sink stay within the bound, output unchanged") {
  driver::RunOptions fast;
  fast.jobs = 1;
  driver::RunSummary reference_summary;
  const std::string reference = RunSlowly(fast, reference_summary);
  constexpr size_t kLimit = 256 << 10;
  struct Config {
    int jobs;
    bool sequenced;
  };
  for (const Config c : {Config{2, false}, Config{3, false}, Config{2, true}, Config{4, true}}) {
    CAPTURE(c.jobs);
    CAPTURE(c.sequenced);
    driver::RunOptions options;
    options.jobs = c.jobs;
    options.sequenced = c.sequenced;
    options.max_waiting_bytes = kLimit;
    driver::RunSummary summary;
    const std::string got = RunSlowly(options, summary);
    CHECK(got == reference);
    CHECK(summary.statements == reference_summary.statements);
    // The bound, plus the caller's own file ahead (a quarter of it), plus one
    // piece (a sixteenth, and one statement) per thread stored before it paused.
    const size_t piece = kLimit / 16 + 4096;
    CHECK(summary.peak_held_bytes <= kLimit + kLimit / 4 + static_cast<size_t>(c.jobs + 1) * piece);
    CHECK(summary.peak_held_bytes > 0);
  }
}

TEST_CASE("scheduler: a sink that throws ends the run with its exception, nothing emitted twice") {
  for (int jobs : {1, 2, 3}) {
    for (int throw_at : {1, 5, 40}) {
      CAPTURE(jobs);
      CAPTURE(throw_at);
      driver::RunOptions options;
      options.jobs = jobs;
      options.max_waiting_bytes = 256 << 10;  // many pieces per big file
      const std::unique_ptr<driver::OutputWriter> writer = driver::MakeWriter(output::Format::Jsonl);
      options.renderer = writer.get();
      int pieces = 0;
      size_t statements = 0;
      bool threw = false;
      try {
        driver::Run(Inputs(), options, [&](driver::FilePart&& part) {
          if (++pieces == throw_at) throw std::runtime_error("disk full");
          statements += part.statements;
        });
      } catch (const std::runtime_error& e) {
        threw = true;
        CHECK(std::string(e.what()) == "disk full");
      }
      CHECK(threw);
      CHECK(pieces == throw_at);  // no piece after the failure
      CHECK(statements < 3 + 4000 + 2 + 4000 + 4000 + 500);
    }
  }
}

TEST_CASE("scheduler: once the sink has thrown, files in flight stop being analysed") {
  const std::vector<driver::InputFile> big = {Inputs()[1], Inputs()[3], Inputs()[4]};  // ~80 pieces each
  for (int jobs : {1, 3}) {
    CAPTURE(jobs);
    driver::RunProgress progress;
    driver::RunOptions options;
    options.jobs = jobs;
    options.progress = &progress;
    options.max_waiting_bytes = 256 << 10;
    const std::unique_ptr<driver::OutputWriter> writer = driver::MakeWriter(output::Format::Jsonl);
    options.renderer = writer.get();
    int pieces = 0;
    CHECK_THROWS_AS(driver::Run(big, options,
                                [&](driver::FilePart&&) {
                                  if (++pieces == 2) throw std::runtime_error("broken pipe");
                                }),
                    std::runtime_error);
    // No file ran to its end: each stopped at its next piece.
    CHECK(progress.files_done.load() == 0);
  }
}
