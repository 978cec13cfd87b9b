// `hivelineage graph`: the lineage of many scripts merged into one graph.
//
// Also holds what `graph` and `impact` share: their input options
// (--catalog, --default-db, --var, --allow-env, --sequence, --collapse, -j, limits) and the analysis
// of the inputs into a graph, with diagnostics on stderr in GCC form.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "driver/analyze.h"
#include "graph/graph.h"

namespace hivelineage::cli {

// argv[1] is "graph". Returns the exit status: 0 all statements analysed,
// 1 some statements had errors, 2 usage error or unreadable input.
int GraphCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err);

// Walks argv from `first`: `--name value`, `--name=value`, `--` and paths.
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

 private:
  int argc_;
  const char* const* argv_;
  int i_;
  bool options_done_ = false;
  bool is_path_ = false;
  std::string_view arg_, name_, inline_value_;
  bool has_inline_value_ = false;
};

// The input options both subcommands take.
struct GraphInputArgs {
  std::vector<std::string> catalogs;
  std::string default_db = "default";
  std::vector<std::pair<std::string, std::string>> variables;
  bool allow_env = false;
  bool collapse_temporary = false;
  int jobs = 0;  // -j N; 0 = one thread per core
  driver::Limits limits;
  std::string sequence;  // --sequence FILE: the scripts it lists, in order, sharing one session
  std::vector<std::string> paths;
};

// Handles one of the shared options at `cursor`. Returns false when the
// option is not one of them; sets `error` when its value is bad.
bool ParseInputOption(ArgCursor& cursor, GraphInputArgs& args, std::string& error);

extern const char kGraphInputOptionsHelp[];

// Analyses the inputs into `graph` (collapsed if asked), printing
// diagnostics to `err`. Returns -1 when the graph is ready, else the exit
// status to stop with (2: no such input, unreadable catalog, --sequence
// with PATHs). `*status`
// receives the exit status the analysis itself calls for (0, 1 or 2).
int AnalyzeToGraph(const GraphInputArgs& args, bool keep_sql, const char* command, graph::Graph& graph,
                   int* status, std::FILE* err);

}  // namespace hivelineage::cli
