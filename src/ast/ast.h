// The typed HiveQL AST.
//
// One struct per construct, allocated in an Arena and never destroyed (all
// members are trivially destructible: pointers, spans over arena arrays,
// string_views into the statement text or the arena). Every node carries its
// Span in the text that was parsed: one statement's text after variable
// substitution, 0 at its first byte (StatementText::ToOriginal maps it to the
// file's text, base/source_file.h). Spans never take part in equality or
// printing.
//
// Identifier names are stored normalized: unquoted names lower-cased,
// backquoted names unquoted (case kept as written, lower-cased for lineage
// keys by the lineage layer). Lists are std::span over arena arrays.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <type_traits>

#include "base/source_file.h"

namespace hivelineage::ast {

enum class NodeKind : uint8_t {
#define HIVEQL_NODE(Name) Name,
#include "ast/node_kind.def"
};
std::string_view NodeKindName(NodeKind k);

// The kinds of one category, with the values they have in NodeKind, so that
// a switch over an expression's kind lists expressions only (and the compiler,
// with -Werror=switch, names every switch a new expression kind must join).
enum class ExprKind : uint8_t {
#define HIVEQL_EXPR_NODE(Name) Name = static_cast<uint8_t>(NodeKind::Name),
#include "ast/node_kind.def"
};
enum class QueryExprKind : uint8_t {
#define HIVEQL_QUERY_EXPR_NODE(Name) Name = static_cast<uint8_t>(NodeKind::Name),
#include "ast/node_kind.def"
};
enum class TableRefKind : uint8_t {
#define HIVEQL_TABLE_REF_NODE(Name) Name = static_cast<uint8_t>(NodeKind::Name),
#include "ast/node_kind.def"
};
// The AST's statement nodes. What a user is told a statement is (a query, an
// INSERT, a CTAS, ...) is coarser, and decided by the parser from the whole node.
enum class StmtKind : uint8_t {
#define HIVEQL_STATEMENT_NODE(Name) Name = static_cast<uint8_t>(NodeKind::Name),
#include "ast/node_kind.def"
};

template <typename T>
using List = std::span<T>;

struct Node {
  NodeKind kind;
  Span span;
  explicit Node(NodeKind k) : kind(k) {}
};

template <typename T>
T* DynCast(Node* n) {
  return n != nullptr && n->kind == T::kKind ? static_cast<T*>(n) : nullptr;
}
template <typename T>
const T* DynCast(const Node* n) {
  return n != nullptr && n->kind == T::kKind ? static_cast<const T*>(n) : nullptr;
}

#define HIVEQL_NODE_KIND(Name)                      \
  static constexpr NodeKind kKind = NodeKind::Name; \
  Name() : Base(NodeKind::Name) {}

// A name as written: `db`, `my col`. `name` is normalized (see file comment).
struct Ident {
  std::string_view name;
  Span span;
  bool quoted = false;  // written with backquotes (or "..." in standard mode)
};

// `db.tbl`, `tbl`, `db.tbl.snapshots` (1 to 3 parts).
struct QualifiedName {
  List<Ident> parts;
  Span span;
};

// A type as written, canonical lower-case text: `int`, `decimal(10,2)`,
// `map<string,array<struct<a:int,b:string>>>`.
struct TypeName {
  std::string_view text;
  Span span;
};

// ---------------------------------------------------------------- expressions

struct Expr : Node {
  using Node::Node;
  ExprKind expr_kind() const { return static_cast<ExprKind>(kind); }
};

struct Query;
struct WindowSpec;

// 'abc', 12, 1.5D, TRUE, NULL, DATE '2024-01-01', ${unset_var}
struct Literal : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(Literal)
  enum class Type : uint8_t {
    String,
    Number,
    Boolean,
    Null,
    Typed,
    Charset,
    Variable,
    Parameter,
    CurrentDate,
    CurrentTimestamp
  };
  Type type = Type::Null;
  std::string_view text;       // token text as written ('it''s', 10L, TRUE, ?)
  std::string_view type_name;  // Typed: "date" | "timestamp" | "timestamplocaltz"; Charset: "_utf8"
};

// `col`, `t.col`, `db.t.col`, also `s.field` (resolution decides which).
struct ColumnRef : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(ColumnRef)
  List<Ident> parts;
};

// `*`, `t.*`, `db.t.*`; also a backquoted regex column spec (`(ds|hr)?+.+`)
// when `regex` is set.
struct StarExpr : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(StarExpr)
  List<Ident> qualifier;
  std::string_view regex;  // non-empty for regex column specs
  // Spark's `|> DROP a, b` (the columns left out) and `|> SET a = e` (columns
  // replaced in place by an expression: names[i] by values[i]).
  List<Ident> except_columns;
  List<Ident> replaced_names;
  List<Expr*> replaced_values;
  // Spark's `|> DROP s.f`: a field of a struct column, left out of its value;
  // the column stays, with its sources (the path, for printing).
  List<List<Ident>> dropped_fields;
};

// `expr.field` where expr is not a plain column path: `f(x).a`, `arr[0].b`.
struct FieldAccess : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(FieldAccess)
  Expr* base = nullptr;
  Ident field;
};

// `arr[0]`, `m['k']`
struct Subscript : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(Subscript)
  Expr* base = nullptr;
  Expr* index = nullptr;
};

enum class UnaryOp : uint8_t { Not, Minus, Plus, BitNot };

// `NOT a`, `!a`, `-x`, `+x`, `~x`
struct UnaryExpr : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(UnaryExpr)
  UnaryOp op = UnaryOp::Not;
  Expr* operand = nullptr;
};

