// Every answer the lineage queries give over a LineageSource, as one text:
// readers and writers of every node, leaves, roots and orphans, and paths
// between the ends, at every level, in JSON. Two sources that answer alike
// give the same text (the store against the scripts).
#pragma once

#include <string>
#include <vector>

#include "graph/queries/extremities.h"
#include "graph/queries/impact_source.h"
#include "graph/queries/lineage_source.h"
#include "graph/queries/paths.h"
#include "graph/render/impact_format.h"
#include "graph/render/query_format.h"

namespace hivelineage::testing {

inline std::string AllAnswers(const graph::LineageSource& source, size_t max_path_pairs = 40) {
  using namespace graph;
  std::string out;
  for (Level level : {Level::Column, Level::Table, Level::Database}) {
    const std::vector<std::string> nodes = source.Nodes(level);
    out += std::string(LevelName(level)) + " nodes:";
    for (const std::string& n : nodes) out += " " + n;
    out += "\n";
    for (const std::string& n : nodes) {
      WriteUsesJson(Use::Read, level, n, source.Uses(level, n, Use::Read), out);
      WriteUsesJson(Use::Written, level, n, source.Uses(level, n, Use::Written), out);
      out += source.Declared(level, n) ? "declared\n" : "undeclared\n";
      // Whether any statement reads / writes it, asked alone (leaves, roots, orphans).
      out += source.HasUse(level, n, Use::Read) ? "read " : "unread ";
      out += source.HasUse(level, n, Use::Written) ? "written\n" : "unwritten\n";
      for (bool conditions : {false, true})
        for (Direction d : {Direction::Downstream, Direction::Upstream})
          for (const Link& l : source.Links(level, n, d, true, conditions)) out += DescribeLink(l) + "|" + l.source + "|" + l.target + "\n";
    }
    // The same links read for all the nodes at once (and a name that is no node: no links).
    std::vector<std::string> layer = nodes;
    layer.push_back("no.such.node");
    for (bool values : {false, true})
      for (bool conditions : {false, true})
        for (Direction d : {Direction::Downstream, Direction::Upstream}) {
          const std::vector<std::vector<Link>> each = source.LinksOfEach(level, layer, d, values, conditions);
          out += "links of each: " + std::to_string(each.size()) + "\n";
          for (size_t i = 0; i < each.size() && i < layer.size(); ++i)
            for (const Link& l : each[i])
              out += layer[i] + ": " + DescribeLink(l) + "|" + l.source + "|" + l.target + "\n";
        }
    // The conditions counted without being followed: one link per condition.
    if (level == Level::Column)
      for (Direction d : {Direction::Downstream, Direction::Upstream}) {
        const std::vector<std::vector<Link>> each = source.ConditionsOfEach(layer, d);
        out += "conditions of each: " + std::to_string(each.size()) + "\n";
        for (size_t i = 0; i < each.size() && i < layer.size(); ++i)
          for (const Link& l : each[i]) out += layer[i] + ": " + DescribeLink(l) + "|" + l.source + "|" + l.target + "\n";
      }
    std::vector<std::vector<ExtremityNode>> ends;
    for (Extremity e : {Extremity::Leaves, Extremity::Roots, Extremity::Orphans}) {
      ends.push_back(FindExtremities(source, e, level));
      WriteExtremitiesJson(e, level, ends.back(), out);
    }
    // Paths from the roots to the leaves.
    size_t pairs = 0;
    for (const ExtremityNode& from : ends[1])
      for (const ExtremityNode& to : ends[0]) {
        if (pairs++ >= max_path_pairs) break;
        for (bool conditions : {false, true}) {
          PathOptions o;
          o.level = level;
          o.with_conditions = conditions;
          o.max_paths = 20;
          WritePathsJson(FindPaths(source, from.name, to.name, o), out);
        }
      }
  }
  for (const std::string& t : source.Nodes(Level::Table)) {
    out += t + " (" + TableKindName(source.KindOfTable(t)) + "):";
    for (const std::string& c : source.ColumnsOf(t)) out += " " + c + "(" + source.TableOf(c) + ")";
    out += "\n";
  }
  return out;
}

// Impact answers, text and json: from every table and every `column_stride`-th
// column (every database at database level), both ways, with and without
// conditions, at any depth and at depth 1 (tables and databases). With
// `whole`, walked on that whole graph (the reference) rather than on the part
// the source gives (impact_source.h).
inline std::string AllImpacts(const graph::LineageSource& source, graph::Level level,
                              const graph::Graph* whole = nullptr, size_t column_stride = 3) {
  using namespace graph;
  std::vector<std::pair<std::string, bool>> starts;  // name, also at depth 1
  if (level == Level::Column) {
    for (std::string& n : source.Nodes(Level::Table)) starts.emplace_back(std::move(n), true);
    const std::vector<std::string> columns = source.Nodes(Level::Column);
    for (size_t i = 0; i < columns.size(); i += column_stride) starts.emplace_back(columns[i], false);
  } else {
    for (std::string& n : source.Nodes(level)) starts.emplace_back(std::move(n), true);
  }
  std::string out;
  for (const auto& [start, shallow] : starts)
    for (Direction d : {Direction::Downstream, Direction::Upstream})
      for (bool conditions : {false, true})
        for (int depth : {-1, 1}) {
          if (depth >= 0 && !shallow) continue;
          ImpactOptions o;
          o.direction = d;
          o.with_conditions = conditions;
          o.max_depth = depth;
          o.level = level;
          Graph part;
          const Graph* g = whole;
          if (g == nullptr) {
            if (!ImpactNeighbourhood(source, start, o, part)) {
              out += "not found: " + start + "\n";
              continue;
            }
            g = &part;
          }
          ImpactResult r;
          if (!Impact(*g, start, o, r)) {
            out += "not found: " + start + "\n";
            continue;
          }
          WriteImpactText(*g, r, out);
          WriteImpactJson(*g, r, out);
        }
  return out;
}

// The first line where `a` and `b` differ, with its number (empty when equal),
// for a failure message that fits on a screen.
inline std::string FirstDifference(const std::string& a, const std::string& b) {
  if (a == b) return {};
  size_t line = 1, begin = 0;
  for (size_t i = 0; i < a.size() && i < b.size() && a[i] == b[i]; ++i)
    if (a[i] == '\n') {
      ++line;
      begin = i + 1;
    }
  auto line_at = [&](const std::string& s) { return s.substr(begin, s.find('\n', begin) - begin); };
  return "line " + std::to_string(line) + ":\n< " + line_at(a) + "\n> " + line_at(b);
}

}  // namespace hivelineage::testing
