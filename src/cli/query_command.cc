#include "cli/query_command.h"

#include <charconv>
#include <memory>
#include <string>
#include <vector>

#include "base/strings.h"
#include "cli/format_option.h"
#include "cli/graph_command.h"
#include "cli/open_source.h"
#include "graph/model/level_graph.h"
#include "graph/queries/extremities.h"
#include "graph/queries/graph_source.h"
#include "graph/queries/paths.h"
#include "graph/render/query_format.h"

namespace hivelineage::cli {
namespace {

struct Command {
  const char* name;
  int names;  // positional node names before the PATHs
  const char* usage;
};

constexpr Command kCommands[] = {
    {"path", 2,
     "usage: hivelineage path FROM TO [OPTIONS] [PATH ...]\n"
     "\n"
     "Every way data flows from FROM to TO: each path with every statement along it.\n"
     "FROM and TO are columns (db.table.column), tables (db.table) or databases, as --level\n"
     "says (by default the level FROM names).\n"
     "\n"
     "options:\n"},
    {"leaves", 0,
     "usage: hivelineage leaves [OPTIONS] [PATH ...]\n"
     "\n"
     "What nothing reads: tables no statement reads, columns nothing flows from, databases\n"
     "nothing outside them reads. Candidates to take offline.\n"
     "\n"
     "options:\n"},
    {"roots", 0,
     "usage: hivelineage roots [OPTIONS] [PATH ...]\n"
     "\n"
     "What nothing writes: tables no statement writes, columns nothing flows into,\n"
     "databases nothing outside them writes. Where the warehouse's data enters.\n"
     "\n"
     "options:\n"},
    {"orphans", 0,
     "usage: hivelineage orphans [OPTIONS] [PATH ...]\n"
     "\n"
     "What is read but neither written by a statement nor declared (by --catalog or a\n"
     "script's DDL): a missing load, or a catalog that is not complete.\n"
     "\n"
     "options:\n"},
    {"readers", 1,
     "usage: hivelineage readers NAME [OPTIONS] [PATH ...]\n"
     "\n"
     "The statements that read NAME (a table by default), with their scripts.\n"
     "\n"
     "options:\n"},
    {"writers", 1,
     "usage: hivelineage writers NAME [OPTIONS] [PATH ...]\n"
     "\n"
     "The statements that write NAME (a table by default), with their scripts.\n"
     "\n"
     "options:\n"},
};

// What the queries read from their command lines beyond the shared options.
struct QueryArgs : GraphInputArgs {
  bool json = false;
  graph::PathOptions path_options;
};

// The options of every query: the parsing and, in this order, the last of
// their --help lines.
const Option<QueryArgs> kQueryOptions[] = {
    {{"--level"},
     "--level LEVEL",
     "column, table, database or system (the systems of sync jobs,\n"
     "docs/systems.md) (default: table; path: the level FROM names)\n",
     true,
     SharedSetter<QueryArgs, SetLevel>},
    {{"--format"}, "--format FORMAT", "text (default) or json\n", true,
     [](ArgCursor& c, QueryArgs& a, std::string& error) { TakeTextOrJson(c, a.json, error); }},
    {{"--possible"}, "--possible", kPossibleHelp, false, SharedSetter<QueryArgs, SetPossible>},
};

// path's own options, before those of every query.
const Option<QueryArgs> kPathOptions[] = {
    {{"--with-conditions"},
     "--with-conditions",
     "column level: also through conditions (WHERE, JOIN ON, ...)\n",
     false,
     [](ArgCursor&, QueryArgs& a, std::string&) { a.path_options.with_conditions = true; }},
    {{"--max-paths"},
     "--max-paths N",
     "stop after N paths (default 100)\n",
     true,
     [](ArgCursor& c, QueryArgs& a, std::string& error) {
       std::string_view value;
       size_t n = 0;
       const bool has = c.TakeValue(value);
       const auto r = std::from_chars(value.data(), value.data() + value.size(), n);
       if (!has || r.ec != std::errc() || r.ptr != value.data() + value.size() || n == 0)
         error = Cat("--max-paths expects a positive number, got '", value, "'");
       else
         a.path_options.max_paths = n;
     }},
};

const Command* Find(std::string_view name) {
  for (const Command& c : kCommands)
    if (name == c.name) return &c;
  return nullptr;
}

// The level a name is a node of, trying columns, tables, then databases.
std::optional<graph::Level> LevelOf(const graph::LineageSource& s, const std::string& name) {
  for (graph::Level l : {graph::Level::Column, graph::Level::Table, graph::Level::Database})
    if (s.HasNode(l, name)) return l;
  return std::nullopt;
}

}  // namespace

bool IsQueryCommand(std::string_view name) { return Find(name) != nullptr; }

int QueryCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  const Command& command = *Find(argv[1]);
  const std::string who = Cat("hivelineage ", command.name);
  QueryArgs args;
  std::vector<std::string> names;
  const std::span<const Option<QueryArgs>> own =
      std::string_view(command.name) == "path" ? std::span<const Option<QueryArgs>>(kPathOptions)
                                               : std::span<const Option<QueryArgs>>();
  const OptionTables<QueryArgs> tables = {own, kQueryOptions};
  std::string error = ParseSubcommand(argc, argv, tables, args, [&](std::string_view arg) {
    if (names.size() < static_cast<size_t>(command.names))
      names.push_back(ToLower(arg));
    else
      args.input.paths.emplace_back(arg);
  });
  if (error.empty() && args.help) {
    std::fputs(SubcommandUsageText(Cat(command.usage, TableHelp(tables))).c_str(), out);
    return 0;
  }
  const bool json = args.json;
  graph::PathOptions& path_options = args.path_options;
  if (error.empty() && names.size() < static_cast<size_t>(command.names))
    error = command.names == 2 ? "give FROM and TO" : "give the NAME to look up";
  if (!error.empty()) return UsageError(err, who, error);

