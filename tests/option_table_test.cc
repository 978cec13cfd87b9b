// The option tables (src/cli/option_table.h): one table parses a command's
// options and writes its --help lines.
#include "cli/option_table.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace hivelineage::cli {
namespace {

struct Base {
  int level = 0;
};

void SetLevel(ArgCursor& c, Base& b, std::string& error) {
  std::string_view v;
  if (!c.TakeValue(v) || v.empty())
    error = "--level needs a value";
  else
    b.level = static_cast<int>(v.size());
}

struct Args : Base {
  bool flag = false;
  bool help = false;
  std::string name;
};

const Option<Args> kTable[] = {
    {{"-f", "--flag"}, "-f, --flag", "a flag\n", false, [](ArgCursor&, Args& a, std::string&) { a.flag = true; }},
    {{"--name"}, "--name NAME", "a name, on\ntwo lines\n", true,
     [](ArgCursor& c, Args& a, std::string& error) {
       std::string_view v;
       if (!c.TakeValue(v)) error = "--name needs a value";
       a.name = std::string(v);
     }},
    {{"--level"}, "--level-with-a-long-label LEVEL", "said below the label\n", true, SharedSetter<Args, SetLevel>},
    {{"-h", "--help"}, "", "", false, [](ArgCursor&, Args& a, std::string&) { a.help = true; }},
};

struct Parsed {
  Args args;
  std::vector<std::string> paths;
  std::string error;
};

Parsed Parse(std::vector<const char*> argv) {
  Parsed p;
  argv.insert(argv.begin(), "prog");
  ArgCursor c(static_cast<int>(argv.size()), argv.data(), 1);
  p.error = ParseCommandLine<Args>(
      c, {kTable}, p.args, p.args.help, [](ArgCursor&, std::string&) { return false; },
      [&](std::string_view path) { p.paths.emplace_back(path); });
  return p;
}

TEST_CASE("option table: --help lines at column 24, a long label alone on its line, hidden rows left out") {
  CHECK(TableHelp(std::span<const Option<Args>>(kTable)) ==
        "  -f, --flag            a flag\n"
        "  --name NAME           a name, on\n"
        "                        two lines\n"
        "  --level-with-a-long-label LEVEL\n"
        "                        said below the label\n");
}

TEST_CASE("option table: parses flags, values (both spellings), shared setters and paths") {
  const Parsed p = Parse({"a.sql", "-f", "--name=x", "--level", "abc", "b.sql"});
  CHECK(p.error.empty());
  CHECK(p.args.flag);
  CHECK(p.args.name == "x");
  CHECK(p.args.level == 3);
  CHECK(p.paths == std::vector<std::string>{"a.sql", "b.sql"});
}

TEST_CASE("option table: usage errors stop the parse") {
  CHECK(Parse({"--flag=1"}).error == "--flag takes no value");
  CHECK(Parse({"--name"}).error == "--name needs a value");
  CHECK(Parse({"--nope", "--name"}).error == "unknown option '--nope'");
  // --help ends the parse: what follows it is not looked at.
  const Parsed help = Parse({"-f", "--help", "--nope"});
  CHECK(help.error.empty());
  CHECK(help.args.help);
  CHECK(Parse({"--nope", "--help"}).error == "unknown option '--nope'");
}

}  // namespace
}  // namespace hivelineage::cli
