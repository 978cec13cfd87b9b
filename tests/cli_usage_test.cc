// Usage errors and help, the same for every subcommand: a usage error is one
// line naming the problem and where help is, exit status 2; the man page
// (--man-page, installed as hivelineage.1) is made from the --help texts.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "cli/commands.h"
#include "cli_in_process.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using hivelineage::testing::ShellQuote;
using hivelineage::testing::ShellResult;

fs::path TempDir() {
  static const fs::path dir = hivelineage::testing::ProcessTempDir("hivelineage_cli_usage_test_");
  return dir;
}

// The command line in-process (cli_in_process.h), from TempDir().
ShellResult Run(const std::string& args) {
  hivelineage::testing::WriteFile(TempDir(), "one.sql", "select 1;\n");
  return hivelineage::testing::RunMain(args, TempDir());
}

}  // namespace

TEST_CASE("cli usage: a usage error is one line naming the problem, exit status 2, for every subcommand") {
  struct Case {
    const char* args;
    const char* who;      // the command named
    const char* problem;  // part of the message
  };
  const Case cases[] = {
      {"--bogus one.sql", "hivelineage", "unknown option '--bogus'"},
      {"analyze --bogus one.sql", "hivelineage", "unknown option '--bogus'"},
      {"--format xml one.sql", "hivelineage", "unknown format 'xml'"},
      {"one.sql --hivevar novalue", "hivelineage", "--hivevar expects NAME=VALUE, got 'novalue'"},
      {"one.sql --hiveconf =v", "hivelineage", "--hiveconf expects NAME=VALUE"},
      {"one.sql -d", "hivelineage", "-d expects NAME=VALUE"},
      {"one.sql --database", "hivelineage", "--database needs a name"},
      {"one.sql -i", "hivelineage", "-i needs a file"},
      {"one.sql -f", "hivelineage", "-f needs a file"},
      {"-e 'select 1' one.sql", "hivelineage", "-e gives the script on the command line"},
      {"--sequence list.txt one.sql", "hivelineage", "give no PATH with it"},
      {"graph --bogus one.sql", "hivelineage graph", "unknown option '--bogus'"},
      {"graph one.sql --define", "hivelineage graph", "--define expects NAME=VALUE"},
      {"graph -e 'select 1' -f one.sql", "hivelineage graph", "-e gives the script on the command line"},
      {"impact one.sql", "hivelineage impact", "give exactly one of --downstream NAME or --upstream NAME"},
      {"impact --upstream a.b --depth x one.sql", "hivelineage impact", "--depth expects a non-negative number"},
      {"impact --upstream a.b one.sql -i", "hivelineage impact", "-i needs a file"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.args);
    const ShellResult r = Run(c.args);
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.err.starts_with(std::string(c.who) + ": "));
    CHECK(r.err.find(c.problem) != std::string::npos);
    CHECK(r.err.ends_with("; try '" + std::string(c.who) + " --help'\n"));
  }
}

