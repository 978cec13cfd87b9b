#include "cli/args.h"

#include <string_view>

#include "base/strings.h"
#include "cli/option_table.h"

namespace hivelineage::cli {

namespace {

const char kUsage[] =
    "usage: hivelineage [analyze] [OPTIONS] [PATH ...]\n"
    "       hivelineage graph [OPTIONS] PATH ...     (see hivelineage graph --help)\n"
    "       hivelineage impact --downstream|--upstream NAME [OPTIONS] PATH ...\n"
    "\n"
    "Computes table and column lineage of Hive SQL scripts.\n"
    "PATH is a .sql/.hql/.q file, a folder (searched recursively for .sql, .hql, .q),\n"
    "or - for standard input (the default when no PATH is given and stdin is not a terminal).\n"
    "All files found are analysed in sorted path order (byte order, each name once), each\n"
    "starting from the --catalog tables and --default-db, whatever the order of the PATHs.\n"
    "\n"
    "options:\n";

// analyze's own options, as tables: the parsing and --help. kOutputOptions
// come before the input options in --help, kInfoOptions after them.
const Option<CliArgs> kOutputOptions[] = {
    {{"--format"},
     "--format FORMAT",
     "json (one document, default), jsonl (one statement per line),\n"
     "hive (Hive LineageLogger records, one per line)\n",
     true,
     [](ArgCursor& c, CliArgs& args, std::string& error) {
       std::string_view value;
       if (!c.TakeValue(value))
         error = "--format needs a value (json, jsonl or hive)";
       else if (const std::optional<output::Format> f = output::ParseFormat(value))
         args.format = *f;
       else
         error = Cat("unknown format '", value, "' (expected json, jsonl or hive)");
     }},
};

const Option<CliArgs> kInfoOptions[] = {
    {{"-h", "--help"}, "-h, --help", "show this help\n", false,
     [](ArgCursor&, CliArgs& args, std::string&) { args.help = true; }},
    {{"--version"}, "--version", "show the version\n", false,
     [](ArgCursor&, CliArgs& args, std::string&) { args.version = true; }},
    {{"--man-page"}, "--man-page", "show this help as a manual page (roff), as man hivelineage does\n", false,
     [](ArgCursor&, CliArgs& args, std::string&) { args.man_page = true; }},
};

const char kUsageEnd[] =
    "\n"
    "exit status: 0 all statements analysed, 1 some statements had errors, 2 usage error or\n"
    "unreadable input. Diagnostics go to stderr as file:line:col: severity: message, then\n"
    "a summary line (files, statements, errors, time); a progress bar too when stderr is a\n"
    "terminal and the run takes over a second.\n";

}  // namespace

HelpText UsageHelp() {
  HelpText help{kUsage, {}, kUsageEnd};
  AppendHelpRows(std::span<const Option<CliArgs>>(kOutputOptions), help.options);
  for (const HelpRow& row : InputOptionsRows()) help.options.push_back(row);
  AppendHelpRows(std::span<const Option<CliArgs>>(kInfoOptions), help.options);
  return help;
}

std::string UsageText() { return UsageHelp().Render(); }

std::string ParseArgs(int argc, const char* const* argv, CliArgs& args) {
  const int first = argc > 1 && std::string_view(argv[1]) == "analyze" ? 2 : 1;
  ArgCursor c(argc, argv, first);
  std::string error;
  while (error.empty() && c.Next()) {
    if (c.is_path()) {
      args.input.paths.emplace_back(c.arg());
      continue;
    }
    if (ParseInputOption(c, args.input, error)) continue;
    if (ParseTableOption(c, std::span<const Option<CliArgs>>(kOutputOptions), args, error)) continue;
    if (ParseTableOption(c, std::span<const Option<CliArgs>>(kInfoOptions), args, error)) continue;
    error = Cat("unknown option '", c.arg(), "'");
  }
  return error;
}

}  // namespace hivelineage::cli
