// DDL: CREATE TABLE (columns, partitions, storage options, LIKE, CTAS),
// CREATE [MATERIALIZED] VIEW, ALTER TABLE/VIEW/MATERIALIZED VIEW, DROP,
// TRUNCATE. Storage clauses are kept as canonical text, not interpreted;
// CREATE/ALTER/DROP of other objects become OtherStatement.
#include "base/strings.h"
#include "parser/parser_impl.h"

namespace hivelineage::parser {

/// other_object ::= (CREATE | ALTER | DROP) [TEMPORARY] object_word ...   (kept as text)
ast::Statement* Parser::ParseOtherObject(std::string_view verb, size_t start, uint32_t begin) {
  if (!At(TokenKind::Word)) {
    Fail("TABLE or VIEW");
    return nullptr;
  }
  std::string what = Cat(verb, " ", ToLower(Text(Peek())));
  pos_ = start;
  return ParseOther(arena_.CopyString(what), begin);
}

/// create ::= CREATE [OR REPLACE] [TEMPORARY | EXTERNAL | TRANSACTIONAL | MANAGED | TEMP | GLOBAL]*
///            (create_table | [MATERIALIZED] create_view | other_object)
ast::Statement* Parser::ParseCreate() {
  const uint32_t begin = StartOffset();
  const size_t start = pos_;
  Advance();  // CREATE
  bool or_replace = false;
  if (AtKw(Keyword::Or) && AtKw(Keyword::Replace, 1)) {
    Advance();
    Advance();
    or_replace = true;
  }
  bool temporary = false, external = false, transactional = false, managed = false, global = false;
  while (true) {
    if (AcceptKw(Keyword::Temporary))
      temporary = true;
    else if (spark() && AtWord("temp") &&
             (AtKw(Keyword::View, 1) || AtKw(Keyword::Table, 1) || AtKw(Keyword::Function, 1)) && (Advance(), true))
      temporary = true;
    else if (spark() && AtWord("global") && (AtKw(Keyword::Temporary, 1) || AtWord("temp", 1)) && (Advance(), true))
      global = true;
    else if (AcceptKw(Keyword::External))
      external = true;
    else if (AcceptKw(Keyword::Transactional))
      transactional = true;
    else if (AcceptKw(Keyword::Managed))
      managed = true;
    else
      break;
  }
  if (AtKw(Keyword::Table)) return ParseCreateTable(begin, temporary, external, transactional, managed);
  if (AtKw(Keyword::View) && spark() && temporary) {
    // Spark's temporary view: of a query, or of a data source (`USING fmt OPTIONS (...)`, kept as text).
    size_t k = 1;
    while (k < 64 && !AtKw(Keyword::As, k) && !AtKw(Keyword::Using, k) && !AtKind(TokenKind::Eof, k)) ++k;
    if (!AtKw(Keyword::As, k) && AtKind(TokenKind::LParen, 2)) {
      // spark_view_using ::= VIEW name '(' column_defs ')' USING provider [OPTIONS ...]
      // A data-source view with its columns declared: a view without a query.
      Advance();  // VIEW
      auto* v = arena_.New<ast::CreateViewStatement>();
      v->or_replace = or_replace;
      v->temporary = true;
      v->global = global;
      if (!ParseQualifiedName(&v->name, true) || !ParseColumnDefs(&v->columns, true)) return nullptr;
      if (!AtKw(Keyword::Using)) {
        Fail("USING");
        return nullptr;
      }
      if (!SkipOptionsText(last_, "end of statement", &v->options_text)) return nullptr;
      v->span = SpanFrom(begin);
      return v;
    }
    if (!AtKw(Keyword::As, k)) {
      // A data-source view: its columns come from the source, no query to read.
      Advance();  // VIEW
      std::string verb = or_replace ? "create or replace" : "create";
      if (global) verb += " global";
      verb += " temporary";
      auto* u = static_cast<ast::UtilityStatement*>(ParseSparkUtility(arena_.CopyString(verb), begin));
      if (u != nullptr) u->object = "view";
      return u;
    }
    auto* v = static_cast<ast::CreateViewStatement*>(ParseCreateView(begin, or_replace, false));
    if (v == nullptr) return nullptr;
    v->temporary = true;
    v->global = global;
    return v;
  }
  if (AtKw(Keyword::View)) return ParseCreateView(begin, or_replace, false);
  if (AtKw(Keyword::Materialized) && AtKw(Keyword::View, 1)) {
    Advance();
    return ParseCreateView(begin, or_replace, true);
  }
  if (spark() && AtKw(Keyword::Function)) return ParseCreateFunction(begin, or_replace, temporary);
  if (spark() && !temporary && !or_replace && (AtWord("schema") || AtWord("database") || AtWord("namespace")))
    return ParseSparkUtility("create", begin);
  // CREATE DATABASE / FUNCTION / MACRO / ROLE / INDEX / SCHEDULED QUERY / ...
  return ParseOtherObject(temporary ? "create temporary" : "create", start, begin);
}

/// create_table ::= TABLE [IF NOT EXISTS] qualified_name
///     ( LIKE (qualified_name | FILE name 'path') [PARTITIONED BY partition_transforms] table_storage
///     | ['(' column_defs ')'] [COMMENT 'text'] [PARTITIONED BY ('(' column_defs ')' | partition_transforms)]
///       table_layout table_storage [AS query] )
/// (after CREATE and its modifiers; the clauses after the partition columns kept as text)
ast::Statement* Parser::ParseCreateTable(uint32_t begin, bool temporary, bool external, bool transactional,
                                         bool managed) {
  Advance();  // TABLE
  auto* c = arena_.New<ast::CreateTableStatement>();
  c->temporary = temporary;
  c->external = external;
  c->transactional = transactional;
  c->managed = managed;
  if (AtKw(Keyword::If) && AtKw(Keyword::Not, 1) && AtKw(Keyword::Exists, 2)) {
    Advance();
    Advance();
    Advance();
    c->if_not_exists = true;
  }
  if (!ParseQualifiedName(&c->name, true)) return nullptr;
  size_t options = pos_;  // the clauses kept as text: tokens [options, options_end)
  size_t options_end = pos_;
  if (AtKw(Keyword::Like)) {
    Advance();
    if (AcceptKw(Keyword::File)) {
      ast::Ident format;
      if (!ParseIdent(&format) || !ParseTextValue()) return nullptr;
    } else {
      if (!ParseQualifiedName(&c->like, true)) return nullptr;
      options = pos_;
    }
    if (AtKw(Keyword::Partitioned) && AtKw(Keyword::By, 1) && AtKw(Keyword::Spec, 2)) {
      Advance();
      Advance();
      if (!SkipPartitionTransforms()) return nullptr;
    }
    if (!ParseTableStorage(&c->location)) return nullptr;
    options_end = pos_;
  } else if (spark()) {
    if (At(TokenKind::LParen) && !ParseColumnDefs(&c->columns, true)) return nullptr;
    if (!ParseSparkTableClauses(c)) return nullptr;
    options = options_end = pos_;  // ParseSparkTableClauses set options_text
    if (AcceptKw(Keyword::As) || AtQueryStart()) {  // Spark's AS is optional
      c->as_query = ParseQuery();
      if (c->as_query == nullptr) return nullptr;
    }
  } else {
    if (At(TokenKind::LParen) && !ParseColumnDefs(&c->columns, true)) return nullptr;
    if (AtKw(Keyword::Comment)) {
      Advance();
      if (!At(TokenKind::String)) {
        Fail("string literal");
        return nullptr;
      }
      c->comment = ParseStringValue();
    }
    options = pos_;
    if (AtKw(Keyword::Partitioned) && AtKw(Keyword::By, 1)) {
      Advance();
      Advance();
      if (AtKw(Keyword::Spec)) {
        if (!SkipPartitionTransforms()) return nullptr;
      } else {
        if (!ParseColumnDefs(&c->partition_columns, false)) return nullptr;
        options = pos_;
      }
    }
    if (!ParseTableLayout() || !ParseTableStorage(&c->location)) return nullptr;
    options_end = pos_;
    if (AcceptKw(Keyword::As)) {
      c->as_query = ParseQuery();
      if (c->as_query == nullptr) return nullptr;
    } else if (AtQueryStart()) {
      Fail("AS");  // Hive wants `AS` before the query of a CTAS
      return nullptr;
    }
  }
  if (options_end > options) c->options_text = CanonicalText(options, options_end);
  c->span = SpanFrom(begin);
  return c;
}

/// spark_table_clauses ::= (USING name | OPTIONS spark_options | PARTITIONED BY '(' column_defs ')'
///                          | table_layout | row_format | file_format | LOCATION 'path' | COMMENT 'text'
///                          | TBLPROPERTIES properties)*   (Spark, any order; all but COMMENT and typed
///                          partition columns kept as text, in the order written)
bool Parser::ParseSparkTableClauses(ast::CreateTableStatement* c) {
  std::string text;
  auto keep = [&](size_t from) {
    if (pos_ == from) return;
    if (!text.empty()) text.push_back(' ');
    text += CanonicalText(from, pos_);
  };
  while (true) {
    const size_t from = pos_;
    if (AcceptKw(Keyword::Using)) {
      if (!SkipDottedName()) return false;
    } else if (AtWord("options") && AtKind(TokenKind::LParen, 1)) {
      Advance();
      if (!ParseSparkOptions()) return false;
    } else if (AtKw(Keyword::Comment) && AtKind(TokenKind::String, 1)) {
      Advance();
      c->comment = ParseStringValue();
      continue;
    } else if (AtKw(Keyword::Partitioned) && AtKw(Keyword::By, 1)) {
      // `(p INT, ...)` declares partition columns; `(p, ...)` names some of the columns.
      const bool typed = AtKind(TokenKind::LParen, 2) && !AtKind(TokenKind::Comma, 4) && !AtKind(TokenKind::RParen, 4);
      Advance();
      Advance();
      if (c->partition_columns.empty()) {
        // Names alone are kept untyped: lineage takes those columns of the list as the partition columns.
        if (!ParseColumnDefs(&c->partition_columns, typed)) return false;
        continue;
      }
      if (!SkipNameList()) return false;
    } else if (AtKw(Keyword::Clustered) || AtKw(Keyword::Skewed)) {
      if (!ParseTableLayout()) return false;
    } else if ((AtKw(Keyword::Row) && AtKw(Keyword::Format, 1)) || AtKw(Keyword::Stored) ||
               AtKw(Keyword::Location) || AtKw(Keyword::Tblproperties)) {
      if (!ParseTableStorage(&c->location)) return false;
    }
    if (pos_ == from) break;
    keep(from);
  }
  if (!text.empty()) c->options_text = arena_.CopyString(text);
  return true;
}

/// dotted_name ::= name ('.' name)*   (a data source, an option key: not a table)
bool Parser::SkipDottedName() {
  ast::Ident part;
  if (!ParseAnyName(&part)) return false;
  while (At(TokenKind::Dot) && AtAnyName(1)) {
    Advance();
    if (!ParseAnyName(&part)) return false;
  }
  return true;
}

/// spark_options ::= '(' option (',' option)* ')'
///   option ::= (name ('.' name)* | 'key') ['='] (literal | name)
/// (Spark's propertyList, of OPTIONS and TBLPROPERTIES; `value_optional`:
/// a key alone may stand, as in UNSET TBLPROPERTIES (k))
bool Parser::ParseSparkOptions(bool value_optional) {
  if (!Expect(TokenKind::LParen)) return false;
  if (Accept(TokenKind::RParen)) return true;
  do {
    if (At(TokenKind::String)) {
      Advance();
    } else if (!SkipDottedName()) {
      return false;
    }
    if (!Accept(TokenKind::Equal) && value_optional && (At(TokenKind::Comma) || At(TokenKind::RParen))) continue;
    if (At(TokenKind::String) || At(TokenKind::Number) || At(TokenKind::Word) || At(TokenKind::Variable)) {
      Advance();
    } else if (At(TokenKind::Minus) && AtKind(TokenKind::Number, 1)) {
      Advance();
      Advance();
    } else {
      Fail("option value");
      return false;
    }
  } while (Accept(TokenKind::Comma));
  return Expect(TokenKind::RParen);
}

/// spark_cache ::= CACHE [LAZY] TABLE qualified_name [OPTIONS spark_options] [[AS] query]
/// (Spark; with a query, a cached temporary view of it; without, kept as text)
ast::Statement* Parser::ParseSparkCache() {
  const uint32_t begin = StartOffset();
  const size_t start = pos_;
  Advance();  // CACHE
  const bool lazy = AtWord("lazy");
  if (lazy) Advance();
  if (!ExpectKw(Keyword::Table)) return nullptr;
  auto* v = arena_.New<ast::CreateViewStatement>();
  v->cache = lazy ? ast::CreateViewStatement::Cache::Lazy : ast::CreateViewStatement::Cache::Eager;
  v->temporary = true;
  if (!ParseQualifiedName(&v->name, true)) return nullptr;
  const size_t options = pos_;
  if (AtWord("options") && AtKind(TokenKind::LParen, 1)) {
    Advance();
    if (!ParseSparkOptions()) return nullptr;
    v->options_text = CanonicalText(options, pos_);
  }
  if (!AcceptKw(Keyword::As) && !AtQueryStart()) {
    pos_ = start;
    return ParseOther("cache", begin);
  }
  v->query = ParseQuery();
  if (v->query == nullptr) return nullptr;
  v->span = SpanFrom(begin);
  return v;
}

/// create_view ::= VIEW [IF NOT EXISTS] qualified_name ['(' column_defs ')'] (view_options | mv_options) AS query
/// (after CREATE [OR REPLACE] [MATERIALIZED])
ast::Statement* Parser::ParseCreateView(uint32_t begin, bool or_replace, bool materialized) {
  Advance();  // VIEW
  auto* v = arena_.New<ast::CreateViewStatement>();
  v->or_replace = or_replace;
  v->materialized = materialized;
  if (AtKw(Keyword::If) && AtKw(Keyword::Not, 1) && AtKw(Keyword::Exists, 2)) {
    Advance();
    Advance();
    Advance();
    v->if_not_exists = true;
  }
  if (!ParseQualifiedName(&v->name, true)) return nullptr;
  if (At(TokenKind::LParen) && !ParseColumnDefs(&v->columns, false)) return nullptr;
  const size_t options = pos_;
  if (!ParseViewOptions(materialized, &v->default_collation)) return nullptr;
  if (pos_ > options) v->options_text = CanonicalText(options, pos_);
  if (!ExpectKw(Keyword::As)) return nullptr;
  v->query = ParseQuery();
  if (v->query == nullptr) return nullptr;
  v->span = SpanFrom(begin);
  return v;
}

/// Whether the tokens from `k` on are Spark's plain `name type [, name type]...`
/// of ADD COLUMN[S] to the end of the statement: each name one word (not a
/// nested field, not IDENTIFIER(...)), no position (FIRST / AFTER) or DEFAULT,
/// which keep the statement as text.
bool Parser::SparkPlainColumnList(size_t k) const {
  bool at_name = true;
  int depth = 0;
  for (size_t n = 0; n < 4096; ++n, ++k) {
    if (AtKind(TokenKind::Eof, k)) return !at_name && depth == 0;
    if (at_name) {
      if (!(AtKind(TokenKind::Word, k) || AtKind(TokenKind::QuotedIdent, k)) || AtKind(TokenKind::Dot, k + 1) ||
          AtKind(TokenKind::LParen, k + 1))
        return false;
      at_name = false;
      continue;
    }
    if (AtWord("first", k) || AtWord("after", k) || AtWord("default", k)) return false;
    if (AtKind(TokenKind::LParen, k)) {
      ++depth;
    } else if (AtKind(TokenKind::RParen, k)) {
      --depth;
    } else if (AtKind(TokenKind::Comma, k) && depth == 0) {
      at_name = true;
    }
  }
  return false;
}

/// alter ::= ALTER (TABLE | VIEW | MATERIALIZED VIEW) qualified_name [partition_spec] alter_action
///         | ALTER VIEW qualified_name AS query | other_object
/// alter_action ::= RENAME TO (qualified_name | partition_spec) | (ADD | REPLACE) COLUMNS '(' column_defs ')'
///               | (Spark) ADD (COLUMN | COLUMNS) (column_def (',' column_def)* | '(' column_defs ')')
///               | CHANGE [COLUMN] name name type ... | EXCHANGE partition_spec WITH TABLE qualified_name
///               | (ADD | DROP) [IF [NOT] EXISTS] partition_spec+ ... | REBUILD | anything else (kept as text)
ast::Statement* Parser::ParseAlter() {
  const uint32_t begin = StartOffset();
  const size_t start = pos_;
  Advance();  // ALTER
  using Obj = ast::AlterTableStatement::Object;
  using Act = ast::AlterTableStatement::Action;
  Obj object;
  if (AcceptKw(Keyword::Table)) {
    object = Obj::Table;
  } else if (AcceptKw(Keyword::View)) {
    object = Obj::View;
  } else if (AtKw(Keyword::Materialized) && AtKw(Keyword::View, 1)) {
    Advance();
    Advance();
    object = Obj::MaterializedView;
  } else if (spark() && (AtWord("schema") || AtWord("database") || AtWord("namespace"))) {
    return ParseSparkUtility("alter", begin);
  } else {
    return ParseOtherObject("alter", start, begin);
  }
  auto* a = arena_.New<ast::AlterTableStatement>();
  a->object = object;
  if (!ParseQualifiedName(&a->name, true)) return nullptr;
  if (object == Obj::View && AtKw(Keyword::As)) {
    Advance();
    auto* v = arena_.New<ast::CreateViewStatement>();
    v->is_alter = true;
    v->name = a->name;
    v->query = ParseQuery();
    if (v->query == nullptr) return nullptr;
    v->span = SpanFrom(begin);
    return v;
  }
  if (AtKw(Keyword::Partition) && AtKind(TokenKind::LParen, 1) && !ParsePartitionSpec(&a->partition)) return nullptr;
  if (object == Obj::MaterializedView && AtKw(Keyword::Rebuild) && AtKind(TokenKind::Eof, 1)) {
    Advance();
    a->action = Act::Rebuild;
  } else if (AtKw(Keyword::Rename) && AtKw(Keyword::To, 1)) {
    Advance();
    Advance();
    if (a->partition != nullptr && AtKw(Keyword::Partition)) {
      ast::PartitionSpec* to = nullptr;
      if (!ParsePartitionSpec(&to)) return nullptr;
      std::vector<ast::PartitionSpec> specs = {*a->partition, *to};
      a->partitions = arena_.CopyOf(specs);
      a->partition = nullptr;
      a->action = Act::RenamePartition;
    } else {
      if (!ParseQualifiedName(&a->new_name, true)) return nullptr;
      a->action = Act::RenameTo;
    }
  } else if (spark() && AtKw(Keyword::Add) && (AtKw(Keyword::Column, 1) || AtKw(Keyword::Columns, 1)) &&
             !AtKind(TokenKind::LParen, 2) && SparkPlainColumnList(2)) {
    // Spark's ADD COLUMN[S] name type [, ...] without parentheses.
    a->action = Act::AddColumns;
    Advance();
    Advance();
    ListBuilder<ast::ColumnDef> defs(column_defs_);
    do {
      ast::ColumnDef d;
      if (!ParseColumnDef(&d, true)) return nullptr;
      defs.Push(d);
    } while (Accept(TokenKind::Comma));
    a->columns = defs.Finish(arena_);
  } else if ((AtKw(Keyword::Add) || AtKw(Keyword::Replace)) &&
             (AtKw(Keyword::Columns, 1) || (spark() && AtKw(Keyword::Add) && AtKw(Keyword::Column, 1) &&
                                            AtKind(TokenKind::LParen, 2)))) {
    a->action = AtKw(Keyword::Add) ? Act::AddColumns : Act::ReplaceColumns;
    Advance();
    Advance();
    if (!ParseColumnDefs(&a->columns, true)) return nullptr;
    if (!AcceptKw(Keyword::Cascade)) AcceptKw(Keyword::Restrict);
  } else if (AtKw(Keyword::Change)) {
    Advance();
    AcceptKw(Keyword::Column);
    a->action = Act::ChangeColumn;
    ast::ColumnDef d;
    const uint32_t dbegin = StartOffset();
    if (!ParseAnyName(&a->old_column) || !ParseAnyName(&d.name) || !ParseType(&d.type)) return nullptr;
    while (!AtEnd()) {
      if (AtKw(Keyword::Comment) && AtKind(TokenKind::String, 1)) {
        Advance();
        d.comment = ParseStringValue();
      } else if (AcceptKw(Keyword::First)) {
        a->first = true;
      } else if (AcceptKw(Keyword::After)) {
        if (!ParseAnyName(&a->after_column)) return nullptr;
      } else if (!SkipOptionToken("end of statement")) {
        return nullptr;
      }
    }
    d.span = SpanFrom(dbegin);
    std::vector<ast::ColumnDef> defs = {d};
    a->columns = arena_.CopyOf(defs);
  } else if (AtKw(Keyword::Exchange) && AtKw(Keyword::Partition, 1)) {
    Advance();
    ast::PartitionSpec* spec = nullptr;
    if (!ParsePartitionSpec(&spec)) return nullptr;
    if (!ExpectKw(Keyword::With) || !ExpectKw(Keyword::Table)) return nullptr;
    if (!ParseQualifiedName(&a->new_name, true)) return nullptr;
    std::vector<ast::PartitionSpec> specs = {*spec};
    a->partitions = arena_.CopyOf(specs);
    a->action = Act::ExchangePartition;
  } else if ((AtKw(Keyword::Add) || AtKw(Keyword::Drop)) &&
             (AtKw(Keyword::Partition, 1) ||
              (AtKw(Keyword::If, 1) && (AtKw(Keyword::Partition, 3) || AtKw(Keyword::Partition, 4))))) {
    const bool add = AtKw(Keyword::Add);
    a->action = add ? Act::AddPartition : Act::DropPartition;
    Advance();
    if (AcceptKw(Keyword::If)) {
      AcceptKw(Keyword::Not);
      if (!ExpectKw(Keyword::Exists)) return nullptr;
    }
    if (!AtKw(Keyword::Partition)) {  // at least one spec (found by the round-trip fuzzer)
      Fail("PARTITION");
      return nullptr;
    }
    std::vector<ast::PartitionSpec> specs;
    while (AtKw(Keyword::Partition)) {
      ast::PartitionSpec* spec = nullptr;
      if (!ParsePartitionSpec(&spec)) return nullptr;
      specs.push_back(*spec);
      if (AtKw(Keyword::Location) && AtKind(TokenKind::String, 1)) {
        Advance();
        Advance();
      }
      Accept(TokenKind::Comma);
    }
    // [IGNORE PROTECTION] [PURGE] (checked, not kept)
    if (AcceptKw(Keyword::Ignore)) {
      if (!At(TokenKind::Word) || !EqualsIgnoreCase(Text(Peek()), "protection")) {
        Fail("PROTECTION");
        return nullptr;
      }
      Advance();
    }
    AcceptKw(Keyword::Purge);
    a->partitions = arena_.CopyOf(specs);
  } else {
    a->action = Act::Other;
    if (!SkipOptionsText(last_, "end of statement", &a->rest_text)) return nullptr;
  }
  a->span = SpanFrom(begin);
  return a;
}

/// drop ::= DROP (TABLE | VIEW | MATERIALIZED VIEW | DATABASE | SCHEMA | [TEMPORARY] FUNCTION
///                 | [TEMPORARY] MACRO) [IF EXISTS] qualified_name [PURGE | CASCADE | RESTRICT]*
///        | other_object
ast::Statement* Parser::ParseDrop() {
  const uint32_t begin = StartOffset();
  const size_t start = pos_;
  Advance();  // DROP
  std::string_view object;
  bool temporary = false;
  if (AcceptKw(Keyword::Table))
    object = "table";
  else if (AcceptKw(Keyword::View))
    object = "view";
  else if (AtKw(Keyword::Materialized) && AtKw(Keyword::View, 1)) {
    Advance();
    Advance();
    object = "materialized view";
  } else if (AcceptKw(Keyword::Database))
    object = "database";
  else if (AcceptKw(Keyword::Schema))
    object = "schema";
  else if (AcceptKw(Keyword::Function))
    object = "function";
  else if (AcceptKw(Keyword::Macro))
    object = "macro";
  else if (AtKw(Keyword::Temporary) && AtKw(Keyword::Function, 1)) {
    Advance();
    Advance();
    object = "temporary function";
  } else if (AtKw(Keyword::Temporary) && AtKw(Keyword::Macro, 1)) {
    Advance();
    Advance();
    object = "temporary macro";
  } else if (spark() && (AtKw(Keyword::Temporary) || AtWord("temp")) &&
             (AtWord("variable", 1) || AtWord("var", 1) || AtKw(Keyword::View, 1))) {
    // Spark's DROP TEMPORARY VARIABLE|VIEW (DROP TEMPORARY FUNCTION is above, as Hive's).
    temporary = true;
    Advance();
    object = AtKw(Keyword::View) ? "view" : "variable";
    Advance();
  } else {
    return ParseOtherObject("drop", start, begin);
  }
  auto* d = arena_.New<ast::DropStatement>();
  d->object = object;
  d->temporary = temporary;
  if (AtKw(Keyword::If) && AtKw(Keyword::Exists, 1)) {
    Advance();
    Advance();
    d->if_exists = true;
  }
  if (!(d->object == "variable" ? ParseAnyQualifiedName(&d->name) : ParseQualifiedName(&d->name, true)))
    return nullptr;
  while (true) {
    if (AcceptKw(Keyword::Purge))
      d->purge = true;
    else if (AcceptKw(Keyword::Cascade))
      d->cascade = true;
    else if (AcceptKw(Keyword::Restrict)) {
    } else
      break;
  }
  d->span = SpanFrom(begin);
  return d;
}

/// truncate ::= TRUNCATE [TABLE] qualified_name [partition_spec] [COLUMNS '(' ... ')'] [FORCE]
ast::Statement* Parser::ParseTruncate() {
  const uint32_t begin = StartOffset();
  Advance();  // TRUNCATE
  AcceptKw(Keyword::Table);
  auto* t = arena_.New<ast::TruncateStatement>();
  if (!ParseQualifiedName(&t->table, true)) return nullptr;
  if (AtKw(Keyword::Partition) && !ParsePartitionSpec(&t->partition)) return nullptr;
  if (AtKw(Keyword::Columns)) {
    Advance();
    if (!SkipBalanced()) return nullptr;
  }
  AcceptKw(Keyword::Force);
  t->span = SpanFrom(begin);
  return t;
}

}  // namespace hivelineage::parser