TEST_CASE("cli usage: the man page holds every option and paragraph of every --help") {
  const ShellResult man = Run("--man-page");
  REQUIRE(man.code == 0);
  CHECK(man.out.starts_with(".TH HIVELINEAGE 1 "));
  // roff's escapes undone, the text filled into one line per paragraph.
  std::string text;
  for (size_t i = 0; i < man.out.size(); ++i) {
    if (man.out.compare(i, 2, "\\-") == 0 || man.out.compare(i, 2, "\\&") == 0) {
      if (man.out[i + 1] == '-') text += '-';
      ++i;
    } else if (man.out.compare(i, 3, "\\fB") == 0 || man.out.compare(i, 3, "\\fI") == 0 ||
               man.out.compare(i, 3, "\\fR") == 0) {
      i += 2;
    } else {
      text += man.out[i] == '\n' ? ' ' : man.out[i];
    }
  }
  // Each line of each --help, with its indentation and the gap between an
  // option and its description taken out, is found in that text.
  auto trim = [](std::string s) {
    s.erase(0, std::min(s.size(), s.find_first_not_of(' ')));
    for (size_t gap; (gap = s.find("  ")) != std::string::npos;) s.erase(gap, 1);
    return s;
  };
  size_t words = 0;
  for (const std::string help : {"--help", "graph --help", "impact --help"}) {
    CAPTURE(help);
    const ShellResult r = Run(help);
    REQUIRE(r.code == 0);
    for (size_t b = 0, e; (e = r.out.find('\n', b)) != std::string::npos; b = e + 1) {
      std::string line = r.out.substr(b, e - b);
      if (line == "options:") continue;  // a heading in the man page
      for (const char* prefix : {"usage: ", "exit status: "})
        if (line.starts_with(prefix)) line = line.substr(std::string(prefix).size());
      const size_t indent = line.find_first_not_of(' ');
      const size_t gap = indent == std::string::npos ? std::string::npos : line.find("  ", indent);
      for (const std::string& part :
           {trim(line.substr(0, gap)), gap == std::string::npos ? "" : trim(line.substr(gap))}) {
        if (part.empty()) continue;
        CAPTURE(part);
        CHECK(text.find(part) != std::string::npos);
        ++words;
      }
    }
  }
  CHECK(words > 80);
}

TEST_CASE("cli usage: every command of the table answers --help on stdout with exit status 0") {
  size_t commands = 0;
  for (const hivelineage::cli::CommandEntry& c : hivelineage::cli::Commands()) {
    CAPTURE(std::string(c.name));
    const ShellResult r = Run(std::string(c.name) + " --help");
    CHECK(r.code == 0);
    CHECK(r.err.empty());
    CHECK(r.out.find("usage: hivelineage " + std::string(c.name)) != std::string::npos);
    ++commands;
  }
  CHECK(commands >= 16);
  CHECK(Run("analyze --help").out == Run("--help").out);
}

// -q/--quiet and --warnings come from one table every command parses: each
// takes them (where they were refused as unknown options before), and its
// --help lists them.
TEST_CASE("cli usage: -q, --quiet and --warnings are taken by every command and in every --help") {
  hivelineage::testing::WriteFile(TempDir(), "w.sql", "insert into table o select ${undefined_var} as a from t;\n");
  hivelineage::testing::WriteFile(TempDir(), "w2.sql", "insert into table o2 select ${other_var} as b from o;\n");
  const std::string db = (TempDir() / "common_options.db").string();
  // Each command with what it needs besides the options; inputs with a warning.
  const std::vector<std::string> commands = {
      "w.sql",
      "graph w.sql",
      "impact --downstream default.t w.sql",
      "explain default.o.a w.sql",
      "catalog w.sql",
      "leaves w.sql",
      "path default.t default.o2 w.sql w2.sql",
      "readers default.t w.sql",
      "roots w.sql",
      "writers default.o w.sql",
      "store update " + db + " w.sql",
  };
  for (const std::string& command : commands) {
    CAPTURE(command);
    const ShellResult plain = Run(command);
    CHECK(plain.code <= 1);
    for (const char* option : {"-q", "--quiet", "-S", "--silent", "--warnings all", "--warnings=summary",
                               "--warnings none"}) {
      const std::string option_ = option;
      CAPTURE(option_);
      const ShellResult r = Run(command + " " + option);
      CHECK(r.code == plain.code);
      CHECK(r.err.find("unknown option") == std::string::npos);
      CHECK(r.out == plain.out);  // what stdout says is not the options' business
    }
    CHECK(Run(command + " --warnings loud").code == 2);
    CHECK(Run(command + " --quiet=yes").code == 2);
  }
  for (const char* help : {"--help", "graph --help", "impact --help", "explain --help", "catalog --help",
                                  "store --help", "usage --help", "serve --help", "check sensitive --help",
                                  "path --help", "domains --help", "rootcause --help"}) {
    const std::string help_ = help;
    CAPTURE(help_);
    const ShellResult r = Run(help);
    CHECK(r.code == 0);
    CHECK(r.out.find("  -q, --quiet, -S, --silent\n") != std::string::npos);
    CHECK(r.out.find("  --warnings WHICH      all (default)") != std::string::npos);
  }
}

