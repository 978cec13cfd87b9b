// Spark's pipe operators (`q |> WHERE c`, `|> SELECT ...`, ...): each is a
// query over the one before it as a subquery. The `|>` loop itself is in
// ParseQueryWithCtes (parse_query.cc).
#include "parser/parser_impl.h"

namespace hivelineage::parser {

/// pipe_operator ::= '|>' ( WHERE expr | SELECT [DISTINCT | ALL] select_items | EXTEND select_items
///                        | AGGREGATE [select_items] [GROUP BY exprs] | AS name
///                        | ORDER BY ... | LIMIT ... | OFFSET ... )
/// (Spark; after the `|>`. Each operator is a query over the one before it as a
/// subquery: `q |> WHERE c` is `SELECT * FROM (q) WHERE c`, and prints so.)
ast::Query* Parser::ParsePipeOperator(ast::Query* prev, ast::Ident* alias, uint32_t begin) {
  if (AcceptKw(Keyword::As)) {
    if (!ParseAnyName(alias)) return nullptr;
    return prev;
  }
  auto* sub = arena_.New<ast::SubqueryRef>();
  sub->query = prev;
  sub->alias = *alias;
  *alias = ast::Ident{};
  sub->span = prev->span;
  auto* core = arena_.New<ast::SelectCore>();
  core->from = sub;
  auto* q = arena_.New<ast::Query>();
  q->body = core;
  if (AcceptKw(Keyword::Where)) {
    core->items = StarItems(arena_);
    core->where = ParseExpr();
    if (core->where == nullptr) return nullptr;
  } else if (AcceptKw(Keyword::Select)) {
    if (AcceptKw(Keyword::Distinct))
      core->distinct = true;
    else
      AcceptKw(Keyword::All);
    if (!ParseSelectItems(core)) return nullptr;
  } else if (AtWord("extend")) {
    Advance();
    if (!ParseSelectItems(core)) return nullptr;
    core->items = StarItems(arena_, core->items);
  } else if (AtWord("aggregate")) {
    Advance();
    if (!(AtKw(Keyword::Group) && AtKw(Keyword::By, 1)) && !ParseSelectItems(core)) return nullptr;
    if (AtKw(Keyword::Group) && AtKw(Keyword::By, 1)) {
      if (!ParseGroupBy(&core->group_by)) return nullptr;
      // The grouping keys come first in the output, then the aggregates.
      std::vector<ast::SelectItem> items;
      for (ast::Expr* key : core->group_by->items) {
        ast::SelectItem it;
        it.expr = key;
        items.push_back(it);
      }
      items.insert(items.end(), core->items.begin(), core->items.end());
      core->items = arena_.CopyOf(items);
    }
    if (core->items.empty()) {
      Fail("aggregate");
      return nullptr;
    }
  } else if ((AtKw(Keyword::Order) && AtKw(Keyword::By, 1)) || AtKw(Keyword::Limit) || AtKw(Keyword::Offset)) {
    core->items = StarItems(arena_);
    if (!ParseTrailingClauses(q)) return nullptr;
  } else {
    Fail("pipe operator");
    return nullptr;
  }
  core->span = SpanFrom(begin);
  q->span = core->span;
  return q;
}

}  // namespace hivelineage::parser