  OpenedSource opened;
  // --level system: the graph grouped by system (graph::AtSystemLevel), whose
  // "databases" are the systems (`hive`, `crm-mysql`, ...).
  graph::Graph whole, systems;
  std::unique_ptr<graph::GraphSource> system_source;
  if (args.system_level) {
    if (const int stop = AnalyzeToGraph(args, false, command.name, whole, &opened.status, err); stop >= 0) return stop;
    systems = graph::AtSystemLevel(whole);
    system_source = std::make_unique<graph::GraphSource>(systems);
  } else if (const int stop = OpenLineageSource(args, command.name, opened, err); stop >= 0) {
    return stop;
  }
  const graph::LineageSource& source = args.system_level ? *system_source : *opened.source;
  // By default a table (path: the level FROM names).
  graph::Level level = args.level;
  if (!args.level_given) level = command.names == 2 ? LevelOf(source, names[0]).value_or(graph::Level::Column) : graph::Level::Table;
  for (const std::string& n : names)
    if (!source.HasNode(level, n)) {
      std::fprintf(err, "%s: no %s named '%s' in the lineage\n", who.c_str(), graph::LevelName(level), n.c_str());
      return 2;
    }

  std::string text;
  const std::string_view name = command.name;
  if (name == "path") {
    path_options.level = level;
    const graph::Paths paths = graph::FindPaths(source, names[0], names[1], path_options);
    json ? graph::WritePathsJson(paths, text) : graph::WritePathsText(paths, text);
  } else if (name == "readers" || name == "writers") {
    const graph::Use use = name == "readers" ? graph::Use::Read : graph::Use::Written;
    const auto uses = source.Uses(level, names[0], use);
    json ? graph::WriteUsesJson(use, level, names[0], uses, text)
         : graph::WriteUsesText(use, level, names[0], uses, text);
  } else {
    const graph::Extremity which = name == "leaves"  ? graph::Extremity::Leaves
                                   : name == "roots" ? graph::Extremity::Roots
                                                     : graph::Extremity::Orphans;
    const auto nodes = graph::FindExtremities(source, which, level);
    json ? graph::WriteExtremitiesJson(which, level, nodes, text)
         : graph::WriteExtremitiesText(which, level, nodes, text);
  }
  std::fwrite(text.data(), 1, text.size(), out);
  std::fflush(out);
  return opened.status;
}

}  // namespace hivelineage::cli
