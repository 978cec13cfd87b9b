// Whole runs (driver::Run, cli::RunAndWrite): input order, independent and
// sequenced scripts, any thread count giving the same bytes, bounded
// look-ahead, progress counters, the summary and progress lines.
#include "driver/run.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "captured_run.h"
#include "cli/analyze_command.h"
#include "lineage/catalog.h"
#include "test_support.h"

using namespace hivelineage;
using namespace hivelineage::driver;

namespace {

namespace fs = std::filesystem;

fs::path TempDir() {
  static const fs::path dir = testing::ProcessTempDir("hivelineage_run_test_");
  return dir;
}

fs::path Write(const std::string& rel, const std::string& text) {
  return hivelineage::testing::WriteFile(TempDir(), rel, text);
}

std::vector<std::string> Names(const std::vector<InputFile>& files) {
  std::vector<std::string> out;
  for (const InputFile& f : files) out.push_back(f.name);
  return out;
}

std::vector<FileResult> RunAll(const std::vector<InputFile>& inputs, const RunOptions& options,
                               RunSummary* summary = nullptr) {
  std::vector<FileResult> got;
  // Files come in pieces: put each file together again.
  RunSummary s = Run(inputs, options, [&](FilePart&& p) {
    if (p.first) {
      got.push_back(std::move(p.file));
      return;
    }
    FileResult& f = got.back();
    for (StatementResult& st : p.file.statements) f.statements.push_back(std::move(st));
    for (Diagnostic& d : p.file.diagnostics) f.diagnostics.push_back(std::move(d));
  });
  if (summary != nullptr) *summary = s;
  return got;
}

using Captured = testing::CapturedRun;

// What the CLI prints for `inputs` (no summary line, no bar).
Captured RunCli(const std::vector<InputFile>& inputs, const RunOptions& options,
                output::Format format = output::Format::Json) {
  return testing::CaptureRun(inputs, options, format);
}

// A folder of scripts of every sort: DDL, inserts, errors, GBK, empty files.
fs::path MixedFolder() {
  static const fs::path dir = [] {
    const fs::path d = TempDir() / "mixed";
    for (int i = 0; i < 40; ++i) {
      const std::string n = std::to_string(i);
      std::string text;
      switch (i % 5) {
        case 0:
          text = "create table t" + n + " (a string, b int);\ninsert overwrite table t" + n + " select * from src;\n";
          break;
        case 1:
          text = "use db" + n + ";\ninsert into out" + n + " select a, upper(b) from t" + std::to_string(i - 1) +
                 " where c > 1;\n";
          break;
        case 2:
          text = "select a from t where (;\nselect k, count(*) from src group by k;\n";
          break;
        case 3:
          text = "select a as \xD6\xD0 from src";
          break;
        case 4:
          text = "";
          break;
      }
      Write("mixed/" + std::string(i % 3 == 0 ? "sub/" : "") + "s" + n + (i % 2 ? ".sql" : ".hql"), text);
    }
    return d;
  }();
  return dir;
}

}  // namespace

TEST_CASE("run: the expanded list is sorted and unique whatever the argument order") {
  Write("order/b.sql", "select 1");
  Write("order/a/z.q", "select 2");
  Write("order/a-b.sql", "select 3");
  const std::string dir = (TempDir() / "order").string();
  const std::string b = (TempDir() / "order" / "b.sql").string();
  const ExpandedInputs one = ExpandPaths({b, dir});
  const ExpandedInputs two = ExpandPaths({dir, b});
  CHECK(one.errors.empty());
  CHECK(Names(one.files) == Names(two.files));
  REQUIRE(one.files.size() == 3);                // b.sql named twice, kept once
  CHECK(one.files[0].name == dir + "/a-b.sql");  // byte order: '-' before '/'
  CHECK(one.files[1].name == dir + "/a/z.q");
  CHECK(one.files[2].name == dir + "/b.sql");
}

