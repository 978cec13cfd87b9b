#include "cli/catalog_command.h"

#include <string>

#include "cli/input_options.h"
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

}  // namespace

int CatalogCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  InputArgs args;
  ArgCursor cursor(argc, argv, 2);
  while (cursor.Next()) {
    if (cursor.is_path()) {
      args.paths.emplace_back(cursor.arg());
      continue;
    }
    if (cursor.name() == "--help" || cursor.name() == "-h") {
      std::fprintf(out, "%s%s", kCatalogUsage, InputOptionsHelp().c_str());
      return 0;
    }
    std::string error;
    if (ParseInputOption(cursor, args, error)) {
      if (!error.empty()) {
        std::fprintf(err, "hivelineage catalog: %s\n", error.c_str());
        return 2;
      }
      continue;
    }
    std::fprintf(err, "hivelineage catalog: unknown option %.*s; see --help\n", static_cast<int>(cursor.arg().size()),
                 cursor.arg().data());
    return 2;
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
