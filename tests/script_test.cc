#include "lexer/script.h"

#include <doctest/doctest.h>

#include "lexer/lexer.h"
#include "test_support.h"

using namespace hivelineage;
using namespace hivelineage::lexer;

TEST_CASE("split on ; outside strings, comments and backquotes") {
  SourceFile f("s.sql", "select ';' -- ; here\n from t; /* ; */ select `a;b` from u;\n\n;  ");
  Variables vars;
  Diagnostics diags;
  auto st = SplitScript(f, vars, diags);
  REQUIRE(st.size() == 2);
  CHECK(st[0].text() == "select ';' -- ; here\n from t");
  CHECK(st[1].text() == "select `a;b` from u");
  CHECK(diags.empty());
}

TEST_CASE("CLI commands are recognised") {
  SourceFile f("s.sql",
               "set hive.exec.parallel=true; SET ROLE admin; add jar x.jar; dfs -ls /; "
               "delete from t; delete jar x.jar; !ls; source a.sql; reset; list files; "
               "compile `x` as groovy named y; reload; select 1");
  Variables vars;
  Diagnostics diags;
  auto st = SplitScript(f, vars, diags);
  REQUIRE(st.size() == 13);
  CHECK(st[0].command == CommandKind::Set);
  CHECK(st[1].command == CommandKind::None);
  CHECK(st[2].command == CommandKind::Add);
  CHECK(st[3].command == CommandKind::Dfs);
  CHECK(st[4].command == CommandKind::None);
  CHECK(st[5].command == CommandKind::Delete);
  CHECK(st[6].command == CommandKind::Shell);
  CHECK(st[7].command == CommandKind::Source);
  CHECK(st[8].command == CommandKind::Reset);
  CHECK(st[9].command == CommandKind::List);
  CHECK(st[10].command == CommandKind::Compile);
  CHECK(st[11].command == CommandKind::Reload);
  CHECK(st[12].command == CommandKind::None);
}

TEST_CASE("CLI command words are told in any case, whole, and not when quoted") {
  SourceFile f("s.sql",
               "SeT a=1; RESET; ADD FILE x; LIST JARS; DELETE ARCHIVE y; DFS -ls; SOURCE b.sql; COMPILE `x`; "
               "RELOAD; CRYPTO list; LLAP cache; QUIT; ExIt; "
               "sets a=1; se a; 'set' a=1; setx; add table t; list t; reload function f; llap x; quit now; "
               "exits; dfsx; resets; sourcex; "
               // Read 8 bytes at once when 8 remain, byte by byte when fewer do.
               "COMPILES x; compile\n`x`; LLAP\tcache; dfs-ls; set\xC3\xA9 a; crypto_x; se\xC3\xA9t a; dfs; Set; sets");
  Variables vars;
  Diagnostics diags;
  auto st = SplitScript(f, vars, diags);
  const CommandKind expected[] = {
      CommandKind::Set,    CommandKind::Reset,  CommandKind::Add,  CommandKind::List, CommandKind::Delete,
      CommandKind::Dfs,    CommandKind::Source, CommandKind::Compile, CommandKind::Reload, CommandKind::Crypto,
      CommandKind::Llap,   CommandKind::Quit,   CommandKind::Quit,
      CommandKind::None,   CommandKind::None,   CommandKind::None, CommandKind::None, CommandKind::None,
      CommandKind::None,   CommandKind::None,   CommandKind::None, CommandKind::None, CommandKind::None,
      CommandKind::None,   CommandKind::None,   CommandKind::None,
      CommandKind::None,   CommandKind::Compile, CommandKind::Llap, CommandKind::Dfs,  CommandKind::Set,
      CommandKind::None,   CommandKind::None,   CommandKind::Dfs,  CommandKind::Set,  CommandKind::None};
  REQUIRE(st.size() == std::size(expected));
  for (size_t i = 0; i < st.size(); ++i) {
    CAPTURE(st[i].text());
    CHECK(st[i].command == expected[i]);
  }
}

