// What the SQL of a source database (MySQL, PostgreSQL, Oracle, SQL Server)
// adds to the grammar, as far as a sync job's reader query needs it for its
// tables and select list (docs/systems.md). Switched on by ParseOptions;
// Hive's and Spark's scripts never see it.
#include "parser/parser_impl.h"

namespace hivelineage::parser {

/// outer_join_mark ::= '(' '+' ')'   (Oracle, after a column: `a.id = b.id(+)`)
bool Parser::AcceptOuterJoinMark() {
  if (!options_.outer_join_marks || !At(TokenKind::LParen) || !AtKind(TokenKind::Plus, 1) ||
      !AtKind(TokenKind::RParen, 2))
    return false;
  Advance();
  Advance();
  Advance();
  return true;
}

}  // namespace hivelineage::parser
