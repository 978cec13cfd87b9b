// Table schemas: from --catalog files (read by src/catalog/) and learned from DDL.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "lineage/derivation.h"

namespace hivelineage::lineage {

struct CatalogColumn {
  std::string name;  // lower case
  std::string type;
  // A view column: the base columns (db.table.column) it reads, when the view
  // was analysed in this run, so reading the view traces to its tables as Hive
  // (which expands views) does.
  std::vector<std::string> view_sources;
  bool view_expression = false;  // the view column is not a plain column copy
  // How the view column's value is made, and whether it is masked (see ColumnLineage).
  Derivation view_derivation = Derivation::Identity;
  bool view_masking = false;
  bool inferred = false;  // known from the scripts' use only (warehouse_schema.h)
};

struct CatalogTable {
  std::string name;  // db.table, lower case
  std::vector<CatalogColumn> columns;
  std::vector<CatalogColumn> partition_columns;
  bool is_view = false;
  bool temporary = false;
  std::string view_text;            // a view's defining query, when known (for ALTER MATERIALIZED VIEW REBUILD)
  // LOCATION as DDL or the catalog declares it (`hdfs://ns/data/ods/t`); empty:
  // Hive's default folder. Sync jobs find a table by its path (sync_job.h).
  std::string location;
  bool view_lineage_known = false;  // view columns carry view_sources
  // Known only from the scripts' use: its columns are those seen so far, and
  // any other name may be one too (warehouse_schema.h).
  bool open = false;
  // Learned from the run's scripts (warehouse_schema.h), not given by
  // --catalog nor made by this script's DDL: a CREATE ... IF NOT EXISTS
  // in the script still creates its own.
  bool learned = false;
  // Spark's view schema modes (CREATE VIEW ... WITH SCHEMA, view_schema_mode.h), known
  // for views this run made only: the tables a view's bare `*` lists, in order,
  // and whether (WITH SCHEMA EVOLUTION) its columns follow theirs when read.
  std::vector<std::string> view_star_tables;
  bool view_schema_evolution = false;

  // A column or partition column by lower-case name, null if absent.
  const CatalogColumn* FindColumn(std::string_view column) const;
};

// Told of every lookup and change of a Catalog it is attached to (see
// Catalog::SetObserver): which tables a script's analysis depended on, and
// which it changed, for incremental stores (src/store/).
class CatalogObserver {
 public:
  virtual ~CatalogObserver() = default;
  // Find(name) returned `found` (null: no such table).
  virtual void Looked(const std::string& name, const CatalogTable* found) = 0;
  // Put (`now` is the new entry) or Remove (`now` is null) of `name`.
  virtual void Changed(const std::string& name, const CatalogTable* now) = 0;
};

// Tables a catalog looks up on demand: a store's learned schema, read only
// for the tables a run names (reading every entry of a large warehouse cost
// more than an update analysing a few scripts). Find is called from several
// threads at once.
class TableLoader {
 public:
  virtual ~TableLoader() = default;
  // The table called `name`, or null; valid as long as the loader is.
  virtual const CatalogTable* Find(const std::string& name) const = 0;
  // Every table, sorted by name (all of them loaded).
  virtual std::vector<const CatalogTable*> All() const = 0;
};

// `db.table` for a catalog name: lower case, `default_db` added when the name has no database.
std::string CatalogTableKey(std::string_view name, std::string_view default_db);

class Catalog {
 public:
  Catalog() = default;
  // A catalog that starts with `base`'s tables without copying them: lookups
  // fall through to `base` (which must not change any more) unless this
  // catalog put or removed that name. Each script of a run starts this way;
  // copying a catalog of thousands of tables per script cost more than the
  // analysis.
  explicit Catalog(std::shared_ptr<const Catalog> base) : base_(std::move(base)) {}
  // The same with `loader`'s tables put above `base`'s.
  Catalog(std::shared_ptr<const TableLoader> loader, std::shared_ptr<const Catalog> base)
      : base_(std::move(base)), loader_(std::move(loader)) {}

  // Adds or replaces a table (name must be db.table, lower case).
  void Put(CatalogTable table);
  void Remove(const std::string& name);
  const CatalogTable* Find(const std::string& name) const;
  size_t size() const;
  // Every table, sorted by name.
  std::vector<const CatalogTable*> Tables() const;

  // Attaches `observer` (null detaches it). Not copied with the catalog's
  // tables: a copy or a layer over this catalog has none.
  void SetObserver(CatalogObserver* observer) { observer_ = observer; }

 private:
  absl::flat_hash_map<std::string, CatalogTable> tables_;
  std::shared_ptr<const Catalog> base_;       // null: tables_ is everything
  absl::flat_hash_set<std::string> removed_;  // base_ or loader_ tables removed here (never also in tables_)
  std::shared_ptr<const TableLoader> loader_;  // null: no tables on demand
  struct ObserverPtr {  // copies and moves of the catalog start detached
    CatalogObserver* ptr = nullptr;
    ObserverPtr() = default;
    ObserverPtr(const ObserverPtr&) {}
    ObserverPtr& operator=(const ObserverPtr&) { return *this; }
    ObserverPtr& operator=(CatalogObserver* p) {
      ptr = p;
      return *this;
    }
  } observer_;
};

}  // namespace hivelineage::lineage