TEST_CASE("variables from --var and set, with positions in the original text") {
  SourceFile f("s.sql",
               "set hivevar:db=ods;\nset dt=2024-01-01;\n"
               "select * from ${db}.t_${hiveconf:dt} where dt='${dt}' and x=${missing}");
  Variables vars;
  vars.Define("unused", "1");
  Diagnostics diags;
  auto st = SplitScript(f, vars, diags);
  REQUIRE(st.size() == 3);
  CHECK(st[2].text() == "select * from ods.t_2024-01-01 where dt='2024-01-01' and x=${missing}");
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].severity == Severity::Warning);
  CHECK(f.Slice(diags[0].span) == "${missing}");
  // An offset inside the substituted text maps back to the original.
  const std::string_view text = st[2].text();
  const uint32_t where = static_cast<uint32_t>(text.find("where"));
  CHECK(f.Slice(Span{st[2].ToOriginal(where), st[2].ToOriginal(where) + 5}) == "where");
  const uint32_t x = static_cast<uint32_t>(text.find("${missing}"));
  CHECK(f.Slice(Span{st[2].ToOriginal(x), st[2].ToOriginal(x) + 10}) == "${missing}");
}

TEST_CASE("nested variable references and env only when allowed") {
  SourceFile f("s.sql", "set b=a; set a=value; select '${hiveconf:${hiveconf:b}}', '${env:HOME}'");
  Variables vars;
  Diagnostics diags;
  auto st = SplitScript(f, vars, diags);
  REQUIRE(st.size() == 3);
  CHECK(st[2].text() == "select 'value', '${env:HOME}'");
  vars.allow_env = true;
  Variables vars2;
  vars2.allow_env = true;
  setenv("HIVELINEAGE_TEST_ENV", "xyz", 1);
  SourceFile g("g.sql", "select '${env:HIVELINEAGE_TEST_ENV}'");
  auto st2 = SplitScript(g, vars2, diags);
  CHECK(st2[0].text() == "select 'xyz'");
}

TEST_CASE("self-referencing variables stop at a size limit with an error") {
  // Found by the lexer fuzzer: each level doubles the text.
  SourceFile f("s.sql", "set a=x; set a=${a}${a}; set a=${a}${a}; select '${a}'");
  Variables vars;
  vars.Define("b", "${b}${b}");
  Diagnostics diags;
  auto st = SplitScript(f, vars, diags);
  REQUIRE(st.size() == 4);
  SourceFile g("g.sql", "select '${b}' from t");
  auto st2 = SplitScript(g, vars, diags);
  REQUIRE(st2.size() == 1);
  CHECK(st2[0].text().size() <= (1u << 20) + 64);
  bool limit_error = false;
  for (const auto& d : diags) limit_error |= d.severity == Severity::Error;
  CHECK(limit_error);
}

TEST_CASE("byte-order mark, CRLF and lone CR") {
  SourceFile f("s.sql", "\xEF\xBB\xBFselect 1;\r\nselect 2;\rselect 3");
  Variables vars;
  Diagnostics diags;
  auto st = SplitScript(f, vars, diags);
  REQUIRE(st.size() == 3);
  CHECK(st[0].text() == "select 1");
  CHECK(f.Locate(st[1].span.begin).line == 2);
  CHECK(f.Locate(st[2].span.begin).line == 3);
  CHECK(f.Locate(st[2].span.begin).column == 1);
}

TEST_CASE("CLI commands run to the next ; without comments") {
  // Hive's own tests: `/*` in a dfs path and `--` options of crypto are not comments.
  SourceFile f("s.sql",
               "dfs -cat ${hiveconf:hive.metastore.warehouse.dir}/t/*;\nselect 1;\n"
               "crypto create_key --keyName key_128 --bitLength 128;\nselect 2 -- real comment ;\n;");
  Variables vars;
  Diagnostics diags;
  auto st = SplitScript(f, vars, diags);
  REQUIRE(st.size() == 4);
  CHECK(st[0].command == CommandKind::Dfs);
  CHECK(st[0].original == "dfs -cat ${hiveconf:hive.metastore.warehouse.dir}/t/*");
  CHECK(st[1].text() == "select 1");
  CHECK(st[2].command == CommandKind::Crypto);
  CHECK(st[2].original == "crypto create_key --keyName key_128 --bitLength 128");
  CHECK(st[3].text() == "select 2");  // the ; inside the comment does not split
}

TEST_CASE("a full-width semicolon separates statements, with a warning") {
  SourceFile f("s.sql", "select 1\xEF\xBC\x9B select 2");
  Variables vars;
  Diagnostics diags;
  auto st = SplitScript(f, vars, diags);
  REQUIRE(st.size() == 2);
  CHECK(st[0].text() == "select 1");
  CHECK(st[1].text() == "select 2");
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].severity == Severity::Warning);
}