TEST_CASE("cli usage: --warnings and --quiet are honoured by graph, impact and store update as by analyze") {
  hivelineage::testing::WriteFile(TempDir(), "w.sql", "insert into table o select ${undefined_var} as a from t;\n");
  const std::string db = (TempDir() / "honoured.db").string();
  for (const std::string& command :
       {std::string("w.sql"), std::string("graph w.sql"), std::string("impact --downstream default.t w.sql")}) {
    CAPTURE(command);
    const ShellResult all = Run(command + " -q");
    CHECK(all.err.find("warning: undefined variable ${undefined_var}") != std::string::npos);
    const ShellResult none = Run(command + " -q --warnings none");
    CHECK(none.err.empty());
    const ShellResult summary = Run(command + " --warnings summary");
    CHECK(summary.err.find("warning: undefined variable") == std::string::npos);
    CHECK(summary.err.find("hivelineage: warnings: 1 undefined variable") != std::string::npos);
    CHECK(Run(command + " -q --warnings summary").err.empty());
  }
  const ShellResult update = Run("store update " + db + " w.sql");
  CHECK(update.err.find("warning: undefined variable") != std::string::npos);
  CHECK(update.err.find("hivelineage store: ") != std::string::npos);  // the summary line
  const ShellResult quiet = Run("store update -q --warnings none --full " + db + " w.sql");
  CHECK(quiet.code == update.code);
  CHECK(quiet.err.empty());
}

// The option tables write --help and parse: every option --help lists is one
// the command takes (it may want a value, but is never an unknown option).
TEST_CASE("cli usage: every option a --help lists is an option its command knows") {
  size_t options = 0;
  // Not serve: a known option alone would start the server.
  for (const std::string command : {"", "graph ", "impact ", "explain ", "catalog ", "leaves ", "path ", "writers ",
                                    "usage ", "check sensitive ", "check schedule ", "check recompute ", "rootcause ",
                                    "domains "}) {
    const ShellResult help = Run(command + "--help");
    REQUIRE(help.code == 0);
    for (size_t b = 0, e; (e = help.out.find('\n', b)) != std::string::npos; b = e + 1) {
      const std::string line = help.out.substr(b, e - b);
      if (!line.starts_with("  -")) continue;
      const std::string label = line.substr(2, line.find("  ", 2) - 2);
      for (size_t wb = 0, we; wb < label.size(); wb = we + 1) {
        we = std::min(label.find(' ', wb), label.size());
        std::string word = label.substr(wb, we - wb);
        if (word.ends_with(',')) word.pop_back();
        if (!word.starts_with('-')) continue;
        const std::string args = command + word;
        CAPTURE(args);
        CHECK(Run(args).err.find("unknown option") == std::string::npos);
        ++options;
      }
    }
  }
  CHECK(options > 250);
}

// The tables tell a flag from an option with a value the same way in every
// command: a flag given a value is a usage error, not taken nor "unknown".
TEST_CASE("cli usage: a flag given a value is a usage error in every command") {
  for (const char* args : {"path a b --with-conditions=x", "impact --with-conditions=1", "graph --possible=1",
                           "rootcause x --with-conditions=1", "check sensitive --no-default-masking=1",
                           "check schedule --fail-on-unneeded=1", "store update --full=1 db one.sql",
                           "usage --quiet=1 log", "explain --possible=yes a.b.c"}) {
    CAPTURE(args);
    const ShellResult r = Run(args);
    CHECK(r.code == 2);
    CHECK(r.err.find("takes no value") != std::string::npos);
  }
}
