// The ends of the lineage graph, at any level (docs/graph.md, "leaves,
// roots, orphans"), computed over a LineageSource:
//
//  - leaves: nodes nothing reads, candidates to take offline. A table no
//    statement reads (a plain query counts as a reader); a column with no
//    value or condition link out of it (reads by plain queries are not
//    tracked per column); a database whose tables only statements writing
//    into the same database read. Directories (INSERT OVERWRITE DIRECTORY)
//    leave the warehouse and are not listed.
//  - roots: nodes nothing writes data into: a table no statement writes
//    (DDL that only declares or drops it does not count), a column no value
//    flows into, a database only statements reading nothing from another
//    database write (LOAD DATA, INSERT ... VALUES).
//  - orphans: roots that something reads and nothing declares (neither the
//    --catalog files nor a script's DDL): a missing load, or a catalog that
//    is not complete.
#pragma once

#include <string>
#include <vector>

#include "graph/queries/lineage_source.h"

namespace hivelineage::graph {

enum class Extremity : uint8_t { Leaves, Roots, Orphans };
const char* ExtremityName(Extremity e);  // "leaves", "roots", "orphans"

struct ExtremityNode {
  std::string name;
  // Leaves: the statements that write it; roots and orphans: those that read it.
  std::vector<StatementUse> uses;
};

std::vector<ExtremityNode> FindExtremities(const LineageSource& source, Extremity which, Level level);

}  // namespace hivelineage::graph
