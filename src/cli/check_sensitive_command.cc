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
    "options:\n"
    "  --tags FILE           columns with a tag and a level: CSV column,tag,level (globs\n"
    "                        like ods.*.phone*, *.id_card; the most specific wins) or JSON\n"
    "  --levels FILE         tables and the highest level each may hold: CSV table,level\n"
    "                        or JSON (levels: public, internal, confidential, restricted,\n"
    "                        or numbers); tables no pattern matches are not checked\n"
    "  --mask NAME=ACTION    what masking function (or shape:NAME) NAME does to a tag:\n"
    "                        stop, or lower:LEVEL; may be repeated; beats the built-in\n"
    "                        rules (hashes and mask() stop, partial masks lower to internal)\n"
    "  --no-default-masking  drop the built-in masking rules\n"
    "  --format FORMAT       text (default) or json\n"
    "  --collapse temporary  bridge temporary tables (paths go straight through them)\n"
    "  --store DB            read the lineage kept in DB by `hivelineage store update`\n"
    "                        instead of analysing PATHs (the same answers)\n";

}  // namespace

int CheckSensitiveCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  GraphInputArgs args;
  std::string tags_file, levels_file;
  std::vector<std::string> masks;
  bool default_masking = true;
  bool json = false;
  std::string error;
  ArgCursor c(argc, argv, 3);
  while (error.empty() && c.Next()) {
    if (c.is_path()) {
      args.input.paths.emplace_back(c.arg());
      continue;
    }
    if (ParseGraphInputOption(c, args, error)) continue;
    const std::string_view name = c.name();
    std::string_view value;
    if (name == "--help" || name == "-h") {
      PrintCheckUsage(kUsage, out);
      return 0;
    } else if (name == "--tags" || name == "--levels") {
      if (!c.TakeValue(value) || value.empty())
        error = Cat(name, " needs a file");
      else
        (name == "--tags" ? tags_file : levels_file) = std::string(value);
    } else if (name == "--mask") {
      if (!c.TakeValue(value))
        error = "--mask needs NAME=stop or NAME=lower:LEVEL";
      else
        masks.emplace_back(value);
    } else if (name == "--no-default-masking") {
      default_masking = false;
    } else if (name == "--format") {
      TakeTextOrJson(c, json, error);
    } else {
      error = Cat("unknown option '", c.arg(), "'");
    }
  }
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
