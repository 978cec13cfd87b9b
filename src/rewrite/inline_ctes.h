// Pass: inline common table expressions.
//
// Every reference to a CTE (a one-part table name that a visible WITH entry
// defines) becomes a derived table over the CTE's query, and the WITH lists
// are emptied:
//   WITH t AS (SELECT a FROM x) SELECT a FROM t
//   => SELECT a FROM (SELECT a FROM x) t
//   WITH c (k) AS (SELECT key FROM src) SELECT c.k FROM c JOIN c AS d ON ...
//   => SELECT c.k FROM (SELECT key FROM src) c (k) JOIN (SELECT key FROM src) d (k) ON ...
// Scoping follows Hive: a CTE body sees the CTEs defined before it in the same
// WITH and those of enclosing queries; an inner WITH shadows an outer one; a
// CTE never sees itself (`WITH src AS (SELECT * FROM src)` reads the table).
// References share the CTE's (already inlined) query node instead of copying
// it, so a chain of CTEs each used twice stays linear in size. Idempotent: the
// output has no WITH left.
#pragma once

#include "ast/ast.h"
#include "base/arena.h"
#include "rewrite/rewrite_result.h"

namespace hivelineage::rewrite {

void InlineCtes(ast::Statement& stmt, Arena& arena, RewriteResult& result);

}  // namespace hivelineage::rewrite
