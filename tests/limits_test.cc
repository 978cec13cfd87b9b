// Input limits and hostile input: size limits with located errors, awkward
// bytes and line ends, very large or very deep statements, determinism.
// Inputs are generated in memory and kept small enough for the sanitizer
// build; the 100 MB measurement lives in docs/limits.md, not here.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "base/strings.h"
#include "driver/analyze_script.h"
#include "driver/output_writer.h"
#include "driver/run.h"

using namespace hivelineage;
using namespace std::string_literals;
using namespace hivelineage::driver;

namespace {

FileResult Analyze(std::string_view text, const AnalyzeOptions& options = {}) {
  lineage::Session session;
  return AnalyzeScript(std::make_shared<const SourceFile>("t.sql", text), session, options);
}

// Every diagnostic as the CLI prints it (file:line:col, source line, caret).
std::string Rendered(const FileResult& r) {
  std::string out;
  driver::RenderDiagnostics(r, out);
  return out;
}

std::vector<std::string> Messages(const Diagnostics& diags, Severity s) {
  std::vector<std::string> out;
  for (const Diagnostic& d : diags)
    if (d.severity == s) out.push_back(d.message);
  return out;
}

bool AnyMessage(const Diagnostics& diags, std::string_view part) {
  return std::any_of(diags.begin(), diags.end(),
                     [&](const Diagnostic& d) { return d.message.find(part) != std::string::npos; });
}

bool AnyCode(const Diagnostics& diags, DiagnosticCode code) {
  return std::any_of(diags.begin(), diags.end(), [&](const Diagnostic& d) { return d.code == code; });
}

std::string Write(output::Format format, const FileResult& r) {
  auto w = driver::MakeWriter(format);
  std::string out;
  w->Begin(out);
  w->File(r, out);
  w->End(out);
  return out;
}

std::string Repeat(std::string_view s, size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (size_t i = 0; i < n; ++i) out.append(s);
  return out;
}

// The sources of the one written column of an `insert ... select x` statement.
std::vector<std::string> OnlyColumnSources(const StatementResult& s) {
  REQUIRE(s.lineage.columns.size() == 1);
  return s.lineage.columns[0].sources;
}

const std::vector<std::string> kTA = {"default.t.a"};

}  // namespace

TEST_CASE("limits: defaults are the documented ones") {
  const Limits l;
  CHECK(l.max_file_bytes == uint64_t{1} << 30);
  CHECK(l.max_statement_bytes == 64u << 20);
  CHECK(l.max_statements == 1'000'000u);
  CHECK(l.max_nesting_depth == 1000);
}

TEST_CASE("limits: a file over max_file_bytes is refused with a located error") {
  AnalyzeOptions options;
  options.limits.max_file_bytes = 64;
  const std::string text = "insert into table o select a from t;\n" + Repeat("select 1;\n", 5);
  REQUIRE(text.size() > 64);
  const FileResult r = Analyze(text, options);
  CHECK(r.statements.empty());
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.has_error());
  const std::string shown = Rendered(r);
  CHECK(shown.find("t.sql:1:1: error: file is 87 bytes, more than the limit of 64 bytes; not analysed\n") == 0);
  CHECK(shown.find("\ninsert into table o select a from t;\n^\n") != std::string::npos);

  options.limits.max_file_bytes = text.size();  // at the limit is fine
  const FileResult ok = Analyze(text, options);
  CHECK(ok.statements.size() == 6);
  CHECK(!ok.has_error());
}

TEST_CASE("limits: a statement over max_statement_bytes is skipped, the others analysed") {
  AnalyzeOptions options;
  options.limits.max_statement_bytes = 40;
  const std::string text =
      "insert into table o select a from t;\n"
      "\n"
      "  insert into table o select a from t where b = 'a long condition';\n"
      "insert into table o select a from t";
  const FileResult r = Analyze(text, options);
  REQUIRE(r.statements.size() == 3);
  CHECK(OnlyColumnSources(r.statements[0]) == kTA);
  CHECK(OnlyColumnSources(r.statements[2]) == kTA);
  const StatementResult& big = r.statements[1];
  CHECK(!big.parsed);
  CHECK(big.kind == StatementKind::Insert);  // guessed from the first words
  CHECK(big.lineage.columns.empty());
  CHECK(Messages(big.diagnostics, Severity::Error) ==
        std::vector<std::string>{"statement is 64 bytes, more than the limit of 40 bytes; not analysed"});
  const std::string shown = Rendered(r);
  CHECK(shown.find("t.sql:3:3: error: statement is 64 bytes") != std::string::npos);
  CHECK(shown.find("\n  insert into table o select a from t where b = 'a long condition';\n  ^\n") !=
        std::string::npos);
}

