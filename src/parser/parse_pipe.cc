// Spark's pipe operators (`q |> WHERE c`, `|> SELECT ...`, `|> JOIN ...`,
// ...): each is a query over the one before it, as a subquery (`SELECT * FROM
// (q) ...`) or, where that keeps the table names the next operators read,
// folded into a query that is only `SELECT * FROM sources`. The `|>` loop
// itself is in ParseQueryWithCtes (parse_query.cc). `|> DROP`, `|> SET` and
// `|> TABLESAMPLE` have no spelling as a SELECT: their `*` carries the
// columns dropped or replaced, and they print back as pipes (print_query.cc).
#include <algorithm>
#include <charconv>

#include "ast/children.h"
#include "parser/parser_impl.h"

namespace hivelineage::parser {

namespace {

// The query is `SELECT * FROM sources` with nothing else: a JOIN or WHERE
// after it may extend it in place, and the names of its tables stay visible.
ast::SelectCore* PlainStarCore(ast::Query* q) {
  if (!q->order_by.empty() || !q->cluster_by.empty() || !q->distribute_by.empty() || !q->sort_by.empty() ||
      q->limit != nullptr || q->offset != nullptr)
    return nullptr;
  auto* core = ast::DynCast<ast::SelectCore>(q->body);
  if (core == nullptr || core->items.size() != 1 || core->distinct || !core->hint.empty() ||
      core->transform != nullptr || core->where != nullptr || core->group_by != nullptr || core->having != nullptr ||
      core->qualify != nullptr || !core->windows.empty() || core->from == nullptr)
    return nullptr;
  const ast::TableRefKind from = core->from->table_ref_kind();
  if (const auto* sub = ast::DynCast<ast::SubqueryRef>(core->from); sub != nullptr && sub->sample != nullptr)
    return nullptr;
  if (from != ast::TableRefKind::TableName && from != ast::TableRefKind::JoinRef &&
      from != ast::TableRefKind::ValuesRef && from != ast::TableRefKind::TableFunctionRef &&
      from != ast::TableRefKind::SubqueryRef)
    return nullptr;
  const ast::SelectItem& item = core->items[0];
  auto* star = ast::DynCast<ast::StarExpr>(item.expr);
  if (star == nullptr || !star->qualifier.empty() || !star->regex.empty() || !star->except_columns.empty() ||
      !star->replaced_names.empty() || !star->dropped_fields.empty())
    return nullptr;
  return core;
}

// `first` names the query before a pipe operator: its `|> AS` name, or the
// table (or alias) of a query that is `SELECT * FROM t`.
bool NamesQueryBefore(ast::Query* prev, const ast::Ident& alias, const ast::Ident& first) {
  if (!alias.name.empty()) return EqualsIgnoreCase(alias.name, first.name);
  const ast::SelectCore* core = PlainStarCore(prev);
  const auto* table = core != nullptr ? ast::DynCast<ast::TableName>(core->from) : nullptr;
  if (table == nullptr) return false;
  const ast::Ident& name = table->alias.name.empty() ? table->name.parts.back() : table->alias;
  return EqualsIgnoreCase(name.name, first.name);
}

// The output names of a query when its text lists them (for `GROUP BY 2` in
// `|> AGGREGATE`, which counts the columns of the query before it); false when
// it does not (a `*` over a table, an unnamed expression).
bool ListedOutputNames(const ast::Query* q, std::vector<ast::Ident>* out) {
  const auto* core = ast::DynCast<ast::SelectCore>(q->body);
  if (core == nullptr || core->transform != nullptr) return false;
  for (const ast::SelectItem& item : core->items) {
    if (!item.aliases.empty()) {
      out->insert(out->end(), item.aliases.begin(), item.aliases.end());
    } else if (!item.alias.name.empty()) {
      out->push_back(item.alias);
    } else if (const auto* ref = ast::DynCast<ast::ColumnRef>(item.expr)) {
      out->push_back(ref->parts.back());
    } else if (const auto* star = ast::DynCast<ast::StarExpr>(item.expr);
               star != nullptr && core->items.size() == 1 && star->qualifier.empty() && star->regex.empty()) {
      const auto* values = ast::DynCast<ast::ValuesRef>(core->from);
      if (values == nullptr || values->column_aliases.empty()) return false;
      out->insert(out->end(), values->column_aliases.begin(), values->column_aliases.end());
    } else {
      return false;
    }
  }
  return true;
}

// The function the expression calls, lower case compared: `grouping`, ... (or empty).
bool CallsAny(const ast::Expr* e, std::initializer_list<std::string_view> names, bool windows) {
  if (e == nullptr) return false;
  std::vector<const ast::Expr*> stack{e};
  while (!stack.empty()) {
    const ast::Expr* cur = stack.back();
    stack.pop_back();
    if (const auto* f = ast::DynCast<ast::FunctionCall>(cur)) {
      if (windows && f->over != nullptr) return true;
      for (std::string_view n : names)
        if (EqualsIgnoreCase(f->name.back().name, n)) return true;
    }
    ast::VisitChildren(*cur, [&](const ast::Expr* child) { stack.push_back(child); });
  }
  return false;
}

// The first `OVER name` in e whose name is none of the windows (or null).
const ast::Ident* UndefinedWindow(const ast::Expr* e, ast::List<ast::NamedWindow> windows) {
  std::vector<const ast::Expr*> stack{e};
  while (!stack.empty()) {
    const ast::Expr* cur = stack.back();
    stack.pop_back();
    if (cur == nullptr) continue;
    if (const auto* f = ast::DynCast<ast::FunctionCall>(cur); f != nullptr && f->over != nullptr &&
                                                              !f->over->base.name.empty()) {
      const bool named = std::any_of(windows.begin(), windows.end(), [&](const ast::NamedWindow& w) {
        return EqualsIgnoreCase(w.name.name, f->over->base.name);
      });
      if (!named) return &f->over->base;
    }
    ast::VisitChildren(*cur, [&](const ast::Expr* child) { stack.push_back(child); });
  }
  return nullptr;
}

// A number written as digits only.
bool WholeNumber(std::string_view text, int64_t* value) {
  if (text.empty()) return false;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *value);
  return ec == std::errc() && end == text.data() + text.size();
}

// The words a pipe operator starts with (Spark's operatorPipeRightSide; the join words are checked apart).
constexpr std::string_view kPipeOperatorWords[] = {"select",    "extend",  "set",    "drop",   "as",
                                                   "where",     "pivot",   "unpivot", "tablesample", "join",
                                                   "union",     "except",  "minus",  "intersect", "limit",
                                                   "offset",    "aggregate"};

}  // namespace

