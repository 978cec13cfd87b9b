#include "cli/commands.h"

#include "cli/analyze_command.h"
#include "cli/catalog_command.h"
#include "cli/check_command.h"
#include "cli/domains_command.h"
#include "cli/explain_command.h"
#include "cli/graph_command.h"
#include "cli/impact_command.h"
#include "cli/query_command.h"
#include "cli/rootcause_command.h"
#include "cli/serve_command.h"
#include "cli/store_command.h"
#include "cli/usage_command.h"

namespace hivelineage::cli {

namespace {

constexpr CommandEntry kCommands[] = {
    {"graph", GraphCommand},
    {"catalog", CatalogCommand},
    {"impact", ImpactCommand},
    {"store", StoreCommand},
    // The lineage questions: query_command.h.
    {"path", QueryCommand},
    {"leaves", QueryCommand},
    {"roots", QueryCommand},
    {"orphans", QueryCommand},
    {"readers", QueryCommand},
    {"writers", QueryCommand},
    {"check", CheckCommand},
    {"explain", ExplainCommand},
    {"usage", UsageCommand},
    {"domains", DomainsCommand},
    {"rootcause", RootCauseCommand},
    {"serve", ServeCommand},
};

}  // namespace

std::span<const CommandEntry> Commands() { return kCommands; }

int Main(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  if (argc > 1)
    for (const CommandEntry& command : kCommands)
      if (command.name == argv[1]) return command.run(argc, argv, out, err);
  return AnalyzeCommand(argc, argv, out, err);
}

}  // namespace hivelineage::cli
