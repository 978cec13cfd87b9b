// `hivelineage path FROM TO`: every way data flows from one node to another,
// over a LineageSource at any level: each path is a sequence of nodes, each
// hop with every link (statement) that joins its two nodes. Paths never pass
// a node twice. Found depth-first in the links' order, among the nodes from
// which TO can be reached (found first, walking up from TO), so the answer is
// always the same and no time goes to dead ends.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "graph/queries/lineage_source.h"

namespace hivelineage::graph {

struct PathOptions {
  Level level = Level::Column;
  bool with_conditions = false;  // column level: condition links too
  size_t max_paths = 100;        // stop after this many
};

struct PathHop {
  std::string from, to;
  std::vector<Link> links;  // every link from -> to, sorted
};

struct Paths {
  std::string from, to;
  PathOptions options;
  std::vector<std::vector<PathHop>> paths;
  bool truncated = false;  // stopped at max_paths
};

Paths FindPaths(const LineageSource& source, const std::string& from, const std::string& to,
                const PathOptions& options);

}  // namespace hivelineage::graph
