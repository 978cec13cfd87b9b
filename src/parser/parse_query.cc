// Queries: WITH, set operations, SELECT blocks, FROM clauses (joins, lateral
// views, subqueries, TABLESAMPLE, PTFs, UNIQUEJOIN), GROUP BY forms,
// trailing ORDER/CLUSTER/DISTRIBUTE/SORT BY and LIMIT, TRANSFORM/MAP/REDUCE,
// VALUES, and the statement forms built on them: INSERT and FROM-first
// multi-insert.
#include <algorithm>

#include "base/strings.h"
#include "parser/parser_impl.h"

namespace hivelineage::parser {

namespace {
// Words that start a type (in a TRANSFORM's AS list a name may follow one).
constexpr lexer::KeywordSet kTypeStarts{
    Keyword::String,
    Keyword::Int,
    Keyword::Integer,
    Keyword::Bigint,
    Keyword::Smallint,
    Keyword::Tinyint,
    Keyword::Double,
    Keyword::Float,
    Keyword::Real,
    Keyword::Boolean,
    Keyword::Decimal,
    Keyword::Dec,
    Keyword::Numeric,
    Keyword::Date,
    Keyword::Timestamp,
    Keyword::Datetime,
    Keyword::Timestamplocaltz,
    Keyword::Varchar,
    Keyword::Char,
    Keyword::Binary,
    Keyword::Array,
    Keyword::Map,
    Keyword::Struct,
    Keyword::Uniontype,
};

// The words of a ROW FORMAT clause (DELIMITED FIELDS TERMINATED BY ..., SERDE ... WITH SERDEPROPERTIES).
constexpr lexer::KeywordSet kRowFormatWords{
    Keyword::Delimited,       Keyword::Fields,     Keyword::Terminated, Keyword::By,
    Keyword::Escaped,         Keyword::Collection, Keyword::Items,      Keyword::Keys,
    Keyword::Lines,           Keyword::Defined,    Keyword::Serde,      Keyword::With,
    Keyword::Serdeproperties,
};

// The comparisons a PARTITION spec item may use (ALTER TABLE DROP PARTITION (ds < '...')).
constexpr lexer::TokenKindSet kPartitionComparisons{
    TokenKind::Equal, TokenKind::EqualEqual, TokenKind::NotEqual, TokenKind::BangEqual,
    TokenKind::Less,  TokenKind::LessEqual,  TokenKind::Greater,  TokenKind::GreaterEqual,
};
}  // namespace

// ---------------------------------------------------------------- query

ast::Query* Parser::ParseQuery() {
  DepthGuard guard(*this);
  if (!guard.ok()) return nullptr;
  const uint32_t begin = StartOffset();
  ast::List<ast::Cte> ctes;
  if (AtKw(Keyword::With) && !ParseCtes(&ctes)) return nullptr;
  return ParseQueryWithCtes(ctes, begin);
}

ast::Query* Parser::ParseQueryWithCtes(ast::List<ast::Cte> ctes, uint32_t begin) {
  auto* q = arena_.New<ast::Query>();
  q->ctes = ctes;
  q->body = ParseSetExpr();
  if (q->body == nullptr || !ParseTrailingClauses(q)) return nullptr;
  q->span = SpanFrom(begin);
  return q;
}

bool Parser::ParseCtes(ast::List<ast::Cte>* out) {
  Advance();  // WITH
  std::vector<ast::Cte> ctes;
  do {
    ast::Cte c;
    const uint32_t begin = StartOffset();
    if (!ParseIdent(&c.name)) return false;
    if (At(TokenKind::LParen) && !ParseIdentList(&c.columns)) return false;
    if (!ExpectKw(Keyword::As) || !Expect(TokenKind::LParen)) return false;
    c.query = ParseQuery();
    if (c.query == nullptr || !Expect(TokenKind::RParen)) return false;
    c.span = SpanFrom(begin);
    ctes.push_back(c);
  } while (Accept(TokenKind::Comma));
  *out = arena_.CopyOf(ctes);
  return true;
}

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

ast::QueryExpr* Parser::ParseQueryPrimary() {
  const uint32_t begin = StartOffset();
  if (AtKw(Keyword::Select)) return ParseSelectCore(false);
  if (AtKw(Keyword::Map) || AtKw(Keyword::Reduce)) return ParseMapReduce(false);
  if (AtKw(Keyword::Values)) return ParseValues();
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

ast::SelectCore* Parser::ParseSelectCore(bool from_first) {
  const uint32_t begin = StartOffset();
  Advance();  // SELECT
  auto* core = arena_.New<ast::SelectCore>();
  if (At(TokenKind::Hint)) {
    core->hint = Text(Peek());
    Advance();
  }
  if (AcceptKw(Keyword::Distinct))
    core->distinct = true;
  else
    AcceptKw(Keyword::All);
  if (AtKw(Keyword::Transform) && AtKind(TokenKind::LParen, 1)) {
    const uint32_t tbegin = StartOffset();
    Advance();
    Advance();
    auto* t = arena_.New<ast::Transform>();
    t->style = ast::Transform::Style::Transform;
    if (!At(TokenKind::RParen) && !ParseExprList(&t->args)) return nullptr;
    if (!Expect(TokenKind::RParen)) return nullptr;
    if (ParseTransformTail(t) == nullptr) return nullptr;
    t->span = SpanFrom(tbegin);
    core->transform = t;
  } else if (!ParseSelectItems(core)) {
    return nullptr;
  }
  if (!from_first && AcceptKw(Keyword::From)) {
    core->from = ParseFromClause();
    if (core->from == nullptr) return nullptr;
  }
  if (!ParseSelectRest(core, from_first)) return nullptr;
  core->span = SpanFrom(begin);
  return core;
}

ast::SelectCore* Parser::ParseMapReduce(bool from_first) {
  const uint32_t begin = StartOffset();
  auto* core = arena_.New<ast::SelectCore>();
  auto* t = arena_.New<ast::Transform>();
  t->style = AtKw(Keyword::Map) ? ast::Transform::Style::Map : ast::Transform::Style::Reduce;
  Advance();
  if (At(TokenKind::Hint)) Advance();
  if (!ParseExprListMaybeParen(&t->args)) return nullptr;
  if (ParseTransformTail(t) == nullptr) return nullptr;
  t->span = SpanFrom(begin);
  core->transform = t;
  if (!from_first && AcceptKw(Keyword::From)) {
    core->from = ParseFromClause();
    if (core->from == nullptr) return nullptr;
  }
  if (!ParseSelectRest(core, from_first)) return nullptr;
  core->span = SpanFrom(begin);
  return core;
}

std::string_view Parser::ParseRowFormatText(Keyword reader_or_writer) {
  const size_t start = pos_;
  if (AtKw(Keyword::Row) && AtKw(Keyword::Format, 1)) {
    Advance();
    Advance();
    while (true) {
      const Token& t = Peek();
      if (t.kind == TokenKind::String) {
        Advance();
        continue;
      }
      if (t.kind == TokenKind::LParen) {
        if (!SkipBalanced()) return {};
        continue;
      }
      if (t.kind != TokenKind::Word) break;
      const bool take =
          kRowFormatWords.contains(t.keyword) ||
          (t.keyword == Keyword::Map && AtKw(Keyword::Keys, 1)) ||      // MAP KEYS TERMINATED BY
          (t.keyword == Keyword::Null && AtKw(Keyword::Defined, 1)) ||  // NULL DEFINED AS
          (t.keyword == Keyword::As && Prev().kind == TokenKind::Word && Prev().keyword == Keyword::Defined);
      if (!take) break;
      Advance();
    }
  }
  if (AtKw(reader_or_writer) && AtKind(TokenKind::String, 1)) {
    Advance();
    Advance();
  }
  if (pos_ == start) return {};
  return CanonicalText(start, pos_);
}

ast::Transform* Parser::ParseTransformTail(ast::Transform* t) {
  t->input_format = ParseRowFormatText(Keyword::Recordwriter);
  if (!ExpectKw(Keyword::Using)) return nullptr;
  t->script = ParseStringValue();
  if (Prev().kind != TokenKind::String) return nullptr;
  if (AcceptKw(Keyword::As)) {
    if (At(TokenKind::LParen)) {
      t->parenthesized_outputs = true;
      if (!ParseColumnDefs(&t->outputs, false)) return nullptr;
    } else {
      ListBuilder<ast::ColumnDef> outs(column_defs_);
      do {
        ast::ColumnDef d;
        const uint32_t b = StartOffset();
        if (!ParseAnyName(&d.name)) return nullptr;
        if (At(TokenKind::Word) && kTypeStarts.contains(Peek().keyword) && !ParseType(&d.type)) return nullptr;
        d.span = SpanFrom(b);
        outs.Push(d);
      } while (Accept(TokenKind::Comma));
      t->outputs = outs.Finish(arena_);
    }
  }
  t->output_format = ParseRowFormatText(Keyword::Recordreader);
  return t;
}

bool Parser::ParseSelectItems(ast::SelectCore* core) {
  ListBuilder<ast::SelectItem> items(select_items_);
  do {
    ast::SelectItem it;
    if (!ParseSelectItem(&it)) return false;
    items.Push(it);
  } while (Accept(TokenKind::Comma));
  core->items = items.Finish(arena_);
  return true;
}

bool Parser::ParseSelectItem(ast::SelectItem* item) {
  const uint32_t begin = StartOffset();
  if (options_.regex_column_specs) {
    // hive.support.quoted.identifiers=none: `(ds|hr)?+.+` and t.`regex` are column regexes.
    size_t k = 0;
    if (AtAnyName() && Peek().kind != TokenKind::QuotedIdent && AtKind(TokenKind::Dot, 1)) k = 2;
    const TokenKind after = Peek(k + 1).kind;
    if (Peek(k).kind == TokenKind::QuotedIdent && after != TokenKind::LParen && after != TokenKind::Dot &&
        after != TokenKind::LBracket) {
      auto* s = arena_.New<ast::StarExpr>();
      if (k == 2) {
        ast::Ident* q = arena_.New<ast::Ident>(MakeIdent(Peek()));
        s->qualifier = {q, 1};
        Advance();
        Advance();
      }
      std::string_view raw = Text(Peek());
      s->regex = raw.size() >= 2 ? raw.substr(1, raw.size() - 2) : raw;
      Advance();
      s->span = SpanFrom(begin);
      item->expr = s;
    }
  }
  if (item->expr == nullptr) {
    item->expr = ParseExpr();
    if (item->expr == nullptr) return false;
  }
  if (AcceptKw(Keyword::As)) {
    if (At(TokenKind::LParen)) {
      if (!ParseIdentList(&item->aliases)) return false;
    } else if (!ParseAnyName(&item->alias)) {
      return false;
    }
  } else if (AtImplicitAlias()) {
    item->alias = MakeIdent(Peek());
    Advance();
  }
  item->span = SpanFrom(begin);
  return true;
}

bool Parser::ParseSelectRest(ast::SelectCore* core, bool from_first) {
  if (from_first && (AtKw(Keyword::Lateral) || (At(TokenKind::Comma) && AtKw(Keyword::Lateral, 1)))) {
    core->from = ParseLateralViews(nullptr);
    if (core->from == nullptr) return false;
  }
  if (AcceptKw(Keyword::Where)) {
    core->where = ParseExpr();
    if (core->where == nullptr) return false;
  }
  if (AtKw(Keyword::Group) && AtKw(Keyword::By, 1) && !ParseGroupBy(&core->group_by)) return false;
  if (AcceptKw(Keyword::Having)) {
    core->having = ParseExpr();
    if (core->having == nullptr) return false;
  }
  if (AtKw(Keyword::Window) && !ParseNamedWindows(&core->windows)) return false;
  if (AcceptKw(Keyword::Qualify)) {
    core->qualify = ParseExpr();
    if (core->qualify == nullptr) return false;
  }
  return true;
}

bool Parser::ParseGroupBy(ast::GroupBy** out) {
  const uint32_t begin = StartOffset();
  Advance();
  Advance();  // GROUP BY
  auto* g = arena_.New<ast::GroupBy>();
  using M = ast::GroupBy::Modifier;
  if ((AtKw(Keyword::Rollup) || AtKw(Keyword::Cube)) && AtKind(TokenKind::LParen, 1)) {
    g->modifier = AtKw(Keyword::Rollup) ? M::RollupFunc : M::CubeFunc;
    Advance();
    Advance();
    if (!ParseExprList(&g->items) || !Expect(TokenKind::RParen)) return false;
  } else if (AtKw(Keyword::Grouping) && AtKw(Keyword::Sets, 1)) {
    // Standard `GROUP BY GROUPING SETS (...)` without the plain list (lenient).
  } else if (At(TokenKind::LParen) && AtKind(TokenKind::RParen, 1)) {
    Advance();
    Advance();
  } else if (!ParseExprListMaybeParen(&g->items)) {
    return false;
  }
  if (AtKw(Keyword::With) && AtKw(Keyword::Rollup, 1)) {
    Advance();
    Advance();
    g->modifier = M::Rollup;
  } else if (AtKw(Keyword::With) && AtKw(Keyword::Cube, 1)) {
    Advance();
    Advance();
    g->modifier = M::Cube;
  }
  if (AtKw(Keyword::Grouping) && AtKw(Keyword::Sets, 1)) {
    Advance();
    Advance();
    g->modifier = M::GroupingSets;
    if (!Expect(TokenKind::LParen)) return false;
    ListBuilder<ast::List<ast::Expr*>> sets(expr_lists_);
    do {
      ast::List<ast::Expr*> set;
      if (At(TokenKind::LParen) && AtKind(TokenKind::RParen, 1)) {
        Advance();
        Advance();
      } else if (At(TokenKind::LParen)) {
        Advance();
        if (!ParseExprList(&set) || !Expect(TokenKind::RParen)) return false;
      } else {
        ast::Expr* e = ParseExpr();
        if (e == nullptr) return false;
        ast::Expr** one = static_cast<ast::Expr**>(arena_.Allocate(sizeof(ast::Expr*), alignof(ast::Expr*)));
        one[0] = e;
        set = {one, 1};
      }
      sets.Push(set);
    } while (Accept(TokenKind::Comma));
    if (!Expect(TokenKind::RParen)) return false;
    g->grouping_sets = sets.Finish(arena_);
  }
  g->span = SpanFrom(begin);
  *out = g;
  return true;
}

bool Parser::ParseNamedWindows(ast::List<ast::NamedWindow>* out) {
  Advance();  // WINDOW
  std::vector<ast::NamedWindow> ws;
  do {
    ast::NamedWindow w;
    if (!ParseIdent(&w.name) || !ExpectKw(Keyword::As)) return false;
    const uint32_t begin = StartOffset();
    if (Accept(TokenKind::LParen)) {
      w.spec = ParseWindowSpecBody(begin);
      if (w.spec == nullptr) return false;
    } else {
      w.spec = arena_.New<ast::WindowSpec>();
      if (!ParseIdent(&w.spec->base)) return false;
      w.spec->span = SpanFrom(begin);
    }
    ws.push_back(w);
  } while (Accept(TokenKind::Comma));
  *out = arena_.CopyOf(ws);
  return true;
}

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
    if (!sort_items(&q->order_by)) return false;
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
  if (AtKw(Keyword::Limit)) {
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
      if (AcceptKw(Keyword::As)) {
        if (!ParseAnyName(&alias)) return nullptr;
      } else if (AtImplicitAlias()) {
        alias = MakeIdent(Peek());
        Advance();
      }
      if (rows.size() == 0) {
        any_alias |= !alias.name.empty();
        aliases.Push(alias);
      }
    } while (Accept(TokenKind::Comma) && paren);
    if (paren && !Expect(TokenKind::RParen)) {
      allow_default_ = saved;
      return nullptr;
    }
    rows.Push(row.Finish(arena_));
    if (!paren) break;
  } while (Accept(TokenKind::Comma));
  allow_default_ = saved;
  if (any_alias) v->first_row_aliases = aliases.Finish(arena_);
  v->rows = rows.Finish(arena_);
  v->span = SpanFrom(begin);
  return v;
}

