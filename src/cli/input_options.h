// What every subcommand (analyze, graph, impact) shares: walking argv, the
// options that choose and analyse the inputs (--catalog, --default-db, --var,
// --allow-env, --semantics, --dialect, --dialect-map, --sequence, -j, the limits, and Hive's own: --hivevar,
// --hiveconf, -d/--define, -f, -e, -i, --database), turning them into the
// list of input files and the driver's options, and reporting usage errors.
#pragma once

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "catalog/catalog_format.h"
#include "cli/console.h"
#include "driver/run.h"
#include "sync/system_name.h"

namespace hivelineage::cli {

struct HelpRow;  // option_table.h

// Walks argv from `first`: `--name value`, `--name=value`, `-j 4` or `-j4`
// (any one-letter option taking a value), Hive's `-hiveconf`, `-hivevar`,
// `-define` and `-database` (as their `--` names), `--` and paths.
class ArgCursor {
 public:
  ArgCursor(int argc, const char* const* argv, int first) : argc_(argc), argv_(argv), i_(first - 1) {}
  // Advances to the next argument; false at the end.
  bool Next();
  // A path (not an option): after `--`, `-`, or not starting with `-`.
  bool is_path() const { return is_path_; }
  std::string_view arg() const { return arg_; }
  std::string_view name() const { return name_; }  // the option without its `=value`
  // The option's value (after `=` or the next argument); false when missing.
  bool TakeValue(std::string_view& value);
  // `--flag=value` given: wrong for an option that takes no value.
  bool has_inline_value() const { return has_inline_value_; }

 private:
  int argc_;
  const char* const* argv_;
  int i_;
  bool options_done_ = false;
  bool is_path_ = false;
  std::string_view arg_, name_, inline_value_;
  bool has_inline_value_ = false;
};

// The options every command takes, whatever it does: how much it says on stderr.
struct CommonArgs {
  bool quiet = false;  // -q, --quiet, -S, --silent: no progress bar, summary or log lines
  ReportOptions::Warnings warnings = ReportOptions::Warnings::All;  // --warnings all|summary|none
};

// Handles --quiet or --warnings at `cursor` (from the table in
// input_options.cc). Returns false for any other option.
bool ParseCommonOption(ArgCursor& cursor, CommonArgs& args, std::string& error);

struct InputArgs {
  CommonArgs common;  // parsed with the input options, so every command takes them
  std::vector<driver::CatalogSource> catalogs;
  // --catalog-format: the format of the --catalog files after it; none: detect.
  std::optional<catalog::CatalogFormat> catalog_format;
  std::string default_db = "default";  // --default-db, --database
  // --var NAME=VALUE as (NAME, VALUE); --hivevar/-d as ("hivevar:NAME", VALUE),
  // --hiveconf as ("hiveconf:NAME", VALUE) and ("system:NAME", VALUE).
  driver::VariableDefinitions variables;
  bool allow_env = false;
  lineage::Semantics semantics = lineage::Semantics::Precise;  // --semantics
  bool learn_schema = true;  // --no-learn-schema turns it off
  Dialect dialect = Dialect::Hive;                           // --dialect
  std::vector<std::pair<std::string, Dialect>> dialect_map;  // --dialect-map GLOB=NAME, in order
  int jobs = 0;          // -j N; 0 = one thread per core
  std::string sequence;  // --sequence FILE: the scripts it lists, in order, sharing one session
  driver::Limits limits;
  std::vector<std::string> init_files;       // -i FILE
  std::optional<std::string> inline_script;  // -e 'SQL'
  std::vector<std::string> paths;            // PATHs and -f FILEs
  // Sync jobs (docs/systems.md): --system-map FILE, read when given; --warehouse-dir PATH.
  std::shared_ptr<const sync::SystemMap> systems;
  std::string warehouse_dir = "/user/hive/warehouse";
};

// Handles the input option at `cursor`. Returns false when it is not one of
// them; sets `error` when its value is bad.
bool ParseInputOption(ArgCursor& cursor, InputArgs& args, std::string& error);

// The driver's options for `args`.
driver::RunOptions MakeRunOptions(const InputArgs& args);

// The files to analyse: the PATHs expanded (stdin when there is none and
// stdin is not a terminal), the --sequence list, or the -e script (named
// kInlineScriptName). On a usage problem (see UsageError) or a missing path
// ("`who`: problem" lines), prints to `err` and returns nothing (exit status 2).
std::optional<std::vector<driver::InputFile>> ResolveInputs(const InputArgs& args, const char* who, std::FILE* err);

// How a script given with -e is named in the output and diagnostics.
inline constexpr const char kInlineScriptName[] = "<-e>";

// A usage error, as every subcommand reports it: one line,
// "`who`: `problem`; try '`who` --help'". Returns 2, the exit status.
int UsageError(std::FILE* err, std::string_view who, std::string_view problem);

// Help lines for the options every command takes, then the input options.
const std::string& InputOptionsHelp();

// The same as rows (option_table.h).
std::vector<HelpRow> InputOptionsRows();

}  // namespace hivelineage::cli
