// The printer: queries, set operations, VALUES, SELECT and GROUP BY (see print_sql.h).
#include "ast/printer.h"

namespace hivelineage::ast {

void Printer::Query(const ast::Query* q) {
  if (q == nullptr) return;
  if (!q->ctes.empty()) {
    Ctes(q->ctes);
    out += ' ';
  }
  QueryExpr(q->body);
  Trailing(q);
}

void Printer::Ctes(List<Cte> ctes) {
  out += "WITH ";
  if (!ctes.empty() && ctes[0].recursive) out += "RECURSIVE ";
  for (size_t i = 0; i < ctes.size(); ++i) {
    if (i > 0) out += ", ";
    Name(ctes[i].name);
    if (!ctes[i].columns.empty()) {
      out += ' ';
      IdentList(ctes[i].columns);
    }
    if (!ctes[i].max_recursion_level.empty()) {
      out += " MAX RECURSION LEVEL ";
      out += ctes[i].max_recursion_level;
    }
    out += " AS (";
    Query(ctes[i].query);
    out += ')';
  }
}

void Printer::Trailing(const ast::Query* q) {
  if (!q->order_by.empty()) {
    out += " ORDER BY ";
    OrderItems(q->order_by);
  }
  if (q->order_by_all != nullptr) {  // Spark's ORDER BY ALL
    out += " ORDER BY ALL";
    if (q->order_by_all->direction == OrderItem::Direction::Asc) out += " ASC";
    if (q->order_by_all->direction == OrderItem::Direction::Desc) out += " DESC";
    if (q->order_by_all->nulls == OrderItem::Nulls::First) out += " NULLS FIRST";
    if (q->order_by_all->nulls == OrderItem::Nulls::Last) out += " NULLS LAST";
  }
  if (!q->cluster_by.empty()) {
    out += " CLUSTER BY ";
    Exprs(q->cluster_by);
  }
  if (!q->distribute_by.empty()) {
    out += " DISTRIBUTE BY ";
    Exprs(q->distribute_by);
  }
  if (!q->sort_by.empty()) {
    out += " SORT BY ";
    OrderItems(q->sort_by);
  }
  if (q->limit != nullptr) {
    out += " LIMIT ";
    Count(q->limit);
    if (q->offset != nullptr) {
      out += " OFFSET ";
      Count(q->offset);
    }
  } else if (q->offset != nullptr) {  // Spark's OFFSET without LIMIT
    out += " OFFSET ";
    Count(q->offset);
  }
}

// A LIMIT / OFFSET count in parentheses unless it starts with what makes
// LIMIT a clause (a number, a variable, `?`, `(`), so that it does not read
// back as an alias named LIMIT (found by the round-trip fuzzer: `LIMIT 0, 0lect`).
void Printer::Count(const ast::Expr* e) {
  const size_t at = out.size();
  Expr(e);
  const char first = at < out.size() ? out[at] : '(';
  if (first == '(' || first == '$' || first == '?' || (first >= '0' && first <= '9')) return;
  out.insert(at, 1, '(');
  out += ')';
}

// ` UNION ALL `, with spaces around.
void Printer::SetOperator(SetOperation::Op op, SetOperation::Quantifier quantifier) {
  switch (op) {
    case SetOperation::Op::Union:
      out += " UNION";
      break;
    case SetOperation::Op::Intersect:
      out += " INTERSECT";
      break;
    case SetOperation::Op::Except:
      out += " EXCEPT";
      break;
    case SetOperation::Op::Minus:
      out += " MINUS";
      break;
  }
  if (quantifier == SetOperation::Quantifier::All) out += " ALL";
  if (quantifier == SetOperation::Quantifier::Distinct) out += " DISTINCT";
  out += ' ';
}

void Printer::QueryExpr(const ast::QueryExpr* b) {
  if (b == nullptr) return;
  switch (b->query_expr_kind()) {
    case QueryExprKind::SelectCore:
      Select(static_cast<const SelectCore*>(b));
      return;
    case QueryExprKind::SetOperation: {
      std::vector<const SetOperation*> spine;
      const ast::QueryExpr* cur = b;
      while (const auto* s = DynCast<SetOperation>(cur)) {
        spine.push_back(s);
        cur = s->left;
      }
      QueryExpr(cur);
      for (size_t i = spine.size(); i-- > 0;) {
        const SetOperation* s = spine[i];
        SetOperator(s->op, s->quantifier);
        if (s->right != nullptr && s->right->kind == NodeKind::SetOperation) {
          out += '(';
          QueryExpr(s->right);
          out += ')';
        } else {
          QueryExpr(s->right);
        }
      }
      return;
    }
    case QueryExprKind::SetOperationChain: {
      const auto& branches = static_cast<const SetOperationChain*>(b)->branches;
      for (size_t i = 0; i < branches.size(); ++i) {
        if (i > 0) SetOperator(branches[i].op, branches[i].quantifier);
        QueryExpr(branches[i].query);
      }
      return;
    }
    case QueryExprKind::ValuesQuery:
      Values(static_cast<const ValuesQuery*>(b));
      return;
    case QueryExprKind::NestedQuery:
      out += '(';
      Query(static_cast<const NestedQuery*>(b)->query);
      out += ')';
      return;
  }
}

void Printer::Values(const ValuesQuery* v) {
  out += "VALUES ";
  for (size_t r = 0; r < v->rows.size(); ++r) {
    if (r > 0) out += ", ";
    out += '(';
    for (size_t i = 0; i < v->rows[r].size(); ++i) {
      if (i > 0) out += ", ";
      Expr(v->rows[r][i]);
      if (r == 0 && i < v->first_row_aliases.size() && !v->first_row_aliases[i].name.empty()) {
        out += " AS ";
        Name(v->first_row_aliases[i]);
      }
    }
    out += ')';
  }
}

void Printer::ColumnDefs(List<ast::ColumnDef> defs) {
  for (size_t i = 0; i < defs.size(); ++i) {
    if (i > 0) out += ", ";
    ColumnDef(defs[i]);
  }
}

void Printer::ColumnDef(const ast::ColumnDef& d) {
  Name(d.name);
  if (!d.type.text.empty()) {
    out += ' ';
    out += d.type.text;
  }
  if (!d.comment.empty()) {
    out += " COMMENT ";
    AppendQuotedString(out, d.comment);
  }
}

void Printer::TransformClause(const ScriptTransform* t) {
  switch (t->style) {
    case ScriptTransform::Style::Transform:
      out += "TRANSFORM(";
      Exprs(t->args);
      out += ')';
      break;
    case ScriptTransform::Style::Map:
      out += "MAP ";
      Exprs(t->args);
      break;
    case ScriptTransform::Style::Reduce:
      out += "REDUCE ";
      Exprs(t->args);
      break;
  }
  if (!t->input_format.empty()) {
    out += ' ';
    out += t->input_format;
  }
  out += " USING ";
  AppendQuotedString(out, t->script);
  if (!t->outputs.empty()) {
    out += " AS ";
    if (t->parenthesized_outputs) out += '(';
    ColumnDefs(t->outputs);
    if (t->parenthesized_outputs) out += ')';
  }
  if (!t->output_format.empty()) {
    out += ' ';
    out += t->output_format;
  }
}

const LateralViewRef* Printer::LegacyLateral(const ast::TableRef* t) {
  // A lateral-view chain whose bottom source is null (FROM-first body).
  const ast::TableRef* cur = t;
  while (const auto* lv = DynCast<LateralViewRef>(cur)) {
    if (lv->source == nullptr) return static_cast<const LateralViewRef*>(t);
    cur = lv->source;
  }
  return nullptr;
}

// Spark's `|> DROP`, `|> SET` and `|> TABLESAMPLE` have no spelling as a
// SELECT: the query they make, `*` over the query before them, prints as that
// query then the operator (`q |> AS t |> DROP a`), which reads back the same.
bool Printer::PipeOnly(const SelectCore* c) {
  const auto* sub = DynCast<SubqueryRef>(c->from);
  if (sub == nullptr || c->items.size() != 1 || c->distinct || c->transform != nullptr || c->where != nullptr ||
      c->group_by != nullptr || c->having != nullptr || c->qualify != nullptr || !c->windows.empty() ||
      sub->lateral || !sub->column_aliases.empty())
    return false;
  const auto* star = DynCast<StarExpr>(c->items[0].expr);
  if (star == nullptr || !star->qualifier.empty() || !star->regex.empty()) return false;
  const bool dropped = !star->except_columns.empty() || !star->dropped_fields.empty(),
             replaced = !star->replaced_names.empty();
  if (static_cast<int>(dropped) + static_cast<int>(replaced) + static_cast<int>(sub->sample != nullptr) != 1)
    return false;
  Query(sub->query);
  if (!sub->alias.name.empty()) {
    out += " |> AS ";
    Name(sub->alias);
  }
  if (dropped) {
    out += " |> DROP ";
    for (size_t i = 0; i < star->except_columns.size(); ++i) {
      if (i > 0) out += ", ";
      Name(star->except_columns[i]);
    }
    for (size_t i = 0; i < star->dropped_fields.size(); ++i) {
      if (i > 0 || !star->except_columns.empty()) out += ", ";
      Names(star->dropped_fields[i]);
    }
  } else if (replaced) {
    out += " |> SET ";
    for (size_t i = 0; i < star->replaced_names.size(); ++i) {
      if (i > 0) out += ", ";
      Name(star->replaced_names[i]);
      out += " = ";
      Expr(star->replaced_values[i]);
    }
  } else {
    out += " |> TABLESAMPLE (";
    out += sub->sample->text;
    out += ')';
  }
  return true;
}

void Printer::Select(const SelectCore* c) {
  if (PipeOnly(c)) return;
  if (c->transform != nullptr && c->transform->style != ScriptTransform::Style::Transform) {
    TransformClause(c->transform);
  } else {
    out += "SELECT ";
    if (!c->hint.empty()) {
      out += c->hint;
      out += ' ';
    }
    if (c->distinct) out += "DISTINCT ";
    if (c->transform != nullptr) {
      TransformClause(c->transform);
    } else {
      for (size_t i = 0; i < c->items.size(); ++i) {
        if (i > 0) out += ", ";
        const SelectItem& it = c->items[i];
        Expr(it.expr);
        if (!it.star_except.empty()) {
          out += " EXCEPT (";
          for (size_t k = 0; k < it.star_except.size(); ++k) {
            if (k > 0) out += ", ";
            Qualified(it.star_except[k]);
          }
          out += ')';
        }
        if (!it.aliases.empty()) {
          out += " AS ";
          IdentList(it.aliases);
        } else if (!it.alias.name.empty()) {
          out += " AS ";
          Name(it.alias);
        }
      }
    }
  }
  if (c->from != nullptr) {
    if (LegacyLateral(c->from) != nullptr) {
      TableRef(c->from);
    } else {
      out += " FROM ";
      TableRef(c->from);
    }
  }
  if (c->where != nullptr) {
    out += " WHERE ";
    Expr(c->where);
  }
  if (c->group_by != nullptr) GroupBy(c->group_by);
  if (c->having != nullptr) {
    out += " HAVING ";
    Expr(c->having);
  }
  if (!c->windows.empty()) {
    out += " WINDOW ";
    for (size_t i = 0; i < c->windows.size(); ++i) {
      if (i > 0) out += ", ";
      Name(c->windows[i].name);
      out += " AS (";
      WindowBody(c->windows[i].spec);
      out += ')';
    }
  }
  if (c->qualify != nullptr) {
    out += " QUALIFY ";
    Expr(c->qualify);
  }
}

void Printer::GroupBy(const ast::GroupBy* g) {
  out += " GROUP BY ";
  using M = GroupBy::Modifier;
  if (g->modifier == M::RollupFunc || g->modifier == M::CubeFunc) {
    out += g->modifier == M::RollupFunc ? "ROLLUP(" : "CUBE(";
    Exprs(g->items);
    out += ')';
    return;
  }
  if (g->modifier == M::All) {
    out += "ALL";
    return;
  }
  in_grouping_items = true;  // found by the round-trip fuzzer: GROUP BY (a, CUBE(a, b)) calls cube
  if (g->items.empty()) {
    if (g->modifier != M::GroupingSets) out += "()";
  } else {
    Exprs(g->items);
  }
  if (g->modifier == M::Rollup) out += " WITH ROLLUP";
  if (g->modifier == M::Cube) out += " WITH CUBE";
  if (g->modifier == M::GroupingSets) {
    out += g->items.empty() ? "GROUPING SETS (" : " GROUPING SETS (";
    for (size_t i = 0; i < g->grouping_sets.size(); ++i) {
      if (i > 0) out += ", ";
      out += '(';
      Exprs(g->grouping_sets[i]);
      out += ')';
    }
    out += ')';
  }
  in_grouping_items = false;
}

}  // namespace hivelineage::ast
