#include "cli/explain_command.h"

#include <charconv>
#include <string>

#include "base/strings.h"
#include "cli/graph_command.h"
#include "graph/render/explain_format.h"
#include "view/graph_page.h"

namespace hivelineage::cli {
namespace {

const char kUsage[] =
    "usage: hivelineage explain db.table.column [OPTIONS] [PATH ...]\n"
    "\n"
    "How the column's value is made, traced back to its sources hop by hop: every\n"
    "statement that writes it (script:line, expression), the conditions that decide which\n"
    "rows it writes (listed apart, with their columns), then the columns its expression\n"
    "reads, explained in turn.\n"
    "\n"
    "options:\n";

// What explain reads from its command line beyond the shared options.
struct ExplainArgs : GraphInputArgs {
  std::string column;
  int depth = -1;
  bool json = false;
  bool html = false;
};

// explain's own options: the parsing and, in this order, its --help lines.
const Option<ExplainArgs> kExplainOptions[] = {
    {{"--depth"},
     "--depth N",
     "follow at most N hops (default: no limit)\n",
     true,
     [](ArgCursor& c, ExplainArgs& a, std::string& error) {
       std::string_view value;
       const bool has = c.TakeValue(value);
       const auto r = std::from_chars(value.data(), value.data() + value.size(), a.depth);
       if (!has || r.ec != std::errc() || r.ptr != value.data() + value.size() || a.depth < 0)
         error = Cat("--depth expects a non-negative number, got '", value, "'");
     }},
    {{"--format"},
     "--format FORMAT",
     "text (a tree, default), json, or html (the lineage page opened on\n"
     "the column, what it is made of highlighted)\n",
     true,
     SetTextJsonHtmlFormat<ExplainArgs>},
    {{"--possible"},
     "--possible",
     "text, json: also the possible sources (marked) of a bare column\n"
     "several tables could hold (see docs/graph.md)\n",
     false,
     SharedSetter<ExplainArgs, SetPossible>},
};

std::string ExplainUsageText() {
  return SubcommandUsageText(Cat(kUsage, TableHelp(std::span<const Option<ExplainArgs>>(kExplainOptions))));
}

}  // namespace

int ExplainCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  ExplainArgs args;
  // The first word is the column; scripts follow.
  std::string error = ParseSubcommand<ExplainArgs>(argc, argv, {kExplainOptions}, args,
                                      [&](std::string_view arg) {
                                        if (args.column.empty())
                                          args.column = std::string(arg);
                                        else
                                          args.input.paths.emplace_back(arg);
                                      });
  if (error.empty() && args.help) {
    std::fputs(ExplainUsageText().c_str(), out);
    return 0;
  }
  const std::string& column = args.column;
  const int depth = args.depth;
  const bool json = args.json, html = args.html;
  if (error.empty() && column.empty()) error = "give the column to explain (db.table.column)";
  if (error.empty() && args.possible && html)
    error = "--possible applies to text and json (the html page cannot mark a possible edge)";
  if (error.empty() && args.system_level)
    error = "explain traces a column, of any system (crm-mysql/crm.customer.phone): --level system is not for it";
  if (error.empty() && args.collapse_temporary)
    error = "--collapse does not apply to explain (each hop is one statement, temporary tables included)";
  if (!error.empty()) return UsageError(err, "hivelineage explain", error);

  graph::Graph g;
  int status = 0;
  if (const int stop = AnalyzeToGraph(args, false, "explain", g, &status, err); stop >= 0) return stop;
  graph::ExplainResult result;
  if (!graph::Explain(g, column, depth, result, error)) {
    std::fprintf(err, "hivelineage explain: %s\n", error.c_str());
    return 2;
  }
  std::string text;
  if (html)
    view::WriteExplainPage(g, result, view::InputsTitle(args.input.paths, args.input.sequence, args.store), text);
  else if (json)
    graph::WriteExplainJson(g, result, text);
  else
    graph::WriteExplainText(g, result, text);
  std::fwrite(text.data(), 1, text.size(), out);
  std::fflush(out);
  return status;
}

}  // namespace hivelineage::cli
