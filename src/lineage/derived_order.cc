#include "lineage/derived_order.h"

#include "absl/container/inlined_vector.h"
#include "ast/children.h"

namespace hivelineage::lineage {

namespace {

using namespace ast;

// Every node below the root, leftmost first, down to the derived tables,
// which are collected and not entered. Subqueries inside expressions are part
// of the query (they may be correlated): their derived tables count too.
class Walk {
 public:
  explicit Walk(std::vector<const Query*>& out) : out_(out) {}

  void Run(const Query* root) {
    todo_.push_back(root);
    absl::InlinedVector<const Node*, 16> children;
    auto add = [&](const Node* c) {
      // Column references and literals hold nothing.
      if (c->kind != NodeKind::ColumnRef && c->kind != NodeKind::Literal) children.push_back(c);
    };
    while (!todo_.empty()) {
      const Node* n = todo_.back();
      todo_.pop_back();
      if (auto* s = DynCast<SubqueryRef>(n)) {
        if (s->query != nullptr) out_.push_back(s->query);
        continue;
      }
      children.clear();
      VisitChildren(*n, Overloaded{add, [&](const WindowSpec* w) { VisitChildren(*w, add); }});
      // The work list is a stack: push in reverse so the leftmost child is taken first.
      for (size_t i = children.size(); i-- > 0;) todo_.push_back(children[i]);
    }
  }

 private:
  std::vector<const Query*>& out_;
  std::vector<const Node*> todo_;
};

}  // namespace

void DirectDerivedTables(const Query* q, std::vector<const Query*>& out) {
  if (q != nullptr) Walk(out).Run(q);
}

}  // namespace hivelineage::lineage
