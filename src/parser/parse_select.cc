// SELECT blocks: the select list (or TRANSFORM / MAP / REDUCE with its
// script, row formats and output columns), WHERE, GROUP BY in all its forms,
// HAVING, WINDOW and QUALIFY.
#include <algorithm>

#include "parser/parser_impl.h"

namespace hivelineage::parser {

/// select_quantifier ::= [hint] [DISTINCT | ALL]   (after SELECT, and after Spark's `|> SELECT`)
void Parser::ParseSelectQuantifier(ast::SelectCore* core) {
  if (At(TokenKind::Hint)) {
    core->hint = Text(Peek());
    Advance();
  }
  if (AcceptKw(Keyword::Distinct))
    core->distinct = true;
  else if (!(spark() && AtKw(Keyword::All) && AtColumnNamedAll()))
    AcceptKw(Keyword::All);
}

// Spark's `SELECT all, x` / `GROUP BY all, x`: `all` before a comma, FROM or the
// end is a column so named (Spark's ALL is no reserved word), not the keyword.
bool Parser::AtColumnNamedAll() const {
  return AtKind(TokenKind::Comma, 1) || AtKw(Keyword::From, 1) || AtKind(TokenKind::RParen, 1) ||
         AtKind(TokenKind::Semicolon, 1) || AtKind(TokenKind::Eof, 1);
}

/// select_core ::= SELECT [hint] [DISTINCT | ALL] [top_clause] (select_items | TRANSFORM '(' [exprs] ')' transform_tail)
///                 select_rest
ast::SelectCore* Parser::ParseSelectCore(bool from_first) {
  const uint32_t begin = StartOffset();
  Advance();  // SELECT
  auto* core = arena_.New<ast::SelectCore>();
  ParseSelectQuantifier(core);
  if (!SkipTopClause()) return nullptr;
  if (AtKw(Keyword::Transform) && AtKind(TokenKind::LParen, 1) && !(spark() && AtSparkTransformCall())) {
    const uint32_t tbegin = StartOffset();
    Advance();
    Advance();
    auto* t = arena_.New<ast::ScriptTransform>();
    t->style = ast::ScriptTransform::Style::Transform;
    if (!At(TokenKind::RParen) && !ParseExprList(&t->args)) return nullptr;
    if (!Expect(TokenKind::RParen)) return nullptr;
    if (ParseTransformTail(t) == nullptr) return nullptr;
    t->span = SpanFrom(tbegin);
    core->transform = t;
  } else if (!ParseSelectItems(core)) {
    return nullptr;
  }
  if (!ParseSelectRest(core, from_first)) return nullptr;
  core->span = SpanFrom(begin);
  return core;
}

/// map_reduce ::= (MAP | REDUCE) [hint] exprs transform_tail select_rest
ast::SelectCore* Parser::ParseMapReduce(bool from_first) {
  const uint32_t begin = StartOffset();
  auto* core = arena_.New<ast::SelectCore>();
  auto* t = arena_.New<ast::ScriptTransform>();
  t->style = AtKw(Keyword::Map) ? ast::ScriptTransform::Style::Map : ast::ScriptTransform::Style::Reduce;
  Advance();
  if (At(TokenKind::Hint)) Advance();
  if (!ParseExprListMaybeParen(&t->args)) return nullptr;
  if (ParseTransformTail(t) == nullptr) return nullptr;
  t->span = SpanFrom(begin);
  core->transform = t;
  if (!ParseSelectRest(core, from_first)) return nullptr;
  core->span = SpanFrom(begin);
  return core;
}

/// script_format ::= [row_format] [RECORDREADER | RECORDWRITER 'class']   (kept as canonical text)
bool Parser::ParseScriptFormat(Keyword reader_or_writer, std::string_view* text) {
  const size_t start = pos_;
  if (AtKw(Keyword::Row) && AtKw(Keyword::Format, 1) && !ParseRowFormat()) return false;
  if (AcceptKw(reader_or_writer) && !ParseTextValue()) return false;
  if (pos_ > start) *text = CanonicalText(start, pos_);
  return true;
}

/// transform_tail ::= script_format USING 'script' [AS ('(' column_defs ')' | name [type] (',' name [type])*)]
///                    script_format
ast::ScriptTransform* Parser::ParseTransformTail(ast::ScriptTransform* t) {
  if (!ParseScriptFormat(Keyword::Recordwriter, &t->input_format)) return nullptr;
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
        if (AtType() && !ParseType(&d.type)) return nullptr;
        d.span = SpanFrom(b);
        outs.Push(d);
      } while (Accept(TokenKind::Comma));
      t->outputs = outs.Finish(arena_);
    }
  }
  if (!ParseScriptFormat(Keyword::Recordreader, &t->output_format)) return nullptr;
  return t;
}

