// DML besides INSERT: UPDATE, DELETE, MERGE, LOAD DATA, EXPORT, IMPORT.
#include "parser/parser_impl.h"

namespace hivelineage::parser {

/// assignments ::= [name '.']* name = expr (',' ...)*   (DEFAULT allowed as a value)
bool Parser::ParseAssignments(ast::List<ast::Assignment>* out) {
  std::vector<ast::Assignment> as;
  const bool saved = allow_default_;
  allow_default_ = true;
  do {
    ast::Assignment a;
    if (!ParseAnyName(&a.column)) return allow_default_ = saved, false;
    // `SET t.c = ...`: keep the column (the last part).
    while (At(TokenKind::Dot) && AtAnyName(1)) {
      Advance();
      a.column = MakeIdent(Peek());
      Advance();
    }
    if (!Expect(TokenKind::Equal)) return allow_default_ = saved, false;
    a.value = ParseExpr();
    if (a.value == nullptr) return allow_default_ = saved, false;
    as.push_back(a);
  } while (Accept(TokenKind::Comma));
  allow_default_ = saved;
  *out = arena_.CopyOf(as);
  return true;
}

// Spark's `[AS] alias` after the table of UPDATE / DELETE, up to `stop` (SET or WHERE).
bool Parser::ParseDmlAlias(Keyword stop, ast::Ident* out) {
  if (!spark()) return true;
  if (AcceptKw(Keyword::As)) return ParseAnyName(out);
  if (AtPlainIdent() && !AtKw(stop)) {
    *out = MakeIdent(Peek());
    Advance();
  }
  return true;
}

/// update ::= UPDATE qualified_name [[AS] alias] SET assignments [WHERE expr]   (the alias: Spark)
ast::Statement* Parser::ParseUpdate() {
  const uint32_t begin = StartOffset();
  Advance();  // UPDATE
  auto* u = arena_.New<ast::UpdateStatement>();
  if (!ParseQualifiedName(&u->table, true) || !ParseDmlAlias(Keyword::Set, &u->alias) || !ExpectKw(Keyword::Set))
    return nullptr;
  if (!ParseAssignments(&u->assignments)) return nullptr;
  if (AcceptKw(Keyword::Where)) {
    u->where = ParseExpr();
    if (u->where == nullptr) return nullptr;
  }
  u->span = SpanFrom(begin);
  return u;
}

/// delete ::= DELETE FROM qualified_name [[AS] alias] [WHERE expr]   (the alias: Spark)
ast::Statement* Parser::ParseDelete() {
  const uint32_t begin = StartOffset();
  Advance();  // DELETE
  if (!ExpectKw(Keyword::From)) return nullptr;
  auto* d = arena_.New<ast::DeleteStatement>();
  if (!ParseQualifiedName(&d->table, true) || !ParseDmlAlias(Keyword::Where, &d->alias)) return nullptr;
  if (AcceptKw(Keyword::Where)) {
    d->where = ParseExpr();
    if (d->where == nullptr) return nullptr;
  }
  d->span = SpanFrom(begin);
  return d;
}

/// merge ::= MERGE [hint] INTO qualified_name [[AS] name] USING table_source ON expr merge_when+
/// merge_when ::= WHEN [NOT] MATCHED [AND expr] THEN (UPDATE SET assignments | DELETE
///                | INSERT ['(' names ')'] VALUES '(' exprs ')')
/// Spark (Delta, Iceberg) also: WHEN NOT MATCHED [BY TARGET | BY SOURCE], UPDATE SET *, INSERT *
ast::Statement* Parser::ParseMerge() {
  const uint32_t begin = StartOffset();
  Advance();  // MERGE
  auto* m = arena_.New<ast::MergeStatement>();
  if (At(TokenKind::Hint)) {
    m->hint = Text(Peek());
    Advance();
  }
  if (!ExpectKw(Keyword::Into) || !ParseQualifiedName(&m->target, true)) return nullptr;
  if (AcceptKw(Keyword::As)) {
    if (!ParseAnyName(&m->target_alias)) return nullptr;
  } else if (AtPlainIdent()) {
    m->target_alias = MakeIdent(Peek());
    Advance();
  }
  if (!ExpectKw(Keyword::Using)) return nullptr;
  m->source = ParseTableSource();
  if (m->source == nullptr || !ExpectKw(Keyword::On)) return nullptr;
  m->on = ParseExpr();
  if (m->on == nullptr) return nullptr;
  std::vector<ast::MergeClause> clauses;
  while (AtKw(Keyword::When)) {
    ast::MergeClause c;
    const uint32_t cbegin = StartOffset();
    Advance();
    c.matched = !AcceptKw(Keyword::Not);
    if (!ExpectKw(Keyword::Matched)) return nullptr;
    if (spark() && !c.matched && AtKw(Keyword::By) && (AtKw(Keyword::Source, 1) || AtWord("TARGET", 1))) {
      Advance();
      c.by_source = AtKw(Keyword::Source);  // BY TARGET is the plain NOT MATCHED
      Advance();
    }
    if (AcceptKw(Keyword::And)) {
      c.condition = ParseExpr();
      if (c.condition == nullptr) return nullptr;
    }
    if (!ExpectKw(Keyword::Then)) return nullptr;
    if (AcceptKw(Keyword::Update)) {
      c.action = ast::MergeClause::Action::Update;
      if (!ExpectKw(Keyword::Set)) return nullptr;
      if (spark() && !c.by_source && Accept(TokenKind::Star))
        c.star = true;
      else if (!ParseAssignments(&c.assignments))
        return nullptr;
    } else if (AcceptKw(Keyword::Delete)) {
      c.action = ast::MergeClause::Action::Delete;
    } else if (AcceptKw(Keyword::Insert)) {
      c.action = ast::MergeClause::Action::Insert;
      if (spark() && (c.matched || c.by_source)) {
        Fail("UPDATE or DELETE");  // only a source row no target row matches can be inserted
        return nullptr;
      }
      if (spark() && Accept(TokenKind::Star)) {
        c.star = true;
        c.span = SpanFrom(cbegin);
        clauses.push_back(c);
        continue;
      }
      if (At(TokenKind::LParen) && !ParseIdentList(&c.insert_columns)) return nullptr;
      if (!ExpectKw(Keyword::Values) || !Expect(TokenKind::LParen)) return nullptr;
      const bool saved = allow_default_;
      allow_default_ = true;
      const bool ok = ParseExprList(&c.insert_values);
      allow_default_ = saved;
      if (!ok || !Expect(TokenKind::RParen)) return nullptr;
    } else {
      Fail("UPDATE, DELETE or INSERT");
      return nullptr;
    }
    c.span = SpanFrom(cbegin);
    clauses.push_back(c);
  }
  if (clauses.empty()) {
    Fail("WHEN");
    return nullptr;
  }
  m->clauses = arena_.CopyOf(clauses);
  m->span = SpanFrom(begin);
  return m;
}

/// load ::= LOAD DATA [LOCAL] INPATH 'path' [OVERWRITE] INTO TABLE qualified_name [partition_spec]
///          [INPUTFORMAT ... SERDE ...]   (kept as text)
ast::Statement* Parser::ParseLoad() {
  const uint32_t begin = StartOffset();
  Advance();  // LOAD
  auto* l = arena_.New<ast::LoadDataStatement>();
  if (!ExpectKw(Keyword::Data)) return nullptr;
  l->local = AcceptKw(Keyword::Local);
  if (!ExpectKw(Keyword::Inpath)) return nullptr;
  l->path = ParseStringValue();
  if (Prev().kind != TokenKind::String) return nullptr;
  l->overwrite = AcceptKw(Keyword::Overwrite);
  if (!ExpectKw(Keyword::Into) || !ExpectKw(Keyword::Table)) return nullptr;
  if (!ParseQualifiedName(&l->table, true)) return nullptr;
  if (AtKw(Keyword::Partition) && !ParsePartitionSpec(&l->partition)) return nullptr;
  const size_t start = pos_;
  while (!AtEnd()) {
    if (At(TokenKind::Error)) {
      Fail("end of statement");
      return nullptr;
    }
    Advance();
  }
  if (pos_ > start) l->options_text = CanonicalText(start, pos_);
  l->span = SpanFrom(begin);
  return l;
}

/// export ::= EXPORT TABLE qualified_name [partition_spec] TO 'path' [options]
ast::Statement* Parser::ParseExport() {
  const uint32_t begin = StartOffset();
  Advance();  // EXPORT
  auto* e = arena_.New<ast::ExportStatement>();
  if (!ExpectKw(Keyword::Table) || !ParseQualifiedName(&e->table, true)) return nullptr;
  if (AtKw(Keyword::Partition) && !ParsePartitionSpec(&e->partition)) return nullptr;
  if (!ExpectKw(Keyword::To)) return nullptr;
  e->path = ParseStringValue();
  if (Prev().kind != TokenKind::String) return nullptr;
  if (!SkipOptionsText(last_, "end of statement", &e->options_text)) return nullptr;
  e->span = SpanFrom(begin);
  return e;
}

/// import ::= IMPORT [[EXTERNAL] TABLE qualified_name [partition_spec]] FROM 'path' [LOCATION 'path']
ast::Statement* Parser::ParseImport() {
  const uint32_t begin = StartOffset();
  Advance();  // IMPORT
  auto* i = arena_.New<ast::ImportStatement>();
  i->external = AcceptKw(Keyword::External);
  if (AcceptKw(Keyword::Table)) {
    if (!ParseQualifiedName(&i->table, true)) return nullptr;
    if (AtKw(Keyword::Partition) && !ParsePartitionSpec(&i->partition)) return nullptr;
  }
  if (!ExpectKw(Keyword::From)) return nullptr;
  i->path = ParseStringValue();
  if (Prev().kind != TokenKind::String) return nullptr;
  if (AcceptKw(Keyword::Location)) {
    i->location = ParseStringValue();
    if (Prev().kind != TokenKind::String) return nullptr;
  }
  i->span = SpanFrom(begin);
  return i;
}

}  // namespace hivelineage::parser
