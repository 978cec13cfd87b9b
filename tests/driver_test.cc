// Driver (script analysis, input decoding, whole runs) and output writers.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>

#include "catalog_support.h"
#include "base/json_out.h"
#include "base/md5.h"
#include "base/utf8.h"
#include "driver/analyze_script.h"
#include "driver/encoding.h"
#include "driver/output_writer.h"
#include "driver/run.h"
#include "test_support.h"

using namespace hivelineage;
using namespace hivelineage::driver;

namespace {

FileResult Analyze(std::string_view text, lineage::Session* session = nullptr, const AnalyzeOptions& options = {}) {
  lineage::Session local;
  auto src = std::make_shared<const SourceFile>("t.sql", text);
  return AnalyzeScript(src, session ? *session : local, options);
}

int CountSeverity(const Diagnostics& diags, Severity s) {
  int n = 0;
  for (const Diagnostic& d : diags) n += d.severity == s;
  return n;
}

std::string WriteAll(output::Format format, const std::vector<FileResult>& files) {
  auto w = driver::MakeWriter(format);
  std::string out;
  w->Begin(out);
  for (const FileResult& f : files) w->File(f, out);
  w->End(out);
  return out;
}

}  // namespace

TEST_CASE("UTF-8 validation") {
  CHECK(!FindInvalidUtf8("select 1"));
  CHECK(!FindInvalidUtf8("select '\xE4\xB8\xAD\xE6\x96\x87' from t"));
  CHECK(!FindInvalidUtf8("\xF0\x9F\x98\x80"));
  CHECK(FindInvalidUtf8("ab\xC0\x80") == 2u);               // overlong
  CHECK(FindInvalidUtf8("abcdefghij\xED\xA0\x80") == 10u);  // surrogate
  CHECK(FindInvalidUtf8("\xF4\x90\x80\x80") == 0u);         // above U+10FFFF
  CHECK(FindInvalidUtf8("x\xE4\xB8") == 1u);                // truncated
  CHECK(FindInvalidUtf8("\xFF") == 0u);
}

TEST_CASE("GBK input is transcoded to UTF-8 with a file-level warning") {
  // "select '中文' from t" in GBK.
  const std::string gbk = "select '\xD6\xD0\xCE\xC4' from t";
  LoadedInput in = DecodeInput("g.sql", gbk);
  CHECK(in.source->text() == "select '\xE4\xB8\xAD\xE6\x96\x87' from t");
  REQUIRE(in.diagnostics.size() == 1);
  CHECK(in.diagnostics[0].severity == Severity::Warning);

  // Not GB18030 either: kept as is, warning at the first bad byte.
  LoadedInput bad = DecodeInput("b.sql", std::string("select 1\xFF\xFF"));
  CHECK(bad.source->text().size() == 10);
  REQUIRE(bad.diagnostics.size() == 1);
  CHECK(bad.diagnostics[0].span.begin == 8);

  LoadedInput ok = DecodeInput("u.sql", "select 1");
  CHECK(ok.diagnostics.empty());
}

TEST_CASE("every statement is reported, in order, with original spans") {
  const std::string text = "set a=1;\n-- c\nselect x from t;\n\nselect from where;\nsource other.sql;\nselect y from u";
  FileResult r = Analyze(text);
  REQUIRE(r.statements.size() == 5);
  for (uint32_t i = 0; i < 5; ++i) CHECK(r.statements[i].index == i);
  CHECK(r.statements[0].kind == StatementKind::Command);
  CHECK(r.statements[1].kind == StatementKind::Query);
  CHECK(r.statements[1].parsed);
  CHECK(r.source->Slice(r.statements[1].span) == "select x from t");
  CHECK(r.statements[1].start.line == 3);
  CHECK(r.statements[1].start.column == 1);
  // The bad statement keeps a guessed kind and an error; the next ones still run.
  CHECK(r.statements[2].kind == StatementKind::Query);
  CHECK(!r.statements[2].parsed);
  CHECK(r.statements[2].has_error());
  for (const Diagnostic& d : r.statements[2].diagnostics) {
    CHECK(d.span.begin >= r.statements[2].span.begin);
    CHECK(d.span.end <= r.statements[2].span.end);
  }
  CHECK(r.statements[3].kind == StatementKind::Command);
  CHECK(CountSeverity(r.statements[3].diagnostics, Severity::Note) == 1);
  CHECK(!r.statements[3].has_error());
  CHECK(r.statements[4].kind == StatementKind::Query);
  CHECK(!r.statements[4].has_error());
  CHECK(r.has_error());
}

