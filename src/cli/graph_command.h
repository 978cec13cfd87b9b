// `hivelineage graph`: the lineage of many scripts merged into one graph.
//
// Also holds what `graph` and `impact` share: --collapse and the analysis
// of the inputs into a graph, with diagnostics on stderr in GCC form.
#pragma once

#include <cstdio>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/input_options.h"
#include "cli/option_table.h"
#include "graph/model/graph.h"
#include "graph/queries/lineage_source.h"

namespace hivelineage::cli {

// argv[1] is "graph". Returns the exit status: 0 all statements analysed,
// 1 some statements had errors, 2 usage error or unreadable input.
int GraphCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err);

// The input options both subcommands take: those of every command, plus
// --collapse temporary.
struct GraphInputArgs {
  InputArgs input;
  bool collapse_temporary = false;
  std::string store;  // --store DB: read the graph from a store instead of analysing PATHs
  graph::Level level = graph::Level::Column;  // --level
  bool level_given = false;
  // --level system: one node per system (sync/system_name.h); `level` is
  // then Database, which the commands other than graph use.
  bool system_level = false;
  // --possible: also the possible edges, from each candidate of a bare
  // column several tables of unknown schema could hold (graph::BuildOptions::possible).
  bool possible = false;
  // --system-of-dialect DIALECT=NAME (graph --level system): the scripts read
  // in DIALECT are the system NAME (Spark apart from Hive); none: all Hive's.
  std::vector<std::pair<Dialect, std::string>> dialect_systems;
  // Scripts held in memory, analysed after the PATHs (check schedule's inline SQL).
  std::vector<driver::InputFile> extra;
  bool help = false;  // -h, --help
};

// The setters of the shared options (kGraphInputOptions in graph_command.cc),
// for the commands whose tables list one with their own help text:
// --level column|table|database|system, --possible, --collapse temporary, --store.
void SetLevel(ArgCursor& cursor, GraphInputArgs& args, std::string& error);
void SetPossible(ArgCursor& cursor, GraphInputArgs& args, std::string& error);
void SetCollapse(ArgCursor& cursor, GraphInputArgs& args, std::string& error);
void SetStore(ArgCursor& cursor, GraphInputArgs& args, std::string& error);  // --store DB

// Handles one of the shared options at `cursor`: --level, --possible,
// --collapse, --store, -h/--help and the input options. Returns false when
// the option is not one of them; sets `error` when its value is bad.
bool ParseGraphInputOption(ArgCursor& cursor, GraphInputArgs& args, std::string& error);

// A subcommand's --help: `usage` (its own lines), the input options, --store,
// --help and the exit statuses.
std::string SubcommandUsageText(std::string_view usage);

// The same as data, `own` the command's option rows: its intro ends with
// "options:\n"; the input options and the shared ones follow `own`.
HelpText SubcommandHelp(std::string_view intro, std::vector<HelpRow> own);

// A command's whole command line (from argv[first]: 3 for `check CHECK`)
// with its own `tables` first, then the shared options; each path to
// `on_path`. Returns the usage error.
template <typename Args, typename OnPath>
std::string ParseSubcommand(int argc, const char* const* argv, OptionTables<Args> tables, Args& args,
                            OnPath on_path, int first = 2) {
  ArgCursor c(argc, argv, first);
  return ParseCommandLine(
      c, tables, args, args.help, [&](ArgCursor& cursor, std::string& error) {
        return ParseGraphInputOption(cursor, args, error);
      },
      on_path);
}

// The --possible help text of the commands that take it (label "--possible").
extern const char kPossibleHelp[];

// `hivelineage graph --help`, and as data for the man page.
std::string GraphUsageText();
HelpText GraphHelp();

// With --store, the analysis options belong to `store update`: false (after
// saying so on `err`) when some were given.
bool CheckStoreArgs(const GraphInputArgs& args, const char* command, std::FILE* err);

// Analyses the inputs (or reads the --store) into `graph` (collapsed if asked), printing
// diagnostics to `err`. Returns -1 when the graph is ready, else the exit
// status to stop with (2: no such input, unreadable catalog, --sequence
// with PATHs). `*status`
// receives the exit status the analysis itself calls for (0, 1 or 2).
// `system_of_file`, when given with args.dialect_systems, receives the system
// of each script whose dialect has one (graph::AtSystemLevel).
int AnalyzeToGraph(const GraphInputArgs& args, bool keep_sql, const char* command, graph::Graph& graph, int* status,
                   std::FILE* err, std::map<std::string, std::string, std::less<>>* system_of_file = nullptr);

}  // namespace hivelineage::cli
