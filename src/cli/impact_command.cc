#include "cli/impact_command.h"

#include <algorithm>
#include <charconv>
#include <memory>
#include <string>
#include <vector>

#include "base/edit_distance.h"
#include "base/strings.h"
#include "cli/graph_command.h"
#include "cli/open_source.h"
#include "driver/run.h"
#include "graph/model/level_graph.h"
#include "graph/queries/graph_source.h"
#include "graph/queries/impact.h"
#include "graph/queries/impact_source.h"
#include "graph/render/formats.h"
#include "graph/render/impact_format.h"
#include "store/store_source.h"
#include "view/graph_page.h"

namespace hivelineage::cli {
namespace {

const char kImpactUsage[] =
    "usage: hivelineage impact (--downstream | --upstream) NAME [OPTIONS] [PATH ...]\n"
    "\n"
    "Impact analysis over the lineage graph of the scripts (see hivelineage graph): every\n"
    "table and column reachable from NAME (db.table or db.table.column), each with the\n"
    "statements that connect it. A table's impact is the union of its columns'.\n"
    "\n"
    "options:\n";

enum class ImpactFormat : uint8_t { Text, Json, Dot, Mermaid, Html };

std::optional<ImpactFormat> ParseImpactFormat(std::string_view name) {
  if (name == "text") return ImpactFormat::Text;
  if (name == "json") return ImpactFormat::Json;
  if (name == "dot") return ImpactFormat::Dot;
  if (name == "mermaid") return ImpactFormat::Mermaid;
  if (name == "html") return ImpactFormat::Html;
  return std::nullopt;
}

// What impact reads from its command line beyond the shared options.
struct ImpactArgs : GraphInputArgs {
  graph::ImpactOptions options;
  std::string start;
  int starts = 0;  // --downstream and --upstream given: exactly one is right
  ImpactFormat format = ImpactFormat::Text;
};

void SetStart(ArgCursor& c, ImpactArgs& a, std::string& error) {
  std::string_view value;
  if (!c.TakeValue(value) || value.empty()) {
    error = Cat(c.name(), " needs a table or column name");
    return;
  }
  a.start = std::string(value);
  ++a.starts;
  a.options.direction = c.name() == "--downstream" ? graph::Direction::Downstream : graph::Direction::Upstream;
}

// impact's own options, and the shared ones its --help explains: the parsing
// and, in this order, its --help lines.
const Option<ImpactArgs> kImpactOptions[] = {
    {{"--downstream"}, "--downstream NAME", "what NAME feeds\n", true, SetStart},
    {{"--upstream"}, "--upstream NAME", "what feeds NAME\n", true, SetStart},
    {{"--with-conditions"},
     "--with-conditions",
     "also follow conditions: a column a WHERE / JOIN ON / GROUP BY /\n"
     "... condition reads impacts every column its statement writes\n"
     "under it (default: values only)\n",
     false,
     [](ArgCursor&, ImpactArgs& a, std::string&) { a.options.with_conditions = true; }},
    {{"--depth"},
     "--depth N",
     "follow at most N hops (default: no limit)\n",
     true,
     [](ArgCursor& c, ImpactArgs& a, std::string& error) {
       std::string_view value;
       int depth = -1;
       const bool has = c.TakeValue(value);
       const auto r = std::from_chars(value.data(), value.data() + value.size(), depth);
       if (!has || r.ec != std::errc() || r.ptr != value.data() + value.size() || depth < 0)
         error = Cat("--depth expects a non-negative number, got '", value, "'");
       else
         a.options.max_depth = depth;
     }},
    {{"--format"},
     "--format FORMAT",
     "text (a tree, default), json, dot (Graphviz), mermaid, or html\n"
     "(the interactive page, opened on NAME with what it reaches lit)\n",
     true,
     [](ArgCursor& c, ImpactArgs& a, std::string& error) {
       std::string_view value;
       const std::optional<ImpactFormat> f = c.TakeValue(value) ? ParseImpactFormat(value) : std::nullopt;
       if (!f)
         error = Cat("unknown format '", value, "' (expected text, json, dot, mermaid or html)");
       else
         a.format = *f;
     }},
    {{"--level"},
     "--level LEVEL",
     "column (default: a column's impact, or a table's and its\n"
     "columns'), table (a table's, through table links alone) or\n"
     "database (NAME is a database; what it feeds, database by database)\n"
     "or system (NAME is a system, `hive` or a sync job's other side:\n"
     "crm-mysql; docs/systems.md)\n",
     true,
     SharedSetter<ImpactArgs, SetLevel>},
    {{"--collapse"},
     "--collapse temporary",
     "remove temporary tables, linking their sources to their targets\n",
     true,
     SharedSetter<ImpactArgs, SetCollapse>},
    {{"--possible"},
     "--possible",
     "text, json, dot, mermaid: also follow possible edges (marked), from\n"
     "each table that could hold a bare column of a join (docs/graph.md)\n",
     false,
     SharedSetter<ImpactArgs, SetPossible>},
};

// Is `name` a table or column of the catalog? (Loaded again: the run's
// copy is gone, and this is asked only for a name no statement uses.)
bool InCatalog(const lineage::Catalog& catalog, const std::string& name, bool* is_table) {
  if (catalog.Find(name) != nullptr) {
    *is_table = true;
    return true;
  }
  const size_t dot = name.rfind('.');
  if (dot == std::string::npos) return false;
  const lineage::CatalogTable* t = catalog.Find(name.substr(0, dot));
  *is_table = false;
  return t != nullptr && t->FindColumn(name.substr(dot + 1)) != nullptr;
}

// The last `parts` dot-separated parts of `name` (all of it when it has fewer).
std::string_view LastParts(std::string_view name, size_t parts) {
  size_t begin = name.size();
  for (size_t k = 0; k < parts; ++k) {
    const size_t dot = begin == 0 ? std::string_view::npos : name.rfind('.', begin - 1);
    if (dot == std::string_view::npos) return name;
    begin = dot;
  }
  return name.substr(begin + 1);
}

// The known names nearest to `name`: by edit distance to the whole name, or
// to as many trailing parts of it as `name` has (`ods_log` finds
// `ods.ods_log`). The closest and those one edit further, at most five.
// `candidates` holds the graph's names; the catalog's are added.
std::vector<std::string> DidYouMean(const std::string& name, std::vector<std::string> candidates,
                                    const lineage::Catalog& catalog) {
  for (const lineage::CatalogTable* t : catalog.Tables()) {
    candidates.push_back(t->name);
    for (const auto* cols : {&t->columns, &t->partition_columns})
      for (const lineage::CatalogColumn& c : *cols) candidates.push_back(Cat(t->name, ".", c.name));
  }
  std::sort(candidates.begin(), candidates.end());
  candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());

