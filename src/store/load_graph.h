// The whole lineage graph of a store, built exactly as `graph` builds it from
// the scripts: every stored statement, rebuilt from its rows, replayed in run
// order into a graph::GraphBuilder, with the declared schema and the
// scripts' modification times. So `graph --store DB` prints what `graph
// PATH...` prints for the files the store was last updated with.
#pragma once

#include "graph/model/builder.h"
#include "graph/model/graph.h"
#include "store/sqlite.h"

namespace hivelineage::store {

graph::Graph LoadGraph(Database& db, const graph::BuildOptions& options = {});

}  // namespace hivelineage::store