TEST_CASE("run: scripts are independent; each starts from the catalogs and the default database") {
  Write("indep/cat.sql", "create table ods.base (k string, v string);\n");
  Write("indep/a.sql", "use db1;\ncreate table x (k string, v string);\ndrop table ods.base;\n");
  Write("indep/b.sql",
        "insert overwrite table db1.y select * from db1.x;\nselect k from x;\n"
        "insert overwrite table ods.copy select * from ods.base;\n");
  RunOptions opts;
  opts.analyze.catalogs = {CatalogSource::File((TempDir() / "indep/cat.sql").string())};
  opts.analyze.default_database = "etl";
  opts.analyze.learn_schema = false;  // else a.sql's declaration serves b.sql (warehouse_schema.h)
  const ExpandedInputs in = ExpandPaths({(TempDir() / "indep/a.sql").string(), (TempDir() / "indep/b.sql").string()});
  for (int jobs : {1, 2}) {
    CAPTURE(jobs);
    opts.jobs = jobs;
    RunSummary s;
    std::vector<FileResult> got = RunAll(in.files, opts, &s);
    REQUIRE(got.size() == 3);  // the DDL catalog first
    CHECK(got[0].is_catalog);
    CHECK(s.files == 2);
    CHECK(s.statements == 6);
    const FileResult& b = got[2];
    REQUIRE(b.statements.size() == 3);
    // a.sql's table is unknown to b.sql: the star cannot expand.
    CHECK(b.statements[0].lineage.columns.empty());
    // b.sql starts in --default-db, not in a.sql's `use db1`.
    CHECK(b.statements[1].database == "etl");
    CHECK(b.statements[1].lineage.inputs == std::vector<std::string>{"etl.x"});
    // The catalog table a.sql dropped is still there for b.sql.
    CHECK(b.statements[2].lineage.columns.size() == 2);
  }
}

TEST_CASE("run: a sequenced run lets each script see what the earlier ones created") {
  Write("seq/a.sql", "use db1;\ncreate table x (k string, v string);\ncreate view vx as select k from x;\n");
  Write("seq/b.sql",
        "insert overwrite table db1.y select * from db1.x;\nselect k from x;\n"
        "insert overwrite table db1.z select * from db1.vx;\ndrop table db1.x;\n");
  Write("seq/c.sql", "insert overwrite table db1.w select * from db1.x;\n");
  std::vector<InputFile> in;
  for (const char* n : {"a.sql", "b.sql", "c.sql"}) in.push_back({(TempDir() / "seq" / n).string(), n});
  RunOptions opts;
  opts.sequenced = true;
  std::string first;
  for (int jobs : {1, 2, 4}) {
    CAPTURE(jobs);
    opts.jobs = jobs;
    std::vector<FileResult> got = RunAll(in, opts);
    REQUIRE(got.size() == 3);
    REQUIRE(got[1].statements.size() == 4);
    CHECK(got[1].statements[0].lineage.columns.size() == 2);  // the star expands with a.sql's schema
    CHECK(got[1].statements[1].database == "default");        // but the database is reset per script
    CHECK(got[1].statements[1].lineage.inputs == std::vector<std::string>{"default.x"});
    CHECK(got[1].statements[2].lineage.columns.size() == 1);  // the view is known
    REQUIRE(got[2].statements.size() == 1);
    CHECK(got[2].statements[0].lineage.columns.empty());  // b.sql dropped it again
    const std::string out = RunCli(in, opts).out;
    if (first.empty()) first = out;
    CHECK(out == first);
  }
}

TEST_CASE("run: a sequenced run starts every script in the default database") {
  Write("seqdb/a.sql", "create table x (k string);\nuse db1;\n");
  Write("seqdb/b.sql", "select * from x;\n");
  std::vector<InputFile> in;
  for (const char* n : {"a.sql", "b.sql"}) in.push_back({(TempDir() / "seqdb" / n).string(), n});
  RunOptions opts;
  opts.sequenced = true;
  opts.analyze.default_database = "etl";
  std::vector<FileResult> got = RunAll(in, opts);
  REQUIRE(got.size() == 2);
  REQUIRE(got[1].statements.size() == 1);
  const StatementResult& st = got[1].statements[0];
  CHECK(st.database == "etl");  // not a.sql's db1
  CHECK(st.lineage.inputs == std::vector<std::string>{"etl.x"});
  REQUIRE(st.lineage.columns.size() == 1);  // a.sql created etl.x
  CHECK(st.lineage.columns[0].sources == std::vector<std::string>{"etl.x.k"});
}

