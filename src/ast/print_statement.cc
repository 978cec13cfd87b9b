// The printer: statements (see print_sql.h).
#include "ast/printer.h"

namespace hivelineage::ast {

void Printer::Partition(const PartitionSpec* p) {
  if (p == nullptr) return;
  out += "PARTITION (";
  for (size_t i = 0; i < p->items.size(); ++i) {
    if (i > 0) out += ", ";
    Name(p->items[i].key);
    if (p->items[i].value != nullptr) {
      out += ' ';
      out += p->items[i].op;
      out += ' ';
      Expr(p->items[i].value, Tighter(Precedence::Comparison));
    }
  }
  out += ')';
}

void Printer::Target(const InsertTarget* t) {
  if (t->type == InsertTarget::Type::Directory) {
    out += t->local ? "INSERT OVERWRITE LOCAL DIRECTORY " : "INSERT OVERWRITE DIRECTORY ";
    if (!t->path_text.empty())
      out += t->path_text;
    else
      AppendQuotedString(out, t->path);
    if (!t->storage_text.empty()) {
      out += ' ';
      out += t->storage_text;
    }
    return;
  }
  out += t->overwrite ? "INSERT OVERWRITE " : "INSERT INTO ";
  if (t->table_keyword) out += "TABLE ";
  Qualified(t->table);
  if (t->partition != nullptr) {
    out += ' ';
    Partition(t->partition);
  }
  if (t->if_not_exists) out += " IF NOT EXISTS";
  if (!t->columns.empty()) {
    out += ' ';
    IdentList(t->columns);
  }
  if (t->by_name) out += " BY NAME";
  if (t->replace_where != nullptr) {
    out += " REPLACE WHERE ";
    Expr(t->replace_where);
  }
}

void Printer::Assignments(List<Assignment> as) {
  for (size_t i = 0; i < as.size(); ++i) {
    if (i > 0) out += ", ";
    Name(as[i].column);
    out += " = ";
    Expr(as[i].value);
  }
}

// `[WITH ...] [FROM src] [INSERT ...] query ...`
void Printer::Print(const QueryStatement* q) {
  bool first = true;
  if (!q->ctes.empty()) {
    Ctes(q->ctes);
    first = false;
  }
  if (q->from != nullptr) {
    Sep(first);
    out += "FROM ";
    TableRef(q->from);
  }
  for (const InsertBody& b : q->bodies) {
    if (b.target != nullptr) {
      Sep(first);
      Target(b.target);
    }
    Sep(first);
    Query(b.query);
  }
}

// `CREATE [TEMPORARY] [EXTERNAL] TABLE ... [AS query]`
void Printer::Print(const CreateTableStatement* c) {
  out += "CREATE ";
  if (c->temporary) out += "TEMPORARY ";
  if (c->transactional) out += "TRANSACTIONAL ";
  if (c->external) out += "EXTERNAL ";
  if (c->managed) out += "MANAGED ";
  out += "TABLE ";
  if (c->if_not_exists) out += "IF NOT EXISTS ";
  Qualified(c->name);
  if (!c->like.parts.empty()) {
    out += " LIKE ";
    Qualified(c->like);
  }
  if (!c->columns.empty()) {
    out += " (";
    ColumnDefs(c->columns);
    out += ')';
  }
  if (!c->comment.empty()) {
    out += " COMMENT ";
    AppendQuotedString(out, c->comment);
  }
  if (!c->partition_columns.empty()) {
    out += " PARTITIONED BY (";
    ColumnDefs(c->partition_columns);
    out += ')';
  }
  if (!c->options_text.empty()) {
    out += ' ';
    out += c->options_text;
  }
  if (c->as_query != nullptr) {
    out += " AS ";
    Query(c->as_query);
  }
}

// `CREATE [OR REPLACE] [MATERIALIZED] VIEW ... AS query`, `ALTER VIEW v AS query`,
// Spark's `CREATE TEMPORARY VIEW v (columns) USING fmt [OPTIONS ...]`
void Printer::Print(const CreateViewStatement* v) {
  if (v->cache != CreateViewStatement::Cache::No) {
    out += v->cache == CreateViewStatement::Cache::Lazy ? "CACHE LAZY TABLE " : "CACHE TABLE ";
  } else if (v->is_alter) {
    out += "ALTER VIEW ";
  } else {
    out += "CREATE ";
    if (v->or_replace) out += "OR REPLACE ";
    if (v->global) out += "GLOBAL ";
    if (v->temporary) out += "TEMPORARY ";
    if (v->materialized) out += "MATERIALIZED ";
    out += "VIEW ";
    if (v->if_not_exists) out += "IF NOT EXISTS ";
  }
  if (v->cache != CreateViewStatement::Cache::No) {
    Qualified(v->name);
    if (!v->options_text.empty()) {
      out += ' ';
      out += v->options_text;
    }
    out += " AS ";
    Query(v->query);
    return;
  }
  Qualified(v->name);
  if (!v->columns.empty()) {
    out += " (";
    ColumnDefs(v->columns);
    out += ')';
  }
  if (!v->options_text.empty()) {
    out += ' ';
    out += v->options_text;
  }
  if (v->query == nullptr) return;  // Spark's data-source view: `(columns) USING fmt`
  out += " AS ";
  Query(v->query);
}

// `ALTER TABLE|VIEW|MATERIALIZED VIEW t [PARTITION (...)] action`
void Printer::Print(const AlterTableStatement* a) {
  switch (a->object) {
    case AlterTableStatement::Object::Table:
      out += "ALTER TABLE ";
      break;
    case AlterTableStatement::Object::View:
      out += "ALTER VIEW ";
      break;
    case AlterTableStatement::Object::MaterializedView:
      out += "ALTER MATERIALIZED VIEW ";
      break;
  }
  Qualified(a->name);
  if (a->partition != nullptr) {
    out += ' ';
    Partition(a->partition);
  }
  AlterAction(a);
}

// What an ALTER TABLE does, after the table name and partition.
void Printer::AlterAction(const AlterTableStatement* a) {
  using Act = AlterTableStatement::Action;
  switch (a->action) {
    case Act::RenameTo:
      out += " RENAME TO ";
      Qualified(a->new_name);
      break;
    case Act::AddColumns:
    case Act::ReplaceColumns:
      out += a->action == Act::AddColumns ? " ADD COLUMNS (" : " REPLACE COLUMNS (";
      ColumnDefs(a->columns);
      out += ')';
      break;
    case Act::ChangeColumn:
      out += " CHANGE COLUMN ";
      Name(a->old_column);
      out += ' ';
      if (!a->columns.empty()) ColumnDef(a->columns[0]);
      if (a->first) out += " FIRST";
      if (!a->after_column.name.empty()) {
        out += " AFTER ";
        Name(a->after_column);
      }
      break;
    case Act::ExchangePartition:
      out += " EXCHANGE ";
      if (!a->partitions.empty()) Partition(&a->partitions[0]);
      out += " WITH TABLE ";
      Qualified(a->new_name);
      break;
    case Act::AddPartition:
    case Act::DropPartition:
      out += a->action == Act::AddPartition ? " ADD" : " DROP";
      for (size_t i = 0; i < a->partitions.size(); ++i) {
        out += (i > 0 && a->action == Act::DropPartition) ? ", " : " ";
        Partition(&a->partitions[i]);
      }
      break;
    case Act::RenamePartition:
      if (a->partitions.size() == 2) {
        out += ' ';
        Partition(&a->partitions[0]);
        out += " RENAME TO ";
        Partition(&a->partitions[1]);
      }
      break;
    case Act::Rebuild:
      out += " REBUILD";
      break;
    case Act::Other:
      if (!a->rest_text.empty()) {
        out += ' ';
        out += a->rest_text;
      }
      break;
  }
}

// `DROP object [IF EXISTS] name [PURGE] [CASCADE]`
void Printer::Print(const DropStatement* d) {
  out += d->temporary ? "DROP TEMPORARY " : "DROP ";
  out += Upper(d->object);
  out += ' ';
  if (d->if_exists) out += "IF EXISTS ";
  Qualified(d->name);
  if (d->purge) out += " PURGE";
  if (d->cascade) out += " CASCADE";
}

// `TRUNCATE TABLE t [PARTITION (...)]`
void Printer::Print(const TruncateStatement* t) {
  out += "TRUNCATE TABLE ";
  Qualified(t->table);
  if (t->partition != nullptr) {
    out += ' ';
    Partition(t->partition);
  }
}

// `LOAD DATA [LOCAL] INPATH 'p' [OVERWRITE] INTO TABLE t ...`
void Printer::Print(const LoadDataStatement* l) {
  out += l->local ? "LOAD DATA LOCAL INPATH " : "LOAD DATA INPATH ";
  AppendQuotedString(out, l->path);
  if (l->overwrite) out += " OVERWRITE";
  out += " INTO TABLE ";
  Qualified(l->table);
  if (l->partition != nullptr) {
    out += ' ';
    Partition(l->partition);
  }
  if (!l->options_text.empty()) {
    out += ' ';
    out += l->options_text;
  }
}

// `EXPORT TABLE t [PARTITION (...)] TO 'p'`
void Printer::Print(const ExportStatement* e) {
  out += "EXPORT TABLE ";
  Qualified(e->table);
  if (e->partition != nullptr) {
    out += ' ';
    Partition(e->partition);
  }
  out += " TO ";
  AppendQuotedString(out, e->path);
  if (!e->options_text.empty()) {
    out += ' ';
    out += e->options_text;
  }
}

// `IMPORT [EXTERNAL] [TABLE t [PARTITION (...)]] FROM 'p' [LOCATION 'l']`
void Printer::Print(const ImportStatement* i) {
  out += "IMPORT ";
  if (i->external) out += "EXTERNAL ";
  if (!i->table.parts.empty()) {
    out += "TABLE ";
    Qualified(i->table);
    if (i->partition != nullptr) {
      out += ' ';
      Partition(i->partition);
    }
    out += ' ';
  }
  out += "FROM ";
  AppendQuotedString(out, i->path);
  if (!i->location.empty()) {
    out += " LOCATION ";
    AppendQuotedString(out, i->location);
  }
}

// `UPDATE t SET c = e, ... [WHERE cond]`
void Printer::Print(const UpdateStatement* u) {
  out += "UPDATE ";
  Qualified(u->table);
  if (!u->alias.name.empty()) {
    out += " AS ";
    Name(u->alias);
  }
  out += " SET ";
  Assignments(u->assignments);
  if (u->where != nullptr) {
    out += " WHERE ";
    Expr(u->where);
  }
}

// `DELETE FROM t [WHERE cond]`
void Printer::Print(const DeleteStatement* d) {
  out += "DELETE FROM ";
  Qualified(d->table);
  if (!d->alias.name.empty()) {
    out += " AS ";
    Name(d->alias);
  }
  if (d->where != nullptr) {
    out += " WHERE ";
    Expr(d->where);
  }
}

// `MERGE INTO t [AS a] USING src ON cond WHEN ...`
void Printer::Print(const MergeStatement* m) {
  out += "MERGE ";
  if (!m->hint.empty()) {
    out += m->hint;
    out += ' ';
  }
  out += "INTO ";
  Qualified(m->target);
  if (!m->target_alias.name.empty()) {
    out += " AS ";
    Name(m->target_alias);
  }
  out += " USING ";
  TableRef(m->source);
  out += " ON ";
  Expr(m->on);
  for (const MergeClause& c : m->clauses) MergeWhen(c);
}

// ` WHEN [NOT] MATCHED [AND cond] THEN UPDATE SET ... | DELETE | INSERT ... VALUES (...)`
void Printer::MergeWhen(const MergeClause& c) {
  out += c.matched ? " WHEN MATCHED" : c.by_source ? " WHEN NOT MATCHED BY SOURCE" : " WHEN NOT MATCHED";
  if (c.condition != nullptr) {
    out += " AND ";
    Expr(c.condition);
  }
  out += " THEN ";
  switch (c.action) {
    case MergeClause::Action::Update:
      out += "UPDATE SET ";
      if (c.star)
        out += '*';
      else
        Assignments(c.assignments);
      break;
    case MergeClause::Action::Delete:
      out += "DELETE";
      break;
    case MergeClause::Action::Insert:
      out += "INSERT ";
      if (c.star) {
        out += '*';
        break;
      }
      if (!c.insert_columns.empty()) {
        IdentList(c.insert_columns);
        out += ' ';
      }
      out += "VALUES (";
      Exprs(c.insert_values);
      out += ')';
      break;
  }
}

// `EXPLAIN [options] statement`
void Printer::Print(const ExplainStatement* e) {
  out += "EXPLAIN ";
  if (!e->options.empty()) {
    out += Upper(e->options);
    out += ' ';
  }
  Statement(e->inner);
}

// `USE db`
void Printer::Print(const UseStatement* u) {
  out += "USE ";
  if (!u->object.empty()) {
    out += Upper(u->object);
    out += ' ';
  }
  if (u->identifier != nullptr) {
    out += "IDENTIFIER(";
    Expr(u->identifier);
    out += ')';
    return;
  }
  if (!u->catalog.name.empty()) {
    Name(u->catalog);
    out += '.';
  }
  Name(u->database);
}

// A statement kept as text, and the statement inside it.
void Printer::Print(const OtherStatement* o) {
  out += o->text;
  if (o->inner != nullptr) {
    out += ' ';
    Statement(o->inner);
  }
}

void Printer::Statement(const ast::Statement* s) {
  if (s == nullptr) return;
  switch (s->stmt_kind()) {
    case StmtKind::QueryStatement:
      return Print(static_cast<const QueryStatement*>(s));
    case StmtKind::CreateTableStatement:
      return Print(static_cast<const CreateTableStatement*>(s));
    case StmtKind::CreateViewStatement:
      return Print(static_cast<const CreateViewStatement*>(s));
    case StmtKind::AlterTableStatement:
      return Print(static_cast<const AlterTableStatement*>(s));
    case StmtKind::DropStatement:
      return Print(static_cast<const DropStatement*>(s));
    case StmtKind::TruncateStatement:
      return Print(static_cast<const TruncateStatement*>(s));
    case StmtKind::LoadDataStatement:
      return Print(static_cast<const LoadDataStatement*>(s));
    case StmtKind::ExportStatement:
      return Print(static_cast<const ExportStatement*>(s));
    case StmtKind::ImportStatement:
      return Print(static_cast<const ImportStatement*>(s));
    case StmtKind::UseStatement:
      return Print(static_cast<const UseStatement*>(s));
    case StmtKind::UpdateStatement:
      return Print(static_cast<const UpdateStatement*>(s));
    case StmtKind::DeleteStatement:
      return Print(static_cast<const DeleteStatement*>(s));
    case StmtKind::MergeStatement:
      return Print(static_cast<const MergeStatement*>(s));
    case StmtKind::ExplainStatement:
      return Print(static_cast<const ExplainStatement*>(s));
    case StmtKind::SetStatement:
      return Print(static_cast<const SetStatement*>(s));
    case StmtKind::DescribeStatement:
      return Print(static_cast<const DescribeStatement*>(s));
    case StmtKind::ShowStatement:
      return Print(static_cast<const ShowStatement*>(s));
    case StmtKind::UtilityStatement:
      return Print(static_cast<const UtilityStatement*>(s));
    case StmtKind::ExecuteImmediateStatement:
      return Print(static_cast<const ExecuteImmediateStatement*>(s));
    case StmtKind::DeclareVariableStatement:
      return Print(static_cast<const DeclareVariableStatement*>(s));
    case StmtKind::CreateFunctionStatement:
      return Print(static_cast<const CreateFunctionStatement*>(s));
    case StmtKind::OtherStatement:
      return Print(static_cast<const OtherStatement*>(s));
  }
}

}  // namespace hivelineage::ast