// ---------------------------------------------------------------- FROM

ast::TableRef* Parser::ParseFromClause() { return ParseJoinedSource(); }

ast::TableRef* Parser::ParseJoinedSource() {
  const uint32_t begin = StartOffset();
  ast::TableRef* left = ParseTableSource();
  if (left == nullptr) return nullptr;
  while (true) {
    ast::JoinKind kind;
    bool outer = false;
    if (At(TokenKind::Comma)) {
      Advance();
      if (AtKw(Keyword::Lateral)) {
        left = ParseLateralViews(left);
        if (left == nullptr) return nullptr;
        continue;
      }
      kind = ast::JoinKind::Comma;
    } else if (AtKw(Keyword::Join)) {
      Advance();
      kind = ast::JoinKind::Inner;
    } else if (AtKw(Keyword::Inner) && AtKw(Keyword::Join, 1)) {
      Advance();
      Advance();
      kind = ast::JoinKind::Inner;
    } else if (AtKw(Keyword::Cross) && AtKw(Keyword::Join, 1)) {
      Advance();
      Advance();
      kind = ast::JoinKind::Cross;
    } else if (AtKw(Keyword::Left) || AtKw(Keyword::Right) || AtKw(Keyword::Full)) {
      const Keyword side = Peek().keyword;
      Advance();
      kind = side == Keyword::Left    ? ast::JoinKind::Left
             : side == Keyword::Right ? ast::JoinKind::Right
                                      : ast::JoinKind::Full;
      if (side == Keyword::Left && AcceptKw(Keyword::Semi))
        kind = ast::JoinKind::LeftSemi;
      else if (side == Keyword::Left && AcceptKw(Keyword::Anti))
        kind = ast::JoinKind::LeftAnti;
      else if (AcceptKw(Keyword::Outer))
        outer = true;
      if (!ExpectKw(Keyword::Join)) return nullptr;
    } else if (AtKw(Keyword::Lateral)) {
      left = ParseLateralViews(left);
      if (left == nullptr) return nullptr;
      continue;
    } else {
      break;
    }
    auto* j = arena_.New<ast::JoinRef>();
    j->join_kind = kind;
    j->outer_keyword = outer;
    j->left = left;
    j->right = ParseTableSource();
    if (j->right == nullptr) return nullptr;
    if (kind != ast::JoinKind::Comma) {
      if (AcceptKw(Keyword::On)) {
        j->on = ParseExpr();
        if (j->on == nullptr) return nullptr;
      } else if (AtKw(Keyword::Using) && AtKind(TokenKind::LParen, 1)) {
        Advance();
        if (!ParseIdentList(&j->using_columns)) return nullptr;
      }
    }
    j->span = SpanFrom(begin);
    left = j;
  }
  return left;
}

