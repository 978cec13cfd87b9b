// The resolver: expressions, window keys, constant filters and star sources.
#include "lineage/resolver.h"

#include <algorithm>
#include <forward_list>

#include "absl/container/flat_hash_map.h"
#include "absl/container/inlined_vector.h"
#include "ast/children.h"
#include "base/strings.h"
#include "lineage/column_regex.h"
#include "lineage/function_kind.h"
#include "lineage/masked_source.h"
#include "lineage/masking_shape.h"
#include "lineage/resolver_helpers.h"

namespace hivelineage::lineage {

namespace {

using namespace ast;
using namespace resolver_internal;

}  // namespace

// ---------------------------------------------------------------- expressions

ExprInfo Resolver::AnalyzeExpr(const Expr* root, Scope* scope) {
  ExprInfo info;
  if (root == nullptr) return info;
  if (auto* ref = DynCast<ColumnRef>(root)) {
    size_t used = 0;
    if (const Column* c = Resolve(ref, scope, &used)) {
      if (!Folded(scope, c)) info.sources = c->sources;
      // `s.field` reads the struct column s: Hive calls that an expression.
      const bool field = used < ref->parts.size();
      info.type = field ? MaxType(c->type, DepType::Expression) : c->type;
      info.derivation = field ? MaxDerivation(c->derivation, Derivation::Transformation) : c->derivation;
      info.masking = c->masking;
    }
    return info;
  }
  info.derivation = Derivation::Transformation;
  if (root->kind == NodeKind::Literal) return info;
  info.type = DepType::Expression;
  // Masked only when every value that reaches the result is: `if(c, md5(x), x)`
  // copies x unmasked. A value is masked under a masking call, or when its
  // column already was; the conditions of IF and CASE choose a value, they are
  // not one, and do not count.
  bool any_value = false, all_masked = true;
  auto value = [&](bool masked) {
    any_value = true;
    all_masked = all_masked && masked;
  };
  // Iterative walk: left-deep operator chains can be very long. Each operand
  // goes with the masking that encloses it (masking calls and shapes, see
  // masked_source.h; null: none) and whether it is a value.
  struct Operand {
    const Expr* e;
    const std::string* mask;
    bool is_value;
  };
  std::forward_list<std::string> masks;  // stable storage for Operand::mask (no allocation until used)
  absl::flat_hash_map<const Expr*, const std::string*> shape_of;  // operands a masking shape masks
  absl::InlinedVector<Operand, 32> stack{{root, nullptr, true}};
  while (!stack.empty()) {
    // Named copies, not a structured binding: lambdas below capture them (clang 14).
    const Operand top = stack.back();
    stack.pop_back();
    const Expr* const e = top.e;
    const std::string* mask = top.mask;
    if (auto it = shape_of.find(e); it != shape_of.end())
      mask = &masks.emplace_front(ComposeMasking(*it->second, mask == nullptr ? "" : *mask));
    const bool under_mask = mask != nullptr, is_value = top.is_value;
    auto value_of = [&](bool masked) {
      if (is_value) value(masked);
    };
    // Sources read here: through the enclosing masking, if any; read by a
    // condition (no value), they unmask nothing (masked_source.h).
    auto merge = [&](const ColumnSet& from) {
      if (mask != nullptr) {
        MergeMasked(interner_, from, *mask, info.sources);
      } else if (!is_value) {
        MergeMasked(interner_, from, "", info.sources);
      } else {
        MergeInto(info.sources, from);
      }
    };
    const std::string* operand_mask = mask;
    const Expr* condition = nullptr;  // IF's first operand chooses a value, it is not one
    switch (e->expr_kind()) {
      case ExprKind::ColumnRef: {
        size_t used = 0;
        if (const Column* c = Resolve(static_cast<const ColumnRef*>(e), scope, &used)) {
          if (!Folded(scope, c)) merge(c->sources);
          info.type = MaxType(info.type, c->type);
          info.derivation = MaxDerivation(info.derivation, c->derivation);
          if (!c->sources.empty()) value_of(under_mask || c->masking);
        }
        continue;
      }
      case ExprKind::InSubqueryExpr: {
        auto* in = static_cast<const InSubqueryExpr*>(e);
        ColumnList* q = AnalyzeQuery(in->query, scope);
        for (size_t i = 0; i < q->declared; ++i) {
          merge(q->At(i).sources);
          if (!q->At(i).sources.empty()) value_of(under_mask || q->At(i).masking);
        }
        break;
      }
      case ExprKind::SubqueryExpr: {
        // A scalar subquery's value is its column's: `(SELECT max(x) FROM u)` aggregates.
        ColumnList* q = AnalyzeQuery(static_cast<const SubqueryExpr*>(e)->query, scope);
        for (size_t i = 0; i < q->declared; ++i) {
          merge(q->At(i).sources);
          info.derivation = MaxDerivation(info.derivation, q->At(i).derivation);
          if (!q->At(i).sources.empty()) value_of(under_mask || q->At(i).masking);
        }
        continue;
      }
      case ExprKind::ExistsExpr:
        AnalyzeQuery(static_cast<const ExistsExpr*>(e)->query, scope);
        continue;
      case ExprKind::StarExpr: {
        // The star's columns count as unmasked unless a masking call encloses it.
        ExprInfo star;
        StarSources(static_cast<const StarExpr*>(e), scope, star);
        merge(star.sources);
        info.type = MaxType(info.type, star.type);
        info.derivation = MaxDerivation(info.derivation, star.derivation);
        if (!star.sources.empty()) value_of(under_mask);
        continue;
      }
      case ExprKind::FunctionCall: {
        auto* f = static_cast<const FunctionCall*>(e);
        if (f->over != nullptr) {
          // A window's keys choose rows; they are read, not a value to mask.
          absl::InlinedVector<const Expr*, 32> keys;
          AddWindowSources(*f->over, scope, info, keys);
          for (const Expr* k : keys) stack.push_back({k, nullptr, false});
        }
        const FunctionTraits traits = ClassifyFunction(*f);
        if (traits.masking)
          operand_mask =
              &masks.emplace_front(ComposeMasking(ToLower(f->name.back().name), mask == nullptr ? "" : *mask));
        if (f->over != nullptr && scope != nullptr) value_of(operand_mask != nullptr);
        if (f->over != nullptr) {
          info.derivation = Derivation::Window;
        } else if (traits.aggregate) {
          info.derivation = MaxDerivation(info.derivation, Derivation::Aggregation);
        } else if (traits.conditional) {
          info.derivation = MaxDerivation(info.derivation, Derivation::Conditional);
        }
        if (f->star && session_.spark_names && !f->name.empty() && !EqualsIgnoreCase(f->name.back().name, "count")) {
          // Spark's f(*) (array(*), coalesce(*)) reads every column in scope; count(*) reads none.
          static const StarExpr kEveryColumn;
          ExprInfo star;
          StarSources(&kEveryColumn, scope, star);
          merge(star.sources);
          info.type = MaxType(info.type, star.type);
          if (!star.sources.empty()) value_of(operand_mask != nullptr);
        }
        if (traits.conditional && !f->args.empty()) condition = f->args[0];
        if (!lost_distinct_.empty() && lost_distinct_.contains(f)) continue;  // its argument is read as no column
        if (const SqlFunction* sf = FindSqlFunction(f->name); sf != nullptr && !sf->table) {
          ExprInfo body;
          AddSqlFunctionCall(*sf, body);
          merge(body.sources);
          info.type = MaxType(info.type, body.type);
          info.derivation = MaxDerivation(info.derivation, body.derivation);
        }
        break;
      }
      case ExprKind::CaseExpr: {
        info.derivation = MaxDerivation(info.derivation, Derivation::Conditional);
        auto* c = static_cast<const CaseExpr*>(e);
        if (c->operand != nullptr) stack.push_back({c->operand, mask, false});
        for (const WhenClause& w : c->whens) {
          stack.push_back({w.condition, mask, false});
          stack.push_back({w.result, mask, is_value});
        }
        if (c->else_result != nullptr) stack.push_back({c->else_result, mask, is_value});
        continue;
      }
      case ExprKind::Literal:
      case ExprKind::FieldAccess:
      case ExprKind::Subscript:
      case ExprKind::UnaryExpr:
      case ExprKind::BinaryExpr:
      case ExprKind::IsExpr:
      case ExprKind::BetweenExpr:
      case ExprKind::InListExpr:
      case ExprKind::LikeExpr:
      case ExprKind::CastExpr:
      case ExprKind::IntervalExpr:
      case ExprKind::ExtractExpr:
      case ExprKind::StructExpr:
      case ExprKind::VariantPathExpr:  // `v:a.b` reads v
      case ExprKind::LambdaExpr:       // its body reads the columns it names that are not its parameters
        break;  // a transformation of its operands
      case ExprKind::LambdaVariable:  // a value the higher-order function passes in: no column
        continue;
    }
    // Operands only: a window's keys were taken above (AddWindowSources), and
    // subqueries were analysed above.
    // A masking shape (concat(substr(x, 1, 3), '****', ...)) masks some of its operands.
    if (e->expr_kind() == ExprKind::FunctionCall || e->expr_kind() == ExprKind::BinaryExpr) {
      if (MaskingShape shape = RecognizeMaskingShape(*e); !shape.name.empty()) {
        const std::string* name = &masks.emplace_front(shape.name);
        for (const Expr* m : shape.masked) shape_of.try_emplace(m, name);
      }
    }
    VisitChildren(*e, [&](const Expr* c) { stack.push_back({c, operand_mask, is_value && c != condition}); });
  }
  info.masking = any_value && all_masked;
  return info;
}

// The catalog type of the one base column `c` copies, lower case; empty when
// it is not a plain copy of a base column of known type, or is a partition
// column (a filter on it prunes partitions and folds nothing).
std::string Resolver::CopiedColumnType(const Column& c) {
  if (c.sources.size() != 1 || c.type != DepType::Simple) return {};
  const std::string name(interner_.Name(c.sources[0]));
  const size_t dot = name.rfind('.');
  if (dot == std::string::npos) return {};
  const CatalogTable* t = session_.catalog.Find(name.substr(0, dot));
  if (t == nullptr) return {};
  for (const CatalogColumn& col : t->columns)
    if (col.name == std::string_view(name).substr(dot + 1)) return ToLower(col.type);
  return {};
}

void Resolver::FoldConstantFilters(const Expr* where, Scope* scope) {
  // `c = literal` folds only when both have the same kind of type: Hive
  // compares a string column with a number as doubles, and keeps the column.
  const auto same_kind = [](const std::string& type, const Literal& lit) {
    static constexpr std::string_view kNumbers[] = {"tinyint", "smallint", "int", "integer", "bigint",
                                                    "float",   "double",   "decimal"};
    const bool number = std::any_of(std::begin(kNumbers), std::end(kNumbers),
                                    [&](std::string_view n) { return type.starts_with(n); });
    const bool text = type.starts_with("string") || type.starts_with("varchar") || type.starts_with("char");
    return (lit.type == Literal::Type::Number && number) || (lit.type == Literal::Type::String && text);
  };
  const auto fold = [&](const Expr* e, const Literal* equal_to) {
    auto* ref = DynCast<ColumnRef>(e);
    if (ref == nullptr) return;
    size_t used = 0;
    const Column* c = Resolve(ref, scope, &used);
    if (c == nullptr || used != ref->parts.size()) return;
    if (equal_to != nullptr && !same_kind(CopiedColumnType(*c), *equal_to)) return;
    scope->folded.push_back(c);
  };
  absl::InlinedVector<const Expr*, 8> conjuncts{where};
  while (!conjuncts.empty()) {
    const Expr* e = conjuncts.back();
    conjuncts.pop_back();
    if (auto* b = DynCast<BinaryExpr>(e)) {
      if (b->op == BinaryOp::And) {
        conjuncts.push_back(b->lhs);
        conjuncts.push_back(b->rhs);
      } else if (b->op == BinaryOp::Eq || b->op == BinaryOp::EqEq) {
        if (auto* lit = DynCast<Literal>(b->rhs)) fold(b->lhs, lit);
        if (auto* lit = DynCast<Literal>(b->lhs)) fold(b->rhs, lit);
      }
    } else if (auto* is = DynCast<IsExpr>(e); is != nullptr && is->what == IsExpr::What::Null && !is->negated) {
      fold(is->operand, nullptr);
    }
  }
}

void Resolver::AddWindowSources(const WindowSpec& over, Scope* scope, ExprInfo& info,
                                absl::InlinedVector<const Expr*, 32>& operands) {
  if (session_.semantics == Semantics::Hive) {
    // Hive evaluates windowing in a PTF whose output rows carry the whole
    // input row: its lineage gives a window function every column of the
    // FROM clause, as a SCRIPT dependency.
    if (scope != nullptr) {
      MergeInto(info.sources, AllColumns(scope));
      info.type = DepType::Script;
    }
    return;
  }
  // Precise: the keys of the OVER clause, and of the named windows it builds
  // on (`OVER w`, `WINDOW w AS (v ORDER BY x)`), are read like operands.
  auto key = [&](const Expr* k) {
    if (const Column* alias = WindowKeyAlias(k, scope)) {
      MergeMasked(interner_, alias->sources, "", info.sources);  // read, not a value
      return;
    }
    operands.push_back(k);
  };
  const WindowSpec* spec = &over;
  for (size_t hops = 0; spec != nullptr; ++hops) {
    for (const Expr* k : spec->partition_by) key(k);
    for (const ast::OrderItem& k : spec->order_by) key(k.expr);
    if (spec->base.name.empty() || scope == nullptr || hops > scope->windows.size()) break;
    const WindowSpec* next = nullptr;
    for (const ast::NamedWindow& w : scope->windows)
      if (EqualsIgnoreCase(w.name.name, spec->base.name)) next = w.spec;
    spec = next;
  }
}

// A window key that names an earlier item of the select list being read
// (`max(f) mf, rank() OVER (ORDER BY mf)`) in a SELECT with GROUP BY: Hive
// computes windows after the aggregates, so the key reads that item. Only when no relation
// of the FROM clause declares the name and none is of unknown schema (whose
// column it may be): a column wins over an alias, as for GROUP BY.
const Column* Resolver::WindowKeyAlias(const Expr* k, Scope* scope) {
  auto* ref = DynCast<ColumnRef>(k);
  if (ref == nullptr || ref->parts.size() != 1 || scope == nullptr || scope->select_so_far == nullptr) return nullptr;
  const std::string name = Lower(ref->parts[0]);
  for (const Relation& rel : scope->relations)
    if (rel.columns->open() || rel.columns->FindDeclared(name) != nullptr) return nullptr;
  return scope->select_so_far->FindDeclared(name);
}

const ColumnSet& Resolver::AllColumns(Scope* s) {
  if (!s->all_columns_ready) {
    s->all_columns_ready = true;
    for (const Relation& rel : s->relations)
      for (size_t i = 0; i < rel.columns->declared; ++i) MergeInto(s->all_columns, rel.columns->At(i).sources);
  }
  return s->all_columns;
}

// A `*`'s regex column spec, compiled once per `*`; null when it has none, or
// when it does not compile (warned, `*bad` set: the `*` selects no columns).
std::unique_ptr<ColumnRegex> Resolver::StarRegex(const StarExpr* star, bool* bad) {
  *bad = false;
  if (star->regex.empty()) return nullptr;
  std::string error;
  std::unique_ptr<ColumnRegex> regex = ColumnRegex::Compile(star->regex, error, session_.spark_case_sensitive);
  if (regex == nullptr) {
    *bad = true;
    Warn(star->span, Cat("column regex `", star->regex, "`: ", error, "; no columns selected"),
         DiagnosticCode::BadColumnRegex);
  }
  return regex;
}

void Resolver::StarSources(const StarExpr* star, Scope* scope, ExprInfo& info) {
  if (scope == nullptr) return;
  std::string qualifier = star->qualifier.empty() ? std::string() : Lower(star->qualifier.back());
  // Spark's `f(\`regex\`)`: the argument is the columns the regex matches.
  bool bad_regex = false;
  const std::unique_ptr<ColumnRegex> regex = StarRegex(star, &bad_regex);
  if (bad_regex) return;
  for (const Relation& rel : scope->relations) {
    if (qualifier.empty() && rel.condition_only) continue;  // the right side of a semi / anti join
    if (!qualifier.empty() && rel.alias != qualifier) continue;
    for (size_t i = 0; i < rel.columns->declared; ++i) {
      if (regex != nullptr && !regex->Matches(rel.columns->At(i).name)) continue;
      if (std::any_of(star->except_columns.begin(), star->except_columns.end(),
                      [&](const Ident& d) { return Lower(d) == rel.columns->At(i).name; }))
        continue;  // Spark's `f(* EXCEPT (c))`
      MergeInto(info.sources, rel.columns->At(i).sources);
      info.type = MaxType(info.type, rel.columns->At(i).type);
      info.derivation = MaxDerivation(info.derivation, rel.columns->At(i).derivation);
      info.masking = info.masking || rel.columns->At(i).masking;
    }
  }
}

std::vector<std::string> Resolver::StarColumnNames(const StarExpr* star, const Scope* scope) const {
  std::vector<std::string> names;
  if (scope == nullptr) return names;
  std::unique_ptr<ColumnRegex> regex;  // Spark's `f(\`regex\`)` (a bad one was warned of by StarSources)
  if (star != nullptr && !star->regex.empty()) {
    std::string error;
    regex = ColumnRegex::Compile(star->regex, error, session_.spark_case_sensitive);
    if (regex == nullptr) return names;
  }
  const std::string qualifier =
      star == nullptr || star->qualifier.empty() ? std::string() : Lower(star->qualifier.back());
  for (const Relation& rel : scope->relations) {
    if (qualifier.empty() && rel.condition_only) continue;  // the right side of a semi / anti join
    if (!qualifier.empty() && rel.alias != qualifier) continue;
    if (rel.columns->open()) return {};
    for (size_t i = 0; i < rel.columns->declared; ++i) {
      const std::string& name = rel.columns->At(i).name;
      if (regex != nullptr && !regex->Matches(name)) continue;
      if (qualifier.empty() && rel.MergedAway(name)) continue;  // a USING key is listed once
      if (star != nullptr && std::any_of(star->except_columns.begin(), star->except_columns.end(),
                                         [&](const Ident& d) { return Lower(d) == name; }))
        continue;
      names.push_back(name);
    }
  }
  return names;
}

}  // namespace hivelineage::lineage
