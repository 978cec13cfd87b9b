#include "cli/input_options.h"

#include <unistd.h>

#include <charconv>

#include "base/strings.h"
#include "cli/limit_options.h"

namespace hivelineage::cli {

const char kInputOptionsHelp[] =
    "  --catalog FILE        table schemas: catalog JSON, or a .sql/.hql file of CREATE\n"
    "                        TABLE/VIEW statements; may be repeated\n"
    "  --default-db NAME     database of unqualified names before any USE, and in --catalog\n"
    "                        files (default: default)\n"
    "  --var NAME=VALUE      value for ${NAME}, ${hivevar:NAME}, ${hiveconf:NAME}; may be repeated\n"
    "  --allow-env           let ${env:NAME} read the environment\n"
    "  --semantics RULES     precise (default): a column's sources are the columns its\n"
    "                        expression names (a window's arguments and keys); hive: Hive's\n"
    "                        own lineage rules, artefacts included (docs/semantics.md)\n"
    "  -j, --jobs N          analyse N files at once (default: one per core); the output is\n"
    "                        the same for every N\n"
    "  --sequence FILE       the scripts FILE lists (one path per line, relative to FILE's\n"
    "                        folder; # comments), in that order, each seeing the tables and\n"
    "                        views the earlier ones created; instead of PATH. Without it\n"
    "                        every script starts from the --catalog tables\n"
    "  --max-file-size SIZE, --max-statement-size SIZE, --max-statements N, --max-depth N\n"
    "                        input limits; past one, a file or statement is skipped with a\n"
    "                        located error (defaults 1G, 64M, 1000000, 1000; SIZE in bytes\n"
    "                        or with K, M, G; see docs/limits.md)\n";

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
  } else if (arg_.starts_with("-j") && arg_.size() > 2) {  // -j4
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

bool ParseInputOption(ArgCursor& c, InputArgs& args, std::string& error) {
  const std::string_view name = c.name();
  std::string_view value;
  if (name == "--allow-env") {
    if (c.has_inline_value())
      error = "--allow-env takes no value";
    else
      args.allow_env = true;
  } else if (name == "--catalog") {
    if (!c.TakeValue(value) || value.empty())
      error = "--catalog needs a file";
    else
      args.catalogs.emplace_back(value);
  } else if (name == "--default-db") {
    if (!c.TakeValue(value) || value.empty())
      error = "--default-db needs a name";
    else
      args.default_db = ToLower(value);
  } else if (name == "--semantics") {
    if (!c.TakeValue(value) || !lineage::ParseSemantics(value, args.semantics))
      error = Cat("--semantics expects precise or hive, got '", value, "'");
  } else if (name == "--var") {
    const size_t eq = c.TakeValue(value) ? value.find('=') : std::string_view::npos;
    if (eq == std::string_view::npos || eq == 0) {
      error = Cat("--var expects NAME=VALUE, got '", value, "'");
    } else {
      args.variables.emplace_back(std::string(value.substr(0, eq)), std::string(value.substr(eq + 1)));
    }
  } else if (name == "--sequence") {
    if (!c.TakeValue(value) || value.empty())
      error = "--sequence needs a file";
    else if (!args.sequence.empty())
      error = "--sequence may be given once";
    else
      args.sequence = std::string(value);
  } else if (name == "-j" || name == "--jobs") {
    // Up to driver::ResolveJobs' ceiling, so that what is asked is what runs.
    constexpr int kMaxJobs = 256;
    int n = 0;
    if (!c.TakeValue(value)) {
      error = "-j needs a number of threads";
    } else if (const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
               ec != std::errc() || end != value.data() + value.size() || n < 1 || n > kMaxJobs) {
      error = Cat("-j expects a number of threads from 1 to ", kMaxJobs, ", got '", value, "'");
    } else {
      args.jobs = n;
    }
  } else {
    return ParseLimitOption(
        name, [&](std::string_view& v) { return c.TakeValue(v); }, args.limits, error);
  }
  return true;
}

driver::RunOptions MakeRunOptions(const InputArgs& args) {
  driver::RunOptions options;
  options.analyze.default_database = args.default_db;
  options.analyze.variables = args.variables;
  options.analyze.allow_env = args.allow_env;
  options.analyze.semantics = args.semantics;
  options.analyze.limits = args.limits;
  for (const std::string& path : args.catalogs) options.analyze.catalogs.push_back(driver::CatalogSource::File(path));
  options.jobs = args.jobs;
  options.sequenced = !args.sequence.empty();
  return options;
}

std::optional<std::vector<driver::InputFile>> ResolveInputs(const InputArgs& args, const char* who, std::FILE* err) {
  std::vector<std::string> paths = args.paths;
  if (!args.sequence.empty() && !paths.empty()) {
    std::fprintf(err, "%s: --sequence FILE lists the scripts; give no PATH with it\n", who);
    return std::nullopt;
  }
  if (paths.empty() && args.sequence.empty()) {
    if (isatty(STDIN_FILENO)) {
      std::fprintf(err, "%s: no input (give a PATH, or - for stdin); see --help\n", who);
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
