// Spark's time travel on a table reference (Delta, Iceberg): `t VERSION AS OF 3`,
// `t TIMESTAMP AS OF '2024-01-01'`, with or without FOR, and the SQL:2011
// spellings SYSTEM_VERSION / SYSTEM_TIME. The table is read either way; the
// version is kept on the node (TableName::as_of) and prints as the FOR
// SYSTEM_VERSION / FOR SYSTEM_TIME form, which both dialects read.
#include "parser/parser_impl.h"

namespace hivelineage::parser {

/// temporal_clause ::= [FOR] (SYSTEM_VERSION | VERSION) AS OF expr
///                   | [FOR] (SYSTEM_TIME | TIMESTAMP) AS OF expr      (Spark)
bool Parser::ParseTemporalClause(ast::TableName* t) {
  const size_t k = AtKw(Keyword::For) ? 1 : 0;
  const bool version = AtWord("VERSION", k) || AtWord("SYSTEM_VERSION", k);
  const bool time = AtWord("TIMESTAMP", k) || AtWord("SYSTEM_TIME", k);
  if (!(version || time) || !AtKw(Keyword::As, k + 1) || !AtKw(Keyword::Of, k + 2)) return true;
  for (size_t i = 0; i < k + 3; ++i) Advance();
  t->as_of_version = version;
  t->as_of = ParseExpr();
  return t->as_of != nullptr;
}

}  // namespace hivelineage::parser