enum class BinaryOp : uint8_t {
  Or,
  And,
  Eq,
  EqEq,
  NullSafeEq,
  NotEq,
  BangEq,
  IsDistinctFrom,
  IsNotDistinctFrom,
  Less,
  LessEq,
  Greater,
  GreaterEq,
  BitOr,
  BitAnd,
  BitXor,
  Concat,
  Add,
  Sub,
  Mul,
  Div,
  Mod,
  IntDiv,
};
std::string_view BinaryOpSpelling(BinaryOp op);

// `a + b`, `a AND b`, `a = b`, `a || b`, `a DIV b`
// A quantified comparison `x > ANY (SELECT ...)` has rhs = SubqueryExpr with quantifier set.
struct BinaryExpr : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(BinaryExpr)
  BinaryOp op = BinaryOp::Eq;
  Expr* lhs = nullptr;
  Expr* rhs = nullptr;
};

// `x IS [NOT] NULL|TRUE|FALSE|UNKNOWN`
struct IsExpr : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(IsExpr)
  enum class What : uint8_t { Null, True, False, Unknown };
  Expr* operand = nullptr;
  What what = What::Null;
  bool negated = false;
};

// `x [NOT] BETWEEN lo AND hi`
struct BetweenExpr : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(BetweenExpr)
  Expr* value = nullptr;
  Expr* low = nullptr;
  Expr* high = nullptr;
  bool negated = false;
};

// `x [NOT] IN (1, 2, 3)`
struct InListExpr : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(InListExpr)
  Expr* value = nullptr;
  List<Expr*> items;
  bool negated = false;
};

// `x [NOT] IN (SELECT ...)`
struct InSubqueryExpr : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(InSubqueryExpr)
  Expr* value = nullptr;
  Query* query = nullptr;
  bool negated = false;
};

// `[NOT] EXISTS (SELECT ...)` (NOT is a UnaryExpr around it)
struct ExistsExpr : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(ExistsExpr)
  Query* query = nullptr;
};

// `(SELECT max(x) FROM t)`; with a quantifier as the rhs of `x > ANY (...)`.
struct SubqueryExpr : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(SubqueryExpr)
  enum class Quantifier : uint8_t { None, Any, Some, All };
  Query* query = nullptr;
  Quantifier quantifier = Quantifier::None;
};

// `a [NOT] LIKE p`, `a RLIKE p`, `a REGEXP p`, `a LIKE ANY ('x%', 'y%')`, Spark's `a LIKE p ESCAPE '#'`
struct LikeExpr : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(LikeExpr)
  enum class Op : uint8_t { Like, RLike, Regexp, ILike };  // ILike: Spark's case-insensitive LIKE
  enum class Quantifier : uint8_t { None, Any, All };
  Op op = Op::Like;
  Quantifier quantifier = Quantifier::None;
  bool negated = false;
  Expr* value = nullptr;
  List<Expr*> patterns;  // one unless quantified
  std::string_view escape;  // Spark's `ESCAPE '#'`: the string literal as written; empty without one
};

struct WhenClause {
  Expr* condition = nullptr;
  Expr* result = nullptr;
};

// `CASE [operand] WHEN c THEN r ... [ELSE e] END`
struct CaseExpr : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(CaseExpr)
  Expr* operand = nullptr;  // simple CASE
  List<WhenClause> whens;
  Expr* else_result = nullptr;
};

// `CAST(e AS type [FORMAT 'p'])`
struct CastExpr : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(CastExpr)
  Expr* operand = nullptr;
  TypeName type;
  Expr* format = nullptr;
};

struct OrderItem {
  Expr* expr = nullptr;
  enum class Direction : uint8_t { Default, Asc, Desc } direction = Direction::Default;
  enum class Nulls : uint8_t { Default, First, Last } nulls = Nulls::Default;
};

struct FrameBound {
  enum class Type : uint8_t { UnboundedPreceding, Preceding, CurrentRow, Following, UnboundedFollowing };
  Type type = Type::CurrentRow;
  Expr* offset = nullptr;  // Preceding / Following
};

struct WindowFrame {
  enum class Unit : uint8_t { Rows, Range } unit = Unit::Rows;
  FrameBound start;
  FrameBound end;
  bool has_end = false;  // BETWEEN start AND end
};

// `(w PARTITION BY a ORDER BY b ROWS BETWEEN ...)`; DISTRIBUTE BY / SORT BY /
// CLUSTER BY are stored as partition_by / order_by with `style` recording the spelling.
struct WindowSpec {
  Ident base;  // referenced window name, may be empty
  List<Expr*> partition_by;
  List<OrderItem> order_by;
  enum class Style : uint8_t { PartitionOrder, DistributeSort, Cluster } style = Style::PartitionOrder;
  WindowFrame* frame = nullptr;
  Span span;
};

// `f(a, b)`, `count(*)`, `count(DISTINCT a)`, `db.udf(x)`, `rank() OVER (...)`,
// `sum(x) OVER w`, `first_value(x) IGNORE NULLS OVER (...)`,
// `percentile_cont(0.5) WITHIN GROUP (ORDER BY x)`. Type-named casts such as
// `int(x)` are plain calls.
struct FunctionCall : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(FunctionCall)
  List<Ident> name;  // qualified; name.back() is the function
  List<Expr*> args;
  bool distinct = false;
  bool star = false;  // count(*)
  enum class Nulls : uint8_t { Default, Ignore, Respect } nulls = Nulls::Default;
  List<OrderItem> within_group;
  WindowSpec* over = nullptr;  // OVER (...) or OVER w (then over->base is w)
};

