// `graph --level table|database`: the lineage graph at a coarser grain.
// Table level keeps the tables and the table links of every statement, no
// columns, value edges or conditions. Database level makes each database one
// node (directories one node, "directory") linked by the statements that read
// a table of one and write a table of another. A function of the graph
// alone, so the scripts and a store give the same coarse graph.
#pragma once

#include <map>
#include <string>

#include "graph/model/graph.h"
#include "graph/model/level.h"

namespace hivelineage::graph {

Graph AtLevel(const Graph& graph, Level level);

// `graph --level system`: database level with each system one node, Hive's
// tables `hive`, a sync job's other side its system (sync/system_name.h).
// `system_of_file` (--system-of-dialect) names the system of some scripts:
// a Hive table is then in the system of the first SQL statement writing it
// (`spark` for a Spark script's, say).
Graph AtSystemLevel(const Graph& graph, const std::map<std::string, std::string, std::less<>>& system_of_file = {});

}  // namespace hivelineage::graph
