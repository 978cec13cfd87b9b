#include "graph/queries/paths.h"

#include <deque>

#include "absl/container/flat_hash_set.h"

namespace hivelineage::graph {
namespace {

std::vector<Link> Out(const LineageSource& source, const PathOptions& o, const std::string& node, Direction d) {
  return source.Links(o.level, node, d, true, o.with_conditions);
}

// Links grouped by their other end (they come sorted by it).
std::vector<PathHop> Hops(const std::string& node, std::vector<Link> links) {
  std::vector<PathHop> hops;
  for (Link& l : links) {
    if (hops.empty() || hops.back().to != l.target) hops.push_back(PathHop{node, l.target, {}});
    hops.back().links.push_back(std::move(l));
  }
  return hops;
}

}  // namespace

Paths FindPaths(const LineageSource& source, const std::string& from, const std::string& to,
                const PathOptions& options) {
  Paths result{from, to, options, {}, false};
  // The nodes from which `to` can be reached.
  absl::flat_hash_set<std::string> reaches{to};
  std::deque<std::string> queue{to};
  while (!queue.empty()) {
    const std::string node = std::move(queue.front());
    queue.pop_front();
    for (const Link& l : Out(source, options, node, Direction::Upstream))
      if (reaches.insert(l.source).second) queue.push_back(l.source);
  }
  if (from == to || !reaches.contains(from)) return result;

  // Depth-first with an explicit stack of each node's remaining hops.
  struct Frame {
    std::vector<PathHop> hops;
    size_t next = 0;
  };
  std::vector<Frame> stack;
  std::vector<PathHop> path;
  absl::flat_hash_set<std::string> on_path{from};
  auto push = [&](const std::string& node) {
    std::vector<PathHop> hops;
    for (PathHop& h : Hops(node, Out(source, options, node, Direction::Downstream)))
      if (reaches.contains(h.to)) hops.push_back(std::move(h));
    stack.push_back(Frame{std::move(hops), 0});
  };
  push(from);
  while (!stack.empty()) {
    Frame& top = stack.back();
    if (top.next == top.hops.size()) {
      stack.pop_back();
      if (!path.empty()) {
        on_path.erase(path.back().to);
        path.pop_back();
      }
      continue;
    }
    PathHop hop = top.hops[top.next++];
    if (on_path.contains(hop.to)) continue;
    if (hop.to == to) {
      path.push_back(std::move(hop));
      result.paths.push_back(path);
      path.pop_back();
      if (result.paths.size() >= options.max_paths) {
        result.truncated = true;
        break;
      }
      continue;
    }
    on_path.insert(hop.to);
    const std::string next = hop.to;
    path.push_back(std::move(hop));
    push(next);
  }
  return result;
}

}  // namespace hivelineage::graph
