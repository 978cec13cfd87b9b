// Operator precedence: the one ladder the parser's Pratt loop climbs and the
// printer reads to decide where parentheses go (clang's prec::Level is the
// model). Levels are ordered loosest first, as Hive's grammar ranks them;
// an operator's operand must bind at least as tightly as Tighter(level).
#pragma once

#include <cstdint>

#include "ast/ast.h"

namespace hivelineage::ast {

enum class Precedence : uint8_t {
  Lowest,          // a whole expression, no operator around it
  Or,              // OR
  And,             // AND
  Not,             // NOT a, !a
  Is,              // a IS [NOT] NULL | TRUE | FALSE | UNKNOWN
  Equality,        // = == <=> <> != IS [NOT] DISTINCT FROM
  Comparison,      // < <= > >= [NOT] IN | LIKE | RLIKE | REGEXP | BETWEEN; these do not chain
  BitOr,           // |
  BitAnd,          // &
  Concat,          // ||
  Additive,        // + -
  Multiplicative,  // * / % DIV
  BitXor,          // ^
  Unary,           // -a +a ~a
  Postfix,         // a.field a[index]
  Primary,         // literals, names, calls, CASE, CAST, parenthesised expressions
};

// The next level up.
constexpr Precedence Tighter(Precedence p) { return static_cast<Precedence>(static_cast<uint8_t>(p) + 1); }

constexpr Precedence PrecedenceOf(BinaryOp op) {
  switch (op) {
    case BinaryOp::Or:
      return Precedence::Or;
    case BinaryOp::And:
      return Precedence::And;
    case BinaryOp::Eq:
    case BinaryOp::EqEq:
    case BinaryOp::NullSafeEq:
    case BinaryOp::NotEq:
    case BinaryOp::BangEq:
    case BinaryOp::IsDistinctFrom:
    case BinaryOp::IsNotDistinctFrom:
      return Precedence::Equality;
    case BinaryOp::Less:
    case BinaryOp::LessEq:
    case BinaryOp::Greater:
    case BinaryOp::GreaterEq:
      return Precedence::Comparison;
    case BinaryOp::BitOr:
      return Precedence::BitOr;
    case BinaryOp::BitAnd:
      return Precedence::BitAnd;
    case BinaryOp::Concat:
      return Precedence::Concat;
    case BinaryOp::Add:
    case BinaryOp::Sub:
      return Precedence::Additive;
    case BinaryOp::Mul:
    case BinaryOp::Div:
    case BinaryOp::Mod:
    case BinaryOp::IntDiv:
      return Precedence::Multiplicative;
    case BinaryOp::BitXor:
      return Precedence::BitXor;
  }
  return Precedence::Primary;
}

constexpr Precedence PrecedenceOf(UnaryOp op) {
  switch (op) {
    case UnaryOp::Not:
      return Precedence::Not;
    case UnaryOp::Minus:
    case UnaryOp::Plus:
    case UnaryOp::BitNot:
      return Precedence::Unary;
  }
  return Precedence::Primary;
}

}  // namespace hivelineage::ast