// `INTERVAL '1' DAY`, `2 DAYS`, `INTERVAL '1-2' YEAR TO MONTH`
struct IntervalExpr : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(IntervalExpr)
  Expr* value = nullptr;
  std::string_view unit;     // "year" .. "second" (singular, lower case)
  std::string_view to_unit;  // for `YEAR TO MONTH`, else empty
};

// `EXTRACT(unit FROM e)` and `FLOOR(e TO unit)`
struct ExtractExpr : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(ExtractExpr)
  bool is_floor = false;
  std::string_view unit;
  Expr* operand = nullptr;
};

// `(a, b)` as a value: a struct.
struct StructExpr : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(StructExpr)
  List<Expr*> fields;
};

// Spark's lambda, an argument of a higher-order function: `x -> x + 1`,
// `(acc, x) -> acc + x`. Its parameters are no columns: the body names them
// as LambdaVariable nodes.
struct LambdaExpr : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(LambdaExpr)
  List<Ident> params;
  Expr* body = nullptr;
};

// A name in a lambda's body that is one of its parameters (`x`, `x.field`):
// a value the higher-order function passes in, never a column.
struct LambdaVariable : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(LambdaVariable)
  List<Ident> parts;  // the parameter, then struct fields
};

// Spark's `v:a.b[0]`: a path into a semi-structured value (VARIANT or JSON
// text). The path is constant: names, quoted names and subscripts.
struct VariantPathExpr : Expr {
  using Base = Expr;
  HIVEQL_NODE_KIND(VariantPathExpr)
  Expr* base = nullptr;
  std::string_view path;  // canonical text after ':' (`a.b[0]`, `['x']`, `` `f-n` ``)
};

// ---------------------------------------------------------------- queries

struct TableRef : Node {
  using Node::Node;
  TableRefKind table_ref_kind() const { return static_cast<TableRefKind>(kind); }
};
struct QueryExpr : Node {
  using Node::Node;
  QueryExprKind query_expr_kind() const { return static_cast<QueryExprKind>(kind); }
};

struct Cte {
  Ident name;
  List<Ident> columns;  // `WITH c (x, y) AS (...)`
  Query* query = nullptr;
  // Spark's WITH RECURSIVE (set on every CTE of that WITH): the CTE's body may name the CTE itself.
  bool recursive = false;
  std::string_view max_recursion_level;  // Spark's `MAX RECURSION LEVEL n` (the number's text), empty when none
  Span span;
};

// `expr [AS] alias`, `udtf(x) AS (a, b)`, `*`, `t.*`
struct SelectItem {
  Expr* expr = nullptr;
  Ident alias;          // empty when none
  List<Ident> aliases;  // multi-column alias of a UDTF
  // Spark's `* EXCEPT (a, s.f)` / `t.* EXCEPT (...)`: the columns the star leaves out.
  List<QualifiedName> star_except;
  Span span;
};

struct ColumnDef;

// The TRANSFORM clause: rows piped through a script.
// `SELECT TRANSFORM(a, b) USING 'x.py' AS (c STRING, d)`, `MAP a USING ...`, `REDUCE ...`
// ROW FORMAT / RECORDREADER etc. are kept as text only.
struct ScriptTransform {
  enum class Style : uint8_t { Transform, Map, Reduce } style = Style::Transform;
  List<Expr*> args;
  std::string_view script;  // the USING string, unescaped
  List<ColumnDef> outputs;  // empty when there is no AS (outputs are key, value)
  bool parenthesized_outputs = false;
  std::string_view input_format;   // ROW FORMAT ... RECORDWRITER '...' before USING, canonical text
  std::string_view output_format;  // ROW FORMAT ... RECORDREADER '...' after AS, canonical text
  Span span;
};

struct GroupBy {
  List<Expr*> items;
  // All: Spark's GROUP BY ALL (every select item without an aggregate; items empty).
  enum class Modifier : uint8_t { None, Rollup, Cube, GroupingSets, RollupFunc, CubeFunc, All } modifier = Modifier::None;
  List<List<Expr*>> grouping_sets;  // GroupingSets
  Span span;
};

struct NamedWindow {
  Ident name;
  WindowSpec* spec = nullptr;
};

// `SELECT ... FROM ... WHERE ... GROUP BY ... HAVING ... WINDOW ... QUALIFY ...`
// In a FROM-first body (`FROM t INSERT ... SELECT ...`) `from` is null and the
// statement's shared FROM applies. Legacy lateral views written after the
// select list in such bodies go to `from` as LateralViewRef around nothing
// (source null) — see QueryStatement.
struct SelectCore : QueryExpr {
  using Base = QueryExpr;
  HIVEQL_NODE_KIND(SelectCore)
  std::string_view hint;  // `/*+ MAPJOIN(d) */` text, empty if none
  bool distinct = false;
  List<SelectItem> items;
  ScriptTransform* transform = nullptr;  // when the select list is TRANSFORM/MAP/REDUCE
  TableRef* from = nullptr;
  Expr* where = nullptr;
  GroupBy* group_by = nullptr;
  Expr* having = nullptr;
  List<NamedWindow> windows;
  Expr* qualify = nullptr;
};

// `a UNION ALL b`, `a INTERSECT b`, `a EXCEPT b`, `a MINUS b` (left-assoc, equal precedence)
struct SetOperation : QueryExpr {
  using Base = QueryExpr;
  HIVEQL_NODE_KIND(SetOperation)
  enum class Op : uint8_t { Union, Intersect, Except, Minus } op = Op::Union;
  enum class Quantifier : uint8_t { Default, All, Distinct } quantifier = Quantifier::Default;
  QueryExpr* left = nullptr;
  QueryExpr* right = nullptr;
};