ast::TableRef* Parser::ParseTableSource() {
  ast::TableRef* src = nullptr;
  if (At(TokenKind::LParen)) {
    src = ParseParenSource();
  } else if (AtKw(Keyword::Table) && AtKind(TokenKind::LParen, 1)) {
    src = ParseTableValues();
  } else if (AtKw(Keyword::Uniquejoin)) {
    src = ParseUniqueJoin();
  } else if (AtIdent() && AtKind(TokenKind::LParen, 1) && AtKw(Keyword::On, 2)) {
    src = ParsePtf();
  } else {
    src = ParseTableNameRef();
  }
  if (src == nullptr) return nullptr;
  if (AtKw(Keyword::Lateral)) src = ParseLateralViews(src);
  return src;
}

ast::ValuesRef* Parser::ParseTableValues() {
  const uint32_t begin = StartOffset();
  Advance();  // TABLE
  Advance();  // (
  if (!AtKw(Keyword::Values)) {
    Fail("VALUES");
    return nullptr;
  }
  auto* v = arena_.New<ast::ValuesRef>();
  v->values = ParseValues();
  if (v->values == nullptr || !Expect(TokenKind::RParen)) return nullptr;
  if (!ParseTableAlias(&v->alias, &v->column_aliases)) return nullptr;
  v->span = SpanFrom(begin);
  return v;
}

