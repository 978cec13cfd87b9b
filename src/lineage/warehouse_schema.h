// The warehouse catalog a run learns from its own scripts: every script's
// facts (schema_facts.h) merged by one pure function, so that the same facts
// give the same catalog whatever the order they were gathered in, and a store
// keeping each script's facts can rebuild it without re-reading any script.
//
// Precedence, per table: the --catalog's schema; else a declaration (CREATE
// TABLE, ALTER TABLE REPLACE COLUMNS); else the columns the scripts name
// through it (inferred, and still open: any other name may be a column too).
// When scripts declare a table differently, the declaration made by the most
// scripts serves those that read it without declaring it (ties: the first
// script in input order); the others are listed as conflicts. A script's own
// DDL still governs that script once it has run (the session puts it above
// this catalog).
//
// A bare column in a query over several tables is settled by elimination:
// when no candidate is known to have it and all but one are known not to
// (declared without it), it is the remaining one's. This repeats until
// nothing new is learned.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "lineage/catalog.h"
#include "lineage/schema_facts.h"

namespace hivelineage::lineage {

enum class EvidenceKind : uint8_t { Catalog, Declared, Inferred };
// "catalog", "declared", "inferred"
const char* EvidenceKindName(EvidenceKind k);

struct Evidence {
  EvidenceKind kind = EvidenceKind::Inferred;
  uint32_t uses = 0;               // inferred: references in all scripts
  std::vector<std::string> where;  // "file:line", the first few (declared: the declaring script)
};

struct LearnedTable {
  CatalogTable table;                  // open when known only by inference
  Evidence evidence;                   // the table's
  std::vector<Evidence> columns;       // per column of table.columns, then of table.partition_columns
  std::vector<std::string> conflicts;  // "file:line" of declarations that differ from the one kept
};

struct WarehouseSchema {
  std::vector<LearnedTable> tables;  // sorted by name; tables of the --catalog are not here
  bool empty() const { return tables.empty(); }
};

// How many "file:line" places an evidence keeps.
inline constexpr size_t kEvidencePlaces = 3;

// Merges `scripts` (in input order: it breaks ties between declarations)
// over `given`, the --catalog tables, which are never overridden.
WarehouseSchema MergeFacts(std::span<const ScriptFacts> scripts, const Catalog& given);

// MergeFacts one script at a time, so that a warehouse's facts need not all
// be held at once: Add each script's facts in input order, then Finish once.
// The merger copies what the schema needs (per table: the distinct
// declarations, each inferred column's uses and first places, the select
// lists' precedence counts; the open references) and keeps nothing of the
// facts it was given. `given` must outlive it.
class FactsMerger {
 public:
  // Without `evidence`, only the tables (what a run analyses against): no
  // places, uses or conflicts.
  explicit FactsMerger(const Catalog& given, bool evidence = true);
  ~FactsMerger();
  FactsMerger(const FactsMerger&) = delete;
  FactsMerger& operator=(const FactsMerger&) = delete;

  void Add(const ScriptFacts& facts);
  // Once, after the last Add: the merged schema. The one taking `each` hands
  // the tables over one at a time, sorted by name, each as its evidence is
  // made, freeing what made it: a caller that stores the evidence table by
  // table never holds it all.
  WarehouseSchema Finish();
  void Finish(const std::function<void(LearnedTable&&)>& each);

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

// What an update that re-merges part of the schema needs (store/update.cc).
// The tables a script's facts say something of: the tables they declare or
// name, LIKE sources, open references' candidates. Sorted, unique.
std::vector<std::string> FactTables(const ScriptFacts& facts);

// Adds to `tables` the tables a merge settles together with one of them,
// as `facts` ties them: an open reference ties its candidates, CREATE TABLE
// LIKE the two tables. The tables added are appended to `added`.
void AddTiedTables(const ScriptFacts& facts, absl::flat_hash_set<std::string>& tables,
                   std::vector<std::string>& added);

// `facts` narrowed to `tables`, a set no script's facts tie to any other
// table (AddTiedTables adds nothing). MergeFacts over every script's facts so
// narrowed, in input order, gives those tables the entries MergeFacts over
// all the facts gives them.
ScriptFacts NarrowFacts(const ScriptFacts& facts, const absl::flat_hash_set<std::string>& tables);

// A catalog whose lookups fall through to `base` (the --catalog tables, not
// null), with the learned tables of `schema` (taken over) put above it;
// `base` itself when the scripts taught nothing. What a run analyses against
// (driver::LearnCatalog merges without the evidence only `catalog` and the
// store read).
std::shared_ptr<const Catalog> LearnedCatalog(WarehouseSchema schema, std::shared_ptr<const Catalog> base);

// The same tables as a loader a catalog looks them up in on demand
// (Catalog(loader, base) finds what LearnedCatalog(schema, base) finds):
// `schema` taken over, each table's evidence freed as it goes, so that a
// caller that stored the evidence analyses against the tables alone.
std::shared_ptr<const TableLoader> LearnedTables(WarehouseSchema schema);

// One learned table as WarehouseCatalogJson writes it, on one line.
std::string LearnedTableJson(const LearnedTable& table);

// The learned catalog as catalog JSON (README.md, "Catalog JSON"), the
// --catalog tables first-class too, every table and column with its
// evidence: {"kind": "catalog"|"declared"|"inferred", "uses"?, "where"?}.
// Loaded back with --catalog it gives the same lineage.
std::string WarehouseCatalogJson(const WarehouseSchema& schema, const Catalog& given);

}  // namespace hivelineage::lineage