TEST_CASE("a set command is read once: its key and value come with the statement") {
  SourceFile f("s.sql", "set hive.support.quoted.identifiers = none ; set; set -v; set x; SET a.b=${hiveconf:c}=d;");
  Variables vars;
  vars.Define("c", "1");
  Diagnostics diags;
  auto st = SplitScript(f, vars, diags);
  REQUIRE(st.size() == 5);
  for (const StatementText& s : st) CHECK(s.command == CommandKind::Set);
  CHECK(st[0].SetKey() == "hive.support.quoted.identifiers");
  CHECK(st[0].SetValue() == "none");
  for (int i = 1; i <= 3; ++i) CHECK(st[i].SetKey().empty());
  CHECK(st[4].SetKey() == "a.b");
  CHECK(st[4].SetValue() == "1=d");  // substituted, and split at the first `=`
  CHECK(vars.Lookup("hiveconf:a.b") == "1=d");
}

TEST_CASE("quit and exit end a script only alone in their statement") {
  SourceFile f("s.sql", "exit;\nquit now;\nexit()");
  Variables vars;
  Diagnostics diags;
  auto st = SplitScript(f, vars, diags);
  REQUIRE(st.size() == 3);
  CHECK(st[0].command == CommandKind::Quit);
  CHECK(st[1].command == CommandKind::None);
  CHECK(st[2].command == CommandKind::None);
}

TEST_CASE("the kind of a statement that does not parse, from its first words") {
  CHECK(GuessStatementKind("SELECT x FROM") == StatementKind::Query);
  CHECK(GuessStatementKind("((select") == StatementKind::Query);
  CHECK(GuessStatementKind("with a as (") == StatementKind::Query);
  CHECK(GuessStatementKind("from t insert") == StatementKind::Query);
  CHECK(GuessStatementKind("table t") == StatementKind::Query);
  CHECK(GuessStatementKind("INSERT OVERWRITE TABLE") == StatementKind::Insert);
  CHECK(GuessStatementKind("Merge into") == StatementKind::Merge);
  CHECK(GuessStatementKind("create or replace view v as select") == StatementKind::CreateView);
  CHECK(GuessStatementKind("create temporary table x as select 1 +") == StatementKind::Ctas);
  CHECK(GuessStatementKind("create table x as (select") == StatementKind::Ctas);
  CHECK(GuessStatementKind("create external table x (a int") == StatementKind::CreateTable);
  CHECK(GuessStatementKind("create table x (a int) comment 'as select'") == StatementKind::CreateTable);
  CHECK(GuessStatementKind("create database") == StatementKind::Other);
  CHECK(GuessStatementKind("msck repair table t") == StatementKind::Other);
  CHECK(GuessStatementKind("") == StatementKind::Other);
  CHECK(CommandArgument("source  /tmp/a b.sql ") == "/tmp/a b.sql");
}

TEST_CASE("the kind of a statement from its first words only: a CTAS is a CREATE TABLE") {
  CHECK(GuessStatementKind("create temporary table x as select 1 +", false) == StatementKind::CreateTable);
  CHECK(GuessStatementKind("create external table x (a int", false) == StatementKind::CreateTable);
  CHECK(GuessStatementKind("create or replace view v as select", false) == StatementKind::CreateView);
  CHECK(GuessStatementKind("create database d", false) == StatementKind::Other);
  CHECK(GuessStatementKind("select 1", false) == StatementKind::Query);
}

TEST_CASE("variables: Definitions lists every namespace, and defining them again gives the same variables") {
  Variables vars;
  vars.Define("dt", "1");  // --var: hivevar and hiveconf
  vars.Define("hiveconf:k", "v");
  vars.DefineFromSet("q", "2");  // set q=2: hiveconf
  vars.Define("SYSTEM:s", "3");
  const std::vector<std::pair<std::string, std::string>> want = {
      {"hiveconf:dt", "1"}, {"hiveconf:k", "v"}, {"hiveconf:q", "2"}, {"hivevar:dt", "1"}, {"system:s", "3"}};
  CHECK(vars.Definitions() == want);
  Variables again;
  for (const auto& [name, value] : vars.Definitions()) again.Define(name, value);
  CHECK(again.Definitions() == want);
  CHECK(again.Lookup("dt") == "1");
  CHECK(again.Lookup("hivevar:k") == std::nullopt);
  CHECK(again.Lookup("system:s") == "3");
}