bool Parser::ParseTableAlias(ast::Ident* alias, ast::List<ast::Ident>* columns) {
  if (AcceptKw(Keyword::As)) {
    if (!ParseAnyName(alias)) return false;
  } else if (AtImplicitAlias()) {
    *alias = MakeIdent(Peek());
    Advance();
  } else {
    return true;
  }
  if (columns != nullptr && At(TokenKind::LParen) && !ParseIdentList(columns)) return false;
  return true;
}

bool Parser::ParseTableSample(ast::TableSample** out) {
  Advance();  // TABLESAMPLE
  if (!Expect(TokenKind::LParen)) return false;
  const size_t start = pos_;
  auto* s = arena_.New<ast::TableSample>();
  int depth = 0;
  while (!(depth == 0 && At(TokenKind::RParen))) {
    if (AtEnd()) {
      Fail("')'");
      return false;
    }
    if (depth == 0 && AtKw(Keyword::On)) {
      const size_t on_tok = pos_;
      Advance();
      if (!ParseExprList(&s->on)) return false;
      (void)on_tok;
      continue;
    }
    if (At(TokenKind::LParen)) ++depth;
    if (At(TokenKind::RParen)) --depth;
    Advance();
  }
  s->text = CanonicalText(start, pos_);
  Advance();  // )
  *out = s;
  return true;
}