// Spark (spark.sql.parser.singleCharacterPipeOperator, on by default) reads a
// `|` before a pipe operator's words as `|>`: `TABLE t | WHERE x > 1`, and
// `SELECT 1 | extend y` too; before anything else it is a bitwise or.
bool Parser::AtPipe() const {
  if (!spark() || !At(TokenKind::Pipe)) return false;
  if (AtKind(TokenKind::Greater, 1) && Glued()) return true;
  if (Peek(1).kind != TokenKind::Word) return false;
  for (std::string_view w : kPipeOperatorWords)
    if (AtWord(w, 1)) return true;
  if ((AtWord("order", 1) || AtWord("sort", 1) || AtWord("distribute", 1) || AtWord("cluster", 1)) &&
      AtKw(Keyword::By, 2))
    return true;
  if (AtNaturalJoin(1) || ((AtKw(Keyword::Inner, 1) || AtKw(Keyword::Cross, 1)) && AtKw(Keyword::Join, 2)))
    return true;
  if ((AtKw(Keyword::Semi, 1) || AtKw(Keyword::Anti, 1)) && AtKw(Keyword::Join, 2)) return true;
  if (AtKw(Keyword::Left, 1) || AtKw(Keyword::Right, 1) || AtKw(Keyword::Full, 1)) {
    const size_t k = AtKw(Keyword::Outer, 2) || AtKw(Keyword::Semi, 2) || AtKw(Keyword::Anti, 2) ? 3 : 2;
    return AtKw(Keyword::Join, k);
  }
  return false;
}