TEST_CASE("a line starting with # is a comment (Beeline skips it); a # inside a line is not") {
  SourceFile f("s.sql", "# run daily; by etl\nselect a from t;\n  # indented; too\nselect b\n# mid; statement\nfrom u;");
  Variables vars;
  Diagnostics diags;
  auto st = SplitScript(f, vars, diags);
  REQUIRE(st.size() == 2);
  CHECK(st[0].text() == "select a from t");
  CHECK(st[1].text() == "select b\n# mid; statement\nfrom u");
  CHECK(diags.empty());
  LexOptions o;
  Diagnostics lex_diags;
  std::vector<Token> tokens;
  Tokenize(st[1].text(), o, tokens, lex_diags);
  CHECK(lex_diags.empty());
  REQUIRE(tokens.size() == 5);  // select b from u <eof>
}

TEST_CASE("an unterminated quote on the last line ends the split (no resumption before the quote)") {
  // Found by the hostile-bytes test: resumption looked back to the quote's own line.
  SourceFile f("s.sql", "select 1;\nselect \"oops");
  Variables vars;
  Diagnostics diags;
  auto st = SplitScript(f, vars, diags);
  REQUIRE(st.size() == 2);
  CHECK(st[1].text() == "select \"oops");
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].code == DiagnosticCode::UnterminatedQuote);
  CHECK(diags[0].message == "unterminated quote: line 2 (to the end of the file) not analysed");
}

TEST_CASE("an undefined variable is warned once per file, at its first use, with its count") {
  SourceFile f("s.sql", "select '${dt}' from t where d = '${dt}';\nselect '${dt}', '${other}' from u;");
  Variables vars;
  Diagnostics diags;
  auto st = SplitScript(f, vars, diags);
  REQUIRE(st.size() == 2);
  REQUIRE(diags.size() == 2);
  CHECK(diags[0].code == DiagnosticCode::UndefinedVariable);
  CHECK(diags[0].message == "undefined variable ${dt} left in place (3 uses in this file, warned once)");
  CHECK(diags[0].span.begin == f.text().find("${dt}"));
  CHECK(diags[1].message == "undefined variable ${other} left in place");
}

namespace {
// Every statement SplitScript hands out with `options`, and every diagnostic
// in `diags` when each is handed out (as a caller sees them), in one text.
std::string SplitTrace(const SourceFile& f, const SplitOptions& options) {
  Variables vars;
  vars.Define("dt", "2024-03-01");
  Diagnostics diags;
  std::string out;
  size_t seen = 0;
  auto diags_so_far = [&] {
    for (; seen < diags.size(); ++seen)
      out += "  diag " + std::to_string(diags[seen].span.begin) + ": " + diags[seen].message + "\n";
  };
  SplitScript(f, vars, diags, options, [&](StatementText&& st) {
    diags_so_far();
    out += std::to_string(st.span.begin) + "-" + std::to_string(st.span.end) + " [" + std::string(st.text()) + "] " +
           std::string(CommandKindName(st.command)) + "\n";
  });
  diags_so_far();
  return out;
}
}  // namespace

TEST_CASE("a recorded split gives the same statements and diagnostics without scanning the text again") {
  // A byte-order mark, comments, quotes, a CLI command, a `set` the next
  // statements see, an undefined variable, a full-width semicolon and an
  // unterminated quote: everything the scan and the substitution report.
  const SourceFile f("s.sql",
                     "\xEF\xBB\xBF-- head\nset x=${dt};\nselect '${x}', ${y} from t -- ;\n where a = ';'"
                     "\xEF\xBC\x9B dfs -ls /a/*; /* c; */ insert into u select ${y}, `b;c` from v;\n"
                     "select 'open from w;\ninsert into z select 1;\n");
  for (size_t max : {size_t{SIZE_MAX}, size_t{2}}) {
    CAPTURE(max);
    SplitOptions scan;
    scan.max_statements = max;
    const std::string want = SplitTrace(f, scan);
    CHECK(want.find("full-width") != std::string::npos);
    CHECK((want.find("unterminated quote") != std::string::npos) == (max == SIZE_MAX));  // past the limit: not met
    StatementSpans spans;
    SplitOptions record = scan;
    record.record = &spans;
    CHECK(SplitTrace(f, record) == want);
    REQUIRE(spans.complete);
    SplitOptions replay = scan;
    replay.replay = &spans;
    CHECK(SplitTrace(f, replay) == want);
  }
  // The replay follows the record, not the text: a record of one statement
  // gives that one alone.
  StatementSpans one;
  one.complete = true;
  one.statements.push_back(Span{3, 10});  // "-- head" read as a statement
  SplitOptions replay;
  replay.replay = &one;
  CHECK(SplitTrace(f, replay) == "3-10 [-- head] sql\n");
}

