// Spark's utility statements (docs/dialects.md): SET / RESET, DESCRIBE, SHOW,
// catalog utilities, session variables, EXECUTE IMMEDIATE and CREATE
// FUNCTION parse into typed nodes under --dialect spark, print back to text
// that parses to the same tree, keep Hive's reading under --dialect hive, and
// EXECUTE IMMEDIATE 'constant SQL' has the lineage of the statement it spells.
#include <doctest/doctest.h>

#include <string>

#include "ast/ast.h"
#include "ast/dump.h"
#include "ast/print_sql.h"
#include "base/dialect.h"
#include "lineage/lineage.h"
#include "parser/parser.h"
#include "rewrite/pipeline.h"
#include "dialect_print_check.h"
#include "statement_lineage_lookup.h"

using namespace hivelineage;

namespace {

struct Parsed {
  std::string kind;     // the node kind, or "ERROR: message"
  std::string printed;  // the canonical print
};

// Parses `sql`, prints it, and checks that the print parses to the same tree
// (the same dump) and prints the same again.
Parsed Parse(std::string_view sql, Dialect d = Dialect::Spark) {
  Arena arena;
  Diagnostics diags;
  const ast::Statement* stmt = parser::ParseStatement(sql, arena, testing::DialectOptions(d), diags);
  if (stmt == nullptr) {
    for (const Diagnostic& diag : diags)
      if (diag.severity == Severity::Error) return {"ERROR: " + diag.message, ""};
    return {"ERROR", ""};
  }
  const std::string printed = ast::PrintStatement(stmt);
  Arena again_arena;
  Diagnostics again_diags;
  const ast::Statement* again = parser::ParseStatement(printed, again_arena, testing::DialectOptions(d), again_diags);
  REQUIRE_MESSAGE(again != nullptr, printed);
  CHECK_EQ(ast::Dump(again), ast::Dump(stmt));
  CHECK_EQ(ast::PrintStatement(again), printed);
  return {std::string(ast::NodeKindName(stmt->kind)), printed};
}

const ast::Statement* ParseIn(Arena& arena, std::string_view sql, Diagnostics& diags) {
  const ast::Statement* stmt = parser::ParseStatement(sql, arena, testing::DialectOptions(Dialect::Spark), diags);
  REQUIRE_MESSAGE(stmt != nullptr, std::string(sql));
  return stmt;
}

lineage::StatementLineage Lineage(const std::string& sql) { return testing::DialectLineage(sql); }

}  // namespace

TEST_CASE("spark utility: SET and RESET keep key and value as written") {
  const Parsed set = Parse("set spark.sql.ansi.enabled=true");
  CHECK_EQ(set.kind, "SetStatement");
  CHECK_EQ(set.printed, "SET spark.sql.ansi.enabled = true");
  CHECK_EQ(Parse("SET spark.sql.defaultPath = system.session, system.builtin").printed,
           "SET spark.sql.defaultPath = system.session, system.builtin");
  CHECK_EQ(Parse("SET spark.sql.legacy.viewSchemaBindingMode").printed, "SET spark.sql.legacy.viewSchemaBindingMode");
  CHECK_EQ(Parse("SET").printed, "SET");
  CHECK_EQ(Parse("SET -v").printed, "SET -v");
  CHECK_EQ(Parse("RESET spark.sql.ansi.enabled").printed, "RESET spark.sql.ansi.enabled");
  CHECK_EQ(Parse("reset").printed, "RESET");
  CHECK_EQ(Parse("SET TIME ZONE 'UTC'").printed, "SET TIME ZONE 'UTC'");
  CHECK_EQ(Parse("SET TIME ZONE INTERVAL 10 HOURS").printed, "SET TIME ZONE INTERVAL 10 HOURS");

  Arena arena;
  Diagnostics diags;
  const auto* s = ast::DynCast<ast::SetStatement>(ParseIn(arena, "SET hivevar:x = 'a b'", diags));
  REQUIRE(s != nullptr);
  CHECK(s->form == ast::SetStatement::Form::Config);
  CHECK_EQ(s->key, "hivevar:x");
  CHECK_EQ(s->value, "'a b'");
  // Hive keeps its own reading: a statement kept as text.
  CHECK_EQ(Parse("SET hive.exec.parallel=true", Dialect::Hive).kind, "OtherStatement");
  CHECK_EQ(Parse("DESCRIBE FORMATTED db.t", Dialect::Hive).kind, "OtherStatement");
  CHECK_EQ(Parse("SHOW TABLES", Dialect::Hive).kind, "OtherStatement");
}

