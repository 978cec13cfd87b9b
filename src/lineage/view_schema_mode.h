// Spark's view schema modes (CREATE VIEW v WITH SCHEMA BINDING | COMPENSATION
// | TYPE EVOLUTION | EVOLUTION, and ALTER VIEW v WITH SCHEMA ...): a view in
// EVOLUTION mode, whose query is a bare `*` over tables and which names no
// columns of its own, lists its tables' columns as they are when it is read;
// every other view keeps the columns it was made with.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ast/ast.h"

namespace hivelineage::lineage {

class Resolver;

// The tables whose columns `SELECT * FROM a, b JOIN c ON ...` lists, in order;
// empty for any other query (a qualified star, CTEs, USING, a subquery...).
std::vector<std::string> StarTables(const ast::Query* query, const Resolver& rs);

// What a view's `WITH SCHEMA mode` clause, in the canonical text `text`, says:
// true for EVOLUTION, false for another mode, nullopt when there is no clause.
std::optional<bool> SchemaEvolutionClause(std::string_view text);

}  // namespace hivelineage::lineage
