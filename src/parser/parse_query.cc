// Queries: WITH, set operations, the query primaries (SELECT blocks, VALUES,
// parenthesised queries, FROM-first SELECT) and the trailing ORDER / CLUSTER /
// DISTRIBUTE / SORT BY and LIMIT. SELECT blocks are in parse_select.cc, FROM
// clauses in parse_from.cc.
#include "parser/parser_impl.h"

namespace hivelineage::parser {

/// query ::= [with_clause] query_rest
ast::Query* Parser::ParseQuery() {
  DepthGuard guard(*this);
  if (!guard.ok()) return nullptr;
  const uint32_t begin = StartOffset();
  ast::List<ast::Cte> ctes;
  if (AtKw(Keyword::With) && !ParseCtes(&ctes)) return nullptr;
  return ParseQueryWithCtes(ctes, begin);
}

/// query_rest ::= set_expr trailing_clauses
/// (the WITH clause, if any, already read)
ast::Query* Parser::ParseQueryWithCtes(ast::List<ast::Cte> ctes, uint32_t begin) {
  auto* q = arena_.New<ast::Query>();
  q->ctes = ctes;
  q->body = ParseSetExpr();
  if (q->body == nullptr || !ParseTrailingClauses(q)) return nullptr;
  q->span = SpanFrom(begin);
  ast::Ident alias;  // `|> AS t`: the name of the query so far, for the next operator
  bool piped = false;
  while (AtPipe()) {
    AdvancePipe();
    q = ParsePipeOperator(q, &alias, begin);
    if (q == nullptr) return nullptr;
    piped = true;
  }
  return piped ? ParseClausesAfterPipes(q, begin) : q;
}

// `*` as the one select item of a pipe operator's query (also `FROM t` alone and `VALUES ... AS t`).
ast::List<ast::SelectItem> StarItems(Arena& arena, ast::List<ast::SelectItem> more) {
  std::vector<ast::SelectItem> items(1);
  items[0].expr = arena.New<ast::StarExpr>();
  items.insert(items.end(), more.begin(), more.end());
  return arena.CopyOf(items);
}

/// with_clause ::= WITH [RECURSIVE] cte (',' cte)*   (RECURSIVE: Spark)
///   cte ::= name ['(' name (',' name)* ')'] [MAX RECURSION LEVEL number] AS '(' query ')'
///   (MAX RECURSION LEVEL only after RECURSIVE, as Spark has it)
bool Parser::ParseCtes(ast::List<ast::Cte>* out) {
  Advance();  // WITH
  // Spark's WITH RECURSIVE: a CTE may name itself; the rewrite (recursive_cte.h) reads that reference.
  const bool recursive = spark() && AtWord("recursive") && AtAnyName(1);
  if (recursive) Advance();
  std::vector<ast::Cte> ctes;
  do {
    ast::Cte c;
    c.recursive = recursive;
    const uint32_t begin = StartOffset();
    if (!ParseIdent(&c.name)) return false;
    if (At(TokenKind::LParen) && !ParseIdentList(&c.columns)) return false;
    if (recursive && AtWord("max") && AtWord("recursion", 1) && AtWord("level", 2)) {
      Advance();
      Advance();
      Advance();
      if (!At(TokenKind::Number)) {
        Fail("recursion level (a number)");
        return false;
      }
      c.max_recursion_level = arena_.CopyString(Text(Peek()));
      Advance();
    }
    if (!ExpectKw(Keyword::As) || !Expect(TokenKind::LParen)) return false;
    c.query = ParseQuery();
    if (c.query == nullptr || !Expect(TokenKind::RParen)) return false;
    c.span = SpanFrom(begin);
    ctes.push_back(c);
  } while (Accept(TokenKind::Comma));
  *out = arena_.CopyOf(ctes);
  return true;
}

/// set_expr ::= query_primary (set_op [ALL | DISTINCT] query_primary)*
///   set_op ::= UNION | INTERSECT | EXCEPT | MINUS   (one level, left-associative)
ast::QueryExpr* Parser::ParseSetExpr() {
  const uint32_t begin = StartOffset();
  ast::QueryExpr* left = ParseQueryPrimary();
  if (left == nullptr) return nullptr;
  while (true) {
    ast::SetOperation::Op op;
    if (AtKw(Keyword::Union))
      op = ast::SetOperation::Op::Union;
    else if (AtKw(Keyword::Intersect))
      op = ast::SetOperation::Op::Intersect;
    else if (AtKw(Keyword::Except))
      op = ast::SetOperation::Op::Except;
    else if (AtKw(Keyword::Minus))
      op = ast::SetOperation::Op::Minus;
    else
      break;
    Advance();
    auto* s = arena_.New<ast::SetOperation>();
    s->op = op;
    if (AcceptKw(Keyword::All))
      s->quantifier = ast::SetOperation::Quantifier::All;
    else if (AcceptKw(Keyword::Distinct))
      s->quantifier = ast::SetOperation::Quantifier::Distinct;
    s->left = left;
    s->right = ParseQueryPrimary();
    if (s->right == nullptr) return nullptr;
    s->span = SpanFrom(begin);
    left = s;
  }
  return left;
}

/// query_primary ::= select_core | map_reduce | values | '(' query ')' | TABLE qualified_name (Spark)
///                 | FROM from_clause (select_core | map_reduce)
ast::QueryExpr* Parser::ParseQueryPrimary() {
  const uint32_t begin = StartOffset();
  if (AtKw(Keyword::Select)) return ParseSelectCore(false);
  if (AtKw(Keyword::Map) || AtKw(Keyword::Reduce)) return ParseMapReduce(false);
  if (AtKw(Keyword::Values)) {
    ast::ValuesQuery* values = ParseValues();
    if (values == nullptr || !spark() || !(AtKw(Keyword::As) || AtImplicitAlias())) return values;
    // Spark's `VALUES (1, 2) AS t(a, b)` is `SELECT * FROM (VALUES (1, 2)) t(a, b)`, and prints so.
    auto* v = arena_.New<ast::ValuesRef>();
    v->values = values;
    if (!ParseTableAlias(&v->alias, &v->column_aliases)) return nullptr;
    v->span = SpanFrom(begin);
    auto* core = arena_.New<ast::SelectCore>();
    core->items = StarItems(arena_);
    core->from = v;
    core->span = v->span;
    return core;
  }
  if (spark() && AtKw(Keyword::Table) && !AtKind(TokenKind::LParen, 1)) {
    // Spark's `TABLE t` is `SELECT * FROM t`, and prints so.
    Advance();
    auto* table = arena_.New<ast::TableName>();
    const uint32_t name_begin = StartOffset();
    if (!ParseQualifiedName(&table->name, true)) return nullptr;
    table->span = SpanFrom(name_begin);
    auto* star = arena_.New<ast::StarExpr>();
    star->span = table->span;
    auto* core = arena_.New<ast::SelectCore>();
    ast::SelectItem item;
    item.expr = star;
    core->items = arena_.CopyOf(std::vector<ast::SelectItem>{item});
    core->from = table;
    core->span = SpanFrom(begin);
    return core;
  }
  if (At(TokenKind::LParen)) {
    Advance();
    auto* n = arena_.New<ast::NestedQuery>();
    n->query = ParseQuery();
    if (n->query == nullptr || !Expect(TokenKind::RParen)) return nullptr;
    n->span = SpanFrom(begin);
    return n;
  }
  if (AtKw(Keyword::From)) {
    // FROM-first query without INSERT: `FROM src SELECT ...`.
    Advance();
    ast::TableRef* from = ParseFromClause();
    if (from == nullptr) return nullptr;
    ast::SelectCore* core = nullptr;
    if (AtPipe() || (spark() && (AtEnd() || At(TokenKind::RParen)))) {
      // Spark's `FROM t` alone (before `|>`) is `SELECT * FROM t`.
      core = arena_.New<ast::SelectCore>();
      core->items = StarItems(arena_);
      core->from = from;
      core->span = SpanFrom(begin);
      return core;
    }
    if (AtKw(Keyword::Select))
      core = ParseSelectCore(true);
    else if (AtKw(Keyword::Map) || AtKw(Keyword::Reduce))
      core = ParseMapReduce(true);
    else {
      Fail("SELECT");
      return nullptr;
    }
    if (core == nullptr) return nullptr;
    // Lateral views written after the select list apply to the shared FROM.
    if (core->from != nullptr) {
      ast::TableRef* bottom = core->from;
      while (auto* lv = ast::DynCast<ast::LateralViewRef>(bottom)) {
        if (lv->source == nullptr) {
          lv->source = from;
          break;
        }
        bottom = lv->source;
      }
    } else {
      core->from = from;
    }
    core->span = SpanFrom(begin);
    return core;
  }
  if (AtKw(Keyword::With)) {
    Fail("SELECT");
    return nullptr;
  }
  Fail("SELECT");
  return nullptr;
}

/// values ::= VALUES row (',' row)*
///   row ::= '(' value (',' value)* ')' | value
///   value ::= expr [[AS] name] | DEFAULT   (names count in the first row only)
/// (Spark: a value without parentheses is a row of its own, and takes no name)
ast::ValuesQuery* Parser::ParseValues() {
  const uint32_t begin = StartOffset();
  Advance();  // VALUES
  auto* v = arena_.New<ast::ValuesQuery>();
  const bool saved = allow_default_;
  allow_default_ = true;
  ListBuilder<ast::List<ast::Expr*>> rows(expr_lists_);
  ListBuilder<ast::Ident> aliases(idents_);
  bool any_alias = false;
  do {
    ListBuilder<ast::Expr*> row(exprs_);
    const bool paren = Accept(TokenKind::LParen);
    do {
      ast::Expr* e = ParseExpr();
      if (e == nullptr) {
        allow_default_ = saved;
        return nullptr;
      }
      row.Push(e);
      ast::Ident alias;  // `VALUES (1 AS id, 2 b)`: names of the first row
      if (!paren && spark()) {
        // `VALUES 1, 2 AS t(a)`: the name after the last row is the table's.
      } else if (AcceptKw(Keyword::As)) {
        if (!ParseAnyName(&alias)) return nullptr;
      } else if (AtImplicitAlias()) {
        alias = MakeIdent(Peek());
        Advance();
      }
      if (rows.size() == 0) {
        any_alias |= !alias.name.empty();
        aliases.Push(alias);
      }
    } while (paren && Accept(TokenKind::Comma));
    if (paren && !Expect(TokenKind::RParen)) {
      allow_default_ = saved;
      return nullptr;
    }
    rows.Push(row.Finish(arena_));
    if (!paren && !spark()) break;
  } while (Accept(TokenKind::Comma));
  allow_default_ = saved;
  if (any_alias) v->first_row_aliases = aliases.Finish(arena_);
  v->rows = rows.Finish(arena_);
  v->span = SpanFrom(begin);
  return v;
}

/// trailing_clauses ::= [ORDER BY (sort_items | ALL [ASC | DESC] [NULLS (FIRST | LAST)])] [CLUSTER BY exprs] [DISTRIBUTE BY exprs]
///                      [SORT BY sort_items] [LIMIT [expr ','] expr [OFFSET expr]]
///                      (Spark also: LIMIT ALL [OFFSET expr] | OFFSET expr)
bool Parser::ParseTrailingClauses(ast::Query* q) {
  auto sort_items = [&](ast::List<ast::OrderItem>* out) {
    const bool paren = At(TokenKind::LParen);
    if (!ParseOrderItems(out)) return false;
    if (paren && out->size() == 1 && (*out)[0].direction == ast::OrderItem::Direction::Default &&
        (*out)[0].nulls == ast::OrderItem::Nulls::Default) {
      if (auto* s = ast::DynCast<ast::StructExpr>((*out)[0].expr)) {
        ListBuilder<ast::OrderItem> items(order_items_);
        for (ast::Expr* e : s->fields) {
          ast::OrderItem it;
          it.expr = e;
          items.Push(it);
        }
        *out = items.Finish(arena_);
      }
    }
    return true;
  };
  if (AtKw(Keyword::Order) && AtKw(Keyword::By, 1)) {
    Advance();
    Advance();
    if (spark() && AtKw(Keyword::All) && !AtKind(TokenKind::LParen, 1) && !AtKind(TokenKind::Dot, 1) &&
        !AtKind(TokenKind::Comma, 1)) {
      // Spark's ORDER BY ALL [ASC | DESC] [NULLS FIRST | LAST]: by every output column.
      Advance();
      ast::OrderItem* it = arena_.New<ast::OrderItem>();
      if (AcceptKw(Keyword::Asc)) it->direction = ast::OrderItem::Direction::Asc;
      else if (AcceptKw(Keyword::Desc)) it->direction = ast::OrderItem::Direction::Desc;
      if (AtKw(Keyword::Nulls) && (AtKw(Keyword::First, 1) || AtKw(Keyword::Last, 1))) {
        Advance();
        it->nulls = AtKw(Keyword::First) ? ast::OrderItem::Nulls::First : ast::OrderItem::Nulls::Last;
        Advance();
      }
      q->order_by_all = it;
    } else if (!sort_items(&q->order_by)) {
      return false;
    }
  }
  if (AtKw(Keyword::Cluster) && AtKw(Keyword::By, 1)) {
    Advance();
    Advance();
    if (!ParseExprListMaybeParen(&q->cluster_by)) return false;
  }
  if (AtKw(Keyword::Distribute) && AtKw(Keyword::By, 1)) {
    Advance();
    Advance();
    if (!ParseExprListMaybeParen(&q->distribute_by)) return false;
  }
  if (AtKw(Keyword::Sort) && AtKw(Keyword::By, 1)) {
    Advance();
    Advance();
    if (!sort_items(&q->sort_by)) return false;
  }
  if (spark() && AtKw(Keyword::Limit) && AtKw(Keyword::All, 1)) {
    Advance();  // Spark's LIMIT ALL: no limit
    Advance();
    if (AcceptKw(Keyword::Offset)) {
      q->offset = ParseExpr();
      if (q->offset == nullptr) return false;
    }
  } else if (spark() && AtKw(Keyword::Offset)) {
    Advance();  // Spark's OFFSET n without LIMIT
    q->offset = ParseExpr();
    if (q->offset == nullptr) return false;
  } else if (AtKw(Keyword::Limit)) {
    Advance();
    q->limit = ParseExpr();
    if (q->limit == nullptr) return false;
    if (Accept(TokenKind::Comma)) {
      q->offset = q->limit;
      q->limit = ParseExpr();
      if (q->limit == nullptr) return false;
    } else if (AcceptKw(Keyword::Offset)) {
      q->offset = ParseExpr();
      if (q->offset == nullptr) return false;
    }
  }
  return true;
}

}  // namespace hivelineage::parser
