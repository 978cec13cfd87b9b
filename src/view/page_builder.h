// Gathers what a lineage page shows, from whatever holds the lineage (the
// run's graph: page_data.cc; the lineage queries' source of a store or a
// run: api.cc), and writes it as page data (docs/viewer.md): tables with
// their columns, value edges with the ways they are made, each condition once
// with the columns it reads and governs, table edges, and the statements and
// expressions they name, numbered as they are first added.
//
// Tables come first: a link whose ends are not both columns (or tables) of
// tables added is left out, so a caller can add every link of the tables it
// wants without sorting out which stay.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "base/statement_kind.h"
#include "lineage/lineage.h"
#include "view/page_data.h"

namespace hivelineage::view {

class PageBuilder {
 public:
  struct Statement {
    std::string file;    // the script
    uint32_t index = 0;  // within the file, from 0
    int line = 0;        // where it starts
    int column = 0;
    StatementKind kind = StatementKind::Query;
  };
  // One statement along a way a value flows.
  struct Step {
    Statement statement;
    std::string expression;  // how it writes its target
    std::string via;         // the intermediate column it writes, but for the last step (--collapse temporary)
  };

  // `columns`: short names. Adding a table again adds the columns it did not have.
  void AddTable(const std::string& name, std::string_view kind, const std::vector<std::string>& columns);
  bool HasTable(const std::string& name) const { return tables_.contains(name); }

  // A way the value of column `source` flows into column `target` (full names).
  void AddValue(const std::string& source, const std::string& target, const std::vector<Step>& way);
  // Condition `expression` of `statement`, in `clause`, reads `columns` and governs `targets`. Added again,
  // the same condition (statement, clause, expression) gathers the further columns.
  void AddCondition(const Statement& statement, lineage::Clause clause, const std::string& expression,
                    const std::vector<std::string>& columns, const std::vector<std::string>& targets);
  // `statement` reads table `source` and writes table `target`.
  void AddTableEdge(const std::string& source, const std::string& target, const Statement& statement);

  // Appends the page data, one line of JSON.
  void Write(const std::string& title, const std::optional<Focus>& focus, std::string& out) const;

 private:
  struct Table {
    std::string kind;
    std::vector<std::string> columns;
  };
  struct Column {
    std::string table;
    std::string name;  // short
  };
  struct Condition {
    int statement;
    lineage::Clause clause;
    int expression;
    std::set<std::string> columns, targets;
  };
  using WayStep = std::tuple<int, int, std::string>;  // statement, expression, via

  int StatementId(const Statement& s);
  int ExpressionId(const std::string& e);
  const Column* FindColumn(const std::string& name) const;

  std::map<std::string, Table> tables_;
  std::map<std::string, Column> columns_;  // by full name
  std::map<std::pair<std::string, std::string>, std::vector<std::vector<WayStep>>> values_;
  std::map<std::tuple<int, lineage::Clause, int>, size_t> condition_ids_;
  std::vector<Condition> conditions_;
  std::map<std::pair<std::string, std::string>, std::set<int>> table_edges_;
  std::map<std::pair<std::string, uint32_t>, int> statement_ids_;  // by file and index
  std::vector<Statement> statements_;
  std::map<std::string, int> expression_ids_;
  std::vector<const std::string*> expressions_;
};

}  // namespace hivelineage::view