TEST_CASE("limits: the statement size counts the text after variable substitution") {
  AnalyzeOptions options;
  options.limits.max_statement_bytes = 100;
  options.variables = {{"cols", Repeat("a, ", 40) + "a"}};
  const FileResult r = Analyze("select a from t;\nselect ${cols} from t;", options);
  REQUIRE(r.statements.size() == 2);
  CHECK(r.statements[0].parsed);
  CHECK(AnyCode(r.statements[1].diagnostics, DiagnosticCode::StatementTooLarge));
  CHECK(AnyMessage(r.statements[1].diagnostics, "statement is 135 bytes, more than the limit of 100"));
  CHECK(Rendered(r).find("t.sql:2:1: error: statement is 135 bytes") != std::string::npos);
}

TEST_CASE("limits: past max_statements the rest of the file is skipped with a located error") {
  AnalyzeOptions options;
  options.limits.max_statements = 3;
  const FileResult r = Analyze("select 1;\nselect 2;\nselect 3;\n  select 4;\nselect 5;\n", options);
  CHECK(r.statements.size() == 3);
  for (const StatementResult& s : r.statements) CHECK(!s.has_error());
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.has_error());
  CHECK(r.diagnostics[0].code == DiagnosticCode::TooManyStatements);
  CHECK(Rendered(r).find("t.sql:4:3: error: more than 3 statements in one file") != std::string::npos);

  options.limits.max_statements = 5;  // exactly at the limit
  const FileResult ok = Analyze("select 1;\nselect 2;\nselect 3;\n  select 4;\nselect 5;\n", options);
  CHECK(ok.statements.size() == 5);
  CHECK(!ok.has_error());
}

TEST_CASE("limits: nesting deeper than max_nesting_depth is an error, never a crash") {
  struct Shape {
    const char* what;
    std::string (*make)(int depth);
  };
  const Shape shapes[] = {
      {"parentheses", [](int n) { return "select " + Repeat("(", n) + "a" + Repeat(")", n) + " from t"; }},
      {"subqueries in FROM",
       [](int n) { return "select a from " + Repeat("(select a from ", n) + "t" + Repeat(") x", n); }},
      {"IN subqueries",
       [](int n) {
         return "select a from t where a in " + Repeat("(select a from t where a in ", n) + "(1)" + Repeat(")", n);
       }},
      {"CASE", [](int n) { return "select " + Repeat("case when b then ", n) + "a" + Repeat(" end", n) + " from t"; }},
      {"function calls", [](int n) { return "select " + Repeat("f(", n) + "a" + Repeat(")", n) + " from t"; }},
      {"unary minus", [](int n) { return "select " + Repeat("- ", n) + "a from t"; }},
      {"NOT", [](int n) { return "select a from t where " + Repeat("not ", n) + "b"; }},
      {"parenthesised queries", [](int n) { return Repeat("(", n) + "select a from t" + Repeat(")", n); }},
  };
  for (const Shape& shape : shapes) {
    CAPTURE(shape.what);
    AnalyzeOptions options;
    options.limits.max_nesting_depth = 30;
    const FileResult shallow = Analyze(shape.make(10), options);
    REQUIRE(shallow.statements.size() == 1);
    CHECK(!shallow.statements[0].has_error());
    CHECK(shallow.statements[0].lineage.inputs == std::vector<std::string>{"default.t"});

    const FileResult deep = Analyze(shape.make(60), options);
    REQUIRE(deep.statements.size() == 1);
    CHECK(AnyCode(deep.statements[0].diagnostics, DiagnosticCode::NestingTooDeep));
    CHECK(Rendered(deep).find("t.sql:1:") == 0);

    // The default limit holds against far deeper input.
    const FileResult hostile = Analyze(shape.make(20000));
    REQUIRE(hostile.statements.size() == 1);
    CHECK(AnyCode(hostile.statements[0].diagnostics, DiagnosticCode::NestingTooDeep));
  }
}