TEST_CASE("SourceFile::Locate: LF, CRLF and lone CR at every position of a long text") {
  // BuildLines scans 16 bytes a step; breaks on and across those boundaries.
  for (const std::string brk : {"\n", "\r\n", "\r"}) {
    for (size_t pos = 0; pos < 40; ++pos) {
      std::string text(pos, 'a');
      text += brk;
      text += std::string(40, 'b');
      text += brk;
      text += "cc";
      const SourceFile f("t.sql", text);
      CAPTURE(pos);
      CHECK(f.Locate(0).line == 1);
      const uint32_t b = static_cast<uint32_t>(pos + brk.size());
      CHECK(f.Locate(b).line == 2);
      CHECK(f.Locate(b).column == 1);
      const uint32_t c = static_cast<uint32_t>(text.size() - 2);
      CHECK(f.Locate(c).line == 3);
      CHECK(f.Locate(c + 1).column == 2);
      if (pos > 0) CHECK(f.Locate(static_cast<uint32_t>(pos - 1)).column == static_cast<int>(pos));
    }
  }
}

TEST_CASE("quotes hide `;` from the splitter and from a CLI command at every offset, escapes too") {
  for (size_t k = 0; k <= 40; ++k) {
    CAPTURE(k);
    const std::string pad(k, 'x');
    // A backslash escapes a quote in '...' (and a backslash), not in `...`.
    const std::string first = "select '" + pad + "\\\\\\';" + pad + "' as a, `" + pad + "\\` from t";
    const std::string command = "set v='" + pad + "\\';" + pad + "'";
    SourceFile f("s.sql", first + ";\n" + command + "; select 2;\nselect '" + pad + "\\");
    Variables vars;
    Diagnostics diags;
    auto st = SplitScript(f, vars, diags);
    REQUIRE(st.size() == 4);
    CHECK(st[0].text() == first);
    CHECK(st[1].text() == command);
    CHECK(st[1].command == CommandKind::Set);
    CHECK(st[2].text() == "select 2");
    CHECK(st[3].text() == "select '" + pad + "\\");  // unterminated: runs to the end of the file
  }
}

TEST_CASE("variable expansion stops at 1 MiB in a statement and 4 MiB in a script, each said once") {
  Variables vars;
  vars.Define("big", std::string(300'000, 'x'));
  // One statement: the fourth reference passes 1 MiB.
  {
    SourceFile f("one.sql", "select '${big}${big}${big}${big}' from t");
    Diagnostics diags;
    auto st = SplitScript(f, vars, diags);
    REQUIRE(st.size() == 1);
    CHECK(st[0].text().size() == 3 * 300'000 + std::string_view("select '${big}' from t").size());
    REQUIRE(diags.size() == 1);
    CHECK(diags[0].message == "variable expansion exceeds 1 MiB; substitution stopped here");
    CHECK(diags[0].span.begin == 26);  // the fourth ${big}
  }
  // Found by lex_fuzzer (a timeout): 14 KB of statements each growing to
  // 1 MiB expanded 14 MiB. A script now stops at 4 MiB (or 4 times its size),
  // once, and leaves the rest of its references as written.
  {
    std::string text;
    for (int i = 0; i < 20; ++i) text += "select '${big}' from t;\n";
    SourceFile f("many.sql", text);
    Diagnostics diags;
    auto st = SplitScript(f, vars, diags);
    REQUIRE(st.size() == 20);
    size_t expanded = 0;
    for (const auto& s : st) expanded += s.text().find("${big}") == std::string_view::npos;
    CHECK(expanded == 13);  // 13 x 300,000 bytes fit in 4 MiB
    CHECK(st[13].text() == "select '${big}' from t");
    CHECK(st[19].text() == "select '${big}' from t");
    REQUIRE(diags.size() == 1);
    CHECK(diags[0].message ==
          "variable expansions of this script exceed 4 MiB (or 4 times its size); substitution stopped here and "
          "for the rest of the script");
    CHECK(diags[0].span.begin == 13 * 24 + 8);
  }
}