ast::TableRef* Parser::ParseTableNameRef() {
  const uint32_t begin = StartOffset();
  auto* t = arena_.New<ast::TableName>();
  if (!ParseQualifiedName(&t->name, true)) return nullptr;
  // Rare property list right after the name: t('k'='v').
  if (At(TokenKind::LParen) && AtKind(TokenKind::String, 1) && !SkipBalanced()) return nullptr;
  if (AtKw(Keyword::Tablesample) && !ParseTableSample(&t->sample)) return nullptr;
  if (AtKw(Keyword::For) && (AtKw(Keyword::SystemTime, 1) || AtKw(Keyword::SystemVersion, 1))) {
    t->as_of_version = AtKw(Keyword::SystemVersion, 1);
    Advance();
    Advance();
    if (!ExpectKw(Keyword::As) || !ExpectKw(Keyword::Of)) return nullptr;
    t->as_of = ParseExpr();
    if (t->as_of == nullptr) return nullptr;
  }
  if (!ParseTableAlias(&t->alias, nullptr)) return nullptr;
  if (AtKw(Keyword::Tablesample) && t->sample == nullptr && !ParseTableSample(&t->sample)) return nullptr;
  t->span = SpanFrom(begin);
  return t;
}

ast::TableRef* Parser::ParseParenSource() {
  DepthGuard guard(*this);
  if (!guard.ok()) return nullptr;
  const uint32_t begin = StartOffset();
  const size_t start = pos_;
  size_t k = 0;
  while (AtKind(TokenKind::LParen, k) && k <= static_cast<size_t>(options_.max_depth) + 1) ++k;
  bool try_query = AtQueryStart(k) && !AtKind(TokenKind::LParen, k);
  if (try_query && k > 1 &&
      std::find(failed_query_at_.begin(), failed_query_at_.end(), start) != failed_query_at_.end())
    try_query = false;
  if (try_query) {
    Advance();  // (
    ast::Query* q = ParseQuery();
    if (q != nullptr && Accept(TokenKind::RParen)) {
      ast::Ident alias;
      ast::List<ast::Ident> cols;
      if (!ParseTableAlias(&alias, &cols)) return nullptr;
      auto* values = ast::DynCast<ast::ValuesQuery>(q->body);
      if (values != nullptr && q->ctes.empty() && q->order_by.empty() && q->cluster_by.empty() &&
          q->distribute_by.empty() && q->sort_by.empty() && q->limit == nullptr) {
        auto* v = arena_.New<ast::ValuesRef>();
        v->values = values;
        v->alias = alias;
        v->column_aliases = cols;
        v->span = SpanFrom(begin);
        return v;
      }
      auto* s = arena_.New<ast::SubqueryRef>();
      s->query = q;
      s->alias = alias;
      s->column_aliases = cols;
      s->span = SpanFrom(begin);
      return s;
    }
    if (too_deep_ || k <= 1) {
      if (q != nullptr) Fail("')'");
      return nullptr;
    }
    failed_query_at_.push_back(start);
    pos_ = start;
  }
  // A parenthesized join: `(a JOIN b ON ...)`.
  Advance();  // (
  ast::TableRef* inner = ParseJoinedSource();
  if (inner == nullptr || !Expect(TokenKind::RParen)) return nullptr;
  return inner;
}