TEST_CASE("run: --sequence lists are read relative to their folder") {
  Write("lists/etl/one.sql", "select 1");
  Write("lists/etl/two.sql", "select 2");
  Write("lists/other/three.sql", "select 3");
  Write("lists/etl/more/x.sql", "select 4");
  Write("lists/etl/more/a.sql", "select 5");
  Write("lists/etl/order.txt", "# nightly\n\ntwo.sql\r\n  one.sql  \n../other/three.sql\n# folders: sorted\nmore\n");
  const std::string list = (TempDir() / "lists/etl/order.txt").string();
  const std::string etl = (TempDir() / "lists/etl").string();
  ExpandedInputs in = ReadSequence(list);
  CHECK(in.errors.empty());
  CHECK(Names(in.files) == std::vector<std::string>{etl + "/two.sql", etl + "/one.sql",
                                                    (TempDir() / "lists/other/three.sql").string(), etl + "/more/a.sql",
                                                    etl + "/more/x.sql"});
  // A missing entry names the list and the line.
  Write("lists/etl/bad.txt", "one.sql\n\nnope.sql\n");
  in = ReadSequence((TempDir() / "lists/etl/bad.txt").string());
  REQUIRE(in.errors.size() == 1);
  CHECK(in.errors[0].find("bad.txt:3: ") != std::string::npos);
  CHECK(in.errors[0].find("nope.sql") != std::string::npos);
  CHECK(!ReadSequence((TempDir() / "lists/missing.txt").string()).errors.empty());
}

TEST_CASE("run: the same bytes for any thread count and argument order") {
  const fs::path dir = MixedFolder();
  RunOptions opts;
  const ExpandedInputs in = ExpandPaths({dir.string()});
  REQUIRE(in.files.size() == 40);
  for (output::Format format : {output::Format::Json, output::Format::Jsonl, output::Format::Hive}) {
    opts.jobs = 1;
    const Captured base = RunCli(in.files, opts, format);
    CHECK(base.summary.statements > 0);
    CHECK(base.summary.statements_with_errors > 0);
    for (int jobs : {2, 3, 8}) {
      CAPTURE(jobs);
      opts.jobs = jobs;
      const Captured c = RunCli(in.files, opts, format);
      CHECK(c.out == base.out);
      CHECK(c.err == base.err);
      CHECK(c.summary.statements == base.summary.statements);
      CHECK(c.summary.statements_with_errors == base.summary.statements_with_errors);
    }
    // Sub-folders and files named in another order, some twice.
    opts.jobs = 4;
    const ExpandedInputs shuffled =
        ExpandPaths({(dir / "sub").string(), (dir / "s7.sql").string(), dir.string(), (dir / "s1.sql").string()});
    CHECK(RunCli(shuffled.files, opts, format).out == base.out);
  }
}

TEST_CASE("run: results stream in order and the run never gets far ahead of them") {
  std::vector<InputFile> in;
  for (int i = 0; i < 400; ++i) {
    const std::string n = "many/f" + std::to_string(1000 + i) + ".sql";
    Write(n, "insert overwrite table t" + std::to_string(i) + " select a, b from s where c = " + std::to_string(i));
    in.push_back({(TempDir() / n).string(), n});
  }
  in.insert(in.begin() + 150, InputFile{(TempDir() / "many/absent.sql").string(), "many/absent.sql"});
  RunProgress progress;
  RunOptions opts;
  opts.jobs = 2;
  opts.progress = &progress;
  size_t seen = 0;
  size_t max_ahead = 0;
  RunSummary s = Run(in, opts, [&](FilePart&& p) {
    CHECK(p.file.source->name() == in[seen].name);
    if (!p.last) return;
    ++seen;
    const size_t done = progress.files_done.load();
    max_ahead = std::max(max_ahead, done > seen ? done - seen : 0);
  });
  CHECK(seen == in.size());
  // Some files per thread are analysed ahead of the output, never the whole run.
  CHECK(max_ahead <= 100);
  CHECK(s.jobs == 2);
  CHECK(s.unreadable_input);
  CHECK(s.files_with_errors == 1);
  CHECK(progress.files_done.load() == in.size());
  CHECK(progress.bytes_done.load() == s.bytes);
  CHECK(progress.errors.load() == s.statements_with_errors + s.files_with_errors);
}

