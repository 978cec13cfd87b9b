// The HiveQL parser: one statement's text in, a typed AST out.
//
// Recursive descent for statements and clauses, a Pratt loop for
// expressions. The parser never throws and never overflows the stack: nesting
// beyond `max_depth` is a diagnostic. On error it returns nullptr and leaves
// at least one Error diagnostic; offsets are relative to `text`.
#pragma once

#include <span>
#include <string_view>

#include "absl/functional/function_ref.h"

#include "ast/ast.h"
#include "base/arena.h"
#include "base/dialect.h"
#include "base/diagnostic.h"
#include "base/statement_kind.h"
#include "lexer/lexer.h"

namespace hivelineage::parser {

struct ParseOptions {
  lexer::LexOptions lex;
  // Spark SQL's syntax where it differs from HiveQL (docs/dialects.md).
  Dialect dialect = Dialect::Hive;
  // hive.support.quoted.identifiers=none (or Spark's spark.sql.parser.quotedRegexColumnNames=true):
  // backquoted select items are regexes.
  bool regex_column_specs = false;
  // hive.support.sql11.reserved.keywords=false (Hive 1.2 to 2.1): the SQL:2011
  // reserved words Hive used to accept as names (USER, DATE, TIMESTAMP, ...)
  // are names again wherever a name is expected.
  bool sql11_keywords_as_names = false;
  // The SQL of a source database, as a sync job's reader query is written in
  // it (sync/sync_job.cc; parse_source_dialect.cc): PostgreSQL's `x::type` casts, Oracle's
  // `a.x = b.x(+)` outer-join marks. Off for Hive's and Spark's scripts.
  bool postfix_casts = false;
  bool outer_join_marks = false;
  // SQL Server's `SELECT TOP n [PERCENT] [WITH TIES]` (and `TOP (n)`): a row
  // limit, read and left out as LIMIT is.
  bool select_top = false;
  // Spark's spark.sql.legacy.viewSchemaBindingMode (true by default): false rejects CREATE VIEW ... WITH SCHEMA.
  bool spark_view_schema_binding = true;
  int max_depth = 1000;
};

// Parses exactly one statement (no trailing `;`). `text` must stay alive as
// long as the AST (names may point into it); nodes are allocated in `arena`.
ast::Statement* ParseStatement(std::string_view text, Arena& arena, const ParseOptions& options, Diagnostics& diags);

// The same, but parses only when the tokens hold no lexical error and `worth`
// says they are worth it (nullptr otherwise, and when the parse fails, with no
// parse error reported): the gather phase reads statements for schema facts
// only, and skips those whose tokens show they carry none.
ast::Statement* ParseStatementIf(std::string_view text, Arena& arena, const ParseOptions& options, Diagnostics& diags,
                                 absl::FunctionRef<bool(std::span<const lexer::Token>)> worth);

// What the output reports the statement as (base/statement_kind.def): an
// INSERT or a query, a CTAS or a plain CREATE TABLE, ...; Other for null.
StatementKind StatementKindOf(const ast::Statement* stmt);

// Applies a `set key=value` that changes how later statements are read:
// hive.support.quoted.identifiers = none (backquoted select items are
// regexes), column or standard ("..." quotes names);
// hive.support.sql11.reserved.keywords = false or true (SQL:2011 reserved
// words as names, or not); under Spark, spark.sql.ansi.doubleQuotedIdentifiers
// = true or false ("..." quotes names, or strings), spark.sql.legacy.viewSchemaBindingMode
// = true or false (CREATE VIEW ... WITH SCHEMA read, or rejected), spark.sql.parser.quotedRegexColumnNames
// = true or false (back-quoted names in select items are regexes, or names). Other keys and values
// change nothing.
void ApplySetting(std::string_view key, std::string_view value, ParseOptions& options);

}  // namespace hivelineage::parser