TEST_CASE("spark utility: session variables, DECLARE and SET VAR") {
  const Parsed d = Parse("DECLARE OR REPLACE VARIABLE v INT DEFAULT 1 + 2");
  CHECK_EQ(d.kind, "DeclareVariableStatement");
  CHECK_EQ(d.printed, "DECLARE OR REPLACE VARIABLE v int DEFAULT (1 + 2)");
  CHECK_EQ(Parse("DECLARE title STRING").printed, "DECLARE title string");
  CHECK_EQ(Parse("DECLARE p = 10").printed, "DECLARE p = 10");
  CHECK_EQ(Parse("DECLARE all = 1").kind, "DeclareVariableStatement");
  CHECK_EQ(Parse("DECLARE IDENTIFIER('my_var') = 'value'").printed, "DECLARE my_var = 'value'");
  const Parsed set = Parse("SET VAR a = 1, session.b = DEFAULT");
  CHECK_EQ(set.kind, "SetStatement");
  CHECK_EQ(set.printed, "SET VAR a = 1, session.b = DEFAULT");
  CHECK_EQ(Parse("SET VARIABLE (a, b) = (SELECT max(x), min(x) FROM t)").printed,
           "SET VARIABLE (a, b) = (SELECT max(x), min(x) FROM t)");
  const Parsed drop = Parse("DROP TEMPORARY VARIABLE IF EXISTS session.v");
  CHECK_EQ(drop.kind, "DropStatement");
  CHECK_EQ(drop.printed, "DROP TEMPORARY VARIABLE IF EXISTS session.v");
  CHECK_EQ(Parse("DROP TEMP VIEW v").printed, "DROP TEMPORARY VIEW v");
  CHECK(Parse("DECLARE v INT DEFAULT").kind.starts_with("ERROR"));
}

TEST_CASE("spark utility: DESCRIBE of tables, functions, schemas and queries") {
  const Parsed t = Parse("DESC EXTENDED db.t PARTITION (ds='2024-01-01', hr=10)");
  CHECK_EQ(t.kind, "DescribeStatement");
  CHECK_EQ(t.printed, "DESCRIBE EXTENDED db.t PARTITION (ds = '2024-01-01', hr = 10)");
  CHECK_EQ(Parse("describe table t1 c.f").printed, "DESCRIBE TABLE t1 c.f");
  CHECK_EQ(Parse("DESCRIBE EXTENDED t AS JSON").printed, "DESCRIBE EXTENDED t AS JSON");
  CHECK_EQ(Parse("DESC FUNCTION boolean").printed, "DESCRIBE FUNCTION `boolean`");
  CHECK_EQ(Parse("DESCRIBE SCHEMA EXTENDED s").printed, "DESCRIBE SCHEMA EXTENDED s");
  CHECK_EQ(Parse("DESCRIBE IDENTIFIER('ta' || 'b')").printed, "DESCRIBE tab");
  CHECK_EQ(Parse("DESC QUERY SELECT a FROM t").printed, "DESCRIBE QUERY SELECT a FROM t");
  CHECK_EQ(Parse("DESC WITH s AS (SELECT 1 AS c) SELECT * FROM s").printed,
           "DESCRIBE QUERY WITH s AS (SELECT 1 AS c) SELECT * FROM s");
  // Spark rejects these.
  CHECK(Parse("DESC FORMATTED t a AS JSON").kind.starts_with("ERROR"));
  CHECK(Parse("DESCRIBE INSERT INTO t VALUES (1)").kind.starts_with("ERROR"));
}

TEST_CASE("spark utility: SHOW with what and target") {
  const Parsed s = Parse("SHOW TABLE EXTENDED IN db LIKE 'x*'");
  CHECK_EQ(s.kind, "ShowStatement");
  CHECK_EQ(s.printed, "SHOW TABLE EXTENDED IN db LIKE 'x*'");
  CHECK_EQ(Parse("show create table t as serde").printed, "SHOW CREATE TABLE t AS SERDE");
  CHECK_EQ(Parse("SHOW PARTITIONS t PARTITION (p = 'a')").printed, "SHOW PARTITIONS t PARTITION (p = 'a')");
  CHECK_EQ(Parse("SHOW COLUMNS FROM t IN db").printed, "SHOW COLUMNS FROM t IN db");
  CHECK_EQ(Parse("SHOW TBLPROPERTIES IDENTIFIER('ta' || 'b') ('k')").printed,
           "SHOW TBLPROPERTIES tab ('k')");
  CHECK_EQ(Parse("SHOW USER FUNCTIONS LIKE 'f*'").printed, "SHOW USER FUNCTIONS LIKE 'f*'");
  CHECK(Parse("SHOW IDENTIFIER('USER') FUNCTIONS").kind.starts_with("ERROR"));
}

