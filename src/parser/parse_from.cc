// FROM clauses: joins (left-deep, built in a loop), table names with
// TABLESAMPLE and time travel, derived tables and parenthesised joins,
// LATERAL VIEW, TABLE(VALUES ...), UNIQUEJOIN and table functions (PTFs).
#include <algorithm>

#include <charconv>

#include "parser/parser_impl.h"

namespace hivelineage::parser {

namespace {

// Spark's `LATERAL (subquery)` or `LATERAL f(args)` source starts here (not Hive's
// LATERAL VIEW / LATERAL TABLE(VALUES ...)).
bool AtSparkLateralSource(const Parser& p) {
  return p.AtKw(Keyword::Lateral) &&
         (p.AtKind(TokenKind::LParen, 1) || (!p.AtKw(Keyword::View, 1) && !p.AtKw(Keyword::Table, 1) &&
                                             (p.AtIdent(1) || p.AtWord("range", 1)) && p.AtKind(TokenKind::LParen, 2)));
}

// Spark's table-valued function starts here: `name ('.' name)* '('`.
bool AtSparkTableFunction(const Parser& p) {
  size_t k = 0;
  while (p.AtIdent(k) && p.AtKind(TokenKind::Dot, k + 1) && k < 8) k += 2;
  return (p.AtIdent(k) || p.AtWord("range", k)) && p.AtKind(TokenKind::LParen, k + 1);
}

// Spark's built-in generators: after `, LATERAL` one is a LATERAL VIEW.
bool AtSparkGenerator(const Parser& p, size_t k) {
  if (!p.AtKind(TokenKind::LParen, k + 1)) return false;
  for (std::string_view g : {"explode", "explode_outer", "posexplode", "posexplode_outer", "inline", "inline_outer",
                             "stack", "json_tuple"})
    if (p.AtWord(g, k)) return true;
  return false;
}

/// lateral_generator ::= ',' LATERAL generator '(' [exprs] ')' [[AS] name ['(' name (',' name)* ')']]   (Spark)
/// read as `LATERAL VIEW generator(...) name AS names`
ast::TableRef* ParseSparkLateralGenerator(Parser& p, ast::TableRef* source) {
  const uint32_t begin = source != nullptr ? source->span.begin : p.StartOffset();
  p.Advance();  // LATERAL
  auto* lv = p.arena_.New<ast::LateralViewRef>();
  lv->source = source;
  ast::Expr* e = p.ParseNameExpr();
  lv->udtf = ast::DynCast<ast::FunctionCall>(e);
  if (lv->udtf == nullptr) {
    if (e != nullptr) p.Fail("function call");
    return nullptr;
  }
  if (!p.ParseTableAlias(&lv->table_alias, &lv->column_aliases)) return nullptr;
  lv->span = p.SpanFrom(begin);
  return lv;
}

}  // namespace


/// from_clause ::= joined_source
ast::TableRef* Parser::ParseFromClause() { return ParseJoinedSource(); }

/// joined_source ::= table_source (join_op table_source [ON expr | USING '(' names ')']
///                                 | ',' table_source | lateral_views)*
///   join_op ::= [INNER] JOIN | CROSS JOIN | (LEFT | RIGHT | FULL) [OUTER] JOIN | LEFT (SEMI | ANTI) JOIN
ast::TableRef* Parser::ParseJoinedSource() {
  const uint32_t begin = StartOffset();
  ast::TableRef* left = ParseTableSource();
  if (left == nullptr) return nullptr;
  return ParseJoinsAfter(left, begin);
}

// The joins after the first source of a FROM clause (also after the query
// before Spark's `|> JOIN`, parse_pipe.cc).
ast::TableRef* Parser::ParseJoinsAfter(ast::TableRef* left, uint32_t begin) {
  while (true) {
    ast::JoinKind kind;
    bool outer = false;
    if (spark() && AtPivot()) {
      left = ParsePivot(left);
      if (left == nullptr) return nullptr;
      continue;
    }
    if (AtBinBy()) {
      left = ParseBinBy(left);
      if (left == nullptr) return nullptr;
      continue;
    }
    const bool natural = spark() && AtNaturalJoin();
    if (natural) Advance();
    if (At(TokenKind::Comma) && !natural) {
      Advance();
      if (AtKw(Keyword::Lateral) && !(spark() && AtSparkLateralSource(*this))) {
        left = ParseLateralViews(left);
        if (left == nullptr) return nullptr;
        continue;
      }
      if (spark() && AtKw(Keyword::Lateral) && AtSparkGenerator(*this, 1)) {
        left = ParseSparkLateralGenerator(*this, left);
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
    } else if (AtKw(Keyword::Cross) && AtKw(Keyword::Join, 1) && !natural) {  // Spark rejects NATURAL CROSS JOIN
      Advance();
      Advance();
      kind = ast::JoinKind::Cross;
    } else if (spark() && (AtKw(Keyword::Semi) || AtKw(Keyword::Anti)) && AtKw(Keyword::Join, 1)) {
      // Spark's SEMI JOIN / ANTI JOIN: LEFT is implied.
      kind = AtKw(Keyword::Semi) ? ast::JoinKind::LeftSemi : ast::JoinKind::LeftAnti;
      Advance();
      Advance();
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
    } else if (AtKw(Keyword::Lateral) && !(spark() && AtSparkLateralSource(*this)) && !natural) {
      left = ParseLateralViews(left);
      if (left == nullptr) return nullptr;
      continue;
    } else {
      if (natural) {
        Fail("JOIN");
        return nullptr;
      }
      break;
    }
    auto* j = arena_.New<ast::JoinRef>();
    j->join_kind = kind;
    j->outer_keyword = outer;
    j->natural = natural;
    j->left = left;
    j->right = ParseTableSource();
    if (j->right == nullptr) return nullptr;
    if (kind != ast::JoinKind::Comma && AtNearestBy()) {
      if (!ParseNearestBy(j)) return nullptr;
    } else if (kind != ast::JoinKind::Comma && !natural) {  // a NATURAL join has no condition
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

/// table_source ::= (paren_source | table_values | unique_join | ptf | table_name) [lateral_views]
///                | values [table_alias] | LATERAL '(' query ')' [table_alias]
///                | name '(' [exprs] ')' [table_alias]   (Spark)
ast::TableRef* Parser::ParseTableSource() {
  ast::TableRef* src = nullptr;
  // Spark's `LATERAL f(args) [t(c)]`: a table function whose arguments may name the sources before it.
  const uint32_t lateral_begin = StartOffset();
  bool lateral = false;
  if (spark() && AtKw(Keyword::Lateral) && AtSparkLateralSource(*this) && !AtKind(TokenKind::LParen, 1)) {
    Advance();
    lateral = true;
  }
  if (spark() && AtKw(Keyword::Lateral) && AtKind(TokenKind::LParen, 1)) {
    // Spark's LATERAL (subquery) [alias], after `,` or JOIN.
    const uint32_t begin = StartOffset();
    Advance();
    auto* s = ast::DynCast<ast::SubqueryRef>(ParseParenSource());
    if (s == nullptr) {
      Fail("subquery");
      return nullptr;
    }
    s->lateral = true;
    s->span = SpanFrom(begin);
    src = s;
  } else if (At(TokenKind::LParen)) {
    src = ParseParenSource();
  } else if (AtKw(Keyword::Table) && AtKind(TokenKind::LParen, 1)) {
    src = ParseTableValues();
  } else if (spark() && AtKw(Keyword::Values)) {
    // Spark's `FROM VALUES (1, 'a'), (2, 'b') [AS] t(id, name)`.
    const uint32_t begin = StartOffset();
    auto* v = arena_.New<ast::ValuesRef>();
    v->values = ParseValues();
    if (v->values == nullptr || !ParseTableAlias(&v->alias, &v->column_aliases)) return nullptr;
    v->span = SpanFrom(begin);
    src = v;
  } else if (AtKw(Keyword::Uniquejoin)) {
    src = ParseUniqueJoin();
  } else if (AtIdent() && AtKind(TokenKind::LParen, 1) && AtKw(Keyword::On, 2)) {
    src = ParsePtf();
  } else if (spark() && !AtIdentifierClause() && AtSparkTableFunction(*this)) {
    WarnIfRunTimeName();
    auto* f = ParseSparkTableFunction(lateral ? lateral_begin : StartOffset());
    if (f == nullptr) return nullptr;
    f->lateral = lateral;
    src = f;
  } else {
    src = ParseTableNameRef();
  }
  if (src == nullptr) return nullptr;
  if (AtKw(Keyword::Lateral)) src = ParseLateralViews(src);
  return src;
}

/// spark_table_function ::= name ('.' name)* '(' [[name '=>'] expr (',' [name '=>'] expr)*] ')' [table_alias]
/// (Spark's table-valued function: `range(10) t(id)`, `explode(collection => a)`, `db.f(1)`)
ast::TableFunctionRef* Parser::ParseSparkTableFunction(uint32_t begin) {
  auto* f = arena_.New<ast::TableFunctionRef>();
  ListBuilder<ast::Ident> qualifier(idents_);
  while (AtKind(TokenKind::Dot, 1)) {
    qualifier.Push(MakeIdent(Peek()));
    Advance();
    Advance();  // .
  }
  f->qualifier = qualifier.Finish(arena_);
  f->name = MakeIdent(Peek());
  Advance();
  if (!Expect(TokenKind::LParen)) return nullptr;
  ListBuilder<ast::Expr*> args(exprs_);
  std::vector<ast::Ident> names;
  bool any_named = false;
  if (!At(TokenKind::RParen)) {
    do {
      ast::Ident name;
      if (AcceptArgumentName(&name)) any_named = true;
      ast::Expr* a = ParseExpr();
      if (a == nullptr) return nullptr;
      args.Push(a);
      names.push_back(name);
    } while (Accept(TokenKind::Comma));
  }
  if (!Expect(TokenKind::RParen)) return nullptr;
  f->args = args.Finish(arena_);
  if (any_named) f->arg_names = arena_.CopyOf(names);
  if (!ParseTableAlias(&f->alias, &f->column_aliases)) return nullptr;
  f->span = SpanFrom(begin);
  return f;
}

/// table_values ::= TABLE '(' values ')' [table_alias]
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

/// table_alias ::= [AS name | name] ['(' name (',' name)* ')']
/// (a bare name only where it cannot start a clause; the column list when `columns` is given)
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

/// table_sample ::= TABLESAMPLE '(' (BUCKET n OUT OF m [ON exprs] | n PERCENT | n ROWS | size) ')'
///                  [REPEATABLE '(' seed ')']   (REPEATABLE: Spark)
/// (kept as canonical text, and the ON expressions)
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
      Advance();
      if (!ParseExprList(&s->on)) return false;
      continue;
    }
    if (At(TokenKind::LParen)) ++depth;
    if (At(TokenKind::RParen)) --depth;
    Advance();
  }
  s->text = CanonicalText(start, pos_);
  Advance();  // )
  // Spark's REPEATABLE (seed) picks the rows, not the columns: read, not kept.
  if (spark() && AtWord("repeatable") && AtKind(TokenKind::LParen, 1)) {
    Advance();
    if (!SkipBalanced()) return false;
  }
  *out = s;
  return true;
}

/// table_name ::= qualified_name ['(' properties ')'] [table_sample]
///                [FOR (SYSTEM_TIME | SYSTEM_VERSION) AS OF expr] [table_alias] [table_sample]
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
  if (spark() && t->as_of == nullptr && !ParseTemporalClause(t)) return nullptr;
  // Spark's `t [AS] x(a, b)` renames the table's columns in order: read as `(SELECT * FROM t) AS x(a, b)`.
  ast::List<ast::Ident> columns;
  if (!ParseTableAlias(&t->alias, spark() ? &columns : nullptr)) return nullptr;
  if (AtKw(Keyword::Tablesample) && t->sample == nullptr && !ParseTableSample(&t->sample)) return nullptr;
  t->span = SpanFrom(begin);
  if (columns.empty()) return t;
  ast::SubqueryRef* renamed = StarDerivedTable(t);
  renamed->alias = t->alias;
  renamed->column_aliases = columns;
  t->alias = ast::Ident{};
  renamed->span = t->span;
  return renamed;
}

// The derived table `(SELECT * FROM inner)`, its alias left to the caller.
ast::SubqueryRef* Parser::StarDerivedTable(ast::TableRef* inner) {
  auto* star = arena_.New<ast::StarExpr>();
  star->span = inner->span;
  ast::SelectItem item;
  item.expr = star;
  auto* core = arena_.New<ast::SelectCore>();
  core->items = arena_.CopyOf(std::vector<ast::SelectItem>{item});
  core->from = inner;
  core->span = inner->span;
  auto* q = arena_.New<ast::Query>();
  q->body = core;
  q->span = inner->span;
  auto* s = arena_.New<ast::SubqueryRef>();
  s->query = q;
  return s;
}

/// paren_source ::= '(' query ')' [table_alias] | '(' joined_source ')' | '(' table_name ')' table_alias
ast::TableRef* Parser::ParseParenSource() {
  DepthGuard guard(*this);
  if (!guard.ok()) return nullptr;
  const uint32_t begin = StartOffset();
  const size_t start = pos_;
  size_t k = 0;
  while (AtKind(TokenKind::LParen, k) && k <= static_cast<size_t>(options_.max_depth) + 1) ++k;
  bool try_query = AtQueryStart(k) && !AtKind(TokenKind::LParen, k);
  if (try_query && k > 1 &&
      (failed_query_at_.contains(start) || failed_query_at_.size() >= kMaxFailedQueryAttempts))
    try_query = false;
  if (try_query) {
    Advance();  // (
    ast::Query* q = ParseQuery();
    if (q != nullptr && Accept(TokenKind::RParen)) {
      ast::Ident alias;
      ast::List<ast::Ident> cols;
      // Spark's `(q) TABLESAMPLE (...) [alias]`.
      ast::TableSample* sample = nullptr;
      if (spark() && AtKw(Keyword::Tablesample) && !ParseTableSample(&sample)) return nullptr;
      if (!ParseTableAlias(&alias, &cols)) return nullptr;
      auto* values = ast::DynCast<ast::ValuesQuery>(q->body);
      if (values != nullptr && sample == nullptr && q->ctes.empty() && q->order_by.empty() && q->cluster_by.empty() &&
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
      s->sample = sample;
      s->span = SpanFrom(begin);
      return s;
    }
    if (too_deep_ || k <= 1) {
      if (q != nullptr) Fail("')'");
      return nullptr;
    }
    failed_query_at_.insert(start);
    pos_ = start;
  }
  // A parenthesized join: `(a JOIN b ON ...)`.
  Advance();  // (
  ast::TableRef* inner = ParseJoinedSource();
  if (inner == nullptr || !Expect(TokenKind::RParen)) return nullptr;
  // `FROM (db.tbl) a`: a lone table in parentheses takes the alias after them.
  if (auto* table = ast::DynCast<ast::TableName>(inner); table != nullptr && table->alias.name.empty()) {
    if (!ParseTableAlias(&table->alias, nullptr)) return nullptr;
    table->span = SpanFrom(begin);
  } else if (spark() && (AtKw(Keyword::As) || AtImplicitAlias())) {
    // Spark's `(a JOIN b) j`: the join's columns under one name, as `(SELECT * FROM a JOIN b) j`.
    ast::SubqueryRef* s = StarDerivedTable(inner);
    if (!ParseTableAlias(&s->alias, &s->column_aliases)) return nullptr;
    s->span = SpanFrom(begin);
    return s;
  }
  return inner;
}

/// lateral_views ::= ([','] LATERAL VIEW [OUTER] function_call [name] [AS name (',' name)*]
///                 | [','] LATERAL table_values)+
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
      if (AtPlainIdent()) {
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

/// unique_join ::= UNIQUEJOIN unique_side (',' unique_side)+
///   unique_side ::= [PRESERVE] table_name '(' [exprs] ')'
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

/// ptf ::= name '(' ON table_source [partition_order] [[','] exprs] ')' [table_alias]
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

/// nearest_by ::= (APPROX | EXACT) NEAREST [n] BY (SIMILARITY | DISTANCE) expr
/// (Spark, after the right side of an INNER or LEFT OUTER join; n from 1 to 100000)
bool Parser::ParseNearestBy(ast::JoinRef* j) {
  if (j->natural || (j->join_kind != ast::JoinKind::Inner && j->join_kind != ast::JoinKind::Left)) {
    Fail("ON, USING or the end of the join (NEAREST BY follows an INNER or LEFT OUTER join)");
    return false;
  }
  j->nearest = AtWord("exact") ? ast::JoinRef::Nearest::Exact : ast::JoinRef::Nearest::Approx;
  Advance();
  Advance();  // NEAREST
  if (At(TokenKind::Number)) {
    const std::string_view n = Text(Peek());
    int64_t count = 0;
    auto [end, ec] = std::from_chars(n.data(), n.data() + n.size(), count);
    if (ec != std::errc() || end != n.data() + n.size() || count < 1 || count > 100000) {
      Fail("a number of rows from 1 to 100000");
      return false;
    }
    j->nearest_count = n;
    Advance();
  }
  if (!ExpectKw(Keyword::By)) return false;
  if (AtWord("distance")) {
    j->nearest_by_distance = true;
  } else if (!AtWord("similarity")) {
    Fail("SIMILARITY or DISTANCE");
    return false;
  }
  Advance();
  j->on = ParseExpr();
  return j->on != nullptr;
}

/// bin_by ::= BIN BY '(' RANGE expr TO expr BIN WIDTH expr [ALIGN TO expr]
///            [DISTRIBUTE UNIFORM '(' expr (',' expr)* ')'] [BIN_START AS name] [BIN_END AS name]
///            [BIN_DISTRIBUTE_RATIO AS name] ')' [[AS] alias]
/// (Spark, after a relation: a join's whole left side, as PIVOT)
ast::TableRef* Parser::ParseBinBy(ast::TableRef* source) {
  const uint32_t begin = source != nullptr ? source->span.begin : StartOffset();
  auto* b = arena_.New<ast::BinByRef>();
  b->source = source;
  Advance();  // BIN
  Advance();  // BY
  if (!Expect(TokenKind::LParen)) return nullptr;
  auto expect_word = [&](std::string_view w) {
    if (AtWord(w)) {
      Advance();
      return true;
    }
    Fail(w);
    return false;
  };
  if (!expect_word("RANGE") || (b->range_start = ParseExpr()) == nullptr || !expect_word("TO") ||
      (b->range_end = ParseExpr()) == nullptr || !expect_word("BIN") || !expect_word("WIDTH") ||
      (b->width = ParseExpr()) == nullptr)
    return nullptr;
  if (AtWord("align") && AtWord("to", 1)) {
    Advance();
    Advance();
    if ((b->align = ParseExpr()) == nullptr) return nullptr;
  }
  if (AtKw(Keyword::Distribute) && AtWord("uniform", 1)) {
    Advance();
    Advance();
    if (!Expect(TokenKind::LParen) || !ParseExprList(&b->distribute) || !Expect(TokenKind::RParen)) return nullptr;
  }
  auto output_name = [&](std::string_view word, ast::Ident* name) {
    if (!AtWord(word)) return true;
    Advance();
    return ExpectKw(Keyword::As) && ParseAnyName(name);
  };
  if (!output_name("bin_start", &b->start_name) || !output_name("bin_end", &b->end_name) ||
      !output_name("bin_distribute_ratio", &b->ratio_name) || !Expect(TokenKind::RParen))
    return nullptr;
  if (!ParseTableAlias(&b->alias, nullptr)) return nullptr;
  b->span = SpanFrom(begin);
  return b;
}

bool Parser::AtNaturalJoin(size_t k) const {
  if (!AtWord("natural", k)) return false;
  return AtKw(Keyword::Join, k + 1) || AtKw(Keyword::Inner, k + 1) || AtKw(Keyword::Left, k + 1) ||
         AtKw(Keyword::Right, k + 1) || AtKw(Keyword::Full, k + 1) || AtKw(Keyword::Semi, k + 1) ||
         AtKw(Keyword::Anti, k + 1) || AtKw(Keyword::Cross, k + 1);
}

bool Parser::AtPivot(size_t k) const {
  if (AtWord("pivot", k)) return AtKind(TokenKind::LParen, k + 1);
  if (!AtWord("unpivot", k)) return false;
  return AtKind(TokenKind::LParen, k + 1) ||
         ((AtWord("include", k + 1) || AtWord("exclude", k + 1)) && AtKw(Keyword::Nulls, k + 2));
}

/// pivot_items ::= expr [[AS] name] (',' expr [[AS] name])*
bool Parser::ParsePivotItems(ast::List<ast::SelectItem>* out) {
  ListBuilder<ast::SelectItem> items(select_items_);
  do {
    ast::SelectItem it;
    const uint32_t begin = StartOffset();
    it.expr = ParseExpr();
    if (it.expr == nullptr) return false;
    if (AcceptKw(Keyword::As)) {
      if (!ParseAnyName(&it.alias)) return false;
    } else if (AtImplicitAlias()) {
      it.alias = MakeIdent(Peek());
      Advance();
    }
    it.span = SpanFrom(begin);
    items.Push(it);
  } while (Accept(TokenKind::Comma));
  *out = items.Finish(arena_);
  return true;
}

/// pivot_names ::= name | '(' name (',' name)* ')'
bool Parser::ParsePivotNames(ast::List<ast::Ident>* out) {
  if (At(TokenKind::LParen)) return ParseIdentList(out);
  ast::Ident id;
  if (!ParseAnyName(&id)) return false;
  *out = arena_.CopyOf(std::vector<ast::Ident>{id});
  return true;
}

/// pivot ::= PIVOT '(' pivot_items FOR pivot_names IN '(' pivot_items ')' ')' [[AS] alias]
///         | UNPIVOT [(INCLUDE | EXCLUDE) NULLS] '(' pivot_names FOR name
///           IN '(' pivot_names [[AS] name] (',' pivot_names [[AS] name])* ')' ')' [[AS] alias]
ast::TableRef* Parser::ParsePivot(ast::TableRef* source) {
  const uint32_t begin = source != nullptr ? source->span.begin : StartOffset();
  auto* p = arena_.New<ast::PivotRef>();
  p->source = source;
  p->unpivot = AtWord("unpivot");
  Advance();
  if (p->unpivot && !At(TokenKind::LParen)) {
    p->nulls = AtWord("include") ? ast::PivotRef::Nulls::Include : ast::PivotRef::Nulls::Exclude;
    Advance();
    Advance();  // NULLS
  }
  if (!Expect(TokenKind::LParen)) return nullptr;
  if (!p->unpivot) {
    if (!ParsePivotItems(&p->aggregates) || !ExpectKw(Keyword::For) || !ParsePivotNames(&p->pivot_columns) ||
        !ExpectKw(Keyword::In) || !Expect(TokenKind::LParen) || !ParsePivotItems(&p->pivot_values))
      return nullptr;
  } else {
    if (!ParsePivotNames(&p->value_columns) || !ExpectKw(Keyword::For) || !ParseAnyName(&p->name_column) ||
        !ExpectKw(Keyword::In) || !Expect(TokenKind::LParen))
      return nullptr;
    std::vector<ast::PivotRef::UnpivotIn> ins;
    do {
      ast::PivotRef::UnpivotIn in;
      if (!ParsePivotNames(&in.columns)) return nullptr;
      if (AcceptKw(Keyword::As)) {
        if (!ParseAnyName(&in.alias)) return nullptr;
      } else if (AtImplicitAlias()) {
        in.alias = MakeIdent(Peek());
        Advance();
      }
      ins.push_back(in);
    } while (Accept(TokenKind::Comma));
    p->unpivot_in = arena_.CopyOf(ins);
  }
  if (!Expect(TokenKind::RParen) || !Expect(TokenKind::RParen)) return nullptr;
  if (!ParseTableAlias(&p->alias, nullptr)) return nullptr;
  p->span = SpanFrom(begin);
  return p;
}

}  // namespace hivelineage::parser
