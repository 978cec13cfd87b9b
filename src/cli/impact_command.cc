#include "cli/impact_command.h"

#include <charconv>
#include <string>

#include "base/strings.h"
#include "cli/graph_command.h"
#include "graph/impact.h"

namespace hivelineage::cli {
namespace {

const char kImpactUsage[] =
    "usage: hivelineage impact (--downstream | --upstream) NAME [OPTIONS] [PATH ...]\n"
    "\n"
    "Impact analysis over the lineage graph of the scripts (see hivelineage graph): every\n"
    "table and column reachable from NAME (db.table or db.table.column), each with the\n"
    "statements that connect it.\n"
    "\n"
    "options:\n"
    "  --downstream NAME     what NAME feeds\n"
    "  --upstream NAME       what feeds NAME\n"
    "  --depth N             follow at most N edges (default: no limit)\n"
    "  --format FORMAT       text (a tree, default) or json\n"
    "  --collapse temporary  remove temporary tables, linking their sources to their targets\n";

}  // namespace

int ImpactCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  GraphInputArgs args;
  graph::ImpactOptions options;
  std::string start;
  int starts = 0;
  bool json = false;
  std::string error;
  ArgCursor c(argc, argv, 2);
  while (error.empty() && c.Next()) {
    if (c.is_path()) {
      args.input.paths.emplace_back(c.arg());
      continue;
    }
    if (ParseGraphInputOption(c, args, error)) continue;
    const std::string_view name = c.name();
    std::string_view value;
    if (name == "--help" || name == "-h") {
      PrintGraphUsage(kImpactUsage, out);
      return 0;
    } else if (name == "--downstream" || name == "--upstream") {
      if (!c.TakeValue(value) || value.empty()) {
        error = Cat(name, " needs a table or column name");
      } else {
        start = std::string(value);
        ++starts;
        options.direction = name == "--downstream" ? graph::Direction::Downstream : graph::Direction::Upstream;
      }
    } else if (name == "--depth") {
      int depth = -1;
      const bool has = c.TakeValue(value);
      const auto r = std::from_chars(value.data(), value.data() + value.size(), depth);
      if (!has || r.ec != std::errc() || r.ptr != value.data() + value.size() || depth < 0)
        error = Cat("--depth expects a non-negative number, got '", value, "'");
      else
        options.max_depth = depth;
    } else if (name == "--format") {
      if (!c.TakeValue(value) || (value != "text" && value != "json"))
        error = Cat("unknown format '", value, "' (expected text or json)");
      else
        json = value == "json";
    } else {
      error = Cat("unknown option '", c.arg(), "'");
    }
  }
  if (error.empty() && starts != 1) error = "give exactly one of --downstream NAME or --upstream NAME";
  if (!error.empty()) {
    std::fprintf(err, "hivelineage impact: %s\n\n", error.c_str());
    PrintGraphUsage(kImpactUsage, err);
    return 2;
  }

  graph::Graph g;
  int status = 0;
  if (const int stop = AnalyzeToGraph(args, false, "impact", g, &status, err); stop >= 0) return stop;
  graph::ImpactResult result;
  if (!graph::Impact(g, start, options, result, error)) {
    std::fprintf(err, "hivelineage impact: %s\n", error.c_str());
    return 2;
  }
  std::string text;
  if (json) {
    graph::WriteImpactJson(g, result, text);
  } else {
    graph::WriteImpactText(g, result, text);
  }
  std::fwrite(text.data(), 1, text.size(), out);
  std::fflush(out);
  return status;
}

}  // namespace hivelineage::cli