/// select_items ::= select_item (',' select_item)*
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

/// select_item ::= expr [[AS] name | AS '(' name (',' name)* ')'] | [name '.'] `regex`
/// (a backquoted regex only with hive.support.quoted.identifiers=none; Spark also `(*)`)
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
  if (spark() && item->expr == nullptr && At(TokenKind::LParen) && AtKind(TokenKind::Star, 1) &&
      AtKind(TokenKind::RParen, 2)) {
    // Spark's `SELECT (*)`: the star in parentheses is the star.
    Advance();
    auto* s = arena_.New<ast::StarExpr>();
    Advance();
    s->span = SpanFrom(begin);
    Advance();
    item->expr = s;
  }
  if (item->expr == nullptr) {
    const bool saved = in_select_item_;
    in_select_item_ = true;
    item->expr = ParseExpr();
    in_select_item_ = saved;
    if (item->expr == nullptr) return false;
  }
  if (spark() && AtKw(Keyword::Except) && AtKind(TokenKind::LParen, 1) && !AtQueryStart(2) &&
      item->expr->kind == ast::NodeKind::StarExpr && !ParseStarExcept(item))
    return false;
  if (AcceptKw(Keyword::As)) {
    if (At(TokenKind::LParen)) {
      if (!ParseIdentList(&item->aliases)) return false;
    } else if (!ParseAnyName(&item->alias)) {
      return false;
    }
  } else if (AtImplicitAlias() || (spark() && AtKw(Keyword::From) && AtKw(Keyword::From, 1))) {
    // (Spark's `SELECT count(*) FROM FROM t` names the item FROM: the second FROM is the clause.)
    item->alias = MakeIdent(Peek());
    Advance();
  }
  item->span = SpanFrom(begin);
  return true;
}

/// star_except ::= EXCEPT '(' qualified_name (',' qualified_name)* ')'   (Spark, after `*` or `t.*`)
bool Parser::ParseStarExcept(ast::SelectItem* item) {
  Advance();  // EXCEPT
  Advance();  // (
  std::vector<ast::QualifiedName> names;
  do {
    ast::QualifiedName q;
    if (!ParseQualifiedName(&q, false)) return false;
    names.push_back(q);
  } while (Accept(TokenKind::Comma));
  if (!Expect(TokenKind::RParen)) return false;
  item->star_except = arena_.CopyOf(names);
  return true;
}

