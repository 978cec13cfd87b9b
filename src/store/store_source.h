// The lineage queries' LineageSource over an SQLite store: each call is a few
// indexed queries, so a query reads only the nodes it visits, never the
// whole store. Answers, and their order, are those of graph::GraphSource
// over the graph of the same scripts.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "graph/queries/lineage_source.h"
#include "lineage/catalog.h"
#include "store/sqlite.h"

namespace hivelineage::store {

class StoreSource : public graph::LineageSource {
 public:
  explicit StoreSource(Database& db);
  ~StoreSource() override;

  std::vector<std::string> Nodes(graph::Level level) const override;
  bool HasNode(graph::Level level, std::string_view name) const override;
  std::vector<graph::Link> Links(graph::Level level, std::string_view node, graph::Direction direction, bool values,
                                 bool conditions) const override;
  std::vector<std::vector<graph::Link>> LinksOfEach(graph::Level level, const std::vector<std::string>& nodes,
                                                    graph::Direction direction, bool values,
                                                    bool conditions) const override;
  std::vector<std::vector<graph::Link>> ConditionsOfEach(const std::vector<std::string>& nodes,
                                                         graph::Direction direction) const override;
  std::vector<graph::StatementUse> Uses(graph::Level level, std::string_view node, graph::Use use) const override;
  bool HasUse(graph::Level level, std::string_view node, graph::Use use) const override;
  bool Declared(graph::Level level, std::string_view node) const override;
  std::vector<std::string> ColumnsOf(std::string_view table) const override;
  std::string TableOf(std::string_view column) const override;
  graph::TableKind KindOfTable(std::string_view table) const override;

 private:
  struct Queries;
  Statement& UsesQuery(graph::Level level, std::string_view node, graph::Use use) const;
  // Reads the statements, table names and conditions' ranks not read yet, in one query each.
  void LookUp(const std::vector<int64_t>& statement_ids, const std::vector<int64_t>& table_ids,
              const std::vector<int64_t>& condition_ids) const;
  void ReadLinks(Statement& q, graph::LinkKind kind, std::vector<graph::Link>& out) const;
  static std::vector<std::vector<graph::Link>> Distribute(const std::vector<std::string>& nodes,
                                                          graph::Direction direction, std::vector<graph::Link>& links);

  Database& db_;
  std::unique_ptr<Queries> q_;  // prepared once; reset after each use
};

// The tables of the --catalog files the store was made with.
std::vector<lineage::CatalogTable> CatalogTables(Database& db);

}  // namespace hivelineage::store