// What collapse_set_operations makes of a set operation (the parser never
// builds one): the branches of `a UNION ALL b UNION c ...` in order, so that
// lineage merges them in one loop. Each branch after the first is joined to
// the rows of those before it by its own operator (the first branch's is
// unused). A branch is never itself a set operation: a parenthesised one that
// could not be spliced in without changing the rows stays a NestedQuery.
struct SetOperationChain : QueryExpr {
  using Base = QueryExpr;
  HIVEQL_NODE_KIND(SetOperationChain)
  struct Branch {
    SetOperation::Op op = SetOperation::Op::Union;
    SetOperation::Quantifier quantifier = SetOperation::Quantifier::Default;
    QueryExpr* query = nullptr;
  };
  List<Branch> branches;
};

// `VALUES (1, 'a'), (2, 'b')` as a query (INSERT ... VALUES too). DEFAULT is a
// Literal of type Variable with text "DEFAULT".
struct ValuesQuery : QueryExpr {
  using Base = QueryExpr;
  HIVEQL_NODE_KIND(ValuesQuery)
  List<List<Expr*>> rows;
  List<Ident> first_row_aliases;  // `VALUES (1 AS id, ...)`, empty if none
};

// `( query )` used as an operand of a set operation.
struct NestedQuery : QueryExpr {
  using Base = QueryExpr;
  HIVEQL_NODE_KIND(NestedQuery)
  Query* query = nullptr;
};

// A full query: `[WITH ...] body [ORDER BY] [CLUSTER BY] [DISTRIBUTE BY] [SORT BY] [LIMIT]`.
struct Query : Node {
  using Base = Node;
  HIVEQL_NODE_KIND(Query)
  List<Cte> ctes;
  QueryExpr* body = nullptr;
  List<OrderItem> order_by;
  OrderItem* order_by_all = nullptr;  // Spark's ORDER BY ALL [ASC|DESC] [NULLS ...] (expr null; order_by empty)
  List<Expr*> cluster_by;
  List<Expr*> distribute_by;
  List<OrderItem> sort_by;
  Expr* limit = nullptr;
  Expr* offset = nullptr;
};

// ---------------------------------------------------------------- FROM items

// `TABLESAMPLE(BUCKET 3 OUT OF 16 ON rand())`, `TABLESAMPLE(10 PERCENT)`, ...: text only.
struct TableSample {
  std::string_view text;  // canonical text inside the parentheses
  List<Expr*> on;         // BUCKET ... ON exprs
};

// `db.t [TABLESAMPLE(...)] [FOR SYSTEM_TIME AS OF e] [[AS] alias]`
struct TableName : TableRef {
  using Base = TableRef;
  HIVEQL_NODE_KIND(TableName)
  QualifiedName name;
  Ident alias;
  TableSample* sample = nullptr;
  Expr* as_of = nullptr;
  bool as_of_version = false;  // FOR SYSTEM_VERSION
};

// `(query) [AS] alias [(c1, c2)]`
struct SubqueryRef : TableRef {
  using Base = TableRef;
  HIVEQL_NODE_KIND(SubqueryRef)
  Query* query = nullptr;
  Ident alias;
  List<Ident> column_aliases;
  bool lateral = false;  // Spark's LATERAL (subquery): it may name the columns of the sources before it
  TableSample* sample = nullptr;  // Spark's `|> TABLESAMPLE (...)` over the query before it
};

enum class JoinKind : uint8_t { Inner, Left, Right, Full, LeftSemi, LeftAnti, Cross, Comma, UniqueJoin };
std::string_view JoinKindSpelling(JoinKind k);

// `l [kind] JOIN r [ON cond | USING (a, b)]`, `l, r`
struct JoinRef : TableRef {
  using Base = TableRef;
  HIVEQL_NODE_KIND(JoinRef)
  JoinKind join_kind = JoinKind::Inner;
  TableRef* left = nullptr;
  TableRef* right = nullptr;
  Expr* on = nullptr;
  List<Ident> using_columns;
  bool outer_keyword = false;  // LEFT OUTER JOIN vs LEFT JOIN (printing only)
  bool natural = false;        // Spark's NATURAL join: USING the columns both sides share
  bool preserve_left = false;  // UNIQUEJOIN PRESERVE (left side)
  bool preserve_right = false;
  List<Expr*> unique_keys_left;  // UNIQUEJOIN a (a.k): the key list per side
  List<Expr*> unique_keys_right;
  // Spark's `APPROX | EXACT NEAREST [n] BY SIMILARITY | DISTANCE e` in place of
  // ON: each left row with the n right rows e ranks best; `on` holds e.
  enum class Nearest : uint8_t { None, Approx, Exact } nearest = Nearest::None;
  bool nearest_by_distance = false;  // DISTANCE (smallest first), else SIMILARITY (largest first)
  std::string_view nearest_count;    // n as written; empty when left out (1)
};

// `source LATERAL VIEW [OUTER] udtf(args) t [AS c1, c2]`; also
// `LATERAL TABLE(VALUES ...) t(c1, c2)` (udtf null, values set).
struct ValuesRef;
struct LateralViewRef : TableRef {
  using Base = TableRef;
  HIVEQL_NODE_KIND(LateralViewRef)
  TableRef* source = nullptr;
  bool outer = false;
  FunctionCall* udtf = nullptr;
  Ident table_alias;
  List<Ident> column_aliases;
  ValuesRef* values = nullptr;  // LATERAL TABLE(VALUES ...) form (then udtf is null)
};