TEST_CASE("limits: long flat lists and operator chains are not nesting") {
  const int n = 20000;
  std::string concat = "insert into table o select a";
  std::string ands = "insert into table o select a from t where a = 0";
  std::string in_list = "insert into table o select a from t where a in (0";
  for (int i = 1; i < n; ++i) {
    Append(concat, " || a");
    Append(ands, " and a = ", i);
    Append(in_list, ", ", i);
  }
  concat += " from t";
  in_list += ")";
  for (const std::string& text : {concat, ands, in_list}) {
    const FileResult r = Analyze(text);
    REQUIRE(r.statements.size() == 1);
    CHECK(!r.statements[0].has_error());
    CHECK(OnlyColumnSources(r.statements[0]) == kTA);
  }
}

TEST_CASE("hostile input: NUL bytes are located errors; the next statements still run") {
  const std::string text = "select a\0b from t;\ninsert into table o select a from t;"s;
  const FileResult r = Analyze(text);
  REQUIRE(r.statements.size() == 2);
  CHECK(AnyCode(r.statements[0].diagnostics, DiagnosticCode::UnexpectedCharacter));
  CHECK(AnyMessage(r.statements[0].diagnostics, "NUL"));
  const std::string shown = Rendered(r);
  CHECK(shown.find("t.sql:1:9: error: unexpected NUL byte\nselect a?b from t;\n        ^\n") == 0);
  CHECK(shown.find('\0') == std::string::npos);  // never echoed to the terminal
  CHECK(!r.statements[1].has_error());
  CHECK(OnlyColumnSources(r.statements[1]) == kTA);
  CHECK(nlohmann::json::accept(Write(output::Format::Json, r)));
}

TEST_CASE("hostile input: invalid UTF-8 is reported at the byte and JSON output stays valid") {
  const std::string text = "insert into table o select a from t where b = '\xFF\xFE';\nselect \xC0\x80 from t;";
  LoadedInput in = DecodeInput("t.sql", text);
  lineage::Session session;
  const FileResult r = AnalyzeScript(in.source, session, {});
  REQUIRE(r.statements.size() == 2);
  CHECK(!r.statements[0].has_error());  // inside a string literal: just bytes
  CHECK(OnlyColumnSources(r.statements[0]) == kTA);
  CHECK(r.statements[1].has_error());
  CHECK(Rendered(r).find("t.sql:2:8: error: invalid UTF-8 byte 0xC0") != std::string::npos);
  const std::string json = Write(output::Format::Json, r);
  CHECK(nlohmann::json::accept(json));
}

TEST_CASE("hostile input: CRLF and lone CR line ends give the same lineage and true line numbers") {
  const std::string lf = "insert into table o\nselect a\nfrom t;\nselect\n  f(;\n";
  std::string crlf, cr;
  for (char c : lf) {
    if (c == '\n') {
      crlf += "\r\n";
      cr += '\r';
    } else {
      crlf += c;
      cr += c;
    }
  }
  for (const std::string& text : {lf, crlf, cr}) {
    const FileResult r = Analyze(text);
    REQUIRE(r.statements.size() == 2);
    CHECK(OnlyColumnSources(r.statements[0]) == kTA);
    CHECK(r.statements[1].start.line == 4);
    const std::string shown = Rendered(r);
    CHECK(shown.find("t.sql:5:5: error: ") == 0);
    CHECK(shown.find("\n  f(;\n    ^\n") != std::string::npos);  // no CR in the echoed line
  }
}

TEST_CASE("hostile input: a UTF-8 byte-order mark is skipped") {
  const FileResult r = Analyze("\xEF\xBB\xBFinsert into table o select a from t;\nselect f(;");
  REQUIRE(r.statements.size() == 2);
  CHECK(!r.statements[0].has_error());
  CHECK(r.statements[0].span.begin == 3);
  CHECK(OnlyColumnSources(r.statements[0]) == kTA);
  CHECK(Rendered(r).find("t.sql:2:10: error: ") == 0);
}

// At 10 MB: hivelineage_bench big.
TEST_CASE("hostile input: 1 MB identifiers and string literals") {
  const std::string ident(1u << 20, 'c');
  const FileResult r = Analyze("insert into table o select " + ident + " from t;\n" + "insert into table o select '" +
                               std::string(1u << 20, 'x') + "' as s, a from t;");
  REQUIRE(r.statements.size() == 2);
  CHECK(!r.statements[0].has_error());
  CHECK(OnlyColumnSources(r.statements[0]) == std::vector<std::string>{"default.t." + ident});
  CHECK(!r.statements[1].has_error());
  REQUIRE(r.statements[1].lineage.columns.size() == 2);
  CHECK(r.statements[1].lineage.columns[0].sources.empty());
  CHECK(r.statements[1].lineage.columns[1].sources == kTA);
}

