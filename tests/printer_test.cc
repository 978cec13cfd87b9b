// Printer tests: canonical expression text (what lineage shows), identifier
// quoting, and parse -> print -> parse round trips that keep the AST.
#include <doctest/doctest.h>

#include <string>

#include "ast/dump.h"
#include "ast/precedence.h"
#include "ast/print_sql.h"
#include "parser/parser.h"

namespace hivelineage {
namespace {

// Parses `SELECT <expr>` and prints the first select item.
std::string PE(std::string_view expr) {
  Arena arena;
  Diagnostics diags;
  const std::string sql = "SELECT " + std::string(expr);
  ast::Statement* s = parser::ParseStatement(sql, arena, {}, diags);
  if (s == nullptr) return "ERROR: " + (diags.empty() ? std::string() : diags.back().message);
  const auto* q = static_cast<const ast::QueryStatement*>(s);
  const auto* core = static_cast<const ast::SelectCore*>(q->bodies[0].query->body);
  return ast::PrintExpr(core->items[0].expr);
}

// Prints a statement; checks the round trip.
std::string PS(std::string_view sql, parser::ParseOptions options = {}) {
  Arena arena;
  Diagnostics diags;
  ast::Statement* s = parser::ParseStatement(sql, arena, options, diags);
  if (s == nullptr) return "ERROR: " + (diags.empty() ? std::string() : diags.back().message);
  const std::string printed = ast::PrintStatement(s);
  Arena arena2;
  Diagnostics diags2;
  ast::Statement* again = parser::ParseStatement(printed, arena2, options, diags2);
  CHECK_MESSAGE(again != nullptr, printed);
  if (again != nullptr) CHECK_MESSAGE(ast::Dump(again) == ast::Dump(s), printed);
  return printed;
}

TEST_CASE("expressions print compactly") {
  CHECK(PE("upper(u.name)") == "upper(u.name)");
  CHECK(PE("a.x + b.y") == "(a.x + b.y)");
  CHECK(PE("a + b + c") == "(a + b + c)");
  CHECK(PE("a + (b + c)") == "(a + (b + c))");
  CHECK(PE("a * b + c") == "((a * b) + c)");
  CHECK(PE("a AND b OR c") == "((a AND b) OR c)");
  CHECK(PE("NOT a = b") == "NOT (a = b)");
  CHECK(PE("(NOT a) = b") == "((NOT a) = b)");
  CHECK(PE("- -x") == "- -x");
  CHECK(PE("x IS NOT NULL") == "x IS NOT NULL");
  CHECK(PE("(a = b) IS NULL") == "(a = b) IS NULL");
  CHECK(PE("x NOT BETWEEN 1 AND 2") == "x NOT BETWEEN 1 AND 2");
  CHECK(PE("x in (1,2)") == "x IN (1, 2)");
  CHECK(PE("s not like 'a%'") == "s NOT LIKE 'a%'");
  CHECK(PE("COUNT(DISTINCT a)") == "count(DISTINCT a)");
  CHECK(PE("count(*)") == "count(*)");
  CHECK(PE("CAST(a AS DECIMAL(10, 2))") == "CAST(a AS decimal(10,2))");
  CHECK(PE("case when a > 1 then 'x' else 'y' end") == "CASE WHEN (a > 1) THEN 'x' ELSE 'y' END");
  CHECK(PE("rank() over (partition by a order by b desc rows between unbounded preceding and current row)") ==
        "rank() OVER (PARTITION BY a ORDER BY b DESC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)");
  CHECK(PE("m['k'].f[0]") == "m['k'].f[0]");
  CHECK(PE("date '2024-01-01'") == "DATE '2024-01-01'");
  CHECK(PE("ts + 1 day") == "(ts + INTERVAL 1 DAY)");
  CHECK(PE("interval '1-2' year to month") == "INTERVAL '1-2' YEAR TO MONTH");
  CHECK(PE("trim(both 'x' from s)") == "trim(s, 'x')");
  CHECK(PE("extract(year from ts)") == "EXTRACT(YEAR FROM ts)");
  CHECK(PE("floor(ts to day)") == "FLOOR(ts TO DAY)");
  CHECK(PE("if(a, 1, 2)") == "if(a, 1, 2)");
  CHECK(PE("`my col` + `date`") == "(`my col` + `date`)");
  CHECK(PE("`MyCol`") == "`MyCol`");
  CHECK(PE("t.`_c0`") == "t.`_c0`");
  CHECK(PE("(a, b)") == "(a, b)");
  CHECK(PE("x > ANY (SELECT a FROM t)") == "(x > ANY (SELECT a FROM t))");
  CHECK(PE("exists (select 1 from t)") == "EXISTS (SELECT 1 FROM t)");
}

TEST_CASE("identifier quoting") {
  CHECK(!ast::IdentNeedsQuotes("abc_1"));
  CHECK(!ast::IdentNeedsQuotes("year"));  // non-reserved keyword
  CHECK(ast::IdentNeedsQuotes("date"));   // reserved
  CHECK(ast::IdentNeedsQuotes("1a"));
  CHECK(ast::IdentNeedsQuotes("_c0"));
  CHECK(ast::IdentNeedsQuotes("Upper"));
  CHECK(ast::IdentNeedsQuotes("a b"));
  CHECK(ast::IdentNeedsQuotes(""));
  std::string out;
  ast::AppendIdent(out, "a`b");
  CHECK(out == "`a``b`");
}

// Option clauses are canonical token text: keywords (even when used as names)
// upper case, other words as written.
TEST_CASE("statements round-trip") {
  CHECK(PS("select a, b as c from db.t x where x.a > 1 group by a, b having count(*) > 2 order by a limit 3") ==
        "SELECT a, b AS c FROM db.t AS x WHERE (x.a > 1) GROUP BY a, b HAVING (count(*) > 2) ORDER BY a LIMIT 3");
  CHECK(
      PS("from src insert overwrite table a partition (ds='1') select key insert into b select value where key > 1") ==
      "FROM src INSERT OVERWRITE TABLE a PARTITION (ds = '1') SELECT key INSERT INTO b SELECT value WHERE (key > 1)");
  CHECK(PS("with c as (select 1 x) select * from c union all select 2") ==
        "WITH c AS (SELECT 1 AS x) SELECT * FROM c UNION ALL SELECT 2");
  CHECK(PS("select * from a left outer join b on a.k = b.k left semi join c on a.k = c.k, d") ==
        "SELECT * FROM a LEFT OUTER JOIN b ON (a.k = b.k) LEFT SEMI JOIN c ON (a.k = c.k), d");
  CHECK(PS("select c from t lateral view explode(arr) e as c") == "SELECT c FROM t LATERAL VIEW explode(arr) e AS c");
  CHECK(PS("select x from a join b on a.k = b.k lateral view explode(b.l) e as x") ==
        "SELECT x FROM a JOIN b ON (a.k = b.k), LATERAL VIEW explode(b.l) e AS x");
  CHECK(PS("select * from t tablesample(bucket 1 out of 4 on key) s") ==
        "SELECT * FROM t TABLESAMPLE(BUCKET 1 OUT OF 4 ON KEY) AS s");
  CHECK(PS("insert overwrite local directory '/tmp/x' row format delimited fields terminated by ',' select 1") ==
        "INSERT OVERWRITE LOCAL DIRECTORY '/tmp/x' ROW FORMAT DELIMITED FIELDS TERMINATED BY ',' SELECT 1");
  CHECK(PS("create table t (a int comment 'it''s', b map<string,int>) partitioned by (ds string) stored as orc") ==
        "CREATE TABLE t (a int COMMENT 'its', b map<string,int>) PARTITIONED BY (ds string) STORED AS orc");
  CHECK(PS("create view v as select * from t") == "CREATE VIEW v AS SELECT * FROM t");
  CHECK(PS("alter table t change a b string after c") == "ALTER TABLE t CHANGE COLUMN a b string AFTER c");
  CHECK(PS("merge into t using s on t.k = s.k when matched then update set v = s.v when not matched then insert (k, v) "
           "values (s.k, s.v)") ==
        "MERGE INTO t USING s ON (t.k = s.k) WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED THEN INSERT (k, v) "
        "VALUES (s.k, s.v)");
  CHECK(PS("load data local inpath '/a/b' overwrite into table t") ==
        "LOAD DATA LOCAL INPATH '/a/b' OVERWRITE INTO TABLE t");
  CHECK(PS("show tables in db") == "SHOW TABLES IN db");
  CHECK(PS("explain extended select 1") == "EXPLAIN EXTENDED SELECT 1");
  CHECK(PS("select transform(a, b) using 'cat' as (x string, y) from t") ==
        "SELECT TRANSFORM(a, b) USING 'cat' AS (x string, y) FROM t");
  CHECK(PS("from t select a lateral view explode(b) e as c") == "FROM t SELECT a LATERAL VIEW explode(b) e AS c");
  CHECK(PS("select * from (values (1, 'a'), (2, 'b')) v(x, y)") ==
        "SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS v(x, y)");
  CHECK(PS("select a from t group by a grouping sets ((a), ())") ==
        "SELECT a FROM t GROUP BY a GROUPING SETS ((a), ())");
  parser::ParseOptions none;
  none.regex_column_specs = true;
  CHECK(PS("select `(ds|hr)?+.+` from t", none) == "SELECT `(ds|hr)?+.+` FROM t");
}

TEST_CASE("Spark: a WITH before a FROM-only query prints as the query it is and parses back the same") {
  // Found by roundtrip_fuzzer: the CTEs stayed on the statement, while the printed
  // `WITH ... SELECT * FROM t` puts them on the query.
  parser::ParseOptions spark;
  spark.dialect = Dialect::Spark;
  CHECK(PS("WITH t(col) AS (SELECT 1) FROM t", spark) == "WITH t (col) AS (SELECT 1) SELECT * FROM t");
  CHECK(PS("WITH t AS (SELECT 1 AS a) FROM t |> WHERE a > 0", spark) ==
        "WITH t AS (SELECT 1 AS a) SELECT * FROM t WHERE (a > 0)");
}

TEST_CASE("a LIMIT count that is an expression prints in parentheses and parses again") {
  // Found by the round-trip fuzzer: LIMIT 10%0 printed as LIMIT (10 % 0), whose
  // LIMIT was then read as a table alias.
  CHECK(PS("select a from t limit 10%3") == "SELECT a FROM t LIMIT (10 % 3)");
  CHECK(PS("select a from t limit (2) offset (1 + 1)") == "SELECT a FROM t LIMIT 2 OFFSET (1 + 1)");
  CHECK(PS("select limit.a from t limit") == "SELECT limit.a FROM t AS limit");  // still an alias otherwise
}

TEST_CASE("prefix operators chain without parentheses") {
  // Found by the round-trip fuzzer: 600 chained `+` printed as +(+(...)) passed
  // the nesting limit when parsed again.
  CHECK(PS("select - -a, + + +b, ~ ~c, -~d, - -1, -(a + b), not not e from t") ==
        "SELECT - -a, + + +b, ~ ~c, - ~d, - -1, -(a + b), NOT NOT e FROM t");
  std::string chain = "select a";
  for (int i = 0; i < 700; ++i) chain += i % 50 == 0 ? "~" : "+";
  chain += "b from t";
  const std::string printed = PS(chain);
  CHECK(printed.find("(+") == std::string::npos);
  std::string nots = "select ";
  for (int i = 0; i < 700; ++i) nots += "not ";
  CHECK(PS(nots + "a from t").find('(') == std::string::npos);
}

TEST_CASE("a name with a variable left in it prints as written") {
  // Found by the round-trip fuzzer: exchange_${system:file.separator}t printed
  // in backquotes, which a table name splits at the dot.
  CHECK(PS("alter table exchange_${system:file.separator}apaon_test_1") ==
        "ALTER TABLE exchange_${system:file.separator}apaon_test_1");
  CHECK(PS("select a_${x.y} from db_${env:a.b}.t_${n}") == "SELECT a_${x.y} FROM db_${env:a.b}.t_${n}");
  CHECK(PS("select * from `a.b`") == "SELECT * FROM a.b");  // legacy db.table in one pair of quotes
  CHECK(ast::IdentNeedsQuotes("a ${x}"));                   // not one word: quoted as before
  CHECK(ast::IdentNeedsQuotes("T_${x}"));                   // capitals come from backquotes and keep them
  CHECK(PS("drop table `dec_nR${s:%-rm}`") == "DROP TABLE `dec_nR${s:%-rm}`");
  CHECK(ast::IdentNeedsQuotes("${x"));
  // Found by the round-trip fuzzer: capitals inside ${...} are kept as written
  // by the lexer, so they do not mean the name came from backquotes.
  CHECK(PS("select o.a from ${hivevar:src?dbTYQE* 0.BD DE}.order_info o") ==
        "SELECT o.a FROM ${hivevar:src?dbTYQE* 0.BD DE}.order_info AS o");
  CHECK(!ast::IdentNeedsQuotes("db_${hivevar:src_db}"));
  CHECK(ast::IdentNeedsQuotes("db_${hivevar:SRC_DB}"));  // read back in lower case: from backquotes
  for (const char* sql : {"select `${x}` from t", "select `${x}`.a from `${y}`", "create table `${x}` (a int)",
                          "select a as `${x}` from t", "select ${x} from t", "select f(`${x}`) from t"})
    PS(sql);  // each round-trips (PS checks)
}

TEST_CASE("a call of cube or rollup in a parenthesized GROUP BY list prints its name in backquotes") {
  // Found by the round-trip fuzzer (Spark): in GROUP BY (a, CUBE(a, b)) the
  // list's parentheses make CUBE(a, b) a call; printed without them it read
  // back as CUBE grouping.
  parser::ParseOptions spark;
  spark.dialect = Dialect::Spark;
  CHECK(PS("SELECT a FROM t GROUP BY (a, CUBE(a, b), rollup(b))", spark) ==
        "SELECT a FROM t GROUP BY a, `cube`(a, b), `rollup`(b)");
  CHECK(PS("select a from t group by (a, cube(a, b))") == "SELECT a FROM t GROUP BY a, `cube`(a, b)");
  CHECK(PS("SELECT a FROM t GROUP BY CUBE(a, b)", spark) == "SELECT a FROM t GROUP BY CUBE(a, b)");  // grouping
  CHECK(PS("select cube(a) from t group by a") == "SELECT cube(a) FROM t GROUP BY a");  // elsewhere bare
  PS("SELECT a, b, udaf(1) FROM testData GROUP BY(a, CUBE(a, b), CUBE(a2, b), ROLLzUP(), bWIT*INCUBE(a2, b), "
     "ROL - (cint=4))",
     spark);  // the fuzzer's input, round-trips (PS checks)
}

TEST_CASE("a backquoted name holding a variable and capitals keeps its backquotes") {
  // Found by the round-trip fuzzer (Spark, csv.`${spark.sql.warehouse.ir...ESCAPED...}v`):
  // an unquoted word is read in lower case, the ${...} in it too, so printed
  // bare the name read back as another.
  CHECK(PS("select * from csv.`${a_ESCAPED}v`") == "SELECT * FROM csv.`${a_ESCAPED}v`");
  parser::ParseOptions spark;
  spark.dialect = Dialect::Spark;
  CHECK(PS("SELECT * FROM csv.`${a.b.ESCAPED}v`", spark) == "SELECT * FROM csv.`${a.b.ESCAPED}v`");
  CHECK(PS("SELECT * FROM csv.`${a.b}v`", spark) == "SELECT * FROM csv.${a.b}v");  // no capital: bare
  CHECK(PS("select `${a.B}` from t") == "SELECT `${a.B}` FROM t");  // a lone ${...} keeps its case
  const std::string found("SELECT * FROM csv.`${s.x\xb2\x00\x00.ir\xff\xff" "ESCAPED\xff}v`", 43);
  PS(found, spark);  // round-trips (PS checks)
}

}  // namespace
}  // namespace hivelineage

