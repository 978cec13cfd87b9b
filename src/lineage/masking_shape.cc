#include "lineage/masking_shape.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/strings.h"

namespace hivelineage::lineage {
namespace {

using namespace ast;

constexpr std::string_view kSubstrMask = "shape:substr_mask";
constexpr std::string_view kRegexpMask = "shape:regexp_mask";
constexpr size_t kMaxOperands = 64;
constexpr int64_t kToEnd = std::numeric_limits<int64_t>::max();

// Whether `f` calls the built-in `name` (not `db.name`), in any case.
bool Calls(const FunctionCall& f, std::string_view name) {
  return f.name.size() == 1 && f.over == nullptr && EqualsIgnoreCase(f.name[0].name, name);
}

// A string constant's text without its quotes; nothing for anything else.
std::optional<std::string_view> StringConstant(const Expr* e) {
  const auto* l = DynCast<Literal>(e);
  if (l == nullptr || l->type != Literal::Type::String || l->text.size() < 2) return std::nullopt;
  return l->text.substr(1, l->text.size() - 2);
}

bool HasStarRun(std::string_view text) { return text.find('*') != std::string_view::npos; }
bool IsStarRun(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c == '*'; });
}

// An integer constant, `-4` included.
std::optional<int64_t> IntConstant(const Expr* e) {
  bool negative = false;
  if (const auto* u = DynCast<UnaryExpr>(e); u != nullptr && u->op == UnaryOp::Minus) {
    negative = true;
    e = u->operand;
  }
  const auto* l = DynCast<Literal>(e);
  if (l == nullptr || l->type != Literal::Type::Number) return std::nullopt;
  int64_t v = 0;
  const auto r = std::from_chars(l->text.data(), l->text.data() + l->text.size(), v);
  if (r.ec != std::errc() || r.ptr != l->text.data() + l->text.size()) return std::nullopt;
  return negative ? -v : v;
}

// What a value's piece shows of it: positions [from, to] (1-based, to may be
// kToEnd), or a suffix (a negative start).
struct Piece {
  int64_t from = 1;
  int64_t to = kToEnd;
  bool suffix = false;
};

// substr(x, start[, length]) with constant positions.
std::optional<Piece> SubstrPiece(const FunctionCall& f) {
  if ((!Calls(f, "substr") && !Calls(f, "substring")) || f.args.size() < 2 || f.args.size() > 3) return std::nullopt;
  const std::optional<int64_t> start = IntConstant(f.args[1]);
  if (!start) return std::nullopt;
  Piece p;
  if (*start < 0) {
    p.suffix = true;
    return p;
  }
  p.from = std::max<int64_t>(*start, 1);  // Hive reads position 0 as 1
  if (f.args.size() == 3) {
    const std::optional<int64_t> length = IntConstant(f.args[2]);
    if (!length || *length < 0) return std::nullopt;
    p.to = p.from + *length - 1;
  }
  return p;
}

// Names the value a substr reads, so pieces of one value are compared: the
// column as written, or the expression's node when it is not a column.
std::string ValueKey(const Expr* e) {
  if (const auto* c = DynCast<ColumnRef>(e)) {
    std::string key;
    for (const Ident& part : c->parts) Append(key, key.empty() ? "" : ".", ToLower(part.name));
    return key;
  }
  return Cat("#", reinterpret_cast<uintptr_t>(e));
}

// Whether the pieces of one value leave some of it out.
bool LeavesPartOut(std::vector<Piece> pieces) {
  std::sort(pieces.begin(), pieces.end(), [](const Piece& a, const Piece& b) { return a.from < b.from; });
  int64_t shown_to = 0;  // positions 1 .. shown_to are shown
  for (const Piece& p : pieces) {
    if (p.suffix) continue;  // a suffix of unknown position: assumed to leave the middle out
    if (p.from > shown_to + 1) return true;
    shown_to = std::max(shown_to, p.to);
  }
  return shown_to != kToEnd;
}

// The operands of a concatenation: concat's and concat_ws's arguments (the
// separator of concat_ws is a constant or no shape), or a `||` chain's.
bool ConcatOperands(const Expr& e, std::vector<const Expr*>& out) {
  if (const auto* b = DynCast<BinaryExpr>(&e); b != nullptr && b->op == BinaryOp::Concat) {
    std::vector<const Expr*> stack{b->rhs, b->lhs};
    while (!stack.empty()) {
      // Each `||` of a long chain is looked at: past kMaxOperands, no shape (and no quadratic walk).
      if (out.size() + stack.size() > kMaxOperands) return false;
      const Expr* x = stack.back();
      stack.pop_back();
      if (const auto* inner = DynCast<BinaryExpr>(x); inner != nullptr && inner->op == BinaryOp::Concat) {
        stack.push_back(inner->rhs);
        stack.push_back(inner->lhs);
      } else {
        out.push_back(x);
      }
    }
    return true;
  }
  const auto* f = DynCast<FunctionCall>(&e);
  if (f == nullptr) return false;
  if (Calls(*f, "concat")) {
    out.assign(f->args.begin(), f->args.end());
    return true;
  }
  if (Calls(*f, "concat_ws") && !f->args.empty() && StringConstant(f->args[0])) {
    out.assign(f->args.begin() + 1, f->args.end());
    return true;
  }
  return false;
}

}  // namespace

MaskingShape RecognizeMaskingShape(const Expr& e) {
  MaskingShape shape;
  if (const auto* f = DynCast<FunctionCall>(&e); f != nullptr && Calls(*f, "regexp_replace") && f->args.size() == 3) {
    if (const std::optional<std::string_view> replacement = StringConstant(f->args[2]);
        replacement && HasStarRun(*replacement)) {
      shape.name = kRegexpMask;
      shape.masked.push_back(f->args[0]);
    }
    return shape;
  }
  std::vector<const Expr*> operands;
  if (!ConcatOperands(e, operands)) return shape;
  bool star_run = false;
  std::map<std::string, std::vector<Piece>> values;
  for (const Expr* o : operands) {
    if (const std::optional<std::string_view> text = StringConstant(o)) {
      star_run = star_run || IsStarRun(*text);
      continue;
    }
    const auto* f = DynCast<FunctionCall>(o);
    const std::optional<Piece> piece = f != nullptr ? SubstrPiece(*f) : std::nullopt;
    if (!piece) return shape;  // the raw value, or something else: no shape
    values[ValueKey(f->args[0])].push_back(*piece);
    shape.masked.push_back(o);
  }
  if (!star_run || values.empty()) {
    shape.masked.clear();
    return shape;
  }
  for (auto& [key, pieces] : values) {
    if (!LeavesPartOut(std::move(pieces))) {
      shape.masked.clear();
      return shape;
    }
  }
  shape.name = kSubstrMask;
  return shape;
}

}  // namespace hivelineage::lineage