TEST_CASE("hostile input: 10,000 UNION ALL branches") {
  std::string text = "insert into table o select a from t0";
  for (int i = 1; i < 10000; ++i) Append(text, "\nunion all select a from t", i);
  const FileResult r = Analyze(text);
  REQUIRE(r.statements.size() == 1);
  const StatementResult& s = r.statements[0];
  CHECK(!s.has_error());
  CHECK(s.diagnostics.empty());
  CHECK(s.lineage.inputs.size() == 10000);
  CHECK(OnlyColumnSources(s).size() == 10000);
}

TEST_CASE("hostile input: 1,000 chained CTEs, each reading the previous one") {
  std::string text = "insert into table o with c0 as (select a from t)";
  for (int i = 1; i < 1000; ++i) Append(text, ",\nc", i, " as (select a from c", i - 1, ")");
  text += "\nselect a from c999";
  const FileResult r = Analyze(text);
  REQUIRE(r.statements.size() == 1);
  const StatementResult& s = r.statements[0];
  CHECK(Messages(s.diagnostics, Severity::Warning).empty());
  CHECK(!s.has_error());
  CHECK(s.lineage.inputs == std::vector<std::string>{"default.t"});
  CHECK(OnlyColumnSources(s) == kTA);
}

// At 10 MB: hivelineage_bench big.
TEST_CASE("hostile input: a 1 MB script of ordinary statements") {
  const std::string unit =
      "set hive.exec.dynamic.partition=true;\n"
      "insert overwrite table dw.orders partition (dt = '2024-03-01')\n"
      "select o.id, o.user_id, upper(u.name) as user_name, sum(o.amount) over (partition by o.user_id) as total\n"
      "from ods.orders o join ods.users u on o.user_id = u.id\n"
      "where o.dt = '2024-03-01' and u.deleted = 0;\n"
      "with recent as (select id, amount from ods.orders where dt >= '2024-02-01')\n"
      "insert into table dw.big select id from recent where amount > 100 union all select id from ods.refunds;\n"
      "select count(*) from dw.orders; -- a comment\n";
  const size_t copies = (1u << 20) / unit.size() + 1;
  const FileResult r = Analyze(Repeat(unit, copies));
  CHECK(r.statements.size() == copies * 4);
  CHECK(!r.has_error());
  size_t written = 0;
  for (const StatementResult& s : r.statements) written += !s.lineage.outputs.empty();
  CHECK(written == copies * 2);
  CHECK(r.statements.back().lineage.inputs == std::vector<std::string>{"dw.orders"});
}

TEST_CASE("determinism: the same mixed script twice gives byte-identical output") {
  const std::string text =
      "\xEF\xBB\xBF-- mixed script\r\n"
      "set hivevar:dt=2024-03-01;\r\n"
      "use dw;\n"
      "create table if not exists d (k string, v bigint) partitioned by (dt string);\n"
      "insert overwrite table d partition (dt = '${dt}')\n"
      "select k, sum(v) from (select key as k, value as v from ods.src union all select k, v from ods.other) u "
      "group by k;\r"
      "from ods.src s insert into table x select s.key, upper(s.value) insert into table y select count(*);\n"
      "with a as (select key from ods.src), b as (select key from a) select key from b where key in (select k from "
      "d);\n"
      "select f(( from t;\n"
      "select 'bad \xFF byte', a\0 from t;\n"
      "create view v as select k, v * 2 as w from d lateral view explode(array(1, 2)) e as z;\n"
      "insert into table z select w, k from v;\n"s;
  const std::string& script = text;
  for (output::Format format : {output::Format::Json, output::Format::Jsonl, output::Format::Hive}) {
    const std::string first = Write(format, Analyze(script));
    const std::string second = Write(format, Analyze(script));
    CHECK(!first.empty());
    CHECK(first == second);
  }
  const FileResult a = Analyze(script);
  const FileResult b = Analyze(script);
  CHECK(Rendered(a) == Rendered(b));
  CHECK(a.has_error());
  CHECK(a.statements.size() == 10);
}
