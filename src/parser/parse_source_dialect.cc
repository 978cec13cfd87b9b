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

/// top_clause ::= TOP (number | '(' expr ')') [PERCENT] [WITH TIES]   (SQL Server)
/// A row limit: it names no column a select item takes, so it is read and left out.
bool Parser::SkipTopClause() {
  if (!options_.select_top || !AtWord("top")) return true;
  Advance();
  if (At(TokenKind::LParen)) {
    Advance();
    if (ParseExpr() == nullptr || !Expect(TokenKind::RParen)) return false;
  } else if (!Expect(TokenKind::Number)) {
    return false;
  }
  AcceptKw(Keyword::Percent);
  if (AtKw(Keyword::With) && AtWord("ties", 1)) {
    Advance();
    Advance();
  }
  return true;
}

}  // namespace hivelineage::parser