// `TABLE(VALUES (1, 2), (3, 4)) [AS] t(a, b)` / `(VALUES ...) t(a, b)`
struct ValuesRef : TableRef {
  using Base = TableRef;
  HIVEQL_NODE_KIND(ValuesRef)
  ValuesQuery* values = nullptr;
  Ident alias;
  List<Ident> column_aliases;
};

// PTF: `noop(ON src PARTITION BY a ORDER BY b [, arg(...)]) alias`; Spark's table-valued
// function `[LATERAL] [db.]f([name =>] e, ...) [[AS] alias [(c1, c2)]]` (input null).
struct TableFunctionRef : TableRef {
  using Base = TableRef;
  HIVEQL_NODE_KIND(TableFunctionRef)
  Ident name;
  List<Ident> qualifier;  // Spark: the parts before the name (`db` of `db.f()`)
  TableRef* input = nullptr;
  WindowSpec* partitioning = nullptr;  // PARTITION/ORDER or DISTRIBUTE/SORT of the input
  List<Expr*> args;                    // named args as FunctionCall nodes
  List<Ident> arg_names;               // Spark: `name =>` of each argument (empty name: positional), or empty
  Ident alias;
  List<Ident> column_aliases;  // Spark: `f(...) t(c1, c2)` renames the function's output columns
  bool lateral = false;        // Spark's LATERAL: the arguments may name the sources before it
};

// Spark's `source PIVOT (agg [AS a], ... FOR col | (c1, c2) IN (value [AS n], ...)) [[AS] alias]`
// and `source UNPIVOT [INCLUDE | EXCLUDE NULLS] (val | (v1, v2) FOR name IN (col | (c1, c2) [AS n], ...))
// [[AS] alias]`: rows turned into columns and back.
struct PivotRef : TableRef {
  using Base = TableRef;
  HIVEQL_NODE_KIND(PivotRef)
  struct UnpivotIn {
    List<Ident> columns;  // one per value column
    Ident alias;          // empty when none
  };
  TableRef* source = nullptr;
  bool unpivot = false;
  // PIVOT
  List<SelectItem> aggregates;
  List<Ident> pivot_columns;
  List<SelectItem> pivot_values;  // expr [AS name]; a tuple is a StructExpr
  // UNPIVOT
  enum class Nulls : uint8_t { Default, Include, Exclude } nulls = Nulls::Default;
  List<Ident> value_columns;
  Ident name_column;
  List<UnpivotIn> unpivot_in;
  Ident alias;
};

// Spark's `source BIN BY (RANGE start TO end BIN WIDTH w [ALIGN TO origin]
// [DISTRIBUTE UNIFORM (c, ...)] [BIN_START AS a] [BIN_END AS b] [BIN_DISTRIBUTE_RATIO AS r]) [[AS] alias]`:
// each row once per bin its range overlaps, the DISTRIBUTE columns scaled by
// the overlap; the source's columns, then bin_start, bin_end and
// bin_distribute_ratio (or the names given).
struct BinByRef : TableRef {
  using Base = TableRef;
  HIVEQL_NODE_KIND(BinByRef)
  TableRef* source = nullptr;
  Expr* range_start = nullptr;
  Expr* range_end = nullptr;
  Expr* width = nullptr;
  Expr* align = nullptr;  // null when left out
  List<Expr*> distribute;
  Ident start_name, end_name, ratio_name;  // empty: Spark's names
  Ident alias;
};

// ---------------------------------------------------------------- statements

struct Statement : Node {
  using Node::Node;
  StmtKind stmt_kind() const { return static_cast<StmtKind>(kind); }
};

// `PARTITION (ds='2024-01-01', hr)`: value null for dynamic partitions.
struct PartitionItem {
  Ident key;
  Expr* value = nullptr;
  std::string_view op;  // "=" normally; ALTER TABLE DROP PARTITION allows < > LIKE ...
};
struct PartitionSpec {
  List<PartitionItem> items;
  Span span;
};

// Where an INSERT body writes.
struct InsertTarget {
  enum class Type : uint8_t { Table, Directory } type = Type::Table;
  bool overwrite = false;
  bool table_keyword = false;  // INSERT INTO TABLE t (printing only)
  QualifiedName table;
  PartitionSpec* partition = nullptr;
  bool if_not_exists = false;
  List<Ident> columns;            // INSERT INTO t (b, a) ...
  bool by_name = false;           // Spark: INSERT INTO t BY NAME query (columns matched by name)
  Expr* replace_where = nullptr;  // Spark (Delta): INSERT INTO t REPLACE WHERE cond query
  bool local = false;             // INSERT OVERWRITE LOCAL DIRECTORY
  std::string_view path;          // unescaped directory path
  std::string_view path_text;     // path literal as written
  std::string_view storage_text;  // ROW FORMAT / STORED AS of a directory, canonical text
  Span span;
};

struct InsertBody {
  InsertTarget* target = nullptr;  // null: a plain query body (`FROM t SELECT ...`)
  Query* query = nullptr;
  Span span;
};

// Every statement built from a query:
//   plain query          SELECT ...                      (from null, 1 body, no target)
//   INSERT               [WITH] INSERT ... query          (from null, 1 body)
//   FROM-first           [WITH] FROM src INSERT ... SELECT ... INSERT ... SELECT ...
// In the FROM-first form `from` is the shared source and each body's
// SelectCore has from == null. Set operations between FROM-first blocks are
// not supported (rare).
struct QueryStatement : Statement {
  using Base = Statement;
  HIVEQL_NODE_KIND(QueryStatement)
  List<Cte> ctes;  // WITH before INSERT / FROM
  TableRef* from = nullptr;
  List<InsertBody> bodies;
};

struct ColumnDef {
  Ident name;
  TypeName type;             // empty text when untyped (view column lists, PARTITIONED BY (c))
  std::string_view comment;  // unescaped
  Span span;
};

