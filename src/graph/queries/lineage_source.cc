#include "graph/queries/lineage_source.h"

#include <algorithm>
#include <numeric>
#include <set>
#include <tuple>

#include "base/strings.h"

namespace hivelineage::graph {

const char* LinkKindName(LinkKind kind) {
  switch (kind) {
    case LinkKind::Value:
      return "value";
    case LinkKind::Condition:
      return "condition";
    case LinkKind::Table:
      return "table";
  }
  return "?";
}

bool ToDatabaseLink(Link& link) {
  std::string from = DatabaseOfTable(link.source), to = DatabaseOfTable(link.target);
  if (from == to) return false;
  link.via = Cat(link.source, " -> ", link.target);
  link.source = std::move(from);
  link.target = std::move(to);
  return true;
}

bool LinkLess(const Link& a, const Link& b, Direction direction) {
  const std::string& a_end = direction == Direction::Downstream ? a.target : a.source;
  const std::string& b_end = direction == Direction::Downstream ? b.target : b.source;
  return std::tie(a_end, a.kind, a.statement.order, a.condition, a.expression, a.via, a.clause, a.source, a.target, a.possible) <
         std::tie(b_end, b.kind, b.statement.order, b.condition, b.expression, b.via, b.clause, b.source, b.target, b.possible);
}

void SortLinks(std::vector<Link>& links, Direction direction) {
  if (links.size() < 2) return;
  // Sorts positions, then moves each link once: a Link is large to swap.
  std::vector<uint32_t> order(links.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](uint32_t a, uint32_t b) { return LinkLess(links[a], links[b], direction); });
  std::vector<Link> sorted;
  sorted.reserve(links.size());
  for (const uint32_t i : order)
    if (sorted.empty() || LinkLess(sorted.back(), links[i], direction)) sorted.push_back(std::move(links[i]));
  links = std::move(sorted);
}

std::vector<std::vector<Link>> LineageSource::LinksOfEach(Level level, const std::vector<std::string>& nodes,
                                                        Direction direction, bool values, bool conditions) const {
  std::vector<std::vector<Link>> out;
  out.reserve(nodes.size());
  for (const std::string& n : nodes) out.push_back(Links(level, n, direction, values, conditions));
  return out;
}

bool LineageSource::HasUse(Level level, std::string_view node, Use use) const {
  return !Uses(level, node, use).empty();
}

std::vector<std::vector<Link>> LineageSource::ConditionsOfEach(const std::vector<std::string>& nodes,
                                                             Direction direction) const {
  std::vector<std::vector<Link>> out = LinksOfEach(Level::Column, nodes, direction, false, true);
  const bool down = direction == Direction::Downstream;
  for (std::vector<Link>& links : out) {
    // One link per condition, its other end made the node itself.
    std::set<std::pair<int64_t, uint32_t>> seen;
    std::erase_if(links, [&](const Link& l) { return !seen.emplace(l.statement.order, l.condition).second; });
    for (Link& l : links) {
      if (down) {
        l.target = l.source;
        l.target_table = l.source_table;
      } else {
        l.source = l.target;
        l.source_table = l.target_table;
      }
    }
    SortLinks(links, direction);
  }
  return out;
}

}  // namespace hivelineage::graph
