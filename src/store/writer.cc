#include "store/writer.h"

#include <algorithm>

#include "base/file_time.h"
#include "base/strings.h"
#include "lineage/catalog_json.h"
#include "lineage/warehouse_schema.h"
#include "store/facts_codec.h"

namespace hivelineage::store {
namespace {

const char* DependencyName(lineage::ColumnLineage::Type t) {
  switch (t) {
    case lineage::ColumnLineage::Type::Simple:
      return "simple";
    case lineage::ColumnLineage::Type::Expression:
      return "expression";
    case lineage::ColumnLineage::Type::Script:
      return "script";
  }
  return "simple";
}

const char* DeclaredKind(const lineage::CatalogTable& t) {
  return t.temporary ? "temporary" : t.is_view ? "view" : "table";
}

// Removes the scripts in temp.gone with their rows, noting the tables and
// columns they referred to as candidates for CollectGarbage. One statement per
// line group, each ending in ";\n".
constexpr char kDeleteScriptsSql[] = R"SQL(
CREATE TEMP TABLE gone_statements AS SELECT id FROM statements WHERE script_id IN (SELECT id FROM temp.gone);
INSERT OR IGNORE INTO temp.gc_columns
  SELECT l.target_id FROM column_lineage l WHERE l.statement_id IN (SELECT id FROM temp.gone_statements);
INSERT OR IGNORE INTO temp.gc_columns
  SELECT e.source_id FROM value_edges e JOIN column_lineage l ON l.id = e.lineage_id
  WHERE l.statement_id IN (SELECT id FROM temp.gone_statements);
INSERT OR IGNORE INTO temp.gc_columns
  SELECT cc.column_id FROM condition_columns cc JOIN conditions c ON c.id = cc.condition_id
  WHERE c.statement_id IN (SELECT id FROM temp.gone_statements);
INSERT OR IGNORE INTO temp.gc_columns
  SELECT column_id FROM statement_columns WHERE statement_id IN (SELECT id FROM temp.gone_statements);
INSERT OR IGNORE INTO temp.gc_tables
  SELECT table_id FROM statement_tables WHERE statement_id IN (SELECT id FROM temp.gone_statements);
DELETE FROM value_edges WHERE lineage_id IN
  (SELECT id FROM column_lineage WHERE statement_id IN (SELECT id FROM temp.gone_statements));
DELETE FROM inferred_edges WHERE lineage_id IN
  (SELECT id FROM column_lineage WHERE statement_id IN (SELECT id FROM temp.gone_statements));
DELETE FROM possible_sources WHERE lineage_id IN
  (SELECT id FROM column_lineage WHERE statement_id IN (SELECT id FROM temp.gone_statements));
DELETE FROM column_lineage WHERE statement_id IN (SELECT id FROM temp.gone_statements);
DELETE FROM condition_columns WHERE condition_id IN
  (SELECT id FROM conditions WHERE statement_id IN (SELECT id FROM temp.gone_statements));
DELETE FROM conditions WHERE statement_id IN (SELECT id FROM temp.gone_statements);
DELETE FROM statement_tables WHERE statement_id IN (SELECT id FROM temp.gone_statements);
DELETE FROM statement_columns WHERE statement_id IN (SELECT id FROM temp.gone_statements);
DELETE FROM statements WHERE id IN (SELECT id FROM temp.gone_statements);
DELETE FROM declared_columns WHERE declared_table_id IN
  (SELECT id FROM declared_tables WHERE script_id IN (SELECT id FROM temp.gone));
DELETE FROM declared_tables WHERE script_id IN (SELECT id FROM temp.gone);
DELETE FROM script_reads WHERE script_id IN (SELECT id FROM temp.gone);
DELETE FROM script_facts WHERE script_id IN (SELECT id FROM temp.gone);
DELETE FROM fact_tables WHERE script_id IN (SELECT id FROM temp.gone);
DELETE FROM scripts WHERE id IN (SELECT id FROM temp.gone);
DROP TABLE temp.gone_statements;
DELETE FROM temp.gone;
)SQL";

// The tables of the candidate columns are candidates too (read before the columns go).
constexpr char kCollectSql[] = R"SQL(
INSERT OR IGNORE INTO temp.gc_tables SELECT table_id FROM columns WHERE id IN (SELECT id FROM temp.gc_columns);
DELETE FROM columns WHERE id IN (SELECT id FROM temp.gc_columns)
  AND NOT EXISTS (SELECT 1 FROM column_lineage WHERE target_id = columns.id)
  AND NOT EXISTS (SELECT 1 FROM value_edges WHERE source_id = columns.id)
  AND NOT EXISTS (SELECT 1 FROM condition_columns WHERE column_id = columns.id)
  AND NOT EXISTS (SELECT 1 FROM statement_columns WHERE column_id = columns.id);
DELETE FROM tables WHERE id IN (SELECT id FROM temp.gc_tables)
  AND NOT EXISTS (SELECT 1 FROM statement_tables WHERE table_id = tables.id)
  AND NOT EXISTS (SELECT 1 FROM columns WHERE table_id = tables.id);
DELETE FROM temp.gc_columns;
DELETE FROM temp.gc_tables;
)SQL";

}  // namespace

