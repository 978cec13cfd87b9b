// Usage errors and help, the same for every subcommand: a usage error is one
// line naming the problem and where help is, exit status 2; the man page
// (--man-page, installed as hivelineage.1) is made from the --help texts.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using hivelineage::testing::ShellQuote;
using hivelineage::testing::ShellResult;

fs::path TempDir() {
  static const fs::path dir = hivelineage::testing::ProcessTempDir("hivelineage_cli_usage_test_");
  return dir;
}

ShellResult Run(const std::string& args) {
  hivelineage::testing::WriteFile(TempDir(), "one.sql", "select 1;\n");
  return hivelineage::testing::RunShell(ShellQuote(HIVELINEAGE_CLI) + " " + args, TempDir(), TempDir());
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