TEST_CASE("spark utility: schemas, ANALYZE, REFRESH, UNCACHE, COMMENT ON, USE") {
  const Parsed c = Parse("CREATE SCHEMA IF NOT EXISTS s COMMENT 'x' LOCATION '/p'");
  CHECK_EQ(c.kind, "UtilityStatement");
  CHECK_EQ(c.printed, "CREATE SCHEMA IF NOT EXISTS s COMMENT 'x' LOCATION '/p'");
  CHECK_EQ(Parse("create database mydb").printed, "CREATE DATABASE mydb");
  CHECK_EQ(Parse("ALTER SCHEMA IDENTIFIER('id' || 'ent') SET LOCATION 'loc'").printed,
           "ALTER SCHEMA ident SET LOCATION 'loc'");
  CHECK_EQ(Parse("ANALYZE TABLE t PARTITION (ds='1') COMPUTE STATISTICS NOSCAN").printed,
           "ANALYZE TABLE t PARTITION (ds = '1') COMPUTE STATISTICS NOSCAN");
  CHECK_EQ(Parse("ANALYZE TABLES IN db COMPUTE STATISTICS").printed, "ANALYZE TABLES IN db COMPUTE STATISTICS");
  CHECK_EQ(Parse("REFRESH TABLE db.t").printed, "REFRESH TABLE db.t");
  CHECK_EQ(Parse("REFRESH '/data/x'").printed, "REFRESH '/data/x'");
  CHECK_EQ(Parse("UNCACHE TABLE IF EXISTS t").printed, "UNCACHE TABLE IF EXISTS t");
  CHECK_EQ(Parse("COMMENT ON TABLE IDENTIFIER('ta' || 'b') IS 'hello'").printed,
           "COMMENT ON TABLE tab IS 'hello'");
  CHECK_EQ(Parse("CREATE TEMPORARY VIEW v (e INT) USING parquet OPTIONS (path '/x')").printed,
           "CREATE TEMPORARY VIEW v (e int) USING parquet OPTIONS (PATH '/x')");
  CHECK_EQ(Parse("USE spark_catalog.default").printed, "USE spark_catalog.default");
  CHECK_EQ(Parse("USE SCHEMA s").printed, "USE SCHEMA s");
  CHECK_EQ(Parse("USE IDENTIFIER('id' || 'ent')").printed, "USE ident");
  CHECK(Parse("UNCACHE t").kind.starts_with("ERROR"));
  CHECK(Parse("COMMENT ON TABLE t 'x'").kind.starts_with("ERROR"));
  CHECK_EQ(Parse("CREATE DATABASE d", Dialect::Hive).kind, "OtherStatement");
}

TEST_CASE("spark utility: CREATE FUNCTION, SQL body and class form") {
  const Parsed f = Parse("CREATE OR REPLACE TEMP FUNCTION f(a INT, b INT DEFAULT 7 COMMENT 'b') "
                         "RETURNS INT DETERMINISTIC RETURN a + b");
  CHECK_EQ(f.kind, "CreateFunctionStatement");
  CHECK_EQ(f.printed,
           "CREATE OR REPLACE TEMPORARY FUNCTION f(a int, b int DEFAULT 7 COMMENT 'b') RETURNS int "
           "DETERMINISTIC RETURN (a + b)");
  CHECK_EQ(Parse("CREATE FUNCTION db.t_f(x INT) RETURNS TABLE (a INT, b INT NOT NULL) RETURN SELECT c1, c2 FROM t1")
               .printed,
           "CREATE FUNCTION db.t_f(x int) RETURNS TABLE (a int, b int NOT NULL) RETURN SELECT c1, c2 FROM t1");
  CHECK_EQ(Parse("CREATE FUNCTION f() RETURNS INT RETURN (SELECT max(id) FROM t)").printed,
           "CREATE FUNCTION f() RETURNS int RETURN (SELECT max(id) FROM t)");
  CHECK_EQ(Parse("CREATE FUNCTION f() RETURNS TABLE RETURN (SELECT 1) UNION ALL (SELECT 2)").kind,
           "CreateFunctionStatement");
  CHECK_EQ(Parse("CREATE FUNCTION f(x INT) RETURN x + 1").printed, "CREATE FUNCTION f(x int) RETURN (x + 1)");
  const Parsed cls = Parse("CREATE FUNCTION my_avg AS 'org.example.MyAvg' USING JAR '/x.jar'");
  CHECK_EQ(cls.kind, "CreateFunctionStatement");
  CHECK_EQ(cls.printed, "CREATE FUNCTION my_avg AS 'org.example.MyAvg' USING JAR '/x.jar'");
  // The body is typed: the table it reads is there to see.
  Arena arena;
  Diagnostics diags;
  const auto* fn = ast::DynCast<ast::CreateFunctionStatement>(
      ParseIn(arena, "CREATE FUNCTION f(x INT) RETURNS INT RETURN SELECT sum(c) FROM ods.t WHERE k = x", diags));
  REQUIRE(fn != nullptr);
  REQUIRE(fn->return_query != nullptr);
  CHECK(ast::Dump(fn).find("ods") != std::string::npos);
  // Spark rejects what a parameter or RETURNS TABLE column cannot have.
  CHECK(Parse("CREATE FUNCTION f(x INT, y INT UNIQUE) RETURNS INT RETURN y").kind.starts_with("ERROR"));
  CHECK(Parse("CREATE FUNCTION f() RETURNS TABLE(c1 INT DEFAULT 5) RETURN SELECT 1").kind.starts_with("ERROR"));
  CHECK(Parse("CREATE FUNCTION f() RETURNS TABLE() RETURN SELECT 1").kind.starts_with("ERROR"));
  // Hive keeps CREATE FUNCTION ... AS 'class' as it was.
  CHECK_EQ(Parse("CREATE FUNCTION my_avg AS 'org.example.MyAvg'", Dialect::Hive).kind, "OtherStatement");
}