// `CREATE [TEMPORARY] [EXTERNAL] TABLE [IF NOT EXISTS] t (cols) ... [AS query]`
// and `CREATE TABLE t LIKE src`.
struct CreateTableStatement : Statement {
  using Base = Statement;
  HIVEQL_NODE_KIND(CreateTableStatement)
  bool temporary = false;
  bool external = false;
  bool transactional = false;
  bool managed = false;
  bool if_not_exists = false;
  QualifiedName name;
  List<ColumnDef> columns;
  List<ColumnDef> partition_columns;  // PARTITIONED BY (c type, ...) or (c, ...) for CTAS
  QualifiedName like;                 // CREATE TABLE t LIKE src (empty parts if none)
  std::string_view comment;
  std::string_view options_text;  // storage clauses etc., canonical text, not interpreted
  std::string_view location;      // LOCATION 'path', unescaped (also in options_text); empty if none
  Query* as_query = nullptr;      // CTAS
};

// `CREATE [OR REPLACE] [MATERIALIZED] VIEW [IF NOT EXISTS] v [(c, ...)] AS query`
// and `ALTER VIEW v AS query` (is_alter).
struct CreateViewStatement : Statement {
  using Base = Statement;
  HIVEQL_NODE_KIND(CreateViewStatement)
  bool or_replace = false;
  bool materialized = false;
  bool if_not_exists = false;
  bool is_alter = false;
  bool temporary = false;  // Spark's [GLOBAL] TEMP[ORARY] VIEW: lives in its session only
  bool global = false;     // Spark's GLOBAL TEMPORARY VIEW (in database global_temp)
  // Spark's `CACHE [LAZY] TABLE t [OPTIONS (...)] [AS] query`: a temporary view
  // of the query, cached; options_text holds the OPTIONS.
  enum class Cache : uint8_t { No, Eager, Lazy } cache = Cache::No;
  QualifiedName name;
  List<ColumnDef> columns;
  std::string_view options_text;
  // Spark's `DEFAULT COLLATION name` (also in options_text): the collation of the query's string literals.
  std::string_view default_collation;
  Query* query = nullptr;
};

// `ALTER TABLE|VIEW|MATERIALIZED VIEW t [PARTITION (...)] action`
struct AlterTableStatement : Statement {
  using Base = Statement;
  HIVEQL_NODE_KIND(AlterTableStatement)
  enum class Object : uint8_t { Table, View, MaterializedView } object = Object::Table;
  enum class Action : uint8_t {
    RenameTo,           // RENAME TO new_name
    AddColumns,         // ADD COLUMNS (...)
    ReplaceColumns,     // REPLACE COLUMNS (...)
    ChangeColumn,       // CHANGE [COLUMN] old new type [COMMENT] [FIRST|AFTER c]
    ExchangePartition,  // EXCHANGE PARTITION (...) WITH TABLE other
    AddPartition,
    DropPartition,
    RenamePartition,
    Rebuild,  // ALTER MATERIALIZED VIEW mv REBUILD
    Other,    // SET TBLPROPERTIES, SET LOCATION, ... (kept as text)
  } action = Action::Other;
  QualifiedName name;
  PartitionSpec* partition = nullptr;
  QualifiedName new_name;          // RenameTo, ExchangePartition (the other table)
  List<ColumnDef> columns;         // Add/ReplaceColumns; ChangeColumn: one (the new definition)
  Ident old_column;                // ChangeColumn
  Ident after_column;              // ChangeColumn AFTER c
  bool first = false;              // ChangeColumn FIRST
  List<PartitionSpec> partitions;  // Add/DropPartition, RenamePartition (old, new)
  std::string_view rest_text;      // Other: canonical text after the name
};

// `DROP TABLE|VIEW|MATERIALIZED VIEW|DATABASE|FUNCTION|... [IF EXISTS] name`
struct DropStatement : Statement {
  using Base = Statement;
  HIVEQL_NODE_KIND(DropStatement)
  std::string_view object;  // "table", "view", "materialized view", "database", ...
  bool if_exists = false;
  QualifiedName name;
  bool purge = false;
  bool cascade = false;
  bool temporary = false;  // Spark's DROP TEMPORARY FUNCTION|VARIABLE|VIEW
};

// `TRUNCATE [TABLE] t [PARTITION (...)]`
struct TruncateStatement : Statement {
  using Base = Statement;
  HIVEQL_NODE_KIND(TruncateStatement)
  QualifiedName table;
  PartitionSpec* partition = nullptr;
};

// `LOAD DATA [LOCAL] INPATH 'p' [OVERWRITE] INTO TABLE t [PARTITION (...)]`
struct LoadDataStatement : Statement {
  using Base = Statement;
  HIVEQL_NODE_KIND(LoadDataStatement)
  bool local = false;
  bool overwrite = false;
  std::string_view path;
  QualifiedName table;
  PartitionSpec* partition = nullptr;
  std::string_view options_text;  // INPUTFORMAT ... SERDE ...
};

// `EXPORT TABLE t [PARTITION (...)] TO 'path'`
struct ExportStatement : Statement {
  using Base = Statement;
  HIVEQL_NODE_KIND(ExportStatement)
  QualifiedName table;
  PartitionSpec* partition = nullptr;
  std::string_view path;
  std::string_view options_text;
};

// `IMPORT [[EXTERNAL] TABLE t [PARTITION (...)]] FROM 'path' [LOCATION 'p']`
struct ImportStatement : Statement {
  using Base = Statement;
  HIVEQL_NODE_KIND(ImportStatement)
  bool external = false;
  QualifiedName table;  // may be empty
  PartitionSpec* partition = nullptr;
  std::string_view path;
  std::string_view location;
};

