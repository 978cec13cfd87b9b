// A traversal over every query of a statement, for the rewrite passes.
//
// Visits each Query once (CTE inlining can make a query shared by several
// references), CTE bodies and FROM subqueries and expression subqueries
// alike. Join chains and set-operation chains, which nest on the left and can
// be long, are walked iteratively, and so are queries inside queries: they
// wait on a work list, each visited after the query containing it, so a
// chain of thousands of inlined CTEs needs no deep recursion.
//
// A pass that keeps lexical state (CTE scope) sets take_query and walks each
// query's parts itself, recursing as deep as the queries nest; and may
// replace table names in place through on_table_name.
//
// Which parts a node has comes from ast/children.h: every query, FROM item
// and expression of the statement is reached.
#pragma once

#include <functional>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/container/inlined_vector.h"
#include "ast/ast.h"

namespace hivelineage::rewrite {

class QueryWalker {
 public:
  // Called before a query's parts are visited.
  std::function<void(ast::Query&)> on_query;
  // Called for every SELECT block, before its parts are visited.
  std::function<void(ast::SelectCore&)> on_core;
  // Called for every table name of a FROM clause (or MERGE source) with the
  // slot that holds it, which it may overwrite; what it writes is not walked.
  std::function<void(ast::TableRef*&)> on_table_name;
  // When set, each query met for the first time is handed to it instead of
  // the work list (on_query is not called): it visits the parts itself, with
  // Query for CTE bodies and QueryExpr for the body. Recursive, so only for
  // trees as the parser built them, which it keeps within max_depth.
  std::function<void(ast::Query&)> take_query;
  // When set, a statement inside another (EXPLAIN stmt, a scheduled query's
  // body) is handed to it instead of being walked.
  std::function<void(ast::Statement&)> take_statement;

  // How many subqueries the walk met inside expressions (counted before the
  // first-visit check: a shared one counts at each place).
  size_t expr_subqueries = 0;

  void Statement(ast::Statement& stmt);
  void Query(ast::Query* q);
  void QueryExpr(ast::QueryExpr* qe);
  void TableRef(ast::TableRef*& slot);
  // Visits the queries inside an expression (IN / EXISTS / scalar subqueries).
  void Expr(ast::Expr* e);

 private:
  bool FirstVisit(const ast::Query* q);
  void Visit(ast::Query* q);
  void Window(ast::WindowSpec& w);
  // A FROM item met inside another: a table name goes to on_table_name at
  // once (its slot may be replaced), anything else waits on `pending`.
  void TableChild(ast::TableRef*& slot, std::vector<ast::TableRef*>& pending);

  std::vector<ast::Query*> pending_;
  bool draining_ = false;

  absl::InlinedVector<const ast::Query*, 16> seen_small_;
  absl::flat_hash_set<const ast::Query*> seen_;
};

// Calls f(Query*&) on each subquery slot directly inside `e` (not nested deeper
// inside those subqueries).
void ForEachSubquerySlot(ast::Expr* e, const std::function<void(ast::Query*&)>& f);

}  // namespace hivelineage::rewrite
