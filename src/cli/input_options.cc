#include "cli/input_options.h"

#include <unistd.h>

#include <charconv>
#include <fstream>
#include <sstream>
#include <initializer_list>

#include "base/strings.h"
#include "cli/limit_options.h"
#include "cli/option_table.h"

namespace hivelineage::cli {

namespace {

// The options every command takes, as one table: the parsing and --help.
constexpr Option<CommonArgs> kCommonOptions[] = {
    {{"-q", "--quiet", "-S", "--silent"},
     "-q, --quiet, -S, --silent",
     "no progress bar, no summary line and no log lines on stderr\n",
     false,
     [](ArgCursor&, CommonArgs& a, std::string&) { a.quiet = true; }},
    {{"--warnings"},
     "--warnings WHICH",
     "all (default): every warning on stderr; summary: their counts\n"
     "per kind at the end; none. Errors are always printed\n",
     true,
     [](ArgCursor& c, CommonArgs& a, std::string& error) {
       std::string_view v;
       if (!c.TakeValue(v))
         error = "--warnings needs a value (all, summary or none)";
       else if (v == "all")
         a.warnings = ReportOptions::Warnings::All;
       else if (v == "summary")
         a.warnings = ReportOptions::Warnings::Summary;
       else if (v == "none")
         a.warnings = ReportOptions::Warnings::None;
       else
         error = Cat("unknown --warnings value '", v, "' (expected all, summary or none)");
     }},
};


}  // namespace

bool ParseCommonOption(ArgCursor& c, CommonArgs& args, std::string& error) {
  return ParseTableOption(c, std::span<const Option<CommonArgs>>(kCommonOptions), args, error);
}

namespace {

// Hive's CLI also takes its long options after one dash (`hive -hiveconf
// k=v`, as old scripts call it): the two-dash name, or empty.
std::string_view HiveSingleDashName(std::string_view arg) {
  for (std::string_view name : {"--hiveconf", "--hivevar", "--define", "--database"})
    if (arg == name.substr(1)) return name;
  return {};
}

// One-letter options that take a value, which may be glued on: -j4, -ddt=1.
bool TakesGluedValue(std::string_view arg) {
  return arg.size() > 2 && arg[0] == '-' && std::string_view("jdefi").find(arg[1]) != std::string_view::npos;
}

// NAME=VALUE of a variable option into `args`, NAME under each of `namespaces`
// ("" for a bare name).
void TakeVariable(ArgCursor& c, std::initializer_list<std::string_view> namespaces, InputArgs& args,
                  std::string& error) {
  std::string_view value;
  const size_t eq = c.TakeValue(value) ? value.find('=') : std::string_view::npos;
  if (eq == std::string_view::npos || eq == 0) {
    error = Cat(c.name(), " expects NAME=VALUE, got '", value, "'");
    return;
  }
  for (std::string_view ns : namespaces)
    args.variables.emplace_back(Cat(ns, value.substr(0, eq)), std::string(value.substr(eq + 1)));
}

}  // namespace

bool ArgCursor::Next() {
  if (++i_ >= argc_) return false;
  arg_ = argv_[i_];
  name_ = arg_;
  has_inline_value_ = false;
  is_path_ = options_done_ || arg_ == "-" || arg_.size() < 2 || arg_[0] != '-';
  if (is_path_) return true;
  if (arg_ == "--") {
    options_done_ = true;
    return Next();
  }
  if (const size_t eq = arg_.find('='); eq != std::string_view::npos && arg_.starts_with("--")) {
    name_ = arg_.substr(0, eq);
    inline_value_ = arg_.substr(eq + 1);
    has_inline_value_ = true;
  } else if (const std::string_view hive = HiveSingleDashName(arg_); !hive.empty()) {
    name_ = hive;
  } else if (TakesGluedValue(arg_)) {
    name_ = arg_.substr(0, 2);
    inline_value_ = arg_.substr(2);
    has_inline_value_ = true;
  }
  return true;
}

bool ArgCursor::TakeValue(std::string_view& value) {
  if (has_inline_value_) {
    value = inline_value_;
    return true;
  }
  if (i_ + 1 >= argc_) return false;
  value = argv_[++i_];
  return true;
}

namespace {

// --system-map FILE: read at once, so that a bad line is a usage error.
void TakeSystemMap(ArgCursor& c, InputArgs& args, std::string& error) {
  std::string_view value;
  if (!c.TakeValue(value) || value.empty()) {
    error = "--system-map needs a file";
    return;
  }
  std::ifstream in{std::string(value), std::ios::binary};
  std::stringstream text;
  text << in.rdbuf();
  Diagnostics problems;
  if (!in)
    error = Cat("--system-map: cannot read ", value);
  else
    args.systems = std::make_shared<const sync::SystemMap>(sync::SystemMap::Parse(text.str(), problems));
  if (!problems.empty()) {
    const SourceFile file(std::string(value), text.str());
    const LineCol at = file.Locate(problems[0].span.begin);
    error = Cat(value, ":", at.line, ":", at.column, ": ", problems[0].message);
  }
}

// -j N, --jobs N: up to driver::ResolveJobs' ceiling, so that what is asked is what runs.
void TakeJobs(ArgCursor& c, InputArgs& args, std::string& error) {
  constexpr int kMaxJobs = 256;
  std::string_view value;
  int n = 0;
  if (!c.TakeValue(value)) {
    error = "-j needs a number of threads";
  } else if (const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
             ec != std::errc() || end != value.data() + value.size() || n < 1 || n > kMaxJobs) {
    error = Cat("-j expects a number of threads from 1 to ", kMaxJobs, ", got '", value, "'");
  } else {
    args.jobs = n;
  }
}

// The input options, as one table: the parsing and --help (in this order).
const Option<InputArgs> kInputOptions[] = {
    {{"--catalog"},
     "--catalog FILE",
     "table schemas: catalog JSON, CREATE TABLE/VIEW statements (or\n"
     "SHOW CREATE TABLE output), saved DESCRIBE FORMATTED output, or\n"
     "a tab-separated metastore export (docs/catalog.md); may be\n"
     "repeated\n",
     true,
     [](ArgCursor& c, InputArgs& args, std::string& error) {
       std::string_view value;
       if (!c.TakeValue(value) || value.empty())
         error = "--catalog needs a file";
       else
         args.catalogs.push_back(driver::CatalogSource::File(std::string(value), args.catalog_format));
     }},
    {{"--catalog-format"},
     "--catalog-format F",
     "json, ddl, describe, tsv or auto (default): the format of the\n"
     "--catalog files after it, instead of telling it by name and\n"
     "content\n",
     true,
     [](ArgCursor& c, InputArgs& args, std::string& error) {
       std::string_view value;
       if (!c.TakeValue(value)) {
         error = "--catalog-format needs json, ddl, describe, tsv or auto";
       } else if (value == "auto") {
         args.catalog_format.reset();
       } else if (const auto format = catalog::CatalogFormatByName(value)) {
         args.catalog_format = format;
       } else {
         error = Cat("unknown --catalog-format '", value, "' (expected json, ddl, describe, tsv or auto)");
       }
     }},
    {{"--default-db", "--database"},
     "--default-db NAME, --database NAME",
     "database of unqualified names before any USE, and in --catalog\n"
     "files (default: default)\n",
     true,
     [](ArgCursor& c, InputArgs& args, std::string& error) {
       std::string_view value;
       if (!c.TakeValue(value) || value.empty())
         error = Cat(c.name(), " needs a name");
       else
         args.default_db = ToLower(value);
     }},
    {{"--var"},
     "--var NAME=VALUE",
     "value for ${NAME}, ${hivevar:NAME} and ${hiveconf:NAME}. The\n"
     "variable options may be repeated; set lines in a script define\n"
     "variables too\n",
     true,
     [](ArgCursor& c, InputArgs& args, std::string& error) { TakeVariable(c, {""}, args, error); }},
    {{"--hivevar", "-d", "--define"},
     "--hivevar NAME=VALUE, -d NAME=VALUE, --define NAME=VALUE",
     "as in hive: value for ${NAME} and ${hivevar:NAME}. Hive's one-dash\n"
     "-hivevar, -define, -hiveconf and -database work too\n",
     true,
     [](ArgCursor& c, InputArgs& args, std::string& error) { TakeVariable(c, {"hivevar:"}, args, error); }},
    {{"--hiveconf"},
     "--hiveconf NAME=VALUE",
     "as in hive: value for ${hiveconf:NAME} and ${system:NAME}, and a\n"
     "setting, as set NAME=VALUE at the top of the script would be\n",
     true,
     // Hive also makes each --hiveconf a Java system property.
     [](ArgCursor& c, InputArgs& args, std::string& error) { TakeVariable(c, {"hiveconf:", "system:"}, args, error); }},
    {{"--allow-env"},
     "--allow-env",
     "let ${env:NAME} read the environment\n",
     false,
     [](ArgCursor&, InputArgs& args, std::string&) { args.allow_env = true; }},
    {{"--semantics"},
     "--semantics RULES",
     "precise (default): a column's sources are the columns its\n"
     "expression names (a window's arguments and keys); hive: Hive's\n"
     "own lineage rules, artefacts included (docs/semantics.md)\n",
     true,
     [](ArgCursor& c, InputArgs& args, std::string& error) {
       std::string_view value;
       if (!c.TakeValue(value) || !lineage::ParseSemantics(value, args.semantics))
         error = Cat("--semantics expects precise or hive, got '", value, "'");
     }},
    {{"--dialect"},
     "--dialect NAME",
     "hive (default) or spark: the SQL dialect of scripts that do not\n"
     "say theirs in a first-line comment (-- dialect: spark); see\n"
     "docs/dialects.md\n",
     true,
     [](ArgCursor& c, InputArgs& args, std::string& error) {
       std::string_view value;
       const std::optional<Dialect> dialect = c.TakeValue(value) ? DialectByName(value) : std::nullopt;
       if (!dialect)
         error = Cat("--dialect expects hive or spark, got '", value, "'");
       else
         args.dialect = *dialect;
     }},
    {{"--dialect-map"},
     "--dialect-map GLOB=NAME",
     "scripts whose path (or a tail of it after a /) matches GLOB\n"
     "are in dialect NAME; may be repeated, the first match wins\n",
     true,
     [](ArgCursor& c, InputArgs& args, std::string& error) {
       std::string_view value;
       const size_t eq = c.TakeValue(value) ? value.rfind('=') : std::string_view::npos;
       const std::optional<Dialect> dialect =
           eq == std::string_view::npos || eq == 0 ? std::nullopt : DialectByName(value.substr(eq + 1));
       if (!dialect)
         error = Cat("--dialect-map expects GLOB=hive or GLOB=spark, got '", value, "'");
       else
         args.dialect_map.emplace_back(std::string(value.substr(0, eq)), *dialect);
     }},
    {{"-f"},
     "-f FILE",
     "a script to analyse, like a PATH\n",
     true,
     [](ArgCursor& c, InputArgs& args, std::string& error) {
       std::string_view value;
       if (!c.TakeValue(value) || value.empty())
         error = "-f needs a file";
       else
         args.paths.emplace_back(value);
     }},
    {{"-e"},
     "-e SQL",
     "analyse SQL given on the command line (named <-e> in the\n"
     "output); no PATH with it\n",
     true,
     [](ArgCursor& c, InputArgs& args, std::string& error) {
       std::string_view value;
       if (!c.TakeValue(value))
         error = "-e needs the SQL to analyse";
       else if (args.inline_script)
         error = "-e may be given once";
       else
         args.inline_script = std::string(value);
     }},
    {{"-i"},
     "-i FILE",
     "init script, analysed before every script as hive -i runs it:\n"
     "its set, USE and CREATE statements take effect for the script;\n"
     "its own statements are not listed, only its problems; may be\n"
     "repeated\n",
     true,
     [](ArgCursor& c, InputArgs& args, std::string& error) {
       std::string_view value;
       if (!c.TakeValue(value) || value.empty())
         error = "-i needs a file";
       else
         args.init_files.emplace_back(value);
     }},
    {{"--system-map"},
     "--system-map FILE",
     "friendly names of the systems sync jobs connect to:\n"
     "`SYSTEM = NAME` lines (docs/systems.md)\n",
     true,
     TakeSystemMap},
    {{"--warehouse-dir"},
     "--warehouse-dir PATH",
     "Hive's warehouse folder, where a sync job's HDFS path\n"
     "finds its table (default /user/hive/warehouse)\n",
     true,
     [](ArgCursor& c, InputArgs& args, std::string& error) {
       std::string_view value;
       if (!c.TakeValue(value) || value.empty())
         error = "--warehouse-dir needs a path";
       else
         args.warehouse_dir = std::string(value);
     }},
    {{"--no-learn-schema"},
     "--no-learn-schema",
     "do not learn the tables' schema from the scripts themselves\n"
     "(by default, what every script declares or names through a\n"
     "table serves all of them; see hivelineage catalog)\n",
     false,
     [](ArgCursor&, InputArgs& args, std::string&) { args.learn_schema = false; }},
    {{"-j", "--jobs"},
     "-j, --jobs N",
     "analyse N files at once (default: one per core); the output is\n"
     "the same for every N\n",
     true,
     TakeJobs},
    {{"--sequence"},
     "--sequence FILE",
     "the scripts FILE lists (one path per line, relative to FILE's\n"
     "folder; # comments), in that order, each seeing the tables and\n"
     "views the earlier ones created; instead of PATH. Without it\n"
     "every script starts from the --catalog tables\n",
     true,
     [](ArgCursor& c, InputArgs& args, std::string& error) {
       std::string_view value;
       if (!c.TakeValue(value) || value.empty())
         error = "--sequence needs a file";
       else if (!args.sequence.empty())
         error = "--sequence may be given once";
       else
         args.sequence = std::string(value);
     }},
    {{"--max-file-size", "--max-statement-size", "--max-statements", "--max-depth"},
     "--max-file-size SIZE, --max-statement-size SIZE, --max-statements N, --max-depth N",
     "input limits; past one, a file or statement is skipped with a\n"
     "located error (defaults 1G, 64M, 1000000, 1000; SIZE in bytes\n"
     "or with K, M, G; see docs/limits.md)\n",
     true,
     [](ArgCursor& c, InputArgs& args, std::string& error) {
       ParseLimitOption(
           c.name(), [&](std::string_view& v) { return c.TakeValue(v); }, args.limits, error);
     }},
};

}  // namespace

const std::string& InputOptionsHelp() {
  static const std::string help = TableHelp(std::span<const Option<CommonArgs>>(kCommonOptions)) +
                                  TableHelp(std::span<const Option<InputArgs>>(kInputOptions));
  return help;
}

std::vector<HelpRow> InputOptionsRows() {
  std::vector<HelpRow> rows;
  AppendHelpRows(std::span<const Option<CommonArgs>>(kCommonOptions), rows);
  AppendHelpRows(std::span<const Option<InputArgs>>(kInputOptions), rows);
  return rows;
}

bool ParseInputOption(ArgCursor& c, InputArgs& args, std::string& error) {
  return ParseCommonOption(c, args.common, error) ||
         ParseTableOption(c, std::span<const Option<InputArgs>>(kInputOptions), args, error);
}

driver::RunOptions MakeRunOptions(const InputArgs& args) {
  driver::RunOptions options;
  options.analyze.default_database = args.default_db;
  options.analyze.variables = args.variables;
  options.analyze.allow_env = args.allow_env;
  options.analyze.semantics = args.semantics;
  options.analyze.parse.dialect = args.dialect;
  options.analyze.dialect_map = args.dialect_map;
  options.analyze.learn_schema = args.learn_schema;
  options.analyze.limits = args.limits;
  options.analyze.catalogs = args.catalogs;
  options.analyze.systems = args.systems;
  options.analyze.warehouse_dir = args.warehouse_dir;
  options.init_files = args.init_files;
  options.jobs = args.jobs;
  options.sequenced = !args.sequence.empty();
  return options;
}

int UsageError(std::FILE* err, std::string_view who, std::string_view problem) {
  const std::string line = Cat(who, ": ", problem, "; try '", who, " --help'\n");
  std::fputs(line.c_str(), err);
  return 2;
}

std::optional<std::vector<driver::InputFile>> ResolveInputs(const InputArgs& args, const char* who, std::FILE* err) {
  std::vector<std::string> paths = args.paths;
  if (args.inline_script) {
    if (!paths.empty() || !args.sequence.empty()) {
      UsageError(err, who, "-e gives the script on the command line; give no PATH, -f or --sequence with it");
      return std::nullopt;
    }
    return std::vector<driver::InputFile>{{"", kInlineScriptName, *args.inline_script}};
  }
  if (!args.sequence.empty() && !paths.empty()) {
    UsageError(err, who, "--sequence FILE lists the scripts; give no PATH with it");
    return std::nullopt;
  }
  if (paths.empty() && args.sequence.empty()) {
    if (isatty(STDIN_FILENO)) {
      UsageError(err, who, "no input (give a PATH, -f FILE, -e SQL, or - for stdin)");
      return std::nullopt;
    }
    paths.push_back("-");
  }
  driver::ExpandedInputs inputs =
      args.sequence.empty() ? driver::ExpandPaths(paths) : driver::ReadSequence(args.sequence);
  if (!inputs.errors.empty()) {
    for (const std::string& e : inputs.errors) std::fprintf(err, "%s: %s\n", who, e.c_str());
    return std::nullopt;
  }
  return std::move(inputs.files);
}

}  // namespace hivelineage::cli
