// What the lineage queries read: a small interface over the cross-script
// lineage, implemented by the in-memory graph of a run (graph_source.h) and by
// an SQLite store (store/store_source.h) with indexes for each call, so a
// query on a large store reads only what it visits. Every query (path,
// leaves, roots, orphans, readers, writers, impact's walk) is written once
// against it, and the two implementations answer every call alike, in the
// same order: `graph PATH...` and `graph --store DB` give the same answers.
//
// Nodes are named as in the output contract and live at three levels (model/level.h):
// columns (db.table.column), tables (db.table, directory:PATH) and databases
// (db; "directory" for the directories written by INSERT OVERWRITE
// DIRECTORY). Links join two nodes of one level through one statement:
//   - column level: value links (the source's value flows into the target,
//     through the target's expression) and condition links (a column of a
//     WHERE / JOIN ON / GROUP BY / ... condition to a column written under
//     it);
//   - table level: one link per statement, input table to output table;
//   - database level: one link per statement and pair of tables in
//     different databases, input database to output database.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "graph/model/graph.h"
#include "graph/model/level.h"
#include "lineage/lineage.h"

namespace hivelineage::graph {

enum class Direction : uint8_t { Downstream, Upstream };

enum class LinkKind : uint8_t { Value, Condition, Table };
const char* LinkKindName(LinkKind kind);  // "value", "condition", "table"

// A statement as the queries report it.
struct StatementRef {
  std::string file;    // the script, as named on the command line
  uint32_t index = 0;  // within the file, from 0
  int line = 0;
  int column = 0;
  StatementKind kind = StatementKind::Query;  // named (StatementKindName) only at output
  // Run order: the script's position in the run, then `index`. Sorting by
  // it orders statements alike in every source.
  int64_t order = 0;
};

struct Link {
  LinkKind kind = LinkKind::Value;
  std::string source;
  std::string target;
  // Column links: the tables of the two columns (so a walk needs no
  // lookup), as views of the source's own names: valid while it lives.
  std::string_view source_table, target_table;
  // Value: the target's expression; condition: the condition; table and
  // database links: empty (database links: `via` names the two tables).
  std::string expression;
  lineage::Clause clause = lineage::Clause::Where;  // condition links
  std::string via;                                 // database links: "db1.t -> db2.u"
  // Value links: how the target's value is made, and whether it is masked.
  lineage::Derivation derivation = lineage::Derivation::Identity;
  bool masking = false;
  // Value links: the source is one candidate of a bare column that several
  // tables could hold (graph::Step::possible; only when asked: --possible).
  bool possible = false;
  // Condition links: the condition's position among its statement's
  // conditions (the links of one condition share it).
  uint32_t condition = 0;
  StatementRef statement;
};

// A table link (LinkKind::Table) made the database link of its statement:
// its ends become their tables' databases and `via` names the two tables
// ("db1.t -> db2.u"). False, and `link` unchanged, when both tables are in
// one database: no database link. What both sources do at Level::Database.
bool ToDatabaseLink(Link& link);

// Links come sorted by the other end's name, then the kind, the statement's
// run order, the expression and `via`; equal links once (SortLinks).
bool LinkLess(const Link& a, const Link& b, Direction direction);
void SortLinks(std::vector<Link>& links, Direction direction);

// A statement that reads or writes a node (a table, or any table of a
// database), with the tables it reads and writes (sorted).
struct StatementUse {
  StatementRef statement;
  std::vector<std::string> inputs;
  std::vector<std::string> outputs;
};

enum class Use : uint8_t { Read, Written };

class LineageSource {
 public:
  virtual ~LineageSource() = default;

  // Every node of `level`, sorted by name: columns and tables that some
  // statement names, the databases of those tables.
  virtual std::vector<std::string> Nodes(Level level) const = 0;
  virtual bool HasNode(Level level, std::string_view name) const = 0;

  // The links of `node` in `direction` (downstream: those it is the source
  // of), of the kinds asked (Value and/or Condition at column level, Table
  // above it), sorted as LinkLess says.
  virtual std::vector<Link> Links(Level level, std::string_view node, Direction direction, bool values,
                                  bool conditions) const = 0;

  // Links() of each of `nodes`, in their order: what a breadth-first walk
  // reads layer by layer. A source that reads many nodes at once for about
  // the price of one (a store: one query for the whole layer) overrides it.
  virtual std::vector<std::vector<Link>> LinksOfEach(Level level, const std::vector<std::string>& nodes,
                                                     Direction direction, bool values, bool conditions) const;

  // The conditions of each of `nodes` (columns) that Links() would give a
  // condition link, one link per condition with both ends the node itself:
  // what a walk that counts a column's conditions without following them
  // needs (a condition that reads a column may govern every column its
  // statement writes: reading them all to count one is what this saves).
  virtual std::vector<std::vector<Link>> ConditionsOfEach(const std::vector<std::string>& nodes,
                                                          Direction direction) const;

  // The statements that read or write `node` (a table, or a database's
  // tables; a column: those with a link from / to it), in run order.
  virtual std::vector<StatementUse> Uses(Level level, std::string_view node, Use use) const = 0;
  // Whether Uses() has any, without reading the statements: what leaves,
  // roots and orphans ask of every node of a level.
  virtual bool HasUse(Level level, std::string_view node, Use use) const;

  // Whether the --catalog files or a script's DDL declare the table (a
  // database: one of its tables; a column: its table declares it).
  virtual bool Declared(Level level, std::string_view node) const = 0;

  // A table's column nodes, sorted; a column's table; a table's kind (as
  // the graph reports it).
  virtual std::vector<std::string> ColumnsOf(std::string_view table) const = 0;
  virtual std::string TableOf(std::string_view column) const = 0;
  virtual TableKind KindOfTable(std::string_view table) const = 0;
};

}  // namespace hivelineage::graph
