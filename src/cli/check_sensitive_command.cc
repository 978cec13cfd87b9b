// `hivelineage check sensitive`.
#include <string>
#include <vector>

#include "base/strings.h"
#include "checks/sensitive.h"
#include "cli/check_command.h"
#include "cli/format_option.h"
#include "cli/graph_command.h"

namespace hivelineage::cli {
namespace {

const char kUsage[] =
    "usage: hivelineage check sensitive --tags TAGS [--levels LEVELS] [OPTIONS] [PATH ...]\n"
    "       hivelineage check sensitive --tags TAGS [--levels LEVELS] [OPTIONS] --store DB\n"
    "\n"
    "Follows tagged (confidential) columns along the column lineage of the scripts: every\n"
    "column a tag reaches, with the path that carries it, and every amplification, a tag\n"
    "landing in a table allowed only a lower level. Tags follow values, not conditions;\n"
    "masking functions and shapes stop or lower them. Exit status 1 on an amplification.\n"
    "\n"
    "options:\n";

// What check sensitive reads from its command line beyond the shared options.
struct SensitiveArgs : GraphInputArgs {
  std::string tags_file, levels_file;
  std::vector<std::string> masks;
  bool default_masking = true;
  bool json = false;
};

// --tags, --levels: a file.
template <std::string SensitiveArgs::*Field>
void SetFile(ArgCursor& c, SensitiveArgs& a, std::string& error) {
  std::string_view value;
  if (!c.TakeValue(value) || value.empty())
    error = Cat(c.name(), " needs a file");
  else
    a.*Field = std::string(value);
}

// check sensitive's own options (and --collapse and --store, said its way):
// the parsing and, in this order, its --help lines.
const Option<SensitiveArgs> kSensitiveOptions[] = {
    {{"--tags"},
     "--tags FILE",
     "columns with a tag and a level: CSV column,tag,level (globs\n"
     "like ods.*.phone*, *.id_card; the most specific wins) or JSON\n",
     true,
     SetFile<&SensitiveArgs::tags_file>},
    {{"--levels"},
     "--levels FILE",
     "tables and the highest level each may hold: CSV table,level\n"
     "or JSON (levels: public, internal, confidential, restricted,\n"
     "or numbers); tables no pattern matches are not checked\n",
     true,
     SetFile<&SensitiveArgs::levels_file>},
    {{"--mask"},
     "--mask NAME=ACTION",
     "what masking function (or shape:NAME) NAME does to a tag:\n"
     "stop, or lower:LEVEL; may be repeated; beats the built-in\n"
     "rules (hashes and mask() stop, partial masks lower to internal)\n",
     true,
     [](ArgCursor& c, SensitiveArgs& a, std::string& error) {
       std::string_view value;
       if (!c.TakeValue(value))
         error = "--mask needs NAME=stop or NAME=lower:LEVEL";
       else
         a.masks.emplace_back(value);
     }},
    {{"--no-default-masking"}, "--no-default-masking", "drop the built-in masking rules\n", false,
     [](ArgCursor&, SensitiveArgs& a, std::string&) { a.default_masking = false; }},
    {{"--format"}, "--format FORMAT", "text (default) or json\n", true,
     [](ArgCursor& c, SensitiveArgs& a, std::string& error) { TakeTextOrJson(c, a.json, error); }},
    {{"--collapse"}, "--collapse temporary", "bridge temporary tables (paths go straight through them)\n", true,
     SharedSetter<SensitiveArgs, SetCollapse>},
    {{"--store"},
     "--store DB",
     "read the lineage kept in DB by `hivelineage store update`\n"
     "instead of analysing PATHs (the same answers)\n",
     true,
     SharedSetter<SensitiveArgs, SetStore>},
};

}  // namespace

int CheckSensitiveCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  SensitiveArgs args;
  std::string error = ParseSubcommand<SensitiveArgs>(
      argc, argv, {kSensitiveOptions}, args, [&](std::string_view path) { args.input.paths.emplace_back(path); }, 3);
  if (error.empty() && args.help) {
    PrintCheckUsage(Cat(kUsage, TableHelp(std::span<const Option<SensitiveArgs>>(kSensitiveOptions))).c_str(), out);
    return 0;
  }
  const std::string &tags_file = args.tags_file, &levels_file = args.levels_file;
  const std::vector<std::string>& masks = args.masks;
  const bool default_masking = args.default_masking, json = args.json;
  if (error.empty() && tags_file.empty()) error = "--tags FILE is required";
  checks::SensitivityRules rules;
  for (const std::string& m : masks)
    if (error.empty()) error = checks::AddMaskSpec(m, rules);
  if (error.empty() && args.possible) error = "--possible does not apply to check sensitive (it follows certain edges)";
  if (!error.empty()) return UsageError(err, "hivelineage check sensitive", error);
  if (default_masking) checks::AddDefaultMasking(rules);
  std::vector<std::string> errors;
  checks::LoadTags(tags_file, rules, errors);
  if (!levels_file.empty()) checks::LoadLevels(levels_file, rules, errors);
  if (!errors.empty()) {
    for (const std::string& e : errors) std::fprintf(err, "hivelineage check sensitive: %s\n", e.c_str());
    return 2;
  }

  graph::Graph g;
  int status = 0;
  if (const int stop = AnalyzeToGraph(args, false, "check sensitive", g, &status, err); stop >= 0) return stop;
  const checks::SensitiveReport report = checks::CheckSensitive(g, rules);
  std::string text;
  if (json)
    checks::WriteSensitiveJson(g, report, text);
  else
    checks::WriteSensitiveText(g, report, text);
  std::fwrite(text.data(), 1, text.size(), out);
  std::fflush(out);
  if (status == 1)
    std::fprintf(err, "hivelineage check sensitive: some statements could not be analysed; tags may flow further\n");
  return report.violations > 0 ? 1 : status;
}

}  // namespace hivelineage::cli
