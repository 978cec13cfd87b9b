#include "cli/catalog_command.h"

#include <string>

#include "base/strings.h"
#include "cli/input_options.h"
#include "cli/option_table.h"
#include "driver/gather.h"
#include "driver/session.h"

namespace hivelineage::cli {
namespace {

const char kCatalogUsage[] =
    "usage: hivelineage catalog [OPTIONS] [PATH ...]\n"
    "\n"
    "Prints what the scripts say about the warehouse's tables as catalog JSON: the\n"
    "--catalog tables, the tables the scripts declare (CREATE TABLE, ALTER TABLE ...\n"
    "COLUMNS) and those known only from the columns the scripts name through them.\n"
    "Every table and column carries its evidence: {\"kind\": \"catalog\" | \"declared\" |\n"
    "\"inferred\", \"uses\": N, \"where\": [\"file:line\", ...]}; a table declared differently\n"
    "by several scripts lists the other declarations under \"conflicts\". Review it,\n"
    "correct it and pass it back with --catalog.\n"
    "\n"
    "options:\n";

// catalog takes the input options, and -h/--help (which its --help, the
// input options' lines, does not list).
struct CatalogArgs {
  InputArgs input;
  bool help = false;
};

const Option<CatalogArgs> kCatalogOptions[] = {
    {{"-h", "--help"}, "", "", false, [](ArgCursor&, CatalogArgs& a, std::string&) { a.help = true; }},
};

}  // namespace

int CatalogCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  CatalogArgs command_line;
  InputArgs& args = command_line.input;
  ArgCursor cursor(argc, argv, 2);
  const std::string error = ParseCommandLine<CatalogArgs>(
      cursor, {kCatalogOptions}, command_line, command_line.help,
      [&](ArgCursor& c, std::string& e) {
        if (!ParseInputOption(c, args, e)) e = Cat("unknown option ", c.arg(), "; see --help");
        return true;
      },
      [&](std::string_view path) { args.paths.emplace_back(path); });
  if (!error.empty()) {
    std::fprintf(err, "hivelineage catalog: %s\n", error.c_str());
    return 2;
  }
  if (command_line.help) {
    std::fprintf(out, "%s%s", kCatalogUsage, InputOptionsHelp().c_str());
    return 0;
  }
  std::optional<std::vector<driver::InputFile>> inputs = ResolveInputs(args, "hivelineage catalog", err);
  if (!inputs) return 2;
  const driver::RunOptions options = MakeRunOptions(args);
  driver::LoadedCatalog given = driver::LoadCatalog(options.analyze, [](driver::FileResult&&) {});
  if (!given.errors.empty()) {
    for (const std::string& e : given.errors) std::fprintf(err, "hivelineage catalog: %s\n", e.c_str());
    return 2;
  }
  const std::vector<driver::InputFile> files = driver::ReadStdinOnce(*inputs);
  const lineage::WarehouseSchema schema =
      driver::LearnWarehouse(files, options.analyze, driver::ResolveJobs(options.jobs), given.catalog);
  const std::string json = lineage::WarehouseCatalogJson(schema, given.catalog);
  std::fwrite(json.data(), 1, json.size(), out);
  return 0;
}

}  // namespace hivelineage::cli