TEST_CASE("error offsets after variable substitution point into the original file") {
  AnalyzeOptions opts;
  opts.variables = {{"cond", "x = 1"}};
  const std::string text = "select 1 from t where ${hivevar:cond} )";
  FileResult r = Analyze(text, nullptr, opts);
  REQUIRE(r.statements.size() == 1);
  REQUIRE(r.statements[0].has_error());
  const Diagnostic* err = nullptr;
  for (const Diagnostic& d : r.statements[0].diagnostics)
    if (d.severity == Severity::Error) err = &d;
  REQUIRE(err != nullptr);
  CHECK(err->span.begin == text.find(')'));
}

TEST_CASE("lexer warnings stay warnings") {
  FileResult r = Analyze("select '${hivevar:nope}' from t;\nselect a\xEF\xBC\x8C b from t");
  REQUIRE(r.statements.size() == 2);
  CHECK(!r.statements[0].has_error());
  CHECK(CountSeverity(r.statements[0].diagnostics, Severity::Warning) == 1);
  CHECK(!r.statements[1].has_error());
  CHECK(CountSeverity(r.statements[1].diagnostics, Severity::Warning) >= 1);
  CHECK(!r.has_error());
}

TEST_CASE("set hive.support.quoted.identifiers=standard makes \"x\" a column") {
  lineage::Session session;
  session.catalog.Put(testing::CatalogTable("default.t", {"a", "b"}, "string"));
  FileResult r = Analyze(
      "select \"a\" from t;\n"
      "set hive.support.quoted.identifiers=standard;\n"
      "select \"a\" from t;\n"
      "set hive.support.quoted.identifiers=column;\n"
      "select \"a\" from t",
      &session);
  REQUIRE(r.statements.size() == 5);
  REQUIRE(r.statements[0].lineage.columns.size() == 1);
  CHECK(r.statements[0].lineage.columns[0].sources.empty());
  REQUIRE(r.statements[2].lineage.columns.size() == 1);
  CHECK(r.statements[2].lineage.columns[0].sources == std::vector<std::string>{"default.t.a"});
  REQUIRE(r.statements[4].lineage.columns.size() == 1);
  CHECK(r.statements[4].lineage.columns[0].sources.empty());
}

TEST_CASE("set hive.support.sql11.reserved.keywords=false: later statements read user, date as names, silently") {
  FileResult r = Analyze(
      "insert overwrite table dw.t select user from ods.s;\n"
      "set hive.support.sql11.reserved.keywords=false;\n"
      "insert overwrite table dw.t select user from ods.s");
  REQUIRE(r.statements.size() == 3);
  CHECK(!r.has_error());
  CHECK(CountSeverity(r.statements[0].diagnostics, Severity::Warning) == 1);
  CHECK(CountSeverity(r.statements[2].diagnostics, Severity::Warning) == 0);
  REQUIRE(r.statements[2].lineage.columns.size() == 1);
  CHECK(r.statements[2].lineage.columns[0].sources == std::vector<std::string>{"ods.s.user"});
}

// Statements that parse, in order, with their first target column's sources.
std::vector<std::string> ParsedTargets(const FileResult& r) {
  std::vector<std::string> out;
  for (const StatementResult& s : r.statements)
    if (s.parsed && !s.lineage.outputs.empty()) out.push_back(s.lineage.outputs[0]);
  return out;
}

size_t CountErrors(const FileResult& r) {
  size_t n = CountSeverity(r.diagnostics, Severity::Error);
  for (const StatementResult& s : r.statements) n += CountSeverity(s.diagnostics, Severity::Error);
  return n;
}