void Parser::AdvancePipe() {
  const bool two = AtKind(TokenKind::Greater, 1) && Glued();
  Advance();
  if (two) Advance();
}

/// query ::= query_term ('|>' pipe_operator)* [ORDER BY ...] [CLUSTER BY ...] [DISTRIBUTE BY ...] [SORT BY ...]
///           [LIMIT ...] [OFFSET ...]
/// (Spark: result clauses after the last operator are the whole query's:
/// `q |> ORDER BY a ORDER BY b` sorts by a, then by b; read as `SELECT * FROM (q |> ...) ORDER BY b`.)
ast::Query* Parser::ParseClausesAfterPipes(ast::Query* q, uint32_t begin) {
  const bool clause = (AtKw(Keyword::Order) && AtKw(Keyword::By, 1)) || AtKw(Keyword::Limit) ||
                      AtKw(Keyword::Offset) ||
                      ((AtKw(Keyword::Sort) || AtKw(Keyword::Distribute) || AtKw(Keyword::Cluster)) &&
                       AtKw(Keyword::By, 1));
  if (!clause) return q;
  auto* sub = arena_.New<ast::SubqueryRef>();
  sub->query = q;
  sub->span = q->span;
  auto* core = arena_.New<ast::SelectCore>();
  core->from = sub;
  core->items = StarItems(arena_);
  core->span = q->span;
  auto* outer = arena_.New<ast::Query>();
  outer->body = core;
  if (!ParseTrailingClauses(outer)) return nullptr;
  outer->span = SpanFrom(begin);
  return outer;
}

/// pipe_select ::= [DISTINCT | ALL] select_items [GROUP BY ...] [WINDOW named_windows]   (after `|> SELECT`)
bool Parser::ParsePipeSelect(ast::SelectCore* core) {
  ParseSelectQuantifier(core);
  if (!ParseSelectItems(core)) return false;
  if (AtKw(Keyword::Group) && AtKw(Keyword::By, 1) && !ParseGroupBy(&core->group_by)) return false;
  if (!AtKw(Keyword::Window)) return true;
  if (!ParseNamedWindows(&core->windows)) return false;
  // With a WINDOW clause, Spark's parser resolves each `OVER name` against it.
  for (const ast::SelectItem& item : core->items) {
    if (UndefinedWindow(item.expr, core->windows) != nullptr) {
      Fail("OVER a window the WINDOW clause defines");
      return false;
    }
  }
  return true;
}

/// pipe_relation ::= join_op table_source [ON expr | USING '(' names ')'] | NATURAL join_op table_source
///                 | pivot | unpivot
ast::TableRef* Parser::ParsePipeRelation(ast::TableRef* left) {
  if (AtPivot()) {
    ast::TableRef* p = ParsePivot(left);
    if (p != nullptr && AtPivot()) {  // Spark: NOT_ALLOWED_IN_FROM.UNPIVOT_WITH_PIVOT
      Fail("one PIVOT or UNPIVOT per pipe operator");
      return nullptr;
    }
    return p;
  }
  ast::TableRef* joined = ParseJoinsAfter(left, left->span.begin);
  if (joined == nullptr) return nullptr;
  auto* j = ast::DynCast<ast::JoinRef>(joined);
  if (j == nullptr || j->left != left || j->join_kind == ast::JoinKind::Comma) {
    Fail("one JOIN per pipe operator");
    return nullptr;
  }
  return joined;
}