ast::TableRef* Parser::ParseLateralViews(ast::TableRef* source) {
  const uint32_t begin = source != nullptr ? source->span.begin : StartOffset();
  while (true) {
    if (At(TokenKind::Comma) && AtKw(Keyword::Lateral, 1)) Advance();
    if (!AtKw(Keyword::Lateral)) break;
    Advance();
    auto* lv = arena_.New<ast::LateralViewRef>();
    lv->source = source;
    if (AtKw(Keyword::Table) && AtKind(TokenKind::LParen, 1)) {
      ast::ValuesRef* v = ParseTableValues();
      if (v == nullptr) return nullptr;
      lv->values = v;
      lv->table_alias = v->alias;
      lv->column_aliases = v->column_aliases;
    } else {
      if (!ExpectKw(Keyword::View)) return nullptr;
      lv->outer = AcceptKw(Keyword::Outer);
      if (!AtAnyName() || !AtKind(TokenKind::LParen, 1)) {
        // Qualified UDTF names (db.f(...)) are rare; require a call.
        if (!(AtAnyName() && AtKind(TokenKind::Dot, 1))) {
          Fail("function call");
          return nullptr;
        }
      }
      ast::Expr* e = ParseNameExpr();
      lv->udtf = ast::DynCast<ast::FunctionCall>(e);
      if (lv->udtf == nullptr) {
        if (e != nullptr) Fail("function call");
        return nullptr;
      }
      if (AtIdent()) {
        lv->table_alias = MakeIdent(Peek());
        Advance();
      }
      if (AcceptKw(Keyword::As)) {
        ListBuilder<ast::Ident> cols(idents_);
        do {
          ast::Ident c;
          if (!ParseAnyName(&c)) return nullptr;
          cols.Push(c);
        } while (At(TokenKind::Comma) && !AtKw(Keyword::Lateral, 1) && (Advance(), true));
        lv->column_aliases = cols.Finish(arena_);
      }
    }
    lv->span = SpanFrom(begin);
    source = lv;
  }
  return source;
}

ast::TableRef* Parser::ParseUniqueJoin() {
  const uint32_t begin = StartOffset();
  Advance();  // UNIQUEJOIN
  ast::TableRef* left = nullptr;
  bool left_preserve = false;
  ast::List<ast::Expr*> left_keys;
  do {
    const bool preserve = AcceptKw(Keyword::Preserve);
    ast::TableRef* src = ParseTableNameRef();
    if (src == nullptr) return nullptr;
    ast::List<ast::Expr*> keys;
    if (!Expect(TokenKind::LParen)) return nullptr;
    if (!At(TokenKind::RParen) && !ParseExprList(&keys)) return nullptr;
    if (!Expect(TokenKind::RParen)) return nullptr;
    if (left == nullptr) {
      left = src;
      left_preserve = preserve;
      left_keys = keys;
      continue;
    }
    auto* j = arena_.New<ast::JoinRef>();
    j->join_kind = ast::JoinKind::UniqueJoin;
    j->left = left;
    j->right = src;
    j->preserve_left = left_preserve;
    j->unique_keys_left = left_keys;
    j->preserve_right = preserve;
    j->unique_keys_right = keys;
    j->span = SpanFrom(begin);
    left = j;
    left_preserve = false;
    left_keys = {};
  } while (Accept(TokenKind::Comma));
  if (ast::DynCast<ast::JoinRef>(left) == nullptr) {
    Fail("','");
    return nullptr;
  }
  return left;
}

