// What DDL statements do to the session's catalog, so later statements of the
// same run see the tables created, altered, renamed and dropped before them.
#pragma once

#include <string>
#include <vector>

#include "ast/ast.h"
#include "lineage/column_set.h"
#include "lineage/lineage.h"
#include "lineage/scope.h"

namespace hivelineage::lineage {

class Resolver;

// Each Apply* for a CREATE returns whether it created the table: false for
// CREATE ... IF NOT EXISTS of a table the catalog already has.

// CREATE TABLE t (cols) [PARTITIONED BY (...)] and CREATE TABLE t LIKE src.
bool ApplyCreateTable(const ast::CreateTableStatement& s, const std::string& key, Session& session, const Resolver& rs);
// CTAS: the columns are the query's output names (partition columns, named in
// PARTITIONED BY, are the trailing ones).
bool ApplyCtas(const ast::CreateTableStatement& s, const std::string& key, const std::vector<std::string>& names,
               Session& session);
// CREATE [MATERIALIZED] VIEW / ALTER VIEW AS: columns and, per column, the base
// columns it reads (so reading the view traces through it); Spark's schema mode (view_schema_mode.h).
bool ApplyCreateView(const ast::CreateViewStatement& s, const std::string& key, const std::vector<std::string>& names,
                     const ColumnList& q, const ColumnInterner& interner, const Resolver& rs, Session& session);
// Spark's CREATE TEMPORARY VIEW v (columns) USING fmt: a view of the declared
// columns, which read files rather than any table.
bool ApplyDataSourceView(const ast::CreateViewStatement& s, const std::string& key, Session& session);
// RENAME TO, ADD / REPLACE COLUMNS, CHANGE COLUMN; Spark's ALTER VIEW v WITH SCHEMA mode.
void ApplyAlterTable(const ast::AlterTableStatement& s, const std::string& key, const std::string& new_key,
                     Session& session);

}  // namespace hivelineage::lineage