TEST_CASE("junk costs one error, never a statement: analysis resumes at the next line that starts one") {
  const std::string text =
      "insert overwrite table dw.a select x from ods.s;\n"
      "hive -e \"select * from t\" > /tmp/out.txt\n"
      "hdfs dfs -ls /user/hive/warehouse\n"
      "hive> show tables\n"
      "This job loads the daily orders. Run it after the ODS load.\n"
      "<#if env == 'prod'>{placeholder}</#if>\n"
      "insert overwrite table dw.b select y from ods.s\n"  // no ; before the next one
      "insert overwrite table dw.c select z from ods.s;\n";
  FileResult r = Analyze(text);
  CHECK(ParsedTargets(r) == std::vector<std::string>{"dw.a", "dw.b", "dw.c"});
  CHECK(CountErrors(r) == 1);
  REQUIRE(r.statements.size() == 4);
  CHECK(!r.statements[1].parsed);
  CHECK(r.statements[1].span.begin == text.find("hive -e"));
  CHECK(r.statements[1].span.end == text.find("\ninsert overwrite table dw.b"));
  CHECK(r.statements[2].start.line == 7);
  REQUIRE(r.statements[3].lineage.columns.size() == 1);
  CHECK(r.statements[3].lineage.columns[0].sources == std::vector<std::string>{"ods.s.z"});
}

TEST_CASE("a multi-line statement with an error is not cut at its own FROM or SELECT lines") {
  FileResult r = Analyze(
      "insert overwrite table dw.a\n"
      "select x +* 1\n"
      "from ods.s\n"
      "where y in (select y\n"
      "from ods.u);\n"
      "insert overwrite table dw.b select y from ods.s;");
  REQUIRE(r.statements.size() == 2);
  CHECK(!r.statements[0].parsed);
  CHECK(CountErrors(r) == 1);
  CHECK(ParsedTargets(r) == std::vector<std::string>{"dw.b"});
}

TEST_CASE("an unterminated quote: an error at the quote, a warning naming the lines skipped, resumption") {
  const std::string text =
      "insert overwrite table dw.a select x from ods.s;\n"
      "insert overwrite table dw.b select 'oops, y from ods.s;\n"
      "-- comment\n"
      "insert overwrite table dw.c select z from ods.s;\n"
      "insert overwrite table dw.d select w from ods.s;\n";
  FileResult r = Analyze(text);
  CHECK(ParsedTargets(r) == std::vector<std::string>{"dw.a", "dw.c", "dw.d"});
  REQUIRE(r.statements.size() == 4);
  CHECK(CountErrors(r) == 1);
  const auto& bad = r.statements[1].diagnostics;
  bool error_at_quote = false, warned = false;
  for (const Diagnostic& d : bad) {
    if (d.severity == Severity::Error && d.span.begin == text.find("'oops")) error_at_quote = true;
    if (d.severity == Severity::Warning && d.code == DiagnosticCode::UnterminatedQuote &&
        d.message == "unterminated quote: lines 2-3 not analysed; analysis resumes at line 4")
      warned = true;
  }
  CHECK(error_at_quote);
  CHECK(warned);
}

TEST_CASE("a binary file is one error, \"binary file, skipped\"") {
  std::string bytes = "\x7f" "ELF\x02\x01\x01";
  bytes.append(4096, '\0');
  for (int i = 0; i < 20000; ++i) bytes.push_back(static_cast<char>((i * 7919) & 0xff));
  LoadedInput in = DecodeInput("x.sql", bytes);
  REQUIRE(in.diagnostics.size() == 1);
  CHECK(in.diagnostics[0].severity == Severity::Error);
  CHECK(in.diagnostics[0].code == DiagnosticCode::BinaryFile);
  CHECK(in.source->text().empty());
  // Text with a stray control byte is still text.
  LoadedInput text = DecodeInput("y.sql", "insert overwrite table dw.a select x, y, z from ods.s where dt = '1';\n\x1a");
  CHECK(text.diagnostics.empty());
  // Binary: more than one control byte in twenty (white space and UTF-8 bytes
  // are not control bytes), counted alike in the first bytes and the last few.
  for (int controls = 5; controls <= 6; ++controls) {
    CAPTURE(controls);
    std::string t = "select \xC3\xA9\t\n\v\f\r from t where a = 'b';";
    t.resize(100 - static_cast<size_t>(controls), ' ');
    for (int c = 0; c < controls - 1; ++c) t.insert(t.begin() + 10 * c, '\x01');
    t += "\x02";  // in the tail after the last 16-byte step
    REQUIRE(t.size() == 100);
    const bool binary = DecodeInput("z.sql", t).source->text().empty();
    CHECK(binary == (controls == 6));
  }
}

