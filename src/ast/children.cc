// CopyNode (see children.h).
#include "ast/children.h"

namespace hivelineage::ast {

namespace {

// Gives each list of children of the node it walks fresh storage.
struct OwnLists {
  Arena& arena;
  void operator()(const Expr*) {}
  template <typename T>
  void OnList(std::span<T>& list) {
    list = arena.CopyOf(list);
  }
};

}  // namespace

Expr* CopyNode(Arena& arena, const Expr& e) {
  Expr* copy = nullptr;
  switch (e.expr_kind()) {
#define HIVEQL_EXPR_NODE(Name)                           \
  case ExprKind::Name:                                   \
    copy = arena.New<Name>(static_cast<const Name&>(e)); \
    break;
#include "ast/node_kind.def"
  }
  VisitChildren(*copy, OwnLists{arena});
  return copy;
}

}  // namespace hivelineage::ast
