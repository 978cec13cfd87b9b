// The store for Neo4j (docs/store.md has the import commands): CSV files with
// the header conventions of `neo4j-admin database import full`, and a Cypher
// script of idempotent MERGE statements for incremental loads into a running
// database.
//
// Nodes: (:Table {id, name, database, kind}), (:Column {id, name, table,
// column}), (:Script {id, path, content_hash, modified_at}). Relationships:
// (:Script)-[:READS]->(:Table) and -[:WRITES]->, one per statement;
// (:Table)-[:HAS_COLUMN]->(:Column); (:Column)-[:FLOWS_TO]->(:Column) for
// value edges (kind "value", with the expression and transform) and
// condition edges (kind "condition", with the clause and the condition), and
// (:Table)-[:FLOWS_TO]->(:Table) with kind "table", one per statement. Every
// relationship names its script, statement and line. Node ids are the names
// with their label: "table:db.t", "column:db.t.c", "script:path".
//
// Both stream straight from the database: memory does not grow with the store.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

#include "store/sqlite.h"

namespace hivelineage::store {

struct Neo4jCounts {
  size_t nodes = 0;
  size_t relationships = 0;
};

// Writes tables.csv, columns.csv, scripts.csv (nodes) and has_column.csv,
// reads.csv, writes.csv, flows_to.csv (relationships) into `dir`, created
// if missing. Throws StoreError when a file cannot be written.
Neo4jCounts ExportNeo4jCsv(Database& db, const std::string& dir);

// Writes the Cypher script to `out`: uniqueness constraints (IF NOT EXISTS),
// then one MERGE per node and relationship with its properties SET, string
// values as escaped Cypher literals.
Neo4jCounts ExportNeo4jCypher(Database& db, std::FILE* out);

// `s` as a Cypher string literal: single-quoted, with \\, \', and control
// characters escaped, invalid UTF-8 replaced by U+FFFD.
std::string CypherString(std::string_view s);

// `s` as a CSV field for neo4j-admin: double-quoted, inner quotes doubled.
std::string CsvField(std::string_view s);

}  // namespace hivelineage::store
