#include "cli/args.h"

#include <charconv>
#include <string_view>

#include "base/strings.h"
#include "cli/limit_options.h"

namespace hivelineage::cli {

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
    "options:\n"
    "  --format FORMAT     json (one document, default), jsonl (one statement per line),\n"
    "                      hive (Hive LineageLogger records, one per line)\n"
    "  --catalog FILE      table schemas: catalog JSON, or a .sql/.hql file of CREATE TABLE/VIEW\n"
    "                      statements; may be repeated\n"
    "  --default-db NAME   database of unqualified names before any USE (default: default)\n"
    "  --var NAME=VALUE    value for ${NAME}, ${hivevar:NAME}, ${hiveconf:NAME}; may be repeated\n"
    "  --allow-env         let ${env:NAME} read the environment\n"
    "  -j, --jobs N        analyse N files at once (default: one per core); the output is\n"
    "                      the same for every N\n"
    "  --sequence FILE     analyse the scripts FILE lists (one path per line, relative to\n"
    "                      FILE's folder; # comments) in that order, each seeing the tables\n"
    "                      and views the earlier ones created; instead of PATH\n"
    "  --quiet             no progress bar and no summary line on stderr\n"
    "  --max-file-size SIZE, --max-statement-size SIZE, --max-statements N, --max-depth N\n"
    "                      input limits; past one, a file or statement is skipped with a\n"
    "                      located error (defaults 1G, 64M, 1000000, 1000; SIZE in bytes or\n"
    "                      with K, M, G; see docs/limits.md)\n"
    "  --help              show this help\n"
    "  --version           show the version\n"
    "\n"
    "exit status: 0 all statements analysed, 1 some statements had errors, 2 usage error or\n"
    "unreadable input. Diagnostics go to stderr as file:line:col: severity: message, then\n"
    "a summary line (files, statements, errors, time); a progress bar too when stderr is a\n"
    "terminal and the run takes over a second.\n";

std::string ParseArgs(int argc, const char* const* argv, CliArgs& args) {
  bool options_done = false;
  int i = 1;
  if (i < argc && std::string_view(argv[i]) == "analyze") ++i;
  for (; i < argc; ++i) {
    std::string_view a = argv[i];
    if (options_done || a == "-" || a.size() < 2 || a[0] != '-') {
      args.paths.emplace_back(a);
      continue;
    }
    if (a == "--") {
      options_done = true;
      continue;
    }
    // --name=value or --name value
    std::string_view name = a;
    std::string_view value;
    bool has_value = false;
    if (const size_t eq = a.find('='); eq != std::string_view::npos && a.starts_with("--")) {
      name = a.substr(0, eq);
      value = a.substr(eq + 1);
      has_value = true;
    }
    auto take_value = [&]() -> bool {
      if (has_value) return true;
      if (i + 1 >= argc) return false;
      value = argv[++i];
      has_value = true;
      return true;
    };
    if (name.starts_with("-j") && name.size() > 2 && !name.starts_with("--")) {  // -j4
      value = name.substr(2);
      name = "-j";
      has_value = true;
    }
    if (name == "--help" || name == "-h") {
      args.help = true;
    } else if (name == "--version") {
      args.version = true;
    } else if (name == "--allow-env") {
      args.allow_env = true;
    } else if (name == "--quiet" || name == "-q") {
      args.quiet = true;
    } else if (name == "-j" || name == "--jobs") {
      if (!take_value()) return "-j needs a number of threads";
      int n = 0;
      const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
      if (ec != std::errc() || end != value.data() + value.size() || n < 1 || n > 1024)
        return Cat("-j expects a number of threads from 1 to 1024, got '", value, "'");
      args.jobs = n;
    } else if (name == "--sequence") {
      if (!take_value() || value.empty()) return "--sequence needs a file";
      if (!args.sequence.empty()) return "--sequence may be given once";
      args.sequence = std::string(value);
    } else if (name == "--format") {
      if (!take_value()) return "--format needs a value (json, jsonl, hive)";
      const std::optional<output::Format> f = output::ParseFormat(value);
      if (!f) return Cat("unknown format '", value, "' (expected json, jsonl or hive)");
      args.format = *f;
    } else if (name == "--catalog") {
      if (!take_value() || value.empty()) return "--catalog needs a file";
      args.catalogs.emplace_back(value);
    } else if (name == "--default-db") {
      if (!take_value() || value.empty()) return "--default-db needs a name";
      args.default_db = ToLower(value);
    } else if (name == "--var") {
      if (!take_value()) return "--var needs NAME=VALUE";
      const size_t eq = value.find('=');
      if (eq == std::string_view::npos || eq == 0) return Cat("--var expects NAME=VALUE, got '", value, "'");
      args.variables.emplace_back(std::string(value.substr(0, eq)), std::string(value.substr(eq + 1)));
    } else if (std::string limit_error; ParseLimitOption(name, [&](std::string_view& v) {
                 if (!take_value()) return false;
                 v = value;
                 return true;
               }, args.limits, limit_error)) {
      if (!limit_error.empty()) return limit_error;
    } else {
      return Cat("unknown option '", a, "'");
    }
  }
  if (!args.sequence.empty() && !args.paths.empty())
    return "--sequence FILE lists the scripts; give no PATH with it";
  return {};
}

}  // namespace hivelineage::cli
