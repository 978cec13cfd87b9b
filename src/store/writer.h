// Writes analysis results into the store, inside the caller's transaction:
// a script's row, its statements with their tables, value edges and
// conditions (lineage::StatementFacts, normalised), and the
// tables it declared. Tables and columns are interned by name; those nothing
// refers to any more after scripts were removed are collected at the end.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "driver/script_schema.h"
#include "lineage/statement_facts.h"
#include "lineage/warehouse_schema.h"
#include "store/sqlite.h"

namespace hivelineage::store {

struct ScriptRow {
  std::string path;  // as named in output (driver::InputFile::name)
  int64_t position = 0;
  std::string content_hash;
  int64_t size = 0;
  int64_t mtime_ns = 0;
  std::string modified_at;
};

class StoreWriter {
 public:
  explicit StoreWriter(Database& db);

  // Inserts the script's row (counts zero until FinishScript); returns its
  // id: `id` when not 0, else the next free one.
  int64_t AddScript(const ScriptRow& row, int64_t id = 0);
  // Adds one statement of the script, when the facts keep it (it parsed and
  // reads or writes a table: the statements a lineage graph keeps); `sql` is its text.
  void AddStatement(int64_t script_id, const lineage::StatementFacts& facts, std::string_view sql);
  void FinishScript(int64_t script_id, int64_t statements, int64_t statements_with_errors, int64_t file_errors);
  // What the script declared (and, with `keep_reads`, what it read) in the catalog.
  void AddScriptSchema(int64_t script_id, const driver::ScriptSchema& schema, bool keep_reads);
  // The script's schema facts (store/facts_codec.h) and the tables they
  // name (lineage::FactTables).
  void AddScriptFacts(int64_t script_id, std::string_view facts, const std::vector<std::string>& names);
  // Only the tables, for a script whose facts are stored already (a store of version 6 and before).
  void AddFactTables(int64_t script_id, const std::vector<std::string>& names);
  // A table of the learned warehouse schema, replacing what the store held
  // of it, with its TableFingerprint (what the scripts' reads compare with)
  // and a digest of the whole entry, evidence included.
  void PutLearnedTable(const lineage::LearnedTable& table, std::string_view fingerprint,
                       std::string_view digest);
  void RemoveLearnedTable(const std::string& name);
  // A table of the --catalog files.
  void AddCatalogTable(const lineage::CatalogTable& table);
  // A catalog DDL file created `name` as a view or temporary table.
  void AddCatalogMark(const std::string& name, std::string_view kind);

  void SetPosition(int64_t script_id, int64_t position);
  // A script whose content is unchanged, touched since.
  void SetFileTime(int64_t script_id, int64_t size, int64_t mtime_ns, const std::string& modified_at);

  // Marks a script for removal with everything it brought; DeleteForgotten
  // removes all those marked at once.
  void ForgetScript(int64_t script_id);
  void DeleteForgotten();
  // Removes everything, catalog facts included (a full refresh).
  void DeleteAll();
  // Removes the tables and columns nothing refers to any more (candidates:
  // those the removed scripts referred to).
  void CollectGarbage();

 private:
  int64_t TableId(const lineage::QualifiedTable& table);
  int64_t ColumnId(const lineage::StatementFacts& facts, uint32_t column);
  // script_id 0: the --catalog files. `table` null: dropped, never declared.
  void AddDeclared(int64_t script_id, const lineage::CatalogTable* table, const std::string& name, bool dropped);

  Database& db_;
  absl::flat_hash_map<std::string, int64_t> table_ids_;
  absl::flat_hash_map<std::string, int64_t> column_ids_;
  Statement insert_script_, insert_statement_, insert_role_, insert_lineage_, insert_value_edge_, insert_inferred_,
      insert_possible_,
      insert_condition_, insert_condition_column_, find_table_, insert_table_, find_column_, insert_column_,
      insert_declared_, insert_declared_column_, insert_read_, insert_mark_, set_position_, set_file_time_,
      finish_script_, forget_script_, insert_declared_by_, insert_facts_, insert_fact_table_, insert_learned_, insert_learned_column_,
      delete_learned_columns_, delete_learned_;
  std::vector<std::string> delete_scripts_;  // run in order by DeleteForgotten
};

}  // namespace hivelineage::store
