// hivelineage: picks the command; each lives in its own file of src/cli/.
#include <cstdio>
#include <string_view>

#include "cli/analyze_command.h"
#include "cli/check_command.h"
#include "cli/domains_command.h"
#include "cli/explain_command.h"
#include "cli/catalog_command.h"
#include "cli/graph_command.h"
#include "cli/impact_command.h"
#include "cli/query_command.h"
#include "cli/rootcause_command.h"
#include "cli/serve_command.h"
#include "cli/store_command.h"
#include "cli/usage_command.h"

int main(int argc, char** argv) {
  using namespace hivelineage;
  if (argc > 1 && std::string_view(argv[1]) == "graph") return cli::GraphCommand(argc, argv, stdout, stderr);
  if (argc > 1 && std::string_view(argv[1]) == "catalog") return cli::CatalogCommand(argc, argv, stdout, stderr);
  if (argc > 1 && std::string_view(argv[1]) == "impact") return cli::ImpactCommand(argc, argv, stdout, stderr);
  if (argc > 1 && std::string_view(argv[1]) == "store") return cli::StoreCommand(argc, argv, stdout, stderr);
  if (argc > 1 && cli::IsQueryCommand(argv[1])) return cli::QueryCommand(argc, argv, stdout, stderr);
  if (argc > 1 && std::string_view(argv[1]) == "check") return cli::CheckCommand(argc, argv, stdout, stderr);
  if (argc > 1 && std::string_view(argv[1]) == "explain") return cli::ExplainCommand(argc, argv, stdout, stderr);
  if (argc > 1 && std::string_view(argv[1]) == "usage") return cli::UsageCommand(argc, argv, stdout, stderr);
  if (argc > 1 && std::string_view(argv[1]) == "domains") return cli::DomainsCommand(argc, argv, stdout, stderr);
  if (argc > 1 && std::string_view(argv[1]) == "rootcause") return cli::RootCauseCommand(argc, argv, stdout, stderr);
  if (argc > 1 && std::string_view(argv[1]) == "serve") return cli::ServeCommand(argc, argv, stdout, stderr);
  return cli::AnalyzeCommand(argc, argv, stdout, stderr);
}
