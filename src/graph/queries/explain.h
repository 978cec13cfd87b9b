// `hivelineage explain`: how a column's value is made, traced back to its
// sources hop by hop. Each hop is a statement that writes the column, with its
// expression and the conditions (WHERE, JOIN ON, GROUP BY, ...) that decide
// which rows it writes; the columns the expression reads are explained in
// turn, down to columns no statement writes.
//
// Read from the statements' written columns (graph::StatementInfo::written),
// so a constant column, which has no edge, still has its hop; its sources are
// the statement's value edges into it, its conditions the statement's
// conditions that govern it. A column met again
// is explained once, where it comes first in the printed tree, and referred
// to after that; this also ends cycles (a table that reads its own earlier
// partitions).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "graph/model/graph.h"

namespace hivelineage::graph {

struct ExplainCondition {
  lineage::Clause clause = lineage::Clause::Where;
  std::string expression;
  std::vector<std::string> columns;  // the condition's columns, sorted
};

// One statement writing a column.
struct ExplainHop {
  StatementId statement = 0;
  std::string expression;
  std::vector<ExplainCondition> conditions;  // in the statement's order
  std::vector<int> sources;                  // indices into ExplainResult::nodes, sorted by column
};

struct ExplainNode {
  std::string column;
  enum class State : uint8_t {
    Derived,     // hops lists the statements that write it
    Source,      // no statement writes it
    SeeAbove,    // explained earlier in the tree
    DepthLimit,  // written by some statement, past --depth
  } state = State::Source;
  int depth = 0;                 // hops from the start
  bool possible = false;         // a possible source of its hop (--possible; graph::Step::possible)
  std::vector<ExplainHop> hops;  // Derived: in run order
};

struct ExplainResult {
  std::string column;
  int max_depth = -1;
  std::vector<ExplainNode> nodes;  // nodes[0] is the column asked about; children come after their parent
};

// `column` (db.table.column) is matched case-insensitively. Returns false
// with `error` set when it is in no statement.
bool Explain(const Graph& graph, std::string_view column, int max_depth, ExplainResult& result, std::string& error);

}  // namespace hivelineage::graph