/// select_rest ::= [FROM from_clause] [WHERE expr] [group_by] [HAVING expr] [named_windows] [QUALIFY expr]
/// (a FROM-first body has no FROM here but may have lateral_views, which apply to the shared FROM)
bool Parser::ParseSelectRest(ast::SelectCore* core, bool from_first) {
  if (!from_first && AcceptKw(Keyword::From)) {
    core->from = ParseFromClause();
    if (core->from == nullptr) return false;
  }
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

/// group_by ::= GROUP BY (ROLLUP | CUBE) '(' exprs ')' | GROUP BY ALL   (the latter Spark only)
///            | GROUP BY [exprs | '(' exprs ')' | '(' ')'] [WITH ROLLUP | WITH CUBE]
///              [GROUPING SETS '(' grouping_set (',' grouping_set)* ')']
///   grouping_set ::= '(' [exprs] ')' | expr
bool Parser::ParseGroupBy(ast::GroupBy** out) {
  const uint32_t begin = StartOffset();
  Advance();
  Advance();  // GROUP BY
  auto* g = arena_.New<ast::GroupBy>();
  using M = ast::GroupBy::Modifier;
  if (spark() && AtSparkGroupingMix()) {
    if (!ParseSparkGroupingMix(g)) return false;
    g->span = SpanFrom(begin);
    *out = g;
    return true;
  }
  if ((AtKw(Keyword::Rollup) || AtKw(Keyword::Cube)) && AtKind(TokenKind::LParen, 1)) {
    g->modifier = AtKw(Keyword::Rollup) ? M::RollupFunc : M::CubeFunc;
    Advance();
    Advance();
    if (!ParseExprList(&g->items) || !Expect(TokenKind::RParen)) return false;
  } else if (spark() && AtKw(Keyword::All) && !AtKind(TokenKind::Comma, 1)) {
    Advance();  // Spark's GROUP BY ALL
    g->modifier = M::All;
    g->span = SpanFrom(begin);
    *out = g;
    return true;
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

// ---------------------------------------------------------------- Spark's grouping analytics

namespace {
// Words that end a GROUP BY list at its top level.
constexpr lexer::KeywordSet kAfterGroupBy{Keyword::Having,    Keyword::Order,  Keyword::Limit,      Keyword::Window,
                                          Keyword::Union,     Keyword::Except, Keyword::Intersect,  Keyword::Minus,
                                          Keyword::Cluster,   Keyword::Sort,   Keyword::Distribute, Keyword::With};
// More grouping sets than this is an error rather than a slow expansion.
constexpr size_t kMaxGroupingSets = 4096;
}  // namespace

// Spark's transform(xs, x -> ...) is a function: a script's TRANSFORM (...)
// has USING or ROW FORMAT after its closing parenthesis.
bool Parser::AtSparkTransformCall() const {
  int depth = 0;
  for (size_t k = 1; k < 100000; ++k) {
    const Token& t = Peek(k);
    if (t.kind == TokenKind::Eof) return false;
    if (t.kind == TokenKind::LParen) ++depth;
    if (t.kind == TokenKind::RParen && --depth == 0) return !AtKw(Keyword::Using, k + 1) && !AtKw(Keyword::Row, k + 1);
  }
  return false;
}

bool Parser::AtSparkGroupingMix() const {
  const auto analytic = [&](size_t k) {
    return ((AtKw(Keyword::Rollup, k) || AtKw(Keyword::Cube, k)) && AtKind(TokenKind::LParen, k + 1)) ||
           (AtKw(Keyword::Grouping, k) && AtKw(Keyword::Sets, k + 1));
  };
  size_t elements = 1;
  bool any_analytic = false, in_sets = false, element_start = true;
  int depth = 0;
  for (size_t k = 0; k < 4096; ++k) {
    const Token& t = Peek(k);
    if (t.kind == TokenKind::Eof || t.kind == TokenKind::Semicolon) break;
    const bool start = depth == 0 && element_start;
    if (start) {
      in_sets = AtKw(Keyword::Grouping, k) && AtKw(Keyword::Sets, k + 1);
      any_analytic = any_analytic || analytic(k);
    } else if (depth >= 1 && in_sets && analytic(k)) {
      return true;  // GROUPING SETS (ROLLUP (a, b), ...)
    }
    element_start = false;
    if (t.kind == TokenKind::LParen) {
      ++depth;
    } else if (t.kind == TokenKind::RParen) {
      if (depth-- == 0) break;
    } else if (depth == 0 && t.kind == TokenKind::Comma) {
      ++elements;
      element_start = true;
    } else if (depth == 0 && t.kind == TokenKind::Word && kAfterGroupBy.contains(t.keyword)) {
      break;
    } else if (!start && depth == 0 && AtKw(Keyword::Grouping, k)) {
      break;  // Hive's `GROUP BY a, b GROUPING SETS (...)`
    } else if (depth == 0 && t.kind == TokenKind::Pipe) {
      break;
    }
  }
  return any_analytic && elements >= 2;
}

/// spark_group_by ::= grouping_element (',' grouping_element)*
/// (the grouping sets are the cross product of the elements' sets: read as
/// `GROUP BY items GROUPING SETS (...)`, and printed so)
bool Parser::ParseSparkGroupingMix(ast::GroupBy* g) {
  std::vector<std::vector<ast::Expr*>> product{{}};
  do {
    std::vector<std::vector<ast::Expr*>> sets;
    if (!ParseGroupingElement(&sets, 0)) return false;
    std::vector<std::vector<ast::Expr*>> next;
    for (const auto& a : product) {
      for (const auto& b : sets) {
        std::vector<ast::Expr*> c = a;
        c.insert(c.end(), b.begin(), b.end());
        next.push_back(std::move(c));
      }
    }
    if (next.size() > kMaxGroupingSets) {
      Fail("fewer grouping sets");
      return false;
    }
    product = std::move(next);
  } while (Accept(TokenKind::Comma));
  // The items: every expression once, as written, in order of appearance.
  std::vector<ast::Expr*> items;
  std::vector<std::string_view> seen;
  std::vector<ast::List<ast::Expr*>> sets;
  for (const auto& set : product) {
    for (ast::Expr* e : set) {
      const std::string_view text = text_.substr(e->span.begin, e->span.size());
      if (std::find(seen.begin(), seen.end(), text) != seen.end()) continue;
      seen.push_back(text);
      items.push_back(e);
    }
    sets.push_back(arena_.CopyOf(set));
  }
  g->modifier = ast::GroupBy::Modifier::GroupingSets;
  g->items = arena_.CopyOf(items);
  g->grouping_sets = arena_.CopyOf(sets);
  return true;
}

/// grouping_element ::= ROLLUP '(' exprs ')' | CUBE '(' exprs ')'
///                    | GROUPING SETS '(' (grouping_element | '(' [exprs] ')') (',' ...)* ')' | expr
bool Parser::ParseGroupingElement(std::vector<std::vector<ast::Expr*>>* sets, int depth) {
  if (depth > 8) {
    TooDeep();
    return false;
  }
  if ((AtKw(Keyword::Rollup) || AtKw(Keyword::Cube)) && AtKind(TokenKind::LParen, 1)) {
    const bool rollup = AtKw(Keyword::Rollup);
    Advance();
    Advance();
    ast::List<ast::Expr*> exprs;
    if (!ParseExprList(&exprs) || !Expect(TokenKind::RParen)) return false;
    const size_t n = exprs.size();
    if (rollup) {  // (a, b), (a), ()
      for (size_t i = n + 1; i-- > 0;) sets->emplace_back(exprs.begin(), exprs.begin() + i);
      return true;
    }
    if (n > 12) {
      Fail("fewer CUBE columns");
      return false;
    }
    for (size_t mask = (size_t{1} << n); mask-- > 0;) {  // every subset, the whole first
      std::vector<ast::Expr*> set;
      for (size_t i = 0; i < n; ++i)
        if (mask & (size_t{1} << (n - 1 - i))) set.push_back(exprs[i]);
      sets->push_back(std::move(set));
    }
    return true;
  }
  if (AtKw(Keyword::Grouping) && AtKw(Keyword::Sets, 1)) {
    Advance();
    Advance();
    if (!Expect(TokenKind::LParen)) return false;
    do {
      if (At(TokenKind::LParen) && AtKind(TokenKind::RParen, 1)) {
        Advance();
        Advance();
        sets->emplace_back();
      } else if (At(TokenKind::LParen) && !AtKw(Keyword::Select, 1) && !AtKw(Keyword::With, 1)) {
        Advance();
        ast::List<ast::Expr*> exprs;
        if (!ParseExprList(&exprs) || !Expect(TokenKind::RParen)) return false;
        sets->emplace_back(exprs.begin(), exprs.end());
      } else if (!ParseGroupingElement(sets, depth + 1)) {
        return false;
      }
      if (sets->size() > kMaxGroupingSets) {
        Fail("fewer grouping sets");
        return false;
      }
    } while (Accept(TokenKind::Comma));
    return Expect(TokenKind::RParen);
  }
  ast::Expr* e = ParseExpr();
  if (e == nullptr) return false;
  sets->push_back({e});
  return true;
}

/// named_windows ::= WINDOW name AS ('(' window_spec ')' | name) (',' ...)*
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

}  // namespace hivelineage::parser