/// pipe_operator ::= '|>' ( SELECT [DISTINCT | ALL] select_items [GROUP BY ...] [WINDOW named_windows]
///                        | EXTEND select_items | SET name '=' expr (',' name '=' expr)*
///                        | DROP name (',' name)* | AS name | WHERE expr
///                        | AGGREGATE [select_items] [GROUP BY select_item (',' select_item)*]
///                        | pipe_relation
///                        | (UNION | INTERSECT | EXCEPT | MINUS) [ALL | DISTINCT] query_primary
///                        | TABLESAMPLE '(' sample ')' [REPEATABLE '(' seed ')']
///                        | ORDER BY ... | SORT BY ... | DISTRIBUTE BY ... | CLUSTER BY ... | LIMIT ... | OFFSET ... )
/// (Spark; after the `|>`. `q |> WHERE c` is `SELECT * FROM (q) WHERE c`, and
/// prints so; when q is `SELECT * FROM t` it is `SELECT * FROM t WHERE c`.)
ast::Query* Parser::ParsePipeOperator(ast::Query* prev, ast::Ident* alias, uint32_t begin) {
  if (AcceptKw(Keyword::As)) {
    if (!ParseAnyName(alias)) return nullptr;
    return prev;
  }
  // JOIN, PIVOT, WHERE and SELECT extend `SELECT * FROM sources` in place: the tables stay visible by name
  // (`|> NATURAL JOIN u |> SELECT t.*`).
  const bool join = AtKw(Keyword::Join) || AtKw(Keyword::Inner) || AtKw(Keyword::Cross) || AtKw(Keyword::Left) ||
                    AtKw(Keyword::Right) || AtKw(Keyword::Full) || AtKw(Keyword::Semi) || AtKw(Keyword::Anti) ||
                    AtNaturalJoin() || AtPivot();
  if (ast::SelectCore* plain = alias->name.empty() ? PlainStarCore(prev) : nullptr;
      plain != nullptr && (join || AtKw(Keyword::Where) || AtKw(Keyword::Select))) {
    if (AcceptKw(Keyword::Where)) {
      plain->where = ParseExpr();
      if (plain->where == nullptr) return nullptr;
    } else if (AcceptKw(Keyword::Select)) {
      plain->items = {};
      if (!ParsePipeSelect(plain)) return nullptr;
    } else {
      ast::TableRef* joined = ParsePipeRelation(plain->from);
      if (joined == nullptr) return nullptr;
      plain->from = joined;
    }
    plain->span = SpanFrom(plain->span.begin);
    prev->span = SpanFrom(begin);
    return prev;
  }
  if (AtKw(Keyword::Union) || AtKw(Keyword::Intersect) || AtKw(Keyword::Except) || AtKw(Keyword::Minus)) {
    // `q |> UNION ALL r` is `(q) UNION ALL r`.
    auto* s = arena_.New<ast::SetOperation>();
    s->op = AtKw(Keyword::Union)       ? ast::SetOperation::Op::Union
            : AtKw(Keyword::Intersect) ? ast::SetOperation::Op::Intersect
            : AtKw(Keyword::Except)    ? ast::SetOperation::Op::Except
                                       : ast::SetOperation::Op::Minus;
    Advance();
    if (AcceptKw(Keyword::All))
      s->quantifier = ast::SetOperation::Quantifier::All;
    else if (AcceptKw(Keyword::Distinct))
      s->quantifier = ast::SetOperation::Quantifier::Distinct;
    auto* left = arena_.New<ast::NestedQuery>();
    left->query = prev;
    left->span = prev->span;
    s->left = left;
    s->right = ParseQueryPrimary();
    if (s->right == nullptr) return nullptr;
    *alias = ast::Ident{};
    s->span = SpanFrom(begin);
    auto* q = arena_.New<ast::Query>();
    q->body = s;
    q->span = s->span;
    return q;
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
  if (join) {
    ast::TableRef* joined = ParsePipeRelation(sub);
    if (joined == nullptr) return nullptr;
    core->from = joined;
    core->items = StarItems(arena_);
  } else if (AcceptKw(Keyword::Where)) {
    core->items = StarItems(arena_);
    core->where = ParseExpr();
    if (core->where == nullptr) return nullptr;
  } else if (AcceptKw(Keyword::Select)) {
    if (!ParsePipeSelect(core)) return nullptr;
  } else if (AtWord("extend")) {
    Advance();
    if (!ParseSelectItems(core)) return nullptr;
    core->items = StarItems(arena_, core->items);
  } else if (AtKw(Keyword::Set) || AtKw(Keyword::Drop)) {
    // `|> SET a = e` replaces a in place; `|> DROP a` leaves it out.
    const bool set = AtKw(Keyword::Set);
    Advance();
    auto* star = arena_.New<ast::StarExpr>();
    std::vector<ast::Ident> names;
    std::vector<ast::Expr*> values;
    std::vector<ast::List<ast::Ident>> fields;
    do {
      ast::Ident name;
      if (!ParseAnyName(&name)) return nullptr;
      if (!set && At(TokenKind::Dot)) {
        // `|> DROP u.x` (u the query before's name: its column x), `|> DROP s.f` (a struct's field: s stays).
        std::vector<ast::Ident> path{name};
        while (Accept(TokenKind::Dot)) {
          if (!ParseAnyName(&name)) return nullptr;
          path.push_back(name);
        }
        if (NamesQueryBefore(prev, sub->alias, path[0])) path.erase(path.begin());
        if (path.size() == 1) {
          names.push_back(path[0]);
        } else {
          fields.push_back(arena_.CopyOf(path));
        }
        continue;
      }
      names.push_back(name);
      if (set) {
        if (!Expect(TokenKind::Equal)) return nullptr;
        ast::Expr* e = ParseExpr();
        if (e == nullptr) return nullptr;
        values.push_back(e);
      }
    } while (Accept(TokenKind::Comma));
    if (set) {
      star->replaced_names = arena_.CopyOf(names);
      star->replaced_values = arena_.CopyOf(values);
    } else {
      star->except_columns = arena_.CopyOf(names);
      star->dropped_fields = arena_.CopyOf(fields);
    }
    star->span = SpanFrom(begin);
    std::vector<ast::SelectItem> items(1);
    items[0].expr = star;
    core->items = arena_.CopyOf(items);
  } else if (AtKw(Keyword::Tablesample)) {
    const size_t open = pos_ + 1;
    if (!ParseTableSample(&sub->sample)) return nullptr;
    // (REPEATABLE (seed) is read by ParseTableSample.) Spark's sample methods: n PERCENT (0 to 100), n ROWS, BUCKET x OUT OF y (x <= y); not a byte length.
    size_t close = open;  // the `)` of the sample (a REPEATABLE (seed) may follow it)
    for (int depth = 0;; ++close) {
      if (toks_[close].kind == TokenKind::LParen) ++depth;
      if (toks_[close].kind == TokenKind::RParen && --depth == 0) break;
    }
    const size_t n = close - open - 1;
    const Token& first = toks_[open + 1];
    const Token& last = toks_[close - 1];
    int64_t x = 0, y = 0;
    bool ok = n > 0;
    if (ok && first.kind == TokenKind::Word && EqualsIgnoreCase(Text(first), "bucket")) {
      ok = !(n >= 5 && WholeNumber(Text(toks_[open + 2]), &x) && WholeNumber(Text(toks_[open + 5]), &y) && x > y);
    } else if (ok && last.kind == TokenKind::Word && EqualsIgnoreCase(Text(last), "percent")) {
      double pct = 0;
      const std::string_view number = Text(first);
      auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), pct);
      ok = !(first.kind == TokenKind::Minus || number.starts_with('-') || (n == 2 && ec == std::errc() && pct > 100));
    } else if (ok) {
      ok = last.kind == TokenKind::Word && EqualsIgnoreCase(Text(last), "rows");
    }
    if (!ok) {
      pos_ = open;
      Fail("TABLESAMPLE (n PERCENT | n ROWS | BUCKET x OUT OF y)");
      return nullptr;
    }
    core->items = StarItems(arena_);
  } else if (AtWord("aggregate")) {
    Advance();
    if (!(AtKw(Keyword::Group) && AtKw(Keyword::By, 1)) && !ParseSelectItems(core)) return nullptr;
    for (const ast::SelectItem& item : core->items) {
      if (CallsAny(item.expr, {"grouping", "grouping_id"}, true)) {
        Fail("an aggregate without grouping(), grouping_id() or OVER in |> AGGREGATE");
        return nullptr;
      }
    }
    if (AtKw(Keyword::Group) && AtKw(Keyword::By, 1)) {
      Advance();
      Advance();
      if (AtKw(Keyword::All) || At(TokenKind::LParen) || AtKw(Keyword::Grouping) ||
          ((AtKw(Keyword::Rollup) || AtKw(Keyword::Cube)) && AtKind(TokenKind::LParen, 1))) {
        Fail("grouping expressions (|> AGGREGATE takes no ALL, ROLLUP, CUBE or GROUPING SETS)");
        return nullptr;
      }
      // The grouping keys come first in the output, named as written (`k AS name`), then the aggregates.
      // A key that is a number counts the columns of the query before.
      std::vector<ast::SelectItem> items;
      std::vector<ast::Expr*> keys;
      std::vector<ast::Ident> before;
      bool listed = false, looked = false;
      do {
        ast::SelectItem key;
        if (!ParseSelectItem(&key)) return nullptr;
        if (ast::DynCast<ast::StarExpr>(key.expr) != nullptr || !key.aliases.empty()) {
          Fail("a grouping expression");
          return nullptr;
        }
        const auto* lit = ast::DynCast<ast::Literal>(key.expr);
        int64_t ordinal = 0;
        if (lit != nullptr && lit->type == ast::Literal::Type::Number && WholeNumber(lit->text, &ordinal)) {
          if (!looked) listed = ListedOutputNames(prev, &before), looked = true;
          if (!listed || ordinal < 1 || ordinal > static_cast<int64_t>(before.size())) {
            Fail("a GROUP BY position within the columns the query before lists");
            return nullptr;
          }
          auto* ref = arena_.New<ast::ColumnRef>();
          ref->parts = arena_.CopyOf(std::vector<ast::Ident>{before[ordinal - 1]});
          ref->span = lit->span;
          key.expr = ref;
        }
        keys.push_back(key.expr);
        items.push_back(key);
      } while (Accept(TokenKind::Comma));
      if (AtKw(Keyword::With) || AtKw(Keyword::Grouping)) {
        Fail("end of |> AGGREGATE (no WITH ROLLUP, WITH CUBE or GROUPING SETS)");
        return nullptr;
      }
      auto* g = arena_.New<ast::GroupBy>();
      g->items = arena_.CopyOf(keys);
      g->span = SpanFrom(begin);
      core->group_by = g;
      items.insert(items.end(), core->items.begin(), core->items.end());
      core->items = arena_.CopyOf(items);
    }
    if (core->items.empty()) {
      Fail("aggregate");
      return nullptr;
    }
  } else if ((AtKw(Keyword::Order) && AtKw(Keyword::By, 1)) || AtKw(Keyword::Limit) || AtKw(Keyword::Offset) ||
             ((AtKw(Keyword::Sort) || AtKw(Keyword::Distribute) || AtKw(Keyword::Cluster)) && AtKw(Keyword::By, 1))) {
    core->items = StarItems(arena_);
    const size_t at = pos_;
    if (!ParseTrailingClauses(q)) return nullptr;
    // Spark reads one result clause per operator: ORDER BY and LIMIT are two pipes.
    const bool ordered = !q->order_by.empty() || !q->cluster_by.empty() || !q->distribute_by.empty() ||
                         !q->sort_by.empty();
    const bool limited = q->limit != nullptr || q->offset != nullptr;
    if ((ordered && limited) || (!q->order_by.empty() && (!q->sort_by.empty() || !q->distribute_by.empty() ||
                                                          !q->cluster_by.empty())) ||
        (!q->cluster_by.empty() && (!q->sort_by.empty() || !q->distribute_by.empty()))) {
      pos_ = at;
      Fail("one of ORDER BY, SORT BY, DISTRIBUTE BY, CLUSTER BY or LIMIT / OFFSET per pipe operator");
      return nullptr;
    }
  } else {
    Fail("pipe operator");
    return nullptr;
  }
  core->span = SpanFrom(begin);
  q->span = core->span;
  return q;
}

}  // namespace hivelineage::parser
