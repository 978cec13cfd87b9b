// The SQL printer's one class, whose members are defined by area like the
// parser's: print_expr.cc (expressions, functions, windows), print_query.cc
// (queries, SELECT, GROUP BY), print_from.cc (FROM: tables, joins, lateral
// views), print_statement.cc (statements), print_quoting.cc (names, quoting
// and literals' spelling). Internal to src/ast: users call print_sql.h.
#pragma once

#include <string>
#include <string_view>

#include "ast/ast.h"
#include "ast/precedence.h"
#include "ast/print_sql.h"

namespace hivelineage::ast {

// Quoting helpers shared by the printer's files (print_quoting.cc).
bool SimpleName(std::string_view name);
bool FunctionNameNeedsQuotes(std::string_view name);
std::string Upper(std::string_view s);
bool IsLoneVariable(std::string_view name);
void AppendBackquoted(std::string& out, std::string_view name);

class Printer {
 public:
  std::string out;
  // Printing GROUP BY's items: a function named cube or rollup prints in
  // backquotes, since bare at an item's start it reads back as CUBE(...) or
  // ROLLUP(...) grouping (a call only when the list was in parentheses).
  bool in_grouping_items = false;

  // ------------------------------------------------------------ names (print_quoting.cc)
  void Name(std::string_view n);
  void Name(const Ident& id);
  void Names(List<Ident> parts);
  void ColumnNames(List<Ident> parts);
  void Qualified(const QualifiedName& q);
  void IdentList(List<Ident> ids);

  // ------------------------------------------------------------ expressions (print_expr.cc)
  void Expr(const ast::Expr* e, Precedence required = Precedence::Lowest);
  void Exprs(List<ast::Expr*> es);
  void Binary(const BinaryExpr* b);
  void Literal(const ast::Literal* l);
  void Function(const FunctionCall* f);
  void OrderItems(List<OrderItem> items);
  void Sep(bool& first);
  void Partitioning(const WindowSpec* w, bool& first);
  void Bound(const FrameBound& b);
  void WindowBody(const WindowSpec* w);
  void Postfix(const ast::Expr* e);
  void ExprInner(const ast::Expr* e);

  // ------------------------------------------------------------ queries (print_query.cc)
  void Query(const ast::Query* q);
  void Ctes(List<Cte> ctes);
  void Trailing(const ast::Query* q);
  void Count(const ast::Expr* e);
  void SetOperator(SetOperation::Op op, SetOperation::Quantifier quantifier);
  void QueryExpr(const ast::QueryExpr* b);
  void Values(const ValuesQuery* v);
  void ColumnDefs(List<ColumnDef> defs);
  void ColumnDef(const ast::ColumnDef& d);
  void TransformClause(const ScriptTransform* t);
  static const LateralViewRef* LegacyLateral(const ast::TableRef* t);
  void Select(const SelectCore* c);
  bool PipeOnly(const SelectCore* c);
  void GroupBy(const ast::GroupBy* g);

  // ------------------------------------------------------------ FROM (print_from.cc)
  void Alias(const Ident& alias, List<Ident> columns);
  void TableRef(const ast::TableRef* t);
  void JoinSide(const ast::TableRef* t);
  void UniqueSide(const ast::TableRef* t, bool preserve, List<ast::Expr*> keys);
  void Join(const JoinRef* j);
  void Lateral(const LateralViewRef* lv);
  void Pivot(const PivotRef* p);
  void BinBy(const BinByRef* b);

  // ------------------------------------------------------------ statements (print_statement.cc)
  void Partition(const PartitionSpec* p);
  void Target(const InsertTarget* t);
  void Assignments(List<Assignment> as);
  void Print(const QueryStatement* q);
  void Print(const CreateTableStatement* c);
  void Print(const CreateViewStatement* v);
  void Print(const AlterTableStatement* a);
  void AlterAction(const AlterTableStatement* a);
  void Print(const DropStatement* d);
  void Print(const TruncateStatement* t);
  void Print(const LoadDataStatement* l);
  void Print(const ExportStatement* e);
  void Print(const ImportStatement* i);
  void Print(const UpdateStatement* u);
  void Print(const DeleteStatement* d);
  void Print(const MergeStatement* m);
  void MergeWhen(const MergeClause& c);
  void Print(const ExplainStatement* e);
  void Print(const UseStatement* u);
  void Print(const OtherStatement* o);
  // Spark's utility statements (print_spark_utility.cc)
  void Object(const ObjectName& n);
  void FunctionParams(List<FunctionParam> params);
  void Print(const SetStatement* s);
  void Print(const DescribeStatement* d);
  void Print(const ShowStatement* s);
  void Print(const UtilityStatement* u);
  void Print(const ExecuteImmediateStatement* e);
  void Print(const DeclareVariableStatement* d);
  void Print(const CreateFunctionStatement* f);
  void Statement(const ast::Statement* s);
};

}  // namespace hivelineage::ast
