#include "ast/ast.h"

namespace hivelineage::ast {

std::string_view NodeKindName(NodeKind k) {
  switch (k) {
#define HIVEQL_NODE(Name) \
  case NodeKind::Name:    \
    return #Name;
#include "ast/node_kind.def"
  }
  return "?";
}

std::string_view BinaryOpSpelling(BinaryOp op) {
  switch (op) {
    case BinaryOp::Or:
      return "OR";
    case BinaryOp::And:
      return "AND";
    case BinaryOp::Eq:
      return "=";
    case BinaryOp::EqEq:
      return "==";
    case BinaryOp::NullSafeEq:
      return "<=>";
    case BinaryOp::NotEq:
      return "<>";
    case BinaryOp::BangEq:
      return "!=";
    case BinaryOp::IsDistinctFrom:
      return "IS DISTINCT FROM";
    case BinaryOp::IsNotDistinctFrom:
      return "IS NOT DISTINCT FROM";
    case BinaryOp::Less:
      return "<";
    case BinaryOp::LessEq:
      return "<=";
    case BinaryOp::Greater:
      return ">";
    case BinaryOp::GreaterEq:
      return ">=";
    case BinaryOp::BitOr:
      return "|";
    case BinaryOp::BitAnd:
      return "&";
    case BinaryOp::BitXor:
      return "^";
    case BinaryOp::Concat:
      return "||";
    case BinaryOp::Add:
      return "+";
    case BinaryOp::Sub:
      return "-";
    case BinaryOp::Mul:
      return "*";
    case BinaryOp::Div:
      return "/";
    case BinaryOp::Mod:
      return "%";
    case BinaryOp::IntDiv:
      return "DIV";
  }
  return "?";
}

std::string_view JoinKindSpelling(JoinKind k) {
  switch (k) {
    case JoinKind::Inner:
      return "JOIN";
    case JoinKind::Left:
      return "LEFT JOIN";
    case JoinKind::Right:
      return "RIGHT JOIN";
    case JoinKind::Full:
      return "FULL JOIN";
    case JoinKind::LeftSemi:
      return "LEFT SEMI JOIN";
    case JoinKind::LeftAnti:
      return "LEFT ANTI JOIN";
    case JoinKind::Cross:
      return "CROSS JOIN";
    case JoinKind::Comma:
      return ",";
    case JoinKind::UniqueJoin:
      return "UNIQUEJOIN";
  }
  return "JOIN";
}

}  // namespace hivelineage::ast
