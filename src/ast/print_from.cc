// The printer: FROM: table references, joins and lateral views (see print_sql.h).
#include <vector>

#include "ast/printer.h"

namespace hivelineage::ast {

void Printer::Alias(const Ident& alias, List<Ident> columns) {
  if (alias.name.empty()) return;
  out += " AS ";
  Name(alias);
  if (!columns.empty()) IdentList(columns);
}

void Printer::TableRef(const ast::TableRef* t) {
  if (t == nullptr) return;
  switch (t->table_ref_kind()) {
    case TableRefKind::TableName: {
      const auto* n = static_cast<const TableName*>(t);
      Qualified(n->name);
      if (n->sample != nullptr) {
        out += " TABLESAMPLE(";
        out += n->sample->text;
        out += ')';
      }
      if (n->as_of != nullptr) {
        out += n->as_of_version ? " FOR SYSTEM_VERSION AS OF " : " FOR SYSTEM_TIME AS OF ";
        Expr(n->as_of);
      }
      Alias(n->alias, {});
      return;
    }
    case TableRefKind::SubqueryRef: {
      const auto* s = static_cast<const SubqueryRef*>(t);
      if (s->lateral) out += "LATERAL ";
      out += '(';
      Query(s->query);
      out += ')';
      if (s->sample != nullptr) {  // Spark's `(q) TABLESAMPLE (...)`
        out += " TABLESAMPLE(";
        out += s->sample->text;
        out += ')';
      }
      Alias(s->alias, s->column_aliases);
      return;
    }
    case TableRefKind::ValuesRef: {
      const auto* v = static_cast<const ValuesRef*>(t);
      out += '(';
      Values(v->values);
      out += ')';
      Alias(v->alias, v->column_aliases);
      return;
    }
    case TableRefKind::TableFunctionRef: {
      const auto* f = static_cast<const TableFunctionRef*>(t);
      if (f->lateral) out += "LATERAL ";
      for (const Ident& q : f->qualifier) {
        Name(q);
        out += '.';
      }
      Name(f->name);
      if (f->input == nullptr) {  // Spark's table-valued function: `range(10) t(id)`, `explode(collection => a)`
        out += '(';
        for (size_t i = 0; i < f->args.size(); ++i) {
          if (i > 0) out += ", ";
          if (i < f->arg_names.size() && !f->arg_names[i].name.empty()) {
            Name(f->arg_names[i]);
            out += " => ";
          }
          Expr(f->args[i]);
        }
        out += ')';
        Alias(f->alias, f->column_aliases);
        return;
      }
      out += "(ON ";
      TableRef(f->input);
      if (f->partitioning != nullptr) {
        bool first = false;
        Partitioning(f->partitioning, first);
      }
      if (!f->args.empty()) {
        out += ", ";
        Exprs(f->args);
      }
      out += ')';
      Alias(f->alias, {});
      return;
    }
    case TableRefKind::JoinRef:
      Join(static_cast<const JoinRef*>(t));
      return;
    case TableRefKind::LateralViewRef:
      Lateral(static_cast<const LateralViewRef*>(t));
      return;
    case TableRefKind::PivotRef:
      Pivot(static_cast<const PivotRef*>(t));
      return;
    case TableRefKind::BinByRef:
      BinBy(static_cast<const BinByRef*>(t));
      return;
  }
}

void Printer::JoinSide(const ast::TableRef* t) {
  // A PIVOT (or BIN BY) after a join's right side would apply to the whole join: it keeps its parentheses.
  if (t != nullptr &&
      (t->kind == NodeKind::JoinRef || t->kind == NodeKind::PivotRef || t->kind == NodeKind::BinByRef)) {
    out += '(';
    TableRef(t);
    out += ')';
  } else {
    TableRef(t);
  }
}

void Printer::UniqueSide(const ast::TableRef* t, bool preserve, List<ast::Expr*> keys) {
  if (preserve) out += "PRESERVE ";
  TableRef(t);
  out += " (";
  Exprs(keys);
  out += ')';
}

void Printer::Join(const JoinRef* j) {
  std::vector<const JoinRef*> spine;
  const ast::TableRef* cur = j;
  while (const auto* jj = DynCast<JoinRef>(cur)) {
    spine.push_back(jj);
    cur = jj->left;
  }
  const JoinRef* bottom = spine.back();
  if (bottom->join_kind == JoinKind::UniqueJoin) {
    out += "UNIQUEJOIN ";
    UniqueSide(cur, bottom->preserve_left, bottom->unique_keys_left);
  } else {
    TableRef(cur);
  }
  for (size_t i = spine.size(); i-- > 0;) {
    const JoinRef* s = spine[i];
    switch (s->join_kind) {
      case JoinKind::Comma:
        out += ", ";
        break;
      case JoinKind::UniqueJoin:
        out += ", ";
        UniqueSide(s->right, s->preserve_right, s->unique_keys_right);
        continue;
      case JoinKind::Inner:
        out += s->natural ? " NATURAL JOIN " : " JOIN ";
        break;
      case JoinKind::Left:
        out += s->natural ? " NATURAL" : "";
        out += s->outer_keyword ? " LEFT OUTER JOIN " : " LEFT JOIN ";
        break;
      case JoinKind::Right:
        out += s->natural ? " NATURAL" : "";
        out += s->outer_keyword ? " RIGHT OUTER JOIN " : " RIGHT JOIN ";
        break;
      case JoinKind::Full:
        out += s->natural ? " NATURAL" : "";
        out += s->outer_keyword ? " FULL OUTER JOIN " : " FULL JOIN ";
        break;
      case JoinKind::LeftSemi:
        out += s->natural ? " NATURAL LEFT SEMI JOIN " : " LEFT SEMI JOIN ";
        break;
      case JoinKind::LeftAnti:
        out += s->natural ? " NATURAL LEFT ANTI JOIN " : " LEFT ANTI JOIN ";
        break;
      case JoinKind::Cross:
        out += " CROSS JOIN ";
        break;
    }
    JoinSide(s->right);
    if (s->nearest != JoinRef::Nearest::None) {  // Spark's nearest-by join: `on` is the ranking
      out += s->nearest == JoinRef::Nearest::Exact ? " EXACT NEAREST " : " APPROX NEAREST ";
      if (!s->nearest_count.empty()) {
        out += s->nearest_count;
        out += ' ';
      }
      out += s->nearest_by_distance ? "BY DISTANCE " : "BY SIMILARITY ";
      Expr(s->on);
    } else if (s->on != nullptr) {
      out += " ON ";
      Expr(s->on);
    } else if (!s->using_columns.empty()) {
      out += " USING ";
      IdentList(s->using_columns);
    }
  }
}

void Printer::Lateral(const LateralViewRef* lv) {
  std::vector<const LateralViewRef*> chain;
  const ast::TableRef* cur = lv;
  while (const auto* l = DynCast<LateralViewRef>(cur)) {
    chain.push_back(l);
    cur = l->source;
  }
  TableRef(cur);
  for (size_t i = chain.size(); i-- > 0;) {
    const LateralViewRef* l = chain[i];
    // After a join, `, LATERAL VIEW` keeps the view on the whole join.
    if (i == chain.size() - 1 && cur != nullptr && cur->kind == NodeKind::JoinRef) out += ',';
    if (l->values != nullptr) {
      out += " LATERAL TABLE(";
      Values(l->values->values);
      out += ')';
      Alias(l->values->alias, l->values->column_aliases);
      continue;
    }
    out += l->outer ? " LATERAL VIEW OUTER " : " LATERAL VIEW ";
    Expr(l->udtf);
    if (!l->table_alias.name.empty()) {
      out += ' ';
      Name(l->table_alias);
    }
    if (!l->column_aliases.empty()) {
      out += " AS ";
      for (size_t k = 0; k < l->column_aliases.size(); ++k) {
        if (k > 0) out += ", ";
        Name(l->column_aliases[k]);
      }
    }
  }
}

// Spark's BIN BY after its source.
void Printer::BinBy(const BinByRef* b) {
  TableRef(b->source);
  out += " BIN BY (RANGE ";
  Expr(b->range_start);
  out += " TO ";
  Expr(b->range_end);
  out += " BIN WIDTH ";
  Expr(b->width);
  if (b->align != nullptr) {
    out += " ALIGN TO ";
    Expr(b->align);
  }
  if (!b->distribute.empty()) {
    out += " DISTRIBUTE UNIFORM (";
    Exprs(b->distribute);
    out += ')';
  }
  auto named = [&](const char* clause, const Ident& name) {
    if (name.name.empty()) return;
    out += clause;
    Name(name);
  };
  named(" BIN_START AS ", b->start_name);
  named(" BIN_END AS ", b->end_name);
  named(" BIN_DISTRIBUTE_RATIO AS ", b->ratio_name);
  out += ')';
  Alias(b->alias, {});
}

// Spark's PIVOT / UNPIVOT after its source (a join's whole left side).
void Printer::Pivot(const PivotRef* p) {
  TableRef(p->source);
  auto columns = [&](List<Ident> ids) {
    if (ids.size() == 1) {
      Name(ids[0]);
    } else {
      IdentList(ids);
    }
  };
  auto items = [&](List<ast::SelectItem> list) {
    for (size_t i = 0; i < list.size(); ++i) {
      if (i > 0) out += ", ";
      Expr(list[i].expr);
      if (!list[i].alias.name.empty()) {
        out += " AS ";
        Name(list[i].alias);
      }
    }
  };
  if (!p->unpivot) {
    out += " PIVOT (";
    items(p->aggregates);
    out += " FOR ";
    columns(p->pivot_columns);
    out += " IN (";
    items(p->pivot_values);
    out += "))";
  } else {
    out += " UNPIVOT ";
    if (p->nulls == PivotRef::Nulls::Include) out += "INCLUDE NULLS ";
    if (p->nulls == PivotRef::Nulls::Exclude) out += "EXCLUDE NULLS ";
    out += '(';
    columns(p->value_columns);
    out += " FOR ";
    Name(p->name_column);
    out += " IN (";
    for (size_t i = 0; i < p->unpivot_in.size(); ++i) {
      if (i > 0) out += ", ";
      columns(p->unpivot_in[i].columns);
      if (!p->unpivot_in[i].alias.name.empty()) {
        out += " AS ";
        Name(p->unpivot_in[i].alias);
      }
    }
    out += "))";
  }
  Alias(p->alias, {});
}

}  // namespace hivelineage::ast