ast::TableRef* Parser::ParsePtf() {
  const uint32_t begin = StartOffset();
  auto* f = arena_.New<ast::TableFunctionRef>();
  f->name = MakeIdent(Peek());
  Advance();
  Advance();  // (
  Advance();  // ON
  f->input = ParseTableSource();
  if (f->input == nullptr) return nullptr;
  if (AtKw(Keyword::Partition) || AtKw(Keyword::Distribute) || AtKw(Keyword::Cluster) || AtKw(Keyword::Order) ||
      AtKw(Keyword::Sort)) {
    const uint32_t wbegin = StartOffset();
    f->partitioning = arena_.New<ast::WindowSpec>();
    // `, arg1(...)` after the sort list starts the PTF arguments.
    const bool saved = ptf_partitioning_;
    ptf_partitioning_ = true;
    const bool ok = ParsePartitionOrder(f->partitioning);
    ptf_partitioning_ = saved;
    if (!ok) return nullptr;
    f->partitioning->span = SpanFrom(wbegin);
  }
  // Arguments `name(expr)` follow, with or without a comma.
  if ((Accept(TokenKind::Comma) || (AtAnyName() && AtKind(TokenKind::LParen, 1))) && !ParseExprList(&f->args))
    return nullptr;
  if (!Expect(TokenKind::RParen)) return nullptr;
  if (!ParseTableAlias(&f->alias, nullptr)) return nullptr;
  f->span = SpanFrom(begin);
  return f;
}

// ---------------------------------------------------------------- statements

ast::Statement* Parser::ParseQueryStatement() {
  const uint32_t begin = StartOffset();
  auto* stmt = arena_.New<ast::QueryStatement>();
  ast::List<ast::Cte> ctes;
  if (AtKw(Keyword::With) && !ParseCtes(&ctes)) return nullptr;
  if (AtKw(Keyword::From)) {
    stmt->ctes = ctes;
    if (ParseFromFirst(stmt) == nullptr) return nullptr;
  } else if (AtKw(Keyword::Insert)) {
    stmt->ctes = ctes;
    ast::InsertBody body;
    const uint32_t bbegin = StartOffset();
    body.target = ParseInsertTarget();
    if (body.target == nullptr) return nullptr;
    body.query = ParseQuery();
    if (body.query == nullptr) return nullptr;
    body.span = SpanFrom(bbegin);
    ast::InsertBody* b = arena_.New<ast::InsertBody>(body);
    stmt->bodies = {b, 1};
  } else {
    ast::InsertBody body;
    body.query = ParseQueryWithCtes(ctes, begin);
    if (body.query == nullptr) return nullptr;
    body.span = body.query->span;
    ast::InsertBody* b = arena_.New<ast::InsertBody>(body);
    stmt->bodies = {b, 1};
  }
  stmt->span = SpanFrom(begin);
  return stmt;
}

ast::Statement* Parser::ParseFromFirst(ast::QueryStatement* stmt) {
  Advance();  // FROM
  stmt->from = ParseFromClause();
  if (stmt->from == nullptr) return nullptr;
  std::vector<ast::InsertBody> bodies;
  while (AtKw(Keyword::Insert) || AtKw(Keyword::Select) || AtKw(Keyword::Map) || AtKw(Keyword::Reduce)) {
    ast::InsertBody body;
    const uint32_t begin = StartOffset();
    if (AtKw(Keyword::Insert)) {
      body.target = ParseInsertTarget();
      if (body.target == nullptr) return nullptr;
    }
    auto* q = arena_.New<ast::Query>();
    const uint32_t qbegin = StartOffset();
    if (AtKw(Keyword::Select))
      q->body = ParseSelectCore(true);
    else if (AtKw(Keyword::Map) || AtKw(Keyword::Reduce))
      q->body = ParseMapReduce(true);
    else {
      Fail("SELECT");
      return nullptr;
    }
    if (q->body == nullptr || !ParseTrailingClauses(q)) return nullptr;
    q->span = SpanFrom(qbegin);
    body.query = q;
    body.span = SpanFrom(begin);
    bodies.push_back(body);
  }
  if (bodies.empty()) {
    Fail("INSERT or SELECT");
    return nullptr;
  }
  stmt->bodies = arena_.CopyOf(bodies);
  return stmt;
}