  const size_t parts = static_cast<size_t>(std::count(name.begin(), name.end(), '.')) + 1;
  const size_t limit = std::max<size_t>(2, name.size() / 4);
  std::vector<std::pair<size_t, std::string>> scored;
  for (std::string& c : candidates) {
    const size_t d = std::min(EditDistance(name, c, limit), EditDistance(name, LastParts(c, parts), limit));
    if (d <= limit) scored.emplace_back(d, std::move(c));
  }
  std::sort(scored.begin(), scored.end());
  // The nearest, and those one edit further.
  std::vector<std::string> out;
  for (size_t i = 0; i < scored.size() && i < 5 && scored[i].first <= scored[0].first + 1; ++i)
    out.push_back(std::move(scored[i].second));
  return out;
}

}  // namespace

HelpText ImpactHelp() {
  std::vector<HelpRow> own;
  AppendHelpRows(std::span<const Option<ImpactArgs>>(kImpactOptions), own);
  return SubcommandHelp(kImpactUsage, std::move(own));
}

std::string ImpactUsageText() { return ImpactHelp().Render(); }

int ImpactCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  ImpactArgs args;
  std::string error = ParseSubcommand<ImpactArgs>(argc, argv, {kImpactOptions}, args,
                                      [&](std::string_view path) { args.input.paths.emplace_back(path); });
  if (error.empty() && args.help) {
    const std::string help = ImpactUsageText();
    std::fwrite(help.data(), 1, help.size(), out);
    return 0;
  }
  graph::ImpactOptions& options = args.options;
  const std::string& start = args.start;
  const int starts = args.starts;
  const ImpactFormat format = args.format;
  if (error.empty() && starts != 1) error = "give exactly one of --downstream NAME or --upstream NAME";
  options.level = args.level;
  if (error.empty() && args.collapse_temporary && options.level != graph::Level::Column)
    error = "--collapse temporary works at column level";
  if (error.empty() && args.possible && format == ImpactFormat::Html)
    error = "--possible applies to text, json, dot and mermaid (the html page cannot mark a possible edge)";
  if (!error.empty()) return UsageError(err, "hivelineage impact", error);

  // The graph the walk runs on: with --collapse the whole graph (collapsing
  // needs it all); otherwise only what the walk reaches, read from the
  // scripts' graph or the store (graph/impact_source.h).
  const std::string key = ToLower(start);
  graph::Graph g;
  graph::ImpactResult result;
  int status = 0;
  OpenedSource opened;
  graph::Graph whole;                                  // --level system: the scripts' graph,
  std::unique_ptr<graph::Graph> systems;               // grouped by system,
  std::unique_ptr<graph::GraphSource> system_source;  // and read as a lineage source
  bool found = false;
  if (args.system_level) {
    // --level system: the whole graph grouped by system, walked as databases are.
    options.systems = true;
    if (const int stop = AnalyzeToGraph(args, false, "impact", whole, &status, err); stop >= 0) return stop;
    systems = std::make_unique<graph::Graph>(graph::AtSystemLevel(whole));
    system_source = std::make_unique<graph::GraphSource>(*systems);
    const bool drawing = format == ImpactFormat::Dot || format == ImpactFormat::Mermaid;
    found = graph::ImpactNeighbourhood(*system_source, key, options, g, drawing) && graph::Impact(g, key, options, result);
    if (!found) {
      std::fprintf(err, "hivelineage impact: no system named '%s' in the lineage\n", key.c_str());
      return 2;
    }
  } else if (args.collapse_temporary) {
    if (const int stop = AnalyzeToGraph(args, false, "impact", g, &status, err); stop >= 0) return stop;
    found = graph::Impact(g, key, options, result);
  } else {
    if (const int stop = OpenLineageSource(args, "impact", opened, err); stop >= 0) return stop;
    status = opened.status;
    const bool drawing = format == ImpactFormat::Dot || format == ImpactFormat::Mermaid;
    found = graph::ImpactNeighbourhood(*opened.source, key, options, g, drawing) &&
            graph::Impact(g, key, options, result);
  }
  if (!found) {
    const std::optional<graph::TableId> t = g.FindTable(key);
    const std::optional<graph::ColumnId> col = g.FindColumn(key);
    if ((t && g.tables[*t].collapsed) || (col && g.tables[g.columns[*col].table].collapsed)) {
      std::fprintf(err, "hivelineage impact: '%s' is in a temporary table that --collapse temporary removed\n",
                   key.c_str());
      return 2;
    }
    // The --catalog tables: those the store kept, or loaded again.
    lineage::Catalog catalog;
    if (opened.db != nullptr) {
      for (const lineage::CatalogTable& table : store::CatalogTables(*opened.db)) catalog.Put(table);
    } else {
      catalog = driver::LoadCatalog(MakeRunOptions(args.input).analyze, [](driver::FileResult&&) {}).catalog;
    }
    bool is_table = false;
    if (options.level == graph::Level::Database || !InCatalog(catalog, key, &is_table) ||
        (options.level == graph::Level::Table && !is_table)) {
      std::vector<std::string> names;
      const std::vector<graph::Level> levels =
          options.level == graph::Level::Column
              ? std::vector<graph::Level>{graph::Level::Table, graph::Level::Column}
              : std::vector<graph::Level>{options.level};
      for (graph::Level level : levels) {
        if (opened.source != nullptr) {
          for (std::string& n : opened.source->Nodes(level)) names.push_back(std::move(n));
        } else if (level == graph::Level::Table) {
          for (const graph::TableNode& tn : g.tables)
            if (!tn.collapsed) names.push_back(tn.name);
        } else {
          for (const graph::ColumnNode& cn : g.columns)
            if (!g.tables[cn.table].collapsed) names.push_back(cn.name);
        }
      }
      std::string message = Cat("no ", options.level == graph::Level::Column ? "table or column" : graph::LevelName(options.level),
                                " named '", key, "' in the scripts or the catalog");
      const std::vector<std::string> near =
          DidYouMean(key, std::move(names), options.level == graph::Level::Database ? lineage::Catalog() : catalog);
      if (!near.empty()) {
        message += "; did you mean ";
        for (size_t i = 0; i < near.size(); ++i) Append(message, i ? ", " : "", near[i]);
        message += "?";
      }
      std::fprintf(err, "hivelineage impact: %s\n", message.c_str());
      return 2;
    }
    result = graph::CatalogOnlyImpact(key, is_table, options);
  }
  std::string text;
  switch (format) {
    case ImpactFormat::Text:
      graph::WriteImpactText(g, result, text);
      break;
    case ImpactFormat::Json:
      graph::WriteImpactJson(g, result, text);
      break;
    case ImpactFormat::Dot:
      graph::WriteDot(graph::ImpactSubgraph(g, result), text);
      break;
    case ImpactFormat::Mermaid:
      graph::WriteMermaid(graph::ImpactSubgraph(g, result), text);
      break;
    case ImpactFormat::Html:
      view::WriteImpactPage(g, result, view::InputsTitle(args.input.paths, args.input.sequence, args.store), text);
      break;
  }
  std::fwrite(text.data(), 1, text.size(), out);
  std::fflush(out);
  return status;
}

}  // namespace hivelineage::cli
