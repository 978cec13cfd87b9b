#include "cli/open_source.h"

#include "graph/queries/graph_source.h"
#include "store/load_graph.h"
#include "store/schema.h"
#include "store/store_source.h"
#include "store/update.h"

namespace hivelineage::cli {

int OpenLineageSource(const GraphInputArgs& args, const char* command, OpenedSource& opened, std::FILE* err) {
  if (args.collapse_temporary) {
    std::fprintf(err, "hivelineage %s: --collapse applies to graph and impact only\n", command);
    return 2;
  }
  if (!args.store.empty()) {
    if (!CheckStoreArgs(args, command, err)) return 2;
    try {
      opened.db = store::OpenStore(args.store, store::OpenMode::Read);
      if (args.possible) {
        // The store's queries follow certain edges only: with --possible the
        // whole stored graph is read, possible edges included.
        opened.graph = store::LoadGraph(*opened.db, graph::BuildOptions{false, true});
        opened.source = std::make_unique<graph::GraphSource>(opened.graph);
      } else {
        opened.source = std::make_unique<store::StoreSource>(*opened.db);
      }
      opened.status = store::ScriptsWithErrors(*opened.db) > 0;
    } catch (const store::StoreError& e) {
      std::fprintf(err, "hivelineage %s: %s\n", command, e.what());
      return 2;
    }
    return -1;
  }
  if (const int stop = AnalyzeToGraph(args, false, command, opened.graph, &opened.status, err); stop >= 0) return stop;
  opened.source = std::make_unique<graph::GraphSource>(opened.graph);
  return -1;
}

}  // namespace hivelineage::cli