TEST_CASE("USE and --default-db decide the database") {
  AnalyzeOptions options;
  options.default_database = "etl";
  lineage::Session session;  // left in `dw` by the first script
  for (int script = 0; script < 2; ++script) {
    CAPTURE(script);
    FileResult r = Analyze("select a from t; use dw; select a from t", &session, options);
    REQUIRE(r.statements.size() == 3);
    // Every script starts in the options' default database, whatever the session held.
    CHECK(r.statements[0].database == "etl");
    CHECK(r.statements[0].lineage.inputs == std::vector<std::string>{"etl.t"});
    CHECK(r.statements[2].database == "dw");
    CHECK(r.statements[2].lineage.inputs == std::vector<std::string>{"dw.t"});
  }
}

TEST_CASE("a run: folders expand sorted; every file starts afresh") {
  const auto dir = std::filesystem::temp_directory_path() / "hivelineage_driver_test";
  std::filesystem::create_directories(dir / "sub");
  std::ofstream(dir / "a.sql") << "use db1;\ncreate table x (k string, v string);\n";
  std::ofstream(dir / "sub" / "b.hql") << "insert overwrite table db1.y select * from db1.x;\nselect k from x;\n";
  std::ofstream(dir / "skip.txt") << "not sql";
  ExpandedInputs in = ExpandPaths({dir.string()});
  CHECK(in.errors.empty());
  REQUIRE(in.files.size() == 2);
  CHECK(in.files[0].name.ends_with("a.sql"));
  CHECK(in.files[1].name.ends_with("sub/b.hql"));
  CHECK(!ExpandPaths({(dir / "missing.sql").string()}).errors.empty());

  std::vector<FileResult> got;
  RunOptions opts;
  opts.analyze.learn_schema = false;  // else a.sql's declaration serves b.sql (warehouse_schema.h)
  RunSummary s = Run(in.files, opts, [&](FilePart&& p) { got.push_back(std::move(p.file)); });
  REQUIRE(got.size() == 2);
  CHECK(s.files == 2);
  CHECK(s.statements == 4);
  REQUIRE(got[1].statements.size() == 2);
  // Scripts are independent: the first one's table and USE do not reach the second
  // (a sequenced run does that; see run_test.cc).
  CHECK(got[1].statements[0].lineage.columns.empty());
  CHECK(got[1].statements[1].lineage.inputs == std::vector<std::string>{"default.x"});
  std::filesystem::remove_all(dir);
}

TEST_CASE("hostile bytes never crash and always give valid JSON") {
  std::mt19937 rng(12345);
  const std::string pieces[] = {"select ", "from ",      "(",    ")",    "'",        "\"",
                                "`",       ";",          "${",   "}",    "--",       "/*",
                                "*/",      "\n",         "\r\n", "\xFF", "\xE4\xB8", "\xEF\xBC\x8C",
                                "insert ", "table ",     "a.b",  ",",    "*",        "lateral view ",
                                "over (",  "case when ", "\\",   "\0"};
  lineage::Session session;
  for (int iter = 0; iter < 300; ++iter) {
    std::string text;
    const int n = static_cast<int>(rng() % 60);
    for (int i = 0; i < n; ++i) text += pieces[rng() % std::size(pieces)];
    if (iter % 10 == 0)
      for (int i = 0; i < 64; ++i) text.push_back(static_cast<char>(rng() & 0xff));
    LoadedInput in = DecodeInput("fuzz.sql", text);
    FileResult r = AnalyzeScript(in.source, session, {});
    std::vector<FileResult> files;
    files.push_back(std::move(r));
    for (output::Format f : {output::Format::Json, output::Format::Jsonl, output::Format::Hive}) {
      const std::string out = WriteAll(f, files);
      if (f == output::Format::Json) {
        CHECK(nlohmann::json::accept(out));
      } else {
        size_t start = 0;
        while (start < out.size()) {
          const size_t nl = out.find('\n', start);
          CHECK(nlohmann::json::accept(out.substr(start, nl - start)));
          start = nl + 1;
        }
      }
    }
  }
}

// ---- output writers: these build results by hand, no parser involved ----

