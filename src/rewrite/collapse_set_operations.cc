#include "rewrite/collapse_set_operations.h"

#include <vector>

#include "rewrite/walk.h"

namespace hivelineage::rewrite {

namespace {

using namespace ast;
using Branch = SetOperationChain::Branch;

// A query that is nothing but its body. One whose sort keys prune_order_limit
// removed is not: lineage reads them in the query's own scope.
bool IsBare(const Query* q, const RewriteResult& result) {
  return q != nullptr && q->body != nullptr && q->ctes.empty() && q->order_by.empty() && q->sort_by.empty() &&
         q->cluster_by.empty() && q->distribute_by.empty() && q->limit == nullptr && q->offset == nullptr &&
         result.SortKeysOf(q) == nullptr;
}

bool IsSetOperation(const QueryExpr* qe) {
  return qe != nullptr && (qe->kind == NodeKind::SetOperation || qe->kind == NodeKind::SetOperationChain);
}

// `a OP (b OP c)` is `a OP b OP c` when OP (operator and quantifier) is
// associative: UNION and INTERSECT, ALL or not; EXCEPT and MINUS are not.
bool Associative(SetOperation::Op op) { return op == SetOperation::Op::Union || op == SetOperation::Op::Intersect; }

class Collapser {
 public:
  Collapser(Arena& arena, const RewriteResult& result) : arena_(arena), result_(result) {}

  void Query(ast::Query& q) {
    // Only when nothing outside the select list could name the derived table's alias.
    const bool outer_bare = q.order_by.empty() && q.sort_by.empty() && q.cluster_by.empty() &&
                            q.distribute_by.empty() && q.limit == nullptr && q.offset == nullptr &&
                            result_.SortKeysOf(&q) == nullptr;
    for (int guard = 0; outer_bare && guard < 10000; ++guard) {
      QueryExpr* inner = StarOverSetOperation(q.body);
      if (inner == nullptr) break;
      q.body = inner;
    }
    q.body = Unwrap(q.body);
    if (IsSetOperation(q.body)) q.body = Chain(Branches(q.body));
  }

 private:
  // Unwraps parenthesized bare operands.
  QueryExpr* Unwrap(QueryExpr* qe) const {
    for (int guard = 0; guard < 10000; ++guard) {
      auto* n = DynCast<NestedQuery>(qe);
      if (n == nullptr || !IsBare(n->query, result_)) return qe;
      qe = n->query->body;
    }
    return qe;
  }

  // `SELECT * FROM (set operation) alias` with nothing else: the set operation.
  QueryExpr* StarOverSetOperation(QueryExpr* body) const {
    auto* core = DynCast<SelectCore>(body);
    if (core == nullptr || core->items.size() != 1 || core->distinct || core->transform != nullptr ||
        core->where != nullptr || core->group_by != nullptr || core->having != nullptr || core->qualify != nullptr ||
        !core->windows.empty())
      return nullptr;
    auto* star = DynCast<StarExpr>(core->items[0].expr);
    if (star == nullptr || !star->qualifier.empty() || !star->regex.empty() || !star->except_columns.empty() ||
        !star->replaced_names.empty())
      return nullptr;
    auto* sub = DynCast<SubqueryRef>(core->from);
    if (sub == nullptr || !sub->column_aliases.empty() || sub->sample != nullptr || !IsBare(sub->query, result_))
      return nullptr;
    QueryExpr* inner = Unwrap(sub->query->body);
    return IsSetOperation(inner) ? inner : nullptr;
  }

  SetOperationChain* Chain(const std::vector<Branch>& branches) {
    auto* chain = arena_.New<SetOperationChain>();
    chain->branches = arena_.CopyOf(branches);
    if (!branches.empty() && branches.front().query != nullptr && branches.back().query != nullptr)
      chain->span = Span{branches.front().query->span.begin, branches.back().query->span.end};
    return chain;
  }

  // The branches of a set operation (binary, as parsed, or a chain already),
  // left to right; the left spine of a long chain is walked iteratively.
  std::vector<Branch> Branches(QueryExpr* qe) {
    std::vector<Branch> out;
    if (auto* chain = DynCast<SetOperationChain>(qe)) {
      for (const Branch& b : chain->branches) Append(b.query, b.op, b.quantifier, out);
      return out;
    }
    std::vector<SetOperation*> spine;
    while (auto* op = DynCast<SetOperation>(qe)) {
      spine.push_back(op);
      qe = op->left;
    }
    Append(qe, SetOperation::Op::Union, SetOperation::Quantifier::Default, out);
    for (size_t i = spine.size(); i-- > 0;) Append(spine[i]->right, spine[i]->op, spine[i]->quantifier, out);
    return out;
  }

  // Appends `operand`, joined to the branches before it by `op`: its own
  // branches when it is a set operation that can be spliced in, else itself.
  void Append(QueryExpr* operand, SetOperation::Op op, SetOperation::Quantifier quantifier, std::vector<Branch>& out) {
    QueryExpr* inner = Unwrap(operand);
    if (!IsSetOperation(inner)) {
      out.push_back(Branch{op, quantifier, inner});
      return;
    }
    std::vector<Branch> sub = Branches(inner);
    // Set operations run left to right, so the leftmost operand's branches
    // always splice in; a later one's only when every operator is the same
    // associative one.
    bool splice = true;
    if (!out.empty()) {
      splice = Associative(op);
      for (size_t i = 1; splice && i < sub.size(); ++i) splice = sub[i].op == op && sub[i].quantifier == quantifier;
    }
    if (splice) {
      sub.front().op = op;
      sub.front().quantifier = quantifier;
      out.insert(out.end(), sub.begin(), sub.end());
      return;
    }
    // Kept in parentheses, itself collapsed.
    auto* nested = DynCast<NestedQuery>(operand);
    if (nested == nullptr) {
      nested = arena_.New<NestedQuery>();
      nested->span = inner->span;
      nested->query = arena_.New<ast::Query>();
      nested->query->span = inner->span;
    }
    nested->query->body = Chain(sub);
    out.push_back(Branch{op, quantifier, nested});
  }

  Arena& arena_;
  const RewriteResult& result_;
};

}  // namespace

void CollapseSetOperations(ast::Statement& stmt, Arena& arena, RewriteResult& result) {
  Collapser c(arena, result);
  QueryWalker w;
  w.on_query = [&c](ast::Query& q) { c.Query(q); };
  w.Statement(stmt);
}

}  // namespace hivelineage::rewrite
