// The one text tree of the graph's answers (impact, explain): a line per
// node under the root, drawn with the connectors "├── ", "└── " and the
// rails "│   ", so a person reads who hangs under whom.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "base/strings.h"

namespace hivelineage::graph {

// Past this many levels the indentation stops growing: a long chain would
// otherwise print quadratic output. A line deeper than it says its depth
// (DepthMark) instead.
inline constexpr int kMaxTreeIndent = 32;

// "(depth N) " before a line deeper than kMaxTreeIndent.
inline void AppendDepthMark(int depth, std::string& out) {
  if (depth > kMaxTreeIndent) Append(out, "(depth ", depth, ") ");
}

// Writes the lines under a root the caller has written: `top` are the
// root's children, children(item) an item's (anything with size() and []),
// line(item, out) the text after an item's connector, up to and with its
// "\n", and depth(item) the level whose indentation its children take.
// Depth-first with an explicit stack: a long chain must not recurse.
template <typename Item, typename Children, typename Line, typename Depth>
void WriteTextTree(const std::vector<Item>& top, const Children& children, const Line& line, const Depth& depth,
                   std::string& out) {
  struct Entry {
    Item item;
    std::string prefix;  // drawn before this item's connector
    bool last;
  };
  std::vector<Entry> stack;
  auto push = [&stack](const auto& kids, const std::string& prefix) {
    for (size_t k = kids.size(); k-- > 0;) stack.push_back(Entry{kids[k], prefix, k + 1 == kids.size()});
  };
  push(top, "");
  while (!stack.empty()) {
    Entry entry = std::move(stack.back());
    stack.pop_back();
    Append(out, entry.prefix, entry.last ? "└── " : "├── ");
    line(entry.item, out);
    const std::string child_prefix =
        depth(entry.item) >= kMaxTreeIndent ? entry.prefix : Cat(entry.prefix, entry.last ? "    " : "│   ");
    push(children(entry.item), child_prefix);
  }
}

}  // namespace hivelineage::graph
