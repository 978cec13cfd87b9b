// Expressions: function calls (arguments, WITHIN GROUP, FILTER, OVER) and
// window specs (PARTITION/ORDER BY, frames, bounds).
#include "parser/named_arguments.h"
#include "parser/parser_impl.h"

namespace hivelineage::parser {

namespace {

// Whether `kw` stands at the top level of the call's arguments (the cursor just after its `(`),
// looking no further than 64 tokens: `position('a' IN s)`.
bool TopLevelWordInCall(const Parser& p, Keyword kw) {
  int depth = 0;
  for (size_t k = 0; k < 64; ++k) {
    const Token& t = p.Peek(k);
    if (t.kind == TokenKind::Eof) return false;
    if (t.kind == TokenKind::LParen) ++depth;
    if (t.kind == TokenKind::RParen && depth-- == 0) return false;
    if (depth == 0 && t.kind == TokenKind::Word && t.keyword == kw) return true;
  }
  return false;
}

}  // namespace

/// regex_column_argument ::= [name '.'] `regex`   (followed by ',' or ')')
// Spark with spark.sql.parser.quotedRegexColumnNames=true, inside a select item
// only: a back-quoted argument stands for the columns it matches (`sum(\`(a)\`)`
// is `sum(a)`). Null, reading nothing, anywhere else.
ast::Expr* Parser::ParseRegexColumnArgument() {
  if (!spark() || !options_.regex_column_specs || !in_select_item_) return nullptr;
  size_t k = 0;
  if (AtAnyName() && Peek().kind != TokenKind::QuotedIdent && AtKind(TokenKind::Dot, 1)) k = 2;
  if (Peek(k).kind != TokenKind::QuotedIdent) return nullptr;
  const TokenKind after = Peek(k + 1).kind;
  if (after != TokenKind::Comma && after != TokenKind::RParen) return nullptr;
  const uint32_t begin = StartOffset();
  auto* s = arena_.New<ast::StarExpr>();
  if (k == 2) {
    s->qualifier = {arena_.New<ast::Ident>(MakeIdent(Peek())), 1};
    Advance();
    Advance();
  }
  std::string_view raw = Text(Peek());
  s->regex = raw.size() >= 2 ? raw.substr(1, raw.size() - 2) : raw;
  Advance();
  s->span = SpanFrom(begin);
  return s;
}

/// function_rest ::= '(' ['*' | [DISTINCT | ALL] expr [IGNORE | RESPECT NULLS] (',' ...)*] ')'
///                   [WITHIN GROUP '(' ORDER BY sort_items ')'] [(IGNORE | RESPECT) NULLS]
///                   [OVER ('(' window_spec ')' | name)]
///                   (Spark also: [FILTER '(' WHERE expr ')'] after the arguments;
///                    substring '(' expr FROM expr [FOR expr] ')'
///                    | overlay '(' expr PLACING expr FROM expr [FOR expr] ')' | position '(' expr IN expr ')';
///                    an argument [name '.'] '*' [EXCEPT '(' name (',' name)* ')'] | regex_column_argument)
ast::Expr* Parser::ParseFunctionRest(ast::List<ast::Ident> name, uint32_t begin) {
  Advance();  // (
  if (name.size() == 1 && name[0].name == "trim" && !name[0].quoted) {
    bool special = AtKw(Keyword::Leading) || AtKw(Keyword::Trailing) || AtKw(Keyword::Both) || AtKw(Keyword::From);
    if (!special) {
      // trim('x' FROM s): look for a top-level FROM before the closing paren.
      int depth = 0;
      for (size_t k = 0; k < 64; ++k) {
        const Token& t = Peek(k);
        if (t.kind == TokenKind::Eof) break;
        if (t.kind == TokenKind::LParen) ++depth;
        if (t.kind == TokenKind::RParen && depth-- == 0) break;
        if (depth == 0 && t.kind == TokenKind::Word && t.keyword == Keyword::From) {
          special = true;
          break;
        }
      }
    }
    if (special) return ParseTrim(name[0], begin);
  }
  // Spark's position(substr IN str) is locate(substr, str), and prints so (the operands are
  // value expressions: IN does not bind inside them).
  if (spark() && name.size() == 1 && !name[0].quoted && EqualsIgnoreCase(name[0].name, "position") &&
      TopLevelWordInCall(*this, Keyword::In)) {
    ast::Expr* substr = ParseExpr(ast::Precedence::Comparison);
    if (substr == nullptr || !ExpectKw(Keyword::In)) return nullptr;
    ast::Expr* str = ParseExpr(ast::Precedence::Comparison);
    if (str == nullptr || !Expect(TokenKind::RParen)) return nullptr;
    auto* locate = arena_.New<ast::FunctionCall>();
    ast::Ident locate_name;
    locate_name.name = "locate";
    locate->name = arena_.CopyOf(std::vector<ast::Ident>{locate_name});
    locate->args = arena_.CopyOf(std::vector<ast::Expr*>{substr, str});
    locate->span = SpanFrom(begin);
    return locate;
  }
  auto* f = arena_.New<ast::FunctionCall>();
  f->name = name;
  if (At(TokenKind::Star) && AtKind(TokenKind::RParen, 1)) {
    Advance();
    f->star = true;
  } else if (!At(TokenKind::RParen)) {
    if (AcceptKw(Keyword::Distinct))
      f->distinct = true;
    else if (AtKw(Keyword::All) && !AtKind(TokenKind::RParen, 1))
      Advance();
    ListBuilder<ast::Expr*> args(exprs_);
    std::vector<ast::Ident> field_names;  // Spark's struct(x AS a, ...): the names, empty where none
    const bool struct_call = spark() && name.size() == 1 && EqualsIgnoreCase(name[0].name, "struct");
    std::vector<std::string_view> arg_names;  // Spark's named arguments: the names, empty where positional
    do {
      // Spark's named argument `name => value`: bound to its parameter below (the name is not kept).
      std::string_view arg_name;
      if (ast::Ident named; spark() && AcceptArgumentName(&named)) arg_name = named.name;
      ast::Expr* a = ParseRegexColumnArgument();
      if (a == nullptr) a = ParseExpr();
      if (a == nullptr) return nullptr;
      args.Push(a);
      // Spark's `f(* EXCEPT (c))`: the star's columns but those.
      if (auto* star = ast::DynCast<ast::StarExpr>(a); spark() && star != nullptr && star->regex.empty() &&
                                                        AtKw(Keyword::Except) && AtKind(TokenKind::LParen, 1)) {
        Advance();  // EXCEPT
        ast::List<ast::Ident> left_out;
        if (!ParseIdentList(&left_out)) return nullptr;
        star->except_columns = left_out;
      }
      arg_names.resize(args.size());
      arg_names.back() = arg_name;
      if (struct_call) {
        field_names.resize(args.size());
        if (AcceptKw(Keyword::As) && !ParseAnyName(&field_names.back())) return nullptr;
      }
      // Spark's substring(s FROM pos [FOR len]) is substring(s, pos[, len]), and prints so; substr(s FROM
      // pos) is substring too (Spark names it so).
      if (spark() && name.size() == 1 && AtKw(Keyword::From) &&
          (EqualsIgnoreCase(name[0].name, "substr") || EqualsIgnoreCase(name[0].name, "substring"))) {
        // Whichever name was written, the FROM form is Spark's substring (and named so).
        f->name[0].name = "substring";
        Advance();
        if ((a = ParseExpr()) == nullptr) return nullptr;
        args.Push(a);
        if (AcceptKw(Keyword::For)) {
          if ((a = ParseExpr()) == nullptr) return nullptr;
          args.Push(a);
        }
        break;
      }
      // Spark's overlay(s PLACING r FROM pos [FOR len]) is overlay(s, r, pos[, len]), and prints so.
      if (spark() && name.size() == 1 && AtWord("placing") && EqualsIgnoreCase(name[0].name, "overlay")) {
        Advance();
        if ((a = ParseExpr()) == nullptr) return nullptr;
        args.Push(a);
        if (!ExpectKw(Keyword::From) || (a = ParseExpr()) == nullptr) return nullptr;
        args.Push(a);
        if (AcceptKw(Keyword::For)) {
          if ((a = ParseExpr()) == nullptr) return nullptr;
          args.Push(a);
        }
        break;
      }
      if ((AtKw(Keyword::Ignore) || AtKw(Keyword::Respect)) && AtKw(Keyword::Nulls, 1)) {
        f->nulls = AtKw(Keyword::Ignore) ? ast::FunctionCall::Nulls::Ignore : ast::FunctionCall::Nulls::Respect;
        Advance();
        Advance();
      }
    } while (Accept(TokenKind::Comma));
    f->args = args.Finish(arena_);
    bool any_named = false;
    for (std::string_view n : arg_names) any_named = any_named || !n.empty();
    if (any_named && name.size() == 1 && arg_names.size() == f->args.size())
      f->args = ArrangeNamedArguments(name[0].name, f->args, arg_names, arena_);
    bool named = false;
    for (const ast::Ident& n : field_names) named = named || !n.name.empty();
    if (named && !NameStructFields(f, field_names)) return nullptr;
  }
  if (!Expect(TokenKind::RParen)) return nullptr;
  // Spark's FILTER comes after the arguments or after WITHIN GROUP (...).
  bool filtered = false;
  if (spark() && AtAggregateFilter()) {
    if (!ApplyAggregateFilter(f, begin)) return nullptr;
    filtered = true;
  }
  if (AtKw(Keyword::Within) && AtKw(Keyword::Group, 1)) {
    Advance();
    Advance();
    if (!Expect(TokenKind::LParen) || !ExpectKw(Keyword::Order) || !ExpectKw(Keyword::By)) return nullptr;
    if (!ParseOrderItems(&f->within_group) || !Expect(TokenKind::RParen)) return nullptr;
  }
  if (spark() && !filtered && AtAggregateFilter() && !ApplyAggregateFilter(f, begin)) return nullptr;
  if ((AtKw(Keyword::Ignore) || AtKw(Keyword::Respect)) && AtKw(Keyword::Nulls, 1)) {
    f->nulls = AtKw(Keyword::Ignore) ? ast::FunctionCall::Nulls::Ignore : ast::FunctionCall::Nulls::Respect;
    Advance();
    Advance();
  }
  if (AcceptKw(Keyword::Over)) {
    const uint32_t wbegin = StartOffset();
    if (Accept(TokenKind::LParen)) {
      f->over = ParseWindowSpecBody(wbegin);
      if (f->over == nullptr) return nullptr;
    } else {
      auto* w = arena_.New<ast::WindowSpec>();
      if (!ParseIdent(&w->base)) return nullptr;
      w->span = SpanFrom(wbegin);
      f->over = w;
    }
  }
  f->span = SpanFrom(begin);
  return f;
}

bool Parser::AtAggregateFilter() const {
  return AtWord("filter") && AtKind(TokenKind::LParen, 1) && AtKw(Keyword::Where, 2);
}

/// aggregate_filter ::= FILTER '(' WHERE expr ')'   (Spark, after a call's arguments or WITHIN GROUP)
bool Parser::ApplyAggregateFilter(ast::FunctionCall* f, uint32_t begin) {
  // Spark's `agg(x) FILTER (WHERE c)` is agg(if(c, x, NULL)) (count(*): count(if(c, 1, NULL))), and prints so.
  Advance();
  Advance();
  Advance();
  ast::Expr* cond = ParseExpr();
  if (cond == nullptr || !Expect(TokenKind::RParen)) return false;
  auto* null = arena_.New<ast::Literal>();
  null->type = ast::Literal::Type::Null;
  null->text = "NULL";
  ast::Ident if_name;
  if_name.name = "if";
  std::vector<ast::Expr*> args;
  if (f->star) {
    auto* one = arena_.New<ast::Literal>();
    one->type = ast::Literal::Type::Number;
    one->text = "1";
    args.push_back(one);
    f->star = false;
  } else {
    args.assign(f->args.begin(), f->args.end());
  }
  // `mode() WITHIN GROUP (ORDER BY x) FILTER (...)`: the filter guards the ordered value.
  std::vector<ast::OrderItem> ordered(f->within_group.begin(), f->within_group.end());
  ast::Expr** guarded_value = !args.empty() ? &args[0] : !ordered.empty() ? &ordered[0].expr : nullptr;
  if (guarded_value == nullptr) {
    Fail("argument");
    return false;
  }
  auto* guarded = arena_.New<ast::FunctionCall>();
  guarded->name = arena_.CopyOf(std::vector<ast::Ident>{if_name});
  guarded->args = arena_.CopyOf(std::vector<ast::Expr*>{cond, *guarded_value, null});
  guarded->span = SpanFrom(begin);
  *guarded_value = guarded;
  if (!args.empty())
    f->args = arena_.CopyOf(args);
  else
    f->within_group = arena_.CopyOf(ordered);
  return true;
}

// Spark's struct(x AS a, y) is named_struct('a', x, 'y', y), and prints so: a
// field without a name takes its column's, else colN as Spark names it.
bool Parser::NameStructFields(ast::FunctionCall* f, const std::vector<ast::Ident>& names) {
  std::vector<ast::Expr*> args;
  for (size_t i = 0; i < f->args.size(); ++i) {
    ast::Expr* value = f->args[i];
    std::string field = i < names.size() ? std::string(names[i].name) : std::string();
    if (field.empty()) {
      if (auto* c = ast::DynCast<ast::ColumnRef>(value)) {
        field = c->parts.back().name;
      } else if (auto* fa = ast::DynCast<ast::FieldAccess>(value)) {
        field = fa->field.name;
      } else if (value->kind == ast::NodeKind::StarExpr) {
        Fail("a named struct field");  // `struct(t.*, x AS a)`: the star's names are not known here
        return false;
      } else {
        field = "col" + std::to_string(i + 1);
      }
    }
    std::string quoted = "'";
    for (char c : field) {
      if (c == '\\' || c == '\'') quoted.push_back('\\');
      quoted.push_back(c);
    }
    quoted.push_back('\'');
    auto* lit = arena_.New<ast::Literal>();
    lit->type = ast::Literal::Type::String;
    lit->text = arena_.CopyString(quoted);
    lit->span = value->span;
    args.push_back(lit);
    args.push_back(value);
  }
  ast::Ident fn;
  fn.name = "named_struct";
  f->name = arena_.CopyOf(std::vector<ast::Ident>{fn});
  f->args = arena_.CopyOf(args);
  return true;
}

// ---------------------------------------------------------------- windows

/// window_spec ::= [name] partition_order [window_frame] ')'   (after '(')
ast::WindowSpec* Parser::ParseWindowSpecBody(uint32_t begin) {
  auto* w = arena_.New<ast::WindowSpec>();
  if (AtPlainIdent() &&
      !((AtKw(Keyword::Distribute) || AtKw(Keyword::Sort) || AtKw(Keyword::Cluster)) && AtKw(Keyword::By, 1))) {
    w->base = MakeIdent(Peek());
    Advance();
  }
  if (!ParsePartitionOrder(w)) return nullptr;
  if (AtKw(Keyword::Rows) || AtKw(Keyword::Range)) {
    if (!ParseWindowFrame(&w->frame)) return nullptr;
  }
  if (!Expect(TokenKind::RParen)) return nullptr;
  w->span = SpanFrom(begin);
  return w;
}

/// partition_order ::= [(PARTITION | DISTRIBUTE | CLUSTER) BY exprs] [(ORDER | SORT) BY sort_items]
bool Parser::ParsePartitionOrder(ast::WindowSpec* w) {
  if (AtKw(Keyword::Partition) && AtKw(Keyword::By, 1)) {
    Advance();
    Advance();
    if (!ParseExprListMaybeParen(&w->partition_by)) return false;
  } else if (AtKw(Keyword::Distribute) && AtKw(Keyword::By, 1)) {
    Advance();
    Advance();
    w->style = ast::WindowSpec::Style::DistributeSort;
    if (!ParseExprListMaybeParen(&w->partition_by)) return false;
  } else if (AtKw(Keyword::Cluster) && AtKw(Keyword::By, 1)) {
    Advance();
    Advance();
    w->style = ast::WindowSpec::Style::Cluster;
    if (!ParseExprListMaybeParen(&w->partition_by)) return false;
  }
  if (AtKw(Keyword::Order) && AtKw(Keyword::By, 1)) {
    Advance();
    Advance();
    if (!ParseOrderItems(&w->order_by)) return false;
  } else if (AtKw(Keyword::Sort) && AtKw(Keyword::By, 1)) {
    Advance();
    Advance();
    if (w->partition_by.empty()) w->style = ast::WindowSpec::Style::DistributeSort;
    if (!ParseOrderItems(&w->order_by)) return false;
  }
  return true;
}

/// window_frame ::= (ROWS | RANGE) (BETWEEN frame_bound AND frame_bound | frame_bound)
bool Parser::ParseWindowFrame(ast::WindowFrame** out) {
  auto* f = arena_.New<ast::WindowFrame>();
  f->unit = AtKw(Keyword::Rows) ? ast::WindowFrame::Unit::Rows : ast::WindowFrame::Unit::Range;
  Advance();
  if (AcceptKw(Keyword::Between)) {
    f->has_end = true;
    if (!ParseFrameBound(&f->start) || !ExpectKw(Keyword::And) || !ParseFrameBound(&f->end)) return false;
  } else if (!ParseFrameBound(&f->start)) {
    return false;
  }
  *out = f;
  return true;
}

/// frame_bound ::= UNBOUNDED (PRECEDING | FOLLOWING) | CURRENT ROW | expr (PRECEDING | FOLLOWING)
bool Parser::ParseFrameBound(ast::FrameBound* out) {
  using T = ast::FrameBound::Type;
  if (AcceptKw(Keyword::Unbounded)) {
    if (AcceptKw(Keyword::Preceding))
      out->type = T::UnboundedPreceding;
    else if (AcceptKw(Keyword::Following))
      out->type = T::UnboundedFollowing;
    else {
      Fail("PRECEDING or FOLLOWING");
      return false;
    }
    return true;
  }
  if (AtKw(Keyword::Current) && AtKw(Keyword::Row, 1)) {
    Advance();
    Advance();
    out->type = T::CurrentRow;
    return true;
  }
  out->offset = ParseExpr(ast::Precedence::And);
  if (out->offset == nullptr) return false;
  if (AcceptKw(Keyword::Preceding))
    out->type = T::Preceding;
  else if (AcceptKw(Keyword::Following))
    out->type = T::Following;
  else {
    Fail("PRECEDING or FOLLOWING");
    return false;
  }
  return true;
}

/// sort_items ::= expr [ASC | DESC] [NULLS (FIRST | LAST)] (',' ...)*
bool Parser::ParseOrderItems(ast::List<ast::OrderItem>* out) {
  ListBuilder<ast::OrderItem> items(order_items_);
  do {
    ast::OrderItem it;
    it.expr = ParseExpr();
    if (it.expr == nullptr) return false;
    if (AcceptKw(Keyword::Asc))
      it.direction = ast::OrderItem::Direction::Asc;
    else if (AcceptKw(Keyword::Desc))
      it.direction = ast::OrderItem::Direction::Desc;
    if (AtKw(Keyword::Nulls)) {
      Advance();
      if (AcceptKw(Keyword::First))
        it.nulls = ast::OrderItem::Nulls::First;
      else if (AcceptKw(Keyword::Last))
        it.nulls = ast::OrderItem::Nulls::Last;
      else {
        Fail("FIRST or LAST");
        return false;
      }
    }
    items.Push(it);
  } while (AcceptListComma());
  *out = items.Finish(arena_);
  return true;
}

}  // namespace hivelineage::parser