TEST_CASE("spark utility: EXECUTE IMMEDIATE parses a constant string as its statement") {
  const Parsed e = Parse("EXECUTE IMMEDIATE 'SELECT a FROM t WHERE b = :p' USING 5 AS p");
  CHECK_EQ(e.kind, "ExecuteImmediateStatement");
  CHECK_EQ(e.printed, "EXECUTE IMMEDIATE 'SELECT a FROM t WHERE b = :p' USING 5 AS p");
  CHECK_EQ(Parse("EXECUTE IMMEDIATE sql_string INTO r1, r2 USING 1, 2").printed,
           "EXECUTE IMMEDIATE sql_string INTO r1, r2 USING 1, 2");

  Arena arena;
  Diagnostics diags;
  const auto* x = ast::DynCast<ast::ExecuteImmediateStatement>(
      ParseIn(arena, "EXECUTE IMMEDIATE 'INSERT INTO dw.out SELECT a FROM ods.src'", diags));
  REQUIRE(x != nullptr);
  REQUIRE(x->inner != nullptr);
  CHECK(x->inner->kind == ast::NodeKind::QueryStatement);
  // The inner statement's spans point into the outer text.
  CHECK_EQ(x->inner->span.begin, std::string_view("EXECUTE IMMEDIATE '").size());
  CHECK(parser::StatementKindOf(x) == StatementKind::Insert);
  // Named parameter markers inside the string are read.
  const auto* p = ast::DynCast<ast::ExecuteImmediateStatement>(
      ParseIn(arena, "EXECUTE IMMEDIATE 'SELECT a FROM t WHERE b = :p' USING 5 AS p", diags));
  REQUIRE(p != nullptr);
  CHECK(p->inner != nullptr);

  // A variable, or a string with escapes, is not read: said so for the latter.
  Diagnostics escaped_diags;
  const auto* esc = ast::DynCast<ast::ExecuteImmediateStatement>(
      ParseIn(arena, "EXECUTE IMMEDIATE 'SELECT \\'x\\''", escaped_diags));
  REQUIRE(esc != nullptr);
  CHECK(esc->inner == nullptr);
  bool warned = false;
  for (const Diagnostic& d : escaped_diags) warned |= d.code == DiagnosticCode::EmbeddedSqlNotRead;
  CHECK(warned);
  Diagnostics bad_diags;
  const auto* bad =
      ast::DynCast<ast::ExecuteImmediateStatement>(ParseIn(arena, "EXECUTE IMMEDIATE 'SELECT FROM WHERE'", bad_diags));
  REQUIRE(bad != nullptr);
  CHECK(bad->inner == nullptr);
  CHECK_FALSE(bad_diags.empty());
}

TEST_CASE("spark utility: lineage of EXECUTE IMMEDIATE is the lineage of its statement") {
  const auto l = Lineage("EXECUTE IMMEDIATE 'INSERT INTO dw.out SELECT a AS x, b FROM ods.src'");
  CHECK_EQ(testing::Sources(l, "dw.out.x"), std::vector<std::string>{"ods.src.a"});
  CHECK_EQ(l.inputs.size(), 1u);
  const auto q = Lineage("EXECUTE IMMEDIATE \"SELECT a FROM ods.src WHERE b = 'k'\"");
  CHECK_EQ(q.inputs.size(), 1u);
  const auto none = Lineage("EXECUTE IMMEDIATE sql_string");
  CHECK(none.inputs.empty());
}