namespace {

FileResult HandMade() {
  FileResult f;
  f.source = std::make_shared<const SourceFile>(
      "etl/x.sql", "use dw;\ninsert into t select a, b, upper(c) from s where d > 1;\nselect \xFF");
  StatementResult use;
  use.index = 0;
  use.span = {0, 6};
  use.kind = StatementKind::Use;
  use.parsed = true;
  use.database = "default";
  StatementResult ins;
  ins.index = 1;
  ins.span = {8, 62};
  ins.start = {2, 1};
  ins.kind = StatementKind::Insert;
  ins.parsed = true;
  ins.database = "dw";
  ins.lineage.inputs = {"dw.s"};
  ins.lineage.outputs = {"dw.t"};
  using T = lineage::ColumnLineage::Type;
  ins.lineage.columns = {{"dw.t.a", {"dw.s.a"}, "s.a", T::Simple},
                         {"dw.t.b", {"dw.s.b"}, "s.b", T::Simple},
                         {"dw.t.c", {"dw.s.c"}, "upper(s.c)", T::Expression},
                         {"dw.t.n", {}, "count(*)", T::Expression}};
  ins.lineage.predicates = {
      {{"dw.s.d"}, {"dw.t.a", "dw.t.b", "dw.t.c", "dw.t.n"}, "(s.d > 1)", lineage::Clause::Where, true}};
  StatementResult bad;
  bad.index = 2;
  bad.span = {64, 72};
  bad.start = {3, 1};
  bad.kind = StatementKind::Query;
  bad.diagnostics.push_back({Severity::Error, {71, 72}, "unexpected byte \xFF", DiagnosticCode::UnexpectedCharacter});
  bad.diagnostics.push_back({Severity::Warning, {64, 64}, "a warning", DiagnosticCode::UndefinedVariable});
  f.statements = {use, ins, bad};
  f.diagnostics.push_back({Severity::Warning, {0, 0}, "file-level note", DiagnosticCode::InvalidEncoding});
  return f;
}

}  // namespace

TEST_CASE("json writer: contract fields, errors on statements, file-level at the top") {
  std::vector<FileResult> files;
  files.push_back(HandMade());
  const std::string out = WriteAll(output::Format::Json, files);
  const nlohmann::json j = nlohmann::json::parse(out);
  REQUIRE(j["statements"].size() == 3);
  const auto& s1 = j["statements"][1];
  CHECK(s1["file"] == "etl/x.sql");
  CHECK(s1["index"] == 1);
  CHECK(s1["span"]["begin"] == 8);
  CHECK(s1["span"]["end"] == 62);
  CHECK(s1["span"]["line"] == 2);
  CHECK(s1["kind"] == "insert");
  CHECK(s1["inputs"] == nlohmann::json::array({"dw.s"}));
  CHECK(s1["outputs"] == nlohmann::json::array({"dw.t"}));
  CHECK(s1["columns"][2]["target"] == "dw.t.c");
  CHECK(s1["columns"][2]["sources"] == nlohmann::json::array({"dw.s.c"}));
  CHECK(s1["columns"][2]["expression"] == "upper(s.c)");
  CHECK(s1["errors"].empty());
  const auto& s2 = j["statements"][2];
  REQUIRE(s2["errors"].size() == 1);
  CHECK(s2["errors"][0]["message"] == "unexpected byte \xEF\xBF\xBD");  // invalid UTF-8 replaced
  CHECK(s2["errors"][0]["line"] == 3);
  CHECK(s2["errors"][0]["column"] == 8);
  CHECK(s2["warnings"].size() == 1);
  CHECK(j["errors"].empty());
  REQUIRE(j["warnings"].size() == 1);
  CHECK(j["warnings"][0]["file"] == "etl/x.sql");
  // Byte-identical on a second run.
  CHECK(WriteAll(output::Format::Json, files) == out);
}