ast::InsertTarget* Parser::ParseInsertTarget() {
  const uint32_t begin = StartOffset();
  Advance();  // INSERT
  auto* t = arena_.New<ast::InsertTarget>();
  if (AcceptKw(Keyword::Overwrite)) {
    t->overwrite = true;
    if (AtKw(Keyword::Local) || AtKw(Keyword::Directory)) {
      t->type = ast::InsertTarget::Type::Directory;
      t->local = AcceptKw(Keyword::Local);
      if (!ExpectKw(Keyword::Directory)) return nullptr;
      if (!At(TokenKind::String)) {
        Fail("string literal");
        return nullptr;
      }
      t->path_text = Text(Peek());
      t->path = ParseStringValue();
      const size_t start = pos_;
      while (!AtEnd() && !AtKw(Keyword::Select) && !AtKw(Keyword::From) && !AtKw(Keyword::With) &&
             !AtKw(Keyword::Values) && !(AtKw(Keyword::Map) && !AtKw(Keyword::Keys, 1)) && !AtKw(Keyword::Reduce) &&
             !AtKw(Keyword::Insert)) {
        if (At(TokenKind::LParen)) {
          if (AtQueryStart(1) && !AtKind(TokenKind::LParen, 1)) break;
          if (!SkipBalanced()) return nullptr;
        } else {
          Advance();
        }
      }
      if (pos_ > start) t->storage_text = CanonicalText(start, pos_);
      t->span = SpanFrom(begin);
      return t;
    }
    if (AcceptKw(Keyword::Table)) t->table_keyword = true;
  } else {
    if (!ExpectKw(Keyword::Into)) return nullptr;
    if (AcceptKw(Keyword::Table)) t->table_keyword = true;
  }
  if (!ParseQualifiedName(&t->table, true)) return nullptr;
  if (AtKw(Keyword::Partition) && !ParsePartitionSpec(&t->partition)) return nullptr;
  if (AtKw(Keyword::If) && AtKw(Keyword::Not, 1) && AtKw(Keyword::Exists, 2)) {
    Advance();
    Advance();
    Advance();
    t->if_not_exists = true;
  }
  if (At(TokenKind::LParen) && AtAnyName(1) && !AtQueryStart(1)) {
    if (!ParseIdentList(&t->columns)) return nullptr;
  }
  t->span = SpanFrom(begin);
  return t;
}

bool Parser::ParsePartitionSpec(ast::PartitionSpec** out) {
  const uint32_t begin = StartOffset();
  Advance();  // PARTITION
  if (!Expect(TokenKind::LParen)) return false;
  ListBuilder<ast::PartitionItem> items(partition_items_);
  do {
    ast::PartitionItem it;
    if (!ParseAnyName(&it.key)) return false;
    if (kPartitionComparisons.contains(Peek().kind)) it.op = lexer::PunctSpelling(Peek().kind);
    if (AtKw(Keyword::Like)) it.op = "LIKE";
    if (!it.op.empty()) {
      Advance();
      it.value = ParseExpr(ast::Precedence::Comparison);
      if (it.value == nullptr) return false;
    }
    items.Push(it);
  } while (Accept(TokenKind::Comma));
  if (!Expect(TokenKind::RParen)) return false;
  auto* spec = arena_.New<ast::PartitionSpec>();
  spec->items = items.Finish(arena_);
  spec->span = SpanFrom(begin);
  *out = spec;
  return true;
}

// `( c type [constraints] [COMMENT 's'], ..., [table constraint] )`.
bool Parser::ParseColumnDefs(ast::List<ast::ColumnDef>* out, bool types_required) {
  if (!Expect(TokenKind::LParen)) return false;
  ListBuilder<ast::ColumnDef> defs(column_defs_);
  if (!At(TokenKind::RParen)) {
    do {
      // Table constraints are skipped.
      if (AtKw(Keyword::Primary) || AtKw(Keyword::Constraint) || AtKw(Keyword::Foreign) ||
          (AtKw(Keyword::Unique) && AtKind(TokenKind::LParen, 1)) ||
          (AtKw(Keyword::Check) && AtKind(TokenKind::LParen, 1))) {
        while (!At(TokenKind::Comma) && !At(TokenKind::RParen)) {
          if (AtEnd()) {
            Fail("')'");
            return false;
          }
          if (At(TokenKind::LParen)) {
            if (!SkipBalanced()) return false;
          } else {
            Advance();
          }
        }
        continue;
      }
      ast::ColumnDef d;
      if (!ParseColumnDef(&d, types_required)) return false;
      defs.Push(d);
    } while (Accept(TokenKind::Comma));
  }
  if (!Expect(TokenKind::RParen)) return false;
  *out = defs.Finish(arena_);
  return true;
}

bool Parser::ParseColumnDef(ast::ColumnDef* d, bool type_required) {
  const uint32_t begin = StartOffset();
  if (!ParseAnyName(&d->name)) return false;
  const bool has_type = At(TokenKind::Word) && !AtKw(Keyword::Comment);
  if (has_type) {
    if (!ParseType(&d->type)) return false;
  } else if (type_required) {
    Fail("type");
    return false;
  }
  // Column constraints are skipped; COMMENT is kept.
  while (!At(TokenKind::Comma) && !At(TokenKind::RParen)) {
    if (AtEnd()) {
      Fail("')'");
      return false;
    }
    if (AtKw(Keyword::Comment) && AtKind(TokenKind::String, 1)) {
      Advance();
      d->comment = ParseStringValue();
      continue;
    }
    if (At(TokenKind::LParen)) {
      if (!SkipBalanced()) return false;
    } else {
      Advance();
    }
  }
  d->span = SpanFrom(begin);
  return true;
}

}  // namespace hivelineage::parser