StoreWriter::StoreWriter(Database& db) : db_(db) {
  db_.Exec(
      "CREATE TEMP TABLE IF NOT EXISTS gc_columns(id INTEGER PRIMARY KEY);"
      "CREATE TEMP TABLE IF NOT EXISTS gc_tables(id INTEGER PRIMARY KEY);"
      "CREATE TEMP TABLE IF NOT EXISTS gone(id INTEGER PRIMARY KEY);");
  insert_script_ = db_.Prepare(
      "INSERT INTO scripts(path, position, content_hash, size, mtime_ns, modified_at, analysed_at, statements, "
      "statements_with_errors, file_errors, id) VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?)");
  finish_script_ =
      db_.Prepare("UPDATE scripts SET statements = ?2, statements_with_errors = ?3, file_errors = ?4 WHERE id = ?1");
  insert_statement_ = db_.Prepare(
      "INSERT INTO statements(script_id, idx, kind, line, col, begin_offset, end_offset, database, has_error, sql) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  insert_role_ = db_.Prepare("INSERT OR IGNORE INTO statement_tables(statement_id, role, table_id) VALUES (?, ?, ?)");
  insert_lineage_ = db_.Prepare(
      "INSERT INTO column_lineage(statement_id, target_id, expression, dependency, transform, masking) "
      "VALUES (?, ?, ?, ?, ?, ?)");
  insert_value_edge_ =
      db_.Prepare("INSERT OR IGNORE INTO value_edges(lineage_id, source_id, masking) VALUES (?, ?, ?)");
  insert_inferred_ = db_.Prepare("INSERT OR IGNORE INTO inferred_edges(lineage_id, source_id) VALUES (?, ?)");
  insert_possible_ =
      db_.Prepare("INSERT OR IGNORE INTO possible_sources(lineage_id, reference, candidate) VALUES (?, ?, ?)");
  insert_condition_ =
      db_.Prepare("INSERT INTO conditions(statement_id, clause, expression, governs_all) VALUES (?, ?, ?, ?)");
  insert_condition_column_ =
      db_.Prepare("INSERT OR IGNORE INTO condition_columns(condition_id, role, column_id) VALUES (?, ?, ?)");
  find_table_ = db_.Prepare("SELECT id FROM tables WHERE name = ?");
  insert_table_ = db_.Prepare("INSERT INTO tables(name, database) VALUES (?, ?)");
  find_column_ = db_.Prepare("SELECT id FROM columns WHERE full_name = ?");
  insert_column_ = db_.Prepare("INSERT INTO columns(table_id, name, full_name) VALUES (?, ?, ?)");
  insert_declared_ = db_.Prepare(
      "INSERT INTO declared_tables(script_id, name, kind, dropped, definition) VALUES (?, ?, ?, ?, ?)");
  insert_declared_column_ = db_.Prepare(
      "INSERT INTO declared_columns(declared_table_id, position, name, type, partition_key) VALUES (?, ?, ?, ?, ?)");
  insert_read_ = db_.Prepare("INSERT OR REPLACE INTO script_reads(script_id, name, fingerprint) VALUES (?, ?, ?)");
  insert_mark_ = db_.Prepare("INSERT OR IGNORE INTO catalog_marks(name, kind) VALUES (?, ?)");
  insert_declared_by_ =
      db_.Prepare("INSERT OR IGNORE INTO statement_columns(statement_id, position, column_id) VALUES (?, ?, ?)");
  set_position_ = db_.Prepare("UPDATE scripts SET position = ?2 WHERE id = ?1");
  set_file_time_ = db_.Prepare("UPDATE scripts SET size = ?2, mtime_ns = ?3, modified_at = ?4 WHERE id = ?1");
  forget_script_ = db_.Prepare("INSERT OR IGNORE INTO temp.gone(id) VALUES (?)");
  insert_facts_ = db_.Prepare("INSERT OR REPLACE INTO script_facts(script_id, facts) VALUES (?, ?)");
  insert_fact_table_ = db_.Prepare("INSERT OR IGNORE INTO fact_tables(name, script_id) VALUES (?, ?)");
  insert_learned_ = db_.Prepare(
      "INSERT INTO learned_tables(name, evidence, fingerprint, digest, definition, entry) VALUES (?, ?, ?, ?, ?, ?)");
  insert_learned_column_ = db_.Prepare(
      "INSERT INTO learned_columns(table_name, position, name, type, partition_key, evidence, uses) "
      "VALUES (?, ?, ?, ?, ?, ?, ?)");
  delete_learned_columns_ = db_.Prepare("DELETE FROM learned_columns WHERE table_name = ?");
  delete_learned_ = db_.Prepare("DELETE FROM learned_tables WHERE name = ?");
  // sqlite3_prepare takes one statement at a time, and the CREATE TEMP TABLE
  // of the first must run before the others can be prepared: Exec it all.
  for (std::string_view rest = kDeleteScriptsSql;;) {
    const size_t end = rest.find(";\n");
    if (end == std::string_view::npos) break;
    std::string_view sql = rest.substr(0, end + 1);
    rest.remove_prefix(end + 2);
    while (!sql.empty() && sql.front() == '\n') sql.remove_prefix(1);
    delete_scripts_.emplace_back(sql);
  }
}

int64_t StoreWriter::AddScript(const ScriptRow& row, int64_t id) {
  if (id != 0)
    insert_script_.Bind(8, id);
  else
    insert_script_.BindNull(8);
  insert_script_.Bind(1, row.path)
      .Bind(2, row.position)
      .Bind(3, row.content_hash)
      .Bind(4, row.size)
      .Bind(5, row.mtime_ns)
      .Bind(6, row.modified_at)
      .Bind(7, NowRfc3339())
      .Run();
  return db_.LastInsertId();
}

void StoreWriter::FinishScript(int64_t script_id, int64_t statements, int64_t statements_with_errors,
                               int64_t file_errors) {
  finish_script_.Bind(1, script_id).Bind(2, statements).Bind(3, statements_with_errors).Bind(4, file_errors).Run();
}

int64_t StoreWriter::TableId(const lineage::QualifiedTable& table) {
  const std::string& name = table.name;
  if (auto it = table_ids_.find(name); it != table_ids_.end()) return it->second;
  int64_t id = 0;
  find_table_.Bind(1, name);
  if (find_table_.Step()) {
    id = find_table_.Int(0);
    find_table_.Reset();
  } else {
    find_table_.Reset();
    insert_table_.Bind(1, name).Bind(2, table.DatabaseNode()).Run();
    id = db_.LastInsertId();
  }
  // Bounded: a warehouse's names are many, the memory of an update is not.
  if (table_ids_.size() > 50'000) table_ids_.clear();
  table_ids_.emplace(name, id);
  return id;
}

int64_t StoreWriter::ColumnId(const lineage::StatementFacts& facts, uint32_t column) {
  const std::string full_name = facts.ColumnName(column);
  if (auto it = column_ids_.find(full_name); it != column_ids_.end()) return it->second;
  int64_t id = 0;
  find_column_.Bind(1, full_name);
  if (find_column_.Step()) {
    id = find_column_.Int(0);
    find_column_.Reset();
  } else {
    find_column_.Reset();
    insert_column_.Bind(1, TableId(facts.TableOf(column))).Bind(2, facts.columns[column].column).Bind(3, full_name).Run();
    id = db_.LastInsertId();
  }
  if (column_ids_.size() > 100'000) column_ids_.clear();
  column_ids_.emplace(full_name, id);
  return id;
}

void StoreWriter::AddStatement(int64_t script_id, const lineage::StatementFacts& facts, std::string_view sql) {
  if (!facts.kept) return;
  insert_statement_.Bind(1, script_id)
      .Bind(2, int64_t{facts.index})
      .Bind(3, StatementKindName(facts.kind))
      .Bind(4, int64_t{facts.start.line})
      .Bind(5, int64_t{facts.start.column})
      .Bind(6, int64_t{facts.span.begin})
      .Bind(7, int64_t{facts.span.end})
      .Bind(8, facts.database)
      .Bind(9, int64_t{facts.has_error})
      .Bind(10, sql)
      .Run();
  const int64_t sid = db_.LastInsertId();

  auto roles = [&](bool lineage::StatementTable::*flag, std::string_view role) {
    for (const lineage::StatementTable& t : facts.tables)
      if (t.*flag) insert_role_.Bind(1, sid).Bind(2, role).Bind(3, TableId(t.name)).Run();
  };
  roles(&lineage::StatementTable::input, "input");
  roles(&lineage::StatementTable::output, "output");
  roles(&lineage::StatementTable::temporary, "temporary");
  roles(&lineage::StatementTable::view, "view");

  auto column_id = [&](uint32_t column) -> int64_t {
    return column == lineage::kNoColumn ? 0 : ColumnId(facts, column);
  };
  // A plain query's columns are kept too: their target is no column, but
  // their sources are columns it reads.
  for (const lineage::ValueFacts& v : facts.values) {
    if (const int64_t target = column_id(v.target))
      insert_lineage_.Bind(2, target);
    else
      insert_lineage_.BindNull(2);
    insert_lineage_.Bind(1, sid)
        .Bind(3, v.expression)
        .Bind(4, DependencyName(v.type))
        .Bind(5, lineage::DerivationName(v.derivation))
        .Bind(6, int64_t{v.masking})
        .Run();
    const int64_t lid = db_.LastInsertId();
    for (const lineage::ValueFacts::Source& s : v.sources) {
      const int64_t source = column_id(s.column);
      if (source == 0) continue;
      insert_value_edge_.Bind(1, lid).Bind(2, source);
      if (!s.masked_by.empty()) {
        std::string ways;
        for (const std::string& w : s.masked_by) Append(ways, ways.empty() ? "" : ",", w);
        insert_value_edge_.Bind(3, ways);
      } else {
        insert_value_edge_.BindNull(3);
      }
      insert_value_edge_.Run();
      if (s.inferred) insert_inferred_.Bind(1, lid).Bind(2, source).Run();
    }
    // Kept whatever the reader asks: --possible decides when the graph is read.
    for (const lineage::ValueFacts::Possible& p : v.possible)
      for (const std::string& candidate : p.candidate_names)
        insert_possible_.Bind(1, lid).Bind(2, p.reference).Bind(3, candidate).Run();
  }
  // The facts list each condition once; one that governs every column the
  // statement writes says so instead of a row per column.
  for (const lineage::ConditionFacts& c : facts.conditions) {
    std::vector<int64_t> read, governed;
    for (const uint32_t column : c.reads) read.push_back(column_id(column));
    for (const uint32_t column : c.governs) governed.push_back(column_id(column));
    for (auto* ids : {&read, &governed}) {
      std::sort(ids->begin(), ids->end());
      ids->erase(std::unique(ids->begin(), ids->end()), ids->end());
    }
    insert_condition_.Bind(1, sid)
        .Bind(2, lineage::ClauseName(c.clause))
        .Bind(3, c.expression)
        .Bind(4, int64_t{c.governs_all})
        .Run();
    const int64_t cid = db_.LastInsertId();
    for (const int64_t id : read) insert_condition_column_.Bind(1, cid).Bind(2, "read").Bind(3, id).Run();
    for (const int64_t id : governed) insert_condition_column_.Bind(1, cid).Bind(2, "governed").Bind(3, id).Run();
  }
  int64_t position = 0;
  for (const uint32_t d : facts.declared) insert_declared_by_.Bind(1, sid).Bind(2, position++).Bind(3, column_id(d)).Run();
}

void StoreWriter::AddDeclared(int64_t script_id, const lineage::CatalogTable* table, const std::string& name,
                              bool dropped) {
  if (script_id != 0)
    insert_declared_.Bind(1, script_id);
  else
    insert_declared_.BindNull(1);
  insert_declared_.Bind(2, name).Bind(3, table != nullptr ? DeclaredKind(*table) : "table").Bind(4, int64_t{dropped});
  if (table != nullptr)
    if (std::optional<std::string> json = lineage::CatalogTableJsonText(*table))
      insert_declared_.Bind(5, *json);
    else
      insert_declared_.Bind(5, lineage::CatalogTableToJson(*table).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  else
    insert_declared_.BindNull(5);
  insert_declared_.Run();
  if (table == nullptr) return;
  const int64_t id = db_.LastInsertId();
  int64_t position = 0;
  auto columns = [&](const std::vector<lineage::CatalogColumn>& cols, bool partition) {
    for (const lineage::CatalogColumn& c : cols)
      insert_declared_column_.Bind(1, id)
          .Bind(2, position++)
          .Bind(3, c.name)
          .Bind(4, c.type)
          .Bind(5, int64_t{partition})
          .Run();
  };
  columns(table->columns, false);
  columns(table->partition_columns, true);
}

void StoreWriter::AddScriptSchema(int64_t script_id, const driver::ScriptSchema& schema, bool keep_reads) {
  for (const lineage::CatalogTable& t : schema.declared)
    AddDeclared(script_id, &t, t.name, std::binary_search(schema.dropped.begin(), schema.dropped.end(), t.name));
  for (const std::string& name : schema.dropped) {
    const bool declared = std::any_of(schema.declared.begin(), schema.declared.end(),
                                      [&](const lineage::CatalogTable& t) { return t.name == name; });
    if (!declared) AddDeclared(script_id, nullptr, name, true);
  }
  if (!keep_reads) return;
  for (const auto& [name, fingerprint] : schema.reads)
    insert_read_.Bind(1, script_id).Bind(2, name).Bind(3, fingerprint).Run();
}

void StoreWriter::AddScriptFacts(int64_t script_id, std::string_view facts, const std::vector<std::string>& names) {
  insert_facts_.Bind(1, script_id).Bind(2, facts).Run();
  AddFactTables(script_id, names);
}

void StoreWriter::AddFactTables(int64_t script_id, const std::vector<std::string>& names) {
  for (const std::string& name : names) insert_fact_table_.Bind(1, name).Bind(2, script_id).Run();
}

void StoreWriter::PutLearnedTable(const lineage::LearnedTable& t, std::string_view fingerprint,
                                  std::string_view digest) {
  RemoveLearnedTable(t.table.name);
  insert_learned_.Bind(1, t.table.name)
      .Bind(2, lineage::EvidenceKindName(t.evidence.kind))
      .Bind(3, fingerprint)
      .Bind(4, digest)
      .Bind(5, lineage::LearnedTableJson(t))
      .Bind(6, EncodeLearnedEntry(t.table))
      .Run();
  int64_t position = 0;
  auto columns = [&](const std::vector<lineage::CatalogColumn>& cols, bool partition) {
    for (const lineage::CatalogColumn& c : cols) {
      const lineage::Evidence& e = t.columns[static_cast<size_t>(position)];
      insert_learned_column_.Bind(1, t.table.name)
          .Bind(2, position++)
          .Bind(3, c.name)
          .Bind(4, c.type)
          .Bind(5, int64_t{partition})
          .Bind(6, lineage::EvidenceKindName(e.kind))
          .Bind(7, int64_t{e.uses})
          .Run();
    }
  };
  columns(t.table.columns, false);
  columns(t.table.partition_columns, true);
}

void StoreWriter::RemoveLearnedTable(const std::string& name) {
  delete_learned_columns_.Bind(1, name).Run();
  delete_learned_.Bind(1, name).Run();
}

void StoreWriter::AddCatalogTable(const lineage::CatalogTable& table) { AddDeclared(0, &table, table.name, false); }

void StoreWriter::AddCatalogMark(const std::string& name, std::string_view kind) {
  insert_mark_.Bind(1, name).Bind(2, kind).Run();
}

void StoreWriter::SetPosition(int64_t script_id, int64_t position) {
  set_position_.Bind(1, script_id).Bind(2, position).Run();
}

void StoreWriter::SetFileTime(int64_t script_id, int64_t size, int64_t mtime_ns, const std::string& modified_at) {
  set_file_time_.Bind(1, script_id).Bind(2, size).Bind(3, mtime_ns).Bind(4, modified_at).Run();
}

void StoreWriter::ForgetScript(int64_t script_id) { forget_script_.Bind(1, script_id).Run(); }

void StoreWriter::DeleteForgotten() {
  if (db_.QueryInt("SELECT count(*) FROM temp.gone") == 0) return;
  for (const std::string& sql : delete_scripts_) db_.Exec(sql);
}

void StoreWriter::DeleteAll() {
  db_.Exec(
      "DELETE FROM value_edges; DELETE FROM inferred_edges; DELETE FROM possible_sources; DELETE FROM column_lineage; DELETE FROM condition_columns; DELETE FROM conditions;"
      "DELETE FROM statement_tables; DELETE FROM statement_columns; DELETE FROM statements; DELETE FROM declared_columns;"
      "DELETE FROM declared_tables; DELETE FROM script_reads; DELETE FROM scripts; DELETE FROM columns;"
      "DELETE FROM tables; DELETE FROM catalog_marks; DELETE FROM catalog_files; DELETE FROM script_facts;"
      "DELETE FROM fact_tables; DELETE FROM learned_columns; DELETE FROM learned_tables;");
  table_ids_.clear();
  column_ids_.clear();
}

void StoreWriter::CollectGarbage() {
  db_.Exec(kCollectSql);
  table_ids_.clear();
  column_ids_.clear();
}

}  // namespace hivelineage::store