TEST_CASE("run: -j beyond the number of files, and no files at all") {
  RunOptions opts;
  opts.jobs = 16;
  RunSummary s;
  CHECK(RunAll({}, opts, &s).empty());
  CHECK(s.files == 0);
  Write("single.sql", "select 1");
  RunAll({{(TempDir() / "single.sql").string(), "single.sql"}}, opts, &s);
  CHECK(s.files == 1);
  CHECK(s.jobs == 1);
  CHECK(ResolveJobs(0) >= 1);
  CHECK(ResolveJobs(3) == 3);
}

TEST_CASE("run: summary and progress lines") {
  RunSummary s;
  s.files = 12;
  s.statements = 340;
  s.statements_with_errors = 1;
  s.files_with_errors = 1;
  s.bytes = 1200000;
  s.jobs = 2;
  CHECK(cli::SummaryLine(s, 0.5) ==
        "hivelineage: 12 files, 340 statements, 2 errors, 1.20 MB in 0.50 s (2.4 MB/s, 2 threads)\n");
  s.files = 1;
  s.statements = 1;
  s.statements_with_errors = 0;
  s.jobs = 1;
  CHECK(cli::SummaryLine(s, 2).starts_with("hivelineage: 1 file, 1 statement, 1 error, "));
  CHECK(cli::ProgressLine(120, 400, 8.14, 3, 200) == "[#######.................] 120/400 files  8.1 MB/s  3 errors");
  CHECK(cli::ProgressLine(0, 0, 0, 1, 200) == "[########################] 0/0 files  0.0 MB/s  1 error");
  CHECK(cli::ProgressLine(5, 10, 1, 0, 20).size() == 20);
  // Without a terminal nothing but diagnostics reaches stderr.
  Write("quiet.sql", "select 1");
  const Captured c = RunCli({{(TempDir() / "quiet.sql").string(), "quiet.sql"}}, RunOptions{});
  CHECK(c.err.empty());
}

TEST_CASE("run: a script's catalog lies over the shared --catalog tables without copying them") {
  lineage::Catalog base_catalog;
  lineage::CatalogTable a;
  a.name = "db.a";
  a.columns = {{"k", "string", {}, false}};
  base_catalog.Put(a);
  lineage::CatalogTable b = a;
  b.name = "db.b";
  base_catalog.Put(b);
  auto base = std::make_shared<const lineage::Catalog>(std::move(base_catalog));
  lineage::Catalog over(base);
  CHECK(over.size() == 2);
  CHECK(over.Find("db.a") == base->Find("db.a"));  // shared, not copied
  over.Remove("db.a");
  CHECK(over.Find("db.a") == nullptr);
  CHECK(base->Find("db.a") != nullptr);
  CHECK(over.size() == 1);
  lineage::CatalogTable b2 = b;
  b2.columns.push_back({"v", "string", {}, false});
  over.Put(b2);
  CHECK(over.Find("db.b")->columns.size() == 2);
  CHECK(base->Find("db.b")->columns.size() == 1);
  over.Put(a);  // back again after the removal
  CHECK(over.Find("db.a") != nullptr);
  lineage::CatalogTable c = a;
  c.name = "db.c";
  over.Put(c);
  CHECK(over.size() == 3);
  over.Remove("db.c");
  over.Remove("db.nothing");
  CHECK(over.size() == 2);
  // A copy is independent of the original, and both of the base.
  lineage::Catalog copy = over;
  copy.Remove("db.b");
  CHECK(over.Find("db.b") != nullptr);
  CHECK(copy.size() == 1);
}
