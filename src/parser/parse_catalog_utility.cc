// Spark's statements about the catalog that read and write no rows:
// DESCRIBE, SHOW, CREATE/ALTER SCHEMA, ANALYZE, REFRESH, UNCACHE, COMMENT ON,
// USE, and the data-source temporary view (CREATE TEMPORARY VIEW v USING fmt).
// Each keeps its target name typed and the clauses that matter to no lineage
// as canonical text.
#include "base/strings.h"
#include "parser/parser_impl.h"

namespace hivelineage::parser {

/// object_name ::= IDENTIFIER '(' expr ')' | qualified_name
bool Parser::ParseObjectName(ast::ObjectName* out, bool any_name) {
  if (AtWord("identifier") && AtKind(TokenKind::LParen, 1) && !AtIdentifierClause()) {
    WarnIfRunTimeName();
    Advance();
    Advance();
    out->identifier = ParseExpr();
    return out->identifier != nullptr && Expect(TokenKind::RParen);
  }
  return any_name ? ParseAnyQualifiedName(&out->name) : ParseQualifiedName(&out->name, true);
}

namespace {
constexpr std::string_view kDescribeObjects[] = {"table", "function", "schema", "database", "namespace", "catalog"};
}  // namespace

/// spark_describe ::= (DESC | DESCRIBE) [QUERY] query
///                  | (DESC | DESCRIBE) [TABLE | FUNCTION | SCHEMA | DATABASE | NAMESPACE | CATALOG]
///                    [EXTENDED | FORMATTED] object_name [partition_spec] [column_path] [AS JSON]
ast::Statement* Parser::ParseSparkDescribe() {
  const uint32_t begin = StartOffset();
  Advance();  // DESC / DESCRIBE
  auto* d = arena_.New<ast::DescribeStatement>();
  if (AtWord("query") && AtQueryStart(1)) Advance();
  if (AtQueryStart() && !AtKw(Keyword::Table)) {
    const bool from_first = AtKw(Keyword::From);
    d->query = ParseQuery();
    if (d->query == nullptr) {
      if (from_first) return nullptr;  // DESCRIBE FROM t INSERT ...: Spark rejects it
      // A query in syntax not read yet: kept as text, as before it was typed.
      pos_ = StartIndex(begin);
      return ParseOther("describe", begin);
    }
    d->span = SpanFrom(begin);
    return d;
  }
  for (std::string_view object : kDescribeObjects)
    if (AtWord(object) && AtAnyName(1)) {
      d->object = object;
      Advance();
      break;
    }
  if ((AtKw(Keyword::Extended) || AtKw(Keyword::Formatted)) && AtAnyName(1)) {
    d->option = AtKw(Keyword::Extended) ? "extended" : "formatted";
    Advance();
  }
  const bool table = d->object.empty() || d->object == "table";
  if (!ParseObjectName(&d->target, !table)) return nullptr;
  if (table) {
    if (AtKw(Keyword::Partition) && !ParsePartitionSpec(&d->partition)) return nullptr;
    if (AtIdentifierClause()) {
      ast::QualifiedName column;
      if (!ParseQualifiedName(&column, false)) return nullptr;
      d->column = column.parts;
    } else if (AtAnyName() && !AtKw(Keyword::As)) {
      ListBuilder<ast::Ident> column(idents_);
      do {
        ast::Ident id;
        if (!ParseAnyName(&id)) return nullptr;
        column.Push(id);
      } while (Accept(TokenKind::Dot));
      d->column = column.Finish(arena_);
    }
    if (AtKw(Keyword::As) && AtWord("json", 1)) {
      if (!d->column.empty()) {  // Spark describes a column as JSON nowhere
        Fail("end of statement");
        return nullptr;
      }
      Advance();
      Advance();
      d->as_json = true;
    }
  }
  d->span = SpanFrom(begin);
  return d;
}

namespace {
// The words that say what SHOW lists.
constexpr std::string_view kShowWords[] = {
    "tables",  "table",       "extended",  "views",      "columns",   "partitions", "tblproperties",
    "functions", "user",      "system",    "all",        "create",    "current",    "schema",
    "namespace", "database",  "databases", "schemas",    "namespaces", "catalogs",  "catalog",
    "collations", "procedures", "grants",  "locks",      "conf",      "transactions", "compactions",
    "roles",   "indexes",     "principals", "role",      "grant",
};
// Those after which the target follows directly (no FROM / IN).
constexpr std::string_view kShowDirectTarget[] = {"tblproperties", "partitions", "create table"};
}  // namespace

/// spark_show ::= SHOW show_word+ [(FROM | IN) object_name | object_name] [partition_spec] token*
///   (the target is direct after TBLPROPERTIES, PARTITIONS, CREATE TABLE; the rest kept as text)
ast::Statement* Parser::ParseSparkShow() {
  const uint32_t begin = StartOffset();
  Advance();  // SHOW
  auto* s = arena_.New<ast::ShowStatement>();
  std::string what;
  while (At(TokenKind::Word)) {
    bool known = false;
    for (std::string_view w : kShowWords) known |= AtWord(w);
    if (!known) break;
    if (!what.empty()) what.push_back(' ');
    what += ToLower(Text(Peek()));
    Advance();
  }
  if (what.empty()) {
    Fail("what to show");
    return nullptr;
  }
  s->what = arena_.CopyString(what);
  bool direct = false;
  for (std::string_view w : kShowDirectTarget) direct |= what == w;
  if (direct) {
    if (!ParseObjectName(&s->target, false)) return nullptr;
  } else if ((AtKw(Keyword::From) || AtKw(Keyword::In)) && AtAnyName(1)) {
    s->preposition = AtKw(Keyword::From) ? "from" : "in";
    Advance();
    if (!ParseObjectName(&s->target, true)) return nullptr;
  }
  if (AtKw(Keyword::Partition) && !ParsePartitionSpec(&s->partition)) return nullptr;
  if (!SkipOptionsText(last_, "end of statement", &s->rest_text)) return nullptr;
  s->span = SpanFrom(begin);
  return s;
}

/// spark_utility ::= ANALYZE (TABLE object_name [partition_spec] | TABLES) token*
///                 | REFRESH [TABLE | FUNCTION] (object_name | 'path')
///                 | UNCACHE TABLE [IF EXISTS] object_name
///                 | COMMENT ON (CATALOG | NAMESPACE | SCHEMA | DATABASE | TABLE | VIEW | COLUMN) object_name IS token*
///                 | CREATE (SCHEMA | DATABASE | NAMESPACE) [IF NOT EXISTS] object_name token*
///                 | ALTER (SCHEMA | DATABASE | NAMESPACE) object_name token*
///   (after the verb, which `verb` names; what follows the target kept as text)
ast::Statement* Parser::ParseSparkUtility(std::string_view verb, uint32_t begin) {
  auto* u = arena_.New<ast::UtilityStatement>();
  u->verb = verb;
  static constexpr std::string_view kObjects[] = {"schema", "database", "namespace", "tables", "table",
                                                  "function", "catalog",  "view",      "column"};
  for (std::string_view object : kObjects)
    if (AtWord(object)) {
      u->object = object;
      Advance();
      break;
    }
  const bool schema = u->object == "schema" || u->object == "database" || u->object == "namespace";
  if (verb == "comment on" || verb == "uncache" || (verb == "analyze" && u->object != "tables") ||
      verb == "create" || verb == "alter") {
    if (u->object.empty() || (verb != "comment on" && verb != "analyze" && verb != "uncache" && !schema) ||
        (verb == "uncache" && u->object != "table")) {
      Fail(verb == "uncache" || verb == "analyze" ? "TABLE" : "SCHEMA");
      return nullptr;
    }
  }
  if (AtKw(Keyword::If) && AtKw(Keyword::Exists, 1) && verb == "uncache") {
    Advance();
    Advance();
    u->if_exists = true;
  }
  if (AtKw(Keyword::If) && AtKw(Keyword::Not, 1) && AtKw(Keyword::Exists, 2) && verb.starts_with("create")) {
    Advance();
    Advance();
    Advance();
    u->if_not_exists = true;
  }
  const bool has_target = u->object != "tables" && !At(TokenKind::String) && !AtEnd();
  if (has_target && !ParseObjectName(&u->target, u->object != "table" && !u->object.empty())) return nullptr;
  if (u->object == "table" && AtKw(Keyword::Partition) && !ParsePartitionSpec(&u->partition)) return nullptr;
  if (verb == "comment on" && !AtKw(Keyword::Is)) {
    Fail("IS");
    return nullptr;
  }
  if (!SkipOptionsText(last_, "end of statement", &u->rest_text)) return nullptr;
  u->span = SpanFrom(begin);
  return u;
}

/// spark_use ::= USE [SCHEMA | DATABASE | NAMESPACE] (IDENTIFIER '(' expr ')' | [name '.'] name)
ast::Statement* Parser::ParseSparkUse() {
  const uint32_t begin = StartOffset();
  Advance();  // USE
  auto* u = arena_.New<ast::UseStatement>();
  for (std::string_view object : {"schema", "database", "namespace"})
    if (AtWord(object) && AtAnyName(1)) {
      u->object = object;
      Advance();
      break;
    }
  ast::ObjectName name;
  if (!ParseObjectName(&name, true)) return nullptr;
  if (name.identifier != nullptr) {
    u->identifier = name.identifier;
  } else if (name.name.parts.size() == 1) {
    u->database = name.name.parts[0];
  } else if (name.name.parts.size() == 2) {
    u->catalog = name.name.parts[0];
    u->database = name.name.parts[1];
  } else {
    Fail("end of statement");
    return nullptr;
  }
  u->span = SpanFrom(begin);
  return u;
}

}  // namespace hivelineage::parser
