// The lineage queries' LineageSource over the in-memory graph of a run (the
// PATH form of every query command), with its adjacency built once.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "graph/model/graph.h"
#include "graph/queries/lineage_source.h"

namespace hivelineage::graph {

class GraphSource : public LineageSource {
 public:
  // `graph` (not collapsed) must outlive this.
  explicit GraphSource(const Graph& graph);

  std::vector<std::string> Nodes(Level level) const override;
  bool HasNode(Level level, std::string_view name) const override;
  std::vector<Link> Links(Level level, std::string_view node, Direction direction, bool values,
                          bool conditions) const override;
  std::vector<StatementUse> Uses(Level level, std::string_view node, Use use) const override;
  bool Declared(Level level, std::string_view node) const override;
  std::vector<std::string> ColumnsOf(std::string_view table) const override;
  std::string TableOf(std::string_view column) const override;
  TableKind KindOfTable(std::string_view table) const override;

 private:
  using Index = std::vector<std::vector<uint32_t>>;  // node id -> edge, statement or condition positions
  StatementRef Ref(StatementId statement) const;
  Link ValueLink(uint32_t edge) const;
  Link TableLink(uint32_t edge) const;
  Link ConditionLink(uint32_t condition, ColumnId source, ColumnId target) const;
  std::vector<std::string> Names(const std::vector<TableId>& tables) const;
  // The tables of a table or database node.
  std::vector<TableId> TablesOf(Level level, std::string_view node) const;

  const Graph& g_;
  Index edges_from_, edges_to_;            // column -> Graph::edges
  Index tables_from_, tables_to_;          // table -> Graph::table_edges
  Index reads_, writes_;                   // table -> Graph::statements
  Index column_writes_;                    // column -> statements writing it
  Index condition_reads_;                  // column -> conditions reading it
  Index condition_governs_;                // column -> conditions listing it among their targets
  Index conditions_of_all_;                // statement -> its conditions governing all it writes
  std::vector<uint32_t> condition_rank_;   // condition -> position among its statement's
  std::map<std::string, std::vector<TableId>> database_tables_;
};

}  // namespace hivelineage::graph