// `USE db`
// Spark also: `USE [SCHEMA|DATABASE|NAMESPACE] [catalog.]db`, `USE IDENTIFIER(expr)`.
struct UseStatement : Statement {
  using Base = Statement;
  HIVEQL_NODE_KIND(UseStatement)
  Ident database;
  Ident catalog;                // Spark's `USE catalog.db` (empty if none)
  std::string_view object;      // Spark: "schema" | "database" | "namespace" | ""
  Expr* identifier = nullptr;   // Spark's IDENTIFIER(expr) of a non-constant string (database empty)
};

struct Assignment {
  Ident column;
  Expr* value = nullptr;  // Literal "DEFAULT" for SET c = DEFAULT
};

// `UPDATE t [[AS] alias] SET a = e, b = DEFAULT [WHERE cond]` (the alias is Spark's)
struct UpdateStatement : Statement {
  using Base = Statement;
  HIVEQL_NODE_KIND(UpdateStatement)
  QualifiedName table;
  Ident alias;
  List<Assignment> assignments;
  Expr* where = nullptr;
};

// `DELETE FROM t [[AS] alias] [WHERE cond]` (the alias is Spark's)
struct DeleteStatement : Statement {
  using Base = Statement;
  HIVEQL_NODE_KIND(DeleteStatement)
  QualifiedName table;
  Ident alias;
  Expr* where = nullptr;
};

struct MergeClause {
  bool matched = true;
  bool by_source = false;  // Spark: WHEN NOT MATCHED BY SOURCE (a target row no source row matches)
  bool star = false;       // Spark: UPDATE SET * / INSERT * (every target column from the same-named source one)
  Expr* condition = nullptr;  // WHEN [NOT] MATCHED AND condition
  enum class Action : uint8_t { Update, Delete, Insert } action = Action::Update;
  List<Assignment> assignments;  // Update
  List<Ident> insert_columns;    // Insert (c1, c2)
  List<Expr*> insert_values;     // Insert VALUES (...)
  Span span;
};

// `MERGE INTO tgt [AS] t USING src [AS] s ON cond WHEN ...`
struct MergeStatement : Statement {
  using Base = Statement;
  HIVEQL_NODE_KIND(MergeStatement)
  std::string_view hint;
  QualifiedName target;
  Ident target_alias;
  TableRef* source = nullptr;
  Expr* on = nullptr;
  List<MergeClause> clauses;
};

// `EXPLAIN [options] statement`
struct ExplainStatement : Statement {
  using Base = Statement;
  HIVEQL_NODE_KIND(ExplainStatement)
  std::string_view options;  // "extended", "analyze", "cbo cost", ... (lower case, space separated)
  Statement* inner = nullptr;
};

// ---------------------------------------------------------------- Spark utility statements

// A name in a Spark utility statement: `db.t`, or Spark's IDENTIFIER(expr)
// when expr is not one constant string (a constant one is read into `name`).
struct ObjectName {
  QualifiedName name;
  Expr* identifier = nullptr;
  bool empty() const { return name.parts.empty() && identifier == nullptr; }
};

// Spark's session statements: `SET key = value`, `SET key`, `SET`, `RESET [key]`,
// `SET TIME ZONE zone`, and the session variables' `SET VAR a = e, b = e` and
// `SET VAR (a, b) = (query)`. A configuration's key and value are free text
// (Spark reads them so): kept as written, trimmed.
struct SetStatement : Statement {
  using Base = Statement;
  HIVEQL_NODE_KIND(SetStatement)
  enum class Form : uint8_t { Config, Reset, TimeZone, Variable } form = Form::Config;
  std::string_view key;     // Config / Reset: as written (empty: SET alone / RESET alone)
  std::string_view value;   // Config: as written after `=`; TimeZone: the zone as written
  bool has_value = false;   // Config: an `=` was written
  std::string_view variable_keyword;  // Variable: "var" or "variable"
  List<QualifiedName> variables;      // Variable: the targets
  List<Expr*> values;                 // Variable: one value per target (list form)
  Query* query = nullptr;             // Variable: `(a, b) = (query)` form
};

// Spark's `DESC[RIBE] [TABLE|FUNCTION|SCHEMA|DATABASE|NAMESPACE|CATALOG] [EXTENDED|FORMATTED]
// target [PARTITION (...)] [column] [AS JSON]` and `DESC[RIBE] [QUERY] query`.
struct DescribeStatement : Statement {
  using Base = Statement;
  HIVEQL_NODE_KIND(DescribeStatement)
  std::string_view object;  // "" (a table), "table", "function", "schema", "database", "namespace", "catalog", "query"
  std::string_view option;  // "extended", "formatted" or ""
  ObjectName target;
  PartitionSpec* partition = nullptr;
  List<Ident> column;  // a column path after the table, empty if none
  bool as_json = false;
  Query* query = nullptr;  // DESCRIBE [QUERY] query
};

// Spark's `SHOW what [FROM|IN target] rest`: `SHOW TABLES IN db LIKE 'x*'`,
// `SHOW CREATE TABLE t AS SERDE`, `SHOW PARTITIONS t PARTITION (...)`,
// `SHOW TBLPROPERTIES t ('k')`, `SHOW COLUMNS FROM t IN db`, `SHOW FUNCTIONS`.
struct ShowStatement : Statement {
  using Base = Statement;
  HIVEQL_NODE_KIND(ShowStatement)
  std::string_view what;         // lower-case words: "tables", "table extended", "create table", "columns", ...
  std::string_view preposition;  // "from", "in" or "" (the target follows `what` directly, or there is none)
  ObjectName target;
  PartitionSpec* partition = nullptr;
  std::string_view rest_text;  // what follows (LIKE 'p', AS SERDE, ('key'), IN db), canonical text
};

