// Text and JSON for the answers of path, leaves, roots, orphans, readers and
// writers (docs/graph.md has the JSON shapes). A pure function of the
// answer: the same answer, from the scripts or from a store, prints the same.
#pragma once

#include <string>
#include <vector>

#include "graph/queries/extremities.h"
#include "graph/queries/lineage_source.h"
#include "graph/queries/paths.h"

namespace hivelineage::graph {

// "etl/a.sql:12 (statement 3, insert)"
std::string DescribeStatement(const StatementRef& s);
// One link as the text outputs show it: "value upper(a.x) (etl/a.sql:12, statement 3)".
std::string DescribeLink(const Link& l);

void WritePathsText(const Paths& paths, std::string& out);
void WritePathsJson(const Paths& paths, std::string& out);

void WriteExtremitiesText(Extremity which, Level level, const std::vector<ExtremityNode>& nodes, std::string& out);
void WriteExtremitiesJson(Extremity which, Level level, const std::vector<ExtremityNode>& nodes, std::string& out);

// readers / writers of `node`.
void WriteUsesText(Use use, Level level, const std::string& node, const std::vector<StatementUse>& uses,
                   std::string& out);
void WriteUsesJson(Use use, Level level, const std::string& node, const std::vector<StatementUse>& uses,
                   std::string& out);

}  // namespace hivelineage::graph