// The writers take plain values (output/file_output.h), made here by hand
// without the driver: the same bytes as through driver::OutputWriter.
TEST_CASE("output writers: plain values, no driver, the same bytes as the driver's adapter") {
  const FileResult f = HandMade();
  output::FileOutput plain;
  plain.source = f.source.get();
  plain.diagnostics = &f.diagnostics;
  for (const StatementResult& st : f.statements) {
    output::StatementOutput s;
    s.index = st.index;
    s.span = st.span;
    s.start = st.start;
    s.kind = st.kind;
    s.parsed = st.parsed;
    s.database = st.database;
    s.lineage = &st.lineage;
    s.diagnostics = &st.diagnostics;
    plain.statements.push_back(s);
  }
  for (output::Format format : {output::Format::Json, output::Format::Jsonl, output::Format::Hive}) {
    CAPTURE(static_cast<int>(format));
    const std::unique_ptr<output::Writer> w = output::MakeWriter(format);
    std::string out;
    w->Begin(out);
    w->Piece(plain, {}, out);
    w->End(out);
    CHECK(out.find("dw.t.c") != std::string::npos);
    CHECK(out == WriteAll(format, {f}));
  }
  std::string diagnostics, through_driver;
  output::RenderDiagnostics(plain, diagnostics);
  driver::RenderDiagnostics(f, through_driver);
  CHECK(diagnostics.find("unexpected byte") != std::string::npos);
  CHECK(diagnostics == through_driver);
}

TEST_CASE("jsonl writer: one statement per line") {
  std::vector<FileResult> files;
  files.push_back(HandMade());
  const std::string out = WriteAll(output::Format::Jsonl, files);
  CHECK(std::count(out.begin(), out.end(), '\n') == 3);
  const auto first = nlohmann::json::parse(out.substr(0, out.find('\n')));
  CHECK(first["kind"] == "use");
}

TEST_CASE("hive writer: LineageLogger edges and vertices") {
  std::vector<FileResult> files;
  files.push_back(HandMade());
  const std::string out = WriteAll(output::Format::Hive, files);
  // Only the insert is logged (USE is not, the failed statement is not).
  REQUIRE(std::count(out.begin(), out.end(), '\n') == 1);
  const nlohmann::json j = nlohmann::json::parse(out);
  const std::string query = "insert into t select a, b, upper(c) from s where d > 1";
  CHECK(j["version"] == "1.0");
  CHECK(j["database"] == "dw");
  CHECK(j["queryText"] == query);
  CHECK(j["hash"] == output::Md5Hex(query));
  const auto& v = j["vertices"];
  REQUIRE(v.size() == 9);
  // Targets first, in column order, then sources in edge order.
  CHECK(v[0]["vertexId"] == "dw.t.a");
  CHECK(v[3]["vertexId"] == "dw.t.n");
  CHECK(v[4]["vertexId"] == "dw.s.a");
  CHECK(v[7]["vertexId"] == "dw.s");
  CHECK(v[7]["vertexType"] == "TABLE");  // count(*) depends on the whole table
  CHECK(v[8]["vertexId"] == "dw.s.d");
  const auto& e = j["edges"];
  REQUIRE(e.size() == 5);
  CHECK(e[0]["edgeType"] == "PROJECTION");
  CHECK(!e[0].contains("expression"));
  CHECK(e[2]["expression"] == "upper(s.c)");
  CHECK(e[4]["edgeType"] == "PREDICATE");
  CHECK(e[4]["targets"] == nlohmann::json::array({0, 1, 2, 3}));
  CHECK(e[4]["sources"] == nlohmann::json::array({8}));
}

TEST_CASE("json writer: conditions apart from the value sources, with their clause") {
  std::vector<FileResult> files;
  files.push_back(
      Analyze("create table s.o (id int, uid int, amt double, dt string);\n"
              "create table s.u (id int, city string);\n"
              "from s.o o join s.u u on o.uid = u.id\n"
              "insert into table d.a select u.city, sum(o.amt) where o.dt = '1' group by u.city\n"
              "insert into table d.b select o.id, o.amt order by o.id;\n"));
  const nlohmann::json j = nlohmann::json::parse(WriteAll(output::Format::Json, files));
  const auto& st = j["statements"][2];
  // Value sources are only what flows into the value.
  CHECK(st["columns"][0] ==
        nlohmann::json::parse(R"({"target": "d.a.city", "sources": ["s.u.city"], "expression": "u.city"})"));
  CHECK(st["columns"][1]["sources"] == nlohmann::json::array({"s.o.amt"}));
  std::vector<std::string> got;
  for (const auto& c : st["conditions"]) {
    std::string line =
        c["clause"].get<std::string>() + " " + c["expression"].get<std::string>() + " " + c["columns"].dump();
    if (c.contains("targets")) line += " -> " + c["targets"].dump();
    got.push_back(line);
  }
  // The join governs both bodies (no targets); WHERE and GROUP BY the first, ORDER BY the second.
  CHECK(got == std::vector<std::string>{R"(join_on (o.uid = u.id) ["s.o.uid","s.u.id"])",
                                        R"(where (o.dt = '1') ["s.o.dt"] -> ["d.a._c1","d.a.city"])",
                                        R"(group_by u.city ["s.u.city"] -> ["d.a._c1","d.a.city"])",
                                        R"(sort ORDER BY o.id ["s.o.id"] -> ["d.b.amt","d.b.id"])"});
  // A statement without conditions still has the (empty) array.
  CHECK(j["statements"][0]["conditions"] == nlohmann::json::array());
}

