// The statements built on queries: a plain query, INSERT ... query (into a
// table or a directory), and FROM-first multi-insert
// (`FROM src INSERT ... SELECT ... INSERT ... SELECT ...`).
#include "parser/parser_impl.h"

namespace hivelineage::parser {

/// query_statement ::= [with_clause] (from_first | insert_target query | query_rest)
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

/// from_first ::= FROM from_clause ([insert_target] (select_core | map_reduce) trailing_clauses)+
ast::Statement* Parser::ParseFromFirst(ast::QueryStatement* stmt) {
  Advance();  // FROM
  stmt->from = ParseFromClause();
  if (stmt->from == nullptr) return nullptr;
  if (spark() && (AtPipe() || AtEnd())) {
    // Spark's `FROM t |> ...` (or `FROM t` alone): the query `SELECT * FROM t`, then the pipe operators.
    auto* core = arena_.New<ast::SelectCore>();
    std::vector<ast::SelectItem> star(1);
    star[0].expr = arena_.New<ast::StarExpr>();
    core->items = arena_.CopyOf(star);
    core->from = stmt->from;
    core->span = SpanFrom(stmt->from->span.begin);
    stmt->from = nullptr;
    auto* q = arena_.New<ast::Query>();
    q->body = core;
    q->span = core->span;
    // A WITH before it belongs to this query, as it does to `WITH ... SELECT`:
    // the statement prints as that, and must parse back the same.
    q->ctes = stmt->ctes;
    stmt->ctes = {};
    ast::Ident alias;
    while (q != nullptr && AtPipe()) {
      AdvancePipe();
      q = ParsePipeOperator(q, &alias, core->span.begin);
    }
    if (q != nullptr) q = ParseClausesAfterPipes(q, core->span.begin);
    if (q == nullptr) return nullptr;
    ast::InsertBody body;
    body.query = q;
    body.span = q->span;
    stmt->bodies = {arena_.New<ast::InsertBody>(body), 1};
    return stmt;
  }
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

/// insert_target ::= INSERT OVERWRITE [LOCAL] DIRECTORY 'path' [row_format] [file_format]
///                 | INSERT (OVERWRITE | INTO) [TABLE] qualified_name [partition_spec] [IF NOT EXISTS]
///                   ['(' name (',' name)* ')']
///                   [BY NAME] [REPLACE WHERE expr]      (Spark; REPLACE WHERE after INTO only)
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
      if (AtKw(Keyword::Row) && AtKw(Keyword::Format, 1) && !ParseRowFormat()) return nullptr;
      if (AtKw(Keyword::Stored) && !ParseFileFormat()) return nullptr;
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
  if (spark() && t->columns.empty() && AtKw(Keyword::By) && AtWord("NAME", 1)) {
    Advance();
    Advance();
    t->by_name = true;
  }
  if (spark() && !t->overwrite && t->partition == nullptr && t->columns.empty() && AtKw(Keyword::Replace) &&
      AtKw(Keyword::Where, 1)) {
    Advance();
    Advance();
    t->replace_where = ParseExpr();
    if (t->replace_where == nullptr) return nullptr;
  }
  t->span = SpanFrom(begin);
  return t;
}

}  // namespace hivelineage::parser
