// hivelineage: picks the command; each lives in its own file of src/cli/.
#include <cstdio>
#include <string_view>

#include "cli/analyze_command.h"
#include "cli/catalog_command.h"
#include "cli/graph_command.h"
#include "cli/impact_command.h"

int main(int argc, char** argv) {
  using namespace hivelineage;
  if (argc > 1 && std::string_view(argv[1]) == "graph") return cli::GraphCommand(argc, argv, stdout, stderr);
  if (argc > 1 && std::string_view(argv[1]) == "catalog") return cli::CatalogCommand(argc, argv, stdout, stderr);
  if (argc > 1 && std::string_view(argv[1]) == "impact") return cli::ImpactCommand(argc, argv, stdout, stderr);
  return cli::AnalyzeCommand(argc, argv, stdout, stderr);
}