TEST_CASE("a field access on a number keeps its parentheses") {
  // Found by the round-trip fuzzer: VALUES (2.RLIKE) printed as 2.`rlike`.
  const std::string sql = "INSERT INTO t VALUES (3.0, 1.0), (2.RLIKE), (1.0, 3.0)";
  hivelineage::Arena arena;
  hivelineage::Diagnostics d1, d2;
  auto* first = hivelineage::parser::ParseStatement(sql, arena, {}, d1);
  REQUIRE(first != nullptr);
  const std::string printed = hivelineage::ast::PrintStatement(first);
  CHECK(printed.find("(2).`rlike`") != std::string::npos);
  auto* second = hivelineage::parser::ParseStatement(printed, arena, {}, d2);
  REQUIRE(second != nullptr);
  CHECK(hivelineage::ast::Dump(first) == hivelineage::ast::Dump(second));
}

namespace hivelineage {
namespace {

// Every pair of binary operators, both ways round, through the one precedence
// table (ast/precedence.h) that the parser and the printer share: the printed
// text must parse back to the same tree, and group as the ladder says.
TEST_CASE("parser and printer agree on the precedence of every pair of binary operators") {
  const char* ops[] = {"OR",
                       "AND",
                       "=",
                       "==",
                       "<=>",
                       "<>",
                       "!=",
                       "IS DISTINCT FROM",
                       "IS NOT DISTINCT FROM",
                       "<",
                       "<=",
                       ">",
                       ">=",
                       "|",
                       "&",
                       "^",
                       "||",
                       "+",
                       "-",
                       "*",
                       "/",
                       "%",
                       "DIV"};
  int pairs = 0;
  for (const char* a : ops) {
    for (const char* b : ops) {
      const std::string sql = std::string("SELECT x ") + a + " y " + b + " z";
      Arena arena;
      Diagnostics diags;
      const ast::Statement* s = parser::ParseStatement(sql, arena, {}, diags);
      if (s == nullptr) continue;  // `x < y < z`: comparisons do not chain
      ++pairs;
      CAPTURE(sql);
      PS(sql);
      const auto* core =
          static_cast<const ast::SelectCore*>(static_cast<const ast::QueryStatement*>(s)->bodies[0].query->body);
      const auto* top = static_cast<const ast::BinaryExpr*>(core->items[0].expr);
      // The loosest operator is at the top; equal levels group to the left.
      const bool left_first = top->lhs->kind == ast::NodeKind::BinaryExpr;
      const ast::BinaryExpr* inner = static_cast<const ast::BinaryExpr*>(left_first ? top->lhs : top->rhs);
      CHECK(ast::PrecedenceOf(inner->op) >= ast::PrecedenceOf(top->op));
      if (ast::PrecedenceOf(inner->op) == ast::PrecedenceOf(top->op)) CHECK(left_first);
    }
  }
  CHECK(pairs > 400);
}

}  // namespace
}  // namespace hivelineage
