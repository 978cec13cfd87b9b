// What every subcommand (analyze, graph, impact) shares: walking argv, the
// options that choose and analyse the inputs (--catalog, --default-db, --var,
// --allow-env, --semantics, --sequence, -j, the limits), and turning them into the list of
// input files and the driver's options.
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "driver/run.h"

namespace hivelineage::cli {

// Walks argv from `first`: `--name value`, `--name=value`, `-j4`, `--` and paths.
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

struct InputArgs {
  std::vector<std::string> catalogs;
  std::string default_db = "default";
  std::vector<std::pair<std::string, std::string>> variables;
  bool allow_env = false;
  lineage::Semantics semantics = lineage::Semantics::Precise;  // --semantics
  int jobs = 0;          // -j N; 0 = one thread per core
  std::string sequence;  // --sequence FILE: the scripts it lists, in order, sharing one session
  driver::Limits limits;
  std::vector<std::string> paths;
};

// Handles the input option at `cursor`. Returns false when it is not one of
// them; sets `error` when its value is bad.
bool ParseInputOption(ArgCursor& cursor, InputArgs& args, std::string& error);

// The driver's options for `args`.
driver::RunOptions MakeRunOptions(const InputArgs& args);

// The files to analyse: the PATHs expanded (stdin when there is none and
// stdin is not a terminal), or the --sequence list. On a usage problem or a
// missing path, prints "`who`: problem" lines to `err` and returns nothing
// (exit status 2).
std::optional<std::vector<driver::InputFile>> ResolveInputs(const InputArgs& args, const char* who, std::FILE* err);

// Help lines for the input options.
extern const char kInputOptionsHelp[];

}  // namespace hivelineage::cli
