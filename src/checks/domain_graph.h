// `graph --level domain --domains FILE`: the lineage graph grouped by business
// domain (domains.h). Each node is a set of domains, named by them joined with
// "+" ("trade", "trade+user"; "(no domain)" for unassigned tables), linked by
// the statements that read a table of one set and write a table of another,
// as `--level database` groups by database.
#pragma once

#include "checks/domains.h"
#include "graph/model/graph.h"

namespace hivelineage::checks {

graph::Graph DomainLevelGraph(const graph::Graph& graph, const DomainsReport& domains);

}  // namespace hivelineage::checks