// Spark's statements about one catalog object that read and write no rows:
// `CREATE|ALTER SCHEMA|DATABASE|NAMESPACE s ...`, `ANALYZE TABLE t [PARTITION] COMPUTE STATISTICS ...`,
// `REFRESH [TABLE|FUNCTION] t`, `REFRESH 'path'`, `UNCACHE TABLE [IF EXISTS] t`, `COMMENT ON kind name IS 'text'`.
struct UtilityStatement : Statement {
  using Base = Statement;
  HIVEQL_NODE_KIND(UtilityStatement)
  std::string_view verb;    // "create", "alter", "analyze", "refresh", "uncache", "comment on"
  std::string_view object;  // "schema", "database", "namespace", "table", "tables", "function", "column", ... or ""
  bool if_exists = false;
  bool if_not_exists = false;
  ObjectName target;
  PartitionSpec* partition = nullptr;
  std::string_view rest_text;  // clauses after the target, canonical text (SET LOCATION 'p', IS 'c', ...)
};

// Spark's `EXECUTE IMMEDIATE sql [INTO v, ...] [USING e [AS name], ...]`. When
// `sql` is one constant string, the statement it spells is parsed into `inner`
// (Spark's plan is that statement's plan), so lineage sees its tables.
struct ExecuteImmediateStatement : Statement {
  using Base = Statement;
  HIVEQL_NODE_KIND(ExecuteImmediateStatement)
  Expr* sql = nullptr;
  Statement* inner = nullptr;  // null when sql is not a constant string, or it does not parse
  List<QualifiedName> into;
  List<SelectItem> using_args;  // `e [AS name]` (expr and alias only)
};

// Spark's `DECLARE [OR REPLACE] [VAR|VARIABLE] name [type] [(DEFAULT | =) e]`.
struct DeclareVariableStatement : Statement {
  using Base = Statement;
  HIVEQL_NODE_KIND(DeclareVariableStatement)
  bool or_replace = false;
  std::string_view variable_keyword;  // "var", "variable" or ""
  QualifiedName name;
  TypeName type;  // empty text when not written
  Expr* default_value = nullptr;
  bool default_keyword = false;  // DEFAULT rather than `=`
};

// A parameter of a SQL function, or a column of its RETURNS TABLE (...):
// `name type [NOT NULL] [DEFAULT e] [COMMENT 'c']`.
struct FunctionParam {
  Ident name;
  TypeName type;
  bool not_null = false;
  Expr* default_value = nullptr;
  std::string_view comment;  // as written (the literal), empty if none
  Span span;
};

// Spark's SQL function: `CREATE [OR REPLACE] [TEMP[ORARY]] FUNCTION [IF NOT EXISTS]
// name (params) [RETURNS type | RETURNS TABLE [(cols)]] [characteristics] RETURN expr|query`,
// and the class form (Hive's too): `CREATE [TEMPORARY] FUNCTION name AS 'class' [USING JAR 'j', ...]`.
struct CreateFunctionStatement : Statement {
  using Base = Statement;
  HIVEQL_NODE_KIND(CreateFunctionStatement)
  bool or_replace = false;
  bool temporary = false;
  bool if_not_exists = false;
  ObjectName name;
  List<FunctionParam> params;
  enum class Returns : uint8_t { None, Type, Table } returns = Returns::None;
  TypeName return_type;
  List<FunctionParam> return_columns;  // RETURNS TABLE (c type, ...); empty for a bare RETURNS TABLE
  std::string_view characteristics;    // LANGUAGE SQL, DETERMINISTIC, COMMENT '...', ...: canonical text
  Expr* return_expr = nullptr;         // RETURN expr
  Query* return_query = nullptr;       // RETURN query
  std::string_view class_name;         // the class form: the literal as written
  std::string_view resources;          // the class form: USING JAR 'x', FILE 'y': canonical text
};

// Statements recognised but not modelled: SHOW, DESCRIBE, GRANT, ANALYZE,
// CREATE DATABASE / FUNCTION / ROLE, resource plans, ... `what` is a short
// lower-case description ("show", "describe", "create function"). An embedded
// statement (CREATE SCHEDULED QUERY ... AS stmt) goes to `inner`.
struct OtherStatement : Statement {
  using Base = Statement;
  HIVEQL_NODE_KIND(OtherStatement)
  std::string_view what;
  Statement* inner = nullptr;
  std::string_view text;  // the whole statement as canonical token text (for printing)
};

#undef HIVEQL_NODE_KIND

// Each node struct derives from the base of the category node_kind.def puts it
// in, so the category accessors (expr_kind(), ...) never see a foreign kind.
#define HIVEQL_EXPR_NODE(Name) static_assert(std::is_base_of_v<Expr, Name> && Name::kKind == NodeKind::Name);
#define HIVEQL_QUERY_EXPR_NODE(Name) static_assert(std::is_base_of_v<QueryExpr, Name> && Name::kKind == NodeKind::Name);
#define HIVEQL_TABLE_REF_NODE(Name) static_assert(std::is_base_of_v<TableRef, Name> && Name::kKind == NodeKind::Name);
#define HIVEQL_STATEMENT_NODE(Name) static_assert(std::is_base_of_v<Statement, Name> && Name::kKind == NodeKind::Name);
#include "ast/node_kind.def"
static_assert(Query::kKind == NodeKind::Query);

}  // namespace hivelineage::ast
