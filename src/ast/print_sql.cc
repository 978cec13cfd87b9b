// The SQL printer's entry points (see print_sql.h for the rules; the printer
// itself is ast/printer.h, defined by area in print_*.cc).
#include "ast/print_sql.h"

#include "ast/printer.h"

namespace hivelineage::ast {

std::string PrintExpr(const Expr* e) {
  Printer p;
  p.Expr(e);
  return std::move(p.out);
}

std::string PrintQuery(const Query* q) {
  Printer p;
  p.Query(q);
  return std::move(p.out);
}

std::string PrintTableRef(const TableRef* t) {
  Printer p;
  p.TableRef(t);
  return std::move(p.out);
}

std::string PrintStatement(const Statement* s) {
  Printer p;
  p.Statement(s);
  return std::move(p.out);
}

}  // namespace hivelineage::ast