TEST_CASE("hive writer merges projections with the same sources and expression") {
  FileResult f;
  f.source = std::make_shared<const SourceFile>("m.sql", "select 1 a, 1 b");
  StatementResult s;
  s.span = {0, 15};
  s.kind = StatementKind::Query;
  s.parsed = true;
  s.database = "default";
  using T = lineage::ColumnLineage::Type;
  s.lineage.columns = {{"a", {}, "1", T::Expression}, {"b", {}, "1", T::Expression}};
  f.statements = {s};
  std::string out;
  REQUIRE(driver::WriteHiveRecord(f, f.statements[0], out));
  const nlohmann::json j = nlohmann::json::parse(out);
  REQUIRE(j["edges"].size() == 1);
  CHECK(j["edges"][0]["targets"] == nlohmann::json::array({0, 1}));
}

TEST_CASE("json string escaping") {
  std::string out;
  output::AppendJsonString(out, std::string("a\"b\\c\n\t\x01\x7f\xC3\xA9\xC3", 12));
  CHECK(out == "\"a\\\"b\\\\c\\n\\t\\u0001\x7f\xC3\xA9\xEF\xBF\xBD\"");
  CHECK(nlohmann::json::accept(out));
}

TEST_CASE("json string escaping agrees with nlohmann in long strings, two specials anywhere") {
  // Past 16 and 62 bytes the escaper takes its 16-byte and long-string paths.
  const std::vector<std::string> specials = {"\"", "\\", "\t", "\xC3\xA9", "\xFF"};
  for (const std::string& a : specials) {
    for (size_t pos = 0; pos <= 80; pos += 3) {
      std::string s = std::string(pos, 'y') + a + std::string(80 - pos, 'y');
      s.insert(pos + a.size() + (80 - pos) / 2, "\n");
      std::string out = "[";
      output::AppendJsonString(out, s);
      CAPTURE(pos);
      if (a != "\xFF") {
        CHECK(out == "[" + nlohmann::json(s).dump());
      } else {  // not UTF-8: U+FFFD in its place
        CHECK(nlohmann::json::parse(out.substr(1)).get<std::string>().find("\xEF\xBF\xBD") != std::string::npos);
      }
    }
  }
}

TEST_CASE("md5 test vectors (RFC 1321)") {
  CHECK(output::Md5Hex("") == "d41d8cd98f00b204e9800998ecf8427e");
  CHECK(output::Md5Hex("abc") == "900150983cd24fb0d6963f7d28e17f72");
  CHECK(output::Md5Hex("message digest") == "f96b697d7cb7938d525a2f31aaf161d0");
  CHECK(output::Md5Hex("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") ==
        "d174ab98d277d9f5a5611c2c9f419d9f");
  CHECK(output::Md5Hex("12345678901234567890123456789012345678901234567890123456789012345678901234567890") ==
        "57edf4a22be3c955ac49da2e2107b67a");
  // Hive's own record for this query (lineage-logger.jsonl, lineage2.q).
  CHECK(output::Md5Hex("create table src2 as select key key2, value value2 from src1") ==
        "87921246fb098d44c05e0ccd9ecb0676");
}

TEST_CASE("json string escaping agrees with nlohmann at every position") {
  const std::vector<std::string> specials = {"\"", "\\", "\n", std::string(1, '\x1f'), "\xC3\xA9", "\xE4\xB8\xAD"};
  for (const std::string& special : specials) {
    for (size_t pos = 0; pos <= 24; ++pos) {
      std::string s(24, 'x');
      s.insert(pos, special);
      std::string out;
      output::AppendJsonString(out, s);
      CAPTURE(pos);
      CHECK(out == nlohmann::json(s).dump());
    }
  }
}
