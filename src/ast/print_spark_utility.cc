// Printing Spark's utility statements (session, DESCRIBE, SHOW, catalog
// utilities, EXECUTE IMMEDIATE, variables, SQL functions): what the parser
// read, spelled so that printing and parsing again gives the same tree.
#include "ast/printer.h"

namespace hivelineage::ast {

namespace {
void Words(std::string& out, std::string_view lower) { out += Upper(lower); }
}  // namespace

void Printer::Object(const ObjectName& n) {
  if (n.identifier != nullptr) {
    out += "IDENTIFIER(";
    Expr(n.identifier);
    out += ')';
    return;
  }
  Qualified(n.name);
}

// `SET key = value`, `RESET key`, `SET TIME ZONE zone`, `SET VAR a = e, ...`, `SET VAR (a, b) = (query)`
void Printer::Print(const SetStatement* s) {
  switch (s->form) {
    case SetStatement::Form::Config:
      out += "SET";
      if (!s->key.empty()) {
        out += ' ';
        out += s->key;
      }
      if (s->has_value) {
        out += " =";
        if (!s->value.empty()) {
          out += ' ';
          out += s->value;
        }
      }
      return;
    case SetStatement::Form::Reset:
      out += "RESET";
      if (!s->key.empty()) {
        out += ' ';
        out += s->key;
      }
      return;
    case SetStatement::Form::TimeZone:
      out += "SET TIME ZONE ";
      out += s->value;
      return;
    case SetStatement::Form::Variable:
      out += "SET ";
      Words(out, s->variable_keyword);
      out += ' ';
      if (s->query != nullptr) {
        out += '(';
        for (size_t i = 0; i < s->variables.size(); ++i) {
          if (i > 0) out += ", ";
          Qualified(s->variables[i]);
        }
        out += ") = (";
        Query(s->query);
        out += ')';
        return;
      }
      for (size_t i = 0; i < s->variables.size(); ++i) {
        if (i > 0) out += ", ";
        Qualified(s->variables[i]);
        out += " = ";
        if (i < s->values.size()) Expr(s->values[i]);
      }
      return;
  }
}

// `DESCRIBE [object] [option] target [PARTITION (...)] [column] [AS JSON]`, `DESCRIBE QUERY query`
void Printer::Print(const DescribeStatement* d) {
  out += "DESCRIBE ";
  if (d->query != nullptr) {
    out += "QUERY ";
    Query(d->query);
    return;
  }
  if (!d->object.empty()) {
    Words(out, d->object);
    out += ' ';
  }
  if (!d->option.empty()) {
    Words(out, d->option);
    out += ' ';
  }
  Object(d->target);
  if (d->partition != nullptr) {
    out += ' ';
    Partition(d->partition);
  }
  if (!d->column.empty()) {
    out += ' ';
    Names(d->column);
  }
  if (d->as_json) out += " AS JSON";
}

// `SHOW what [FROM|IN] [target] [PARTITION (...)] rest`
void Printer::Print(const ShowStatement* s) {
  out += "SHOW ";
  Words(out, s->what);
  if (!s->preposition.empty()) {
    out += ' ';
    Words(out, s->preposition);
  }
  if (!s->target.empty()) {
    out += ' ';
    Object(s->target);
  }
  if (s->partition != nullptr) {
    out += ' ';
    Partition(s->partition);
  }
  if (!s->rest_text.empty()) {
    out += ' ';
    out += s->rest_text;
  }
}

// `verb object [IF [NOT] EXISTS] target [PARTITION (...)] rest`
void Printer::Print(const UtilityStatement* u) {
  Words(out, u->verb);
  if (!u->object.empty()) {
    out += ' ';
    Words(out, u->object);
  }
  if (u->if_exists) out += " IF EXISTS";
  if (u->if_not_exists) out += " IF NOT EXISTS";
  if (!u->target.empty()) {
    out += ' ';
    Object(u->target);
  }
  if (u->partition != nullptr) {
    out += ' ';
    Partition(u->partition);
  }
  if (!u->rest_text.empty()) {
    out += ' ';
    out += u->rest_text;
  }
}

// `EXECUTE IMMEDIATE sql [INTO v, ...] [USING e [AS name], ...]` (the parsed
// inner statement is not printed: parsing the string again gives it back)
void Printer::Print(const ExecuteImmediateStatement* e) {
  out += "EXECUTE IMMEDIATE ";
  Expr(e->sql);
  if (!e->into.empty()) {
    out += " INTO ";
    for (size_t i = 0; i < e->into.size(); ++i) {
      if (i > 0) out += ", ";
      Qualified(e->into[i]);
    }
  }
  if (!e->using_args.empty()) {
    out += " USING ";
    for (size_t i = 0; i < e->using_args.size(); ++i) {
      if (i > 0) out += ", ";
      Expr(e->using_args[i].expr);
      if (!e->using_args[i].alias.name.empty()) {
        out += " AS ";
        Name(e->using_args[i].alias);
      }
    }
  }
}

// `DECLARE [OR REPLACE] [VARIABLE] name [type] [DEFAULT|= e]`
void Printer::Print(const DeclareVariableStatement* d) {
  out += "DECLARE ";
  if (d->or_replace) out += "OR REPLACE ";
  if (!d->variable_keyword.empty()) {
    Words(out, d->variable_keyword);
    out += ' ';
  }
  Qualified(d->name);
  if (!d->type.text.empty()) {
    out += ' ';
    out += d->type.text;
  }
  if (d->default_value != nullptr) {
    out += d->default_keyword ? " DEFAULT " : " = ";
    Expr(d->default_value);
  }
}

void Printer::FunctionParams(List<FunctionParam> params) {
  out += '(';
  for (size_t i = 0; i < params.size(); ++i) {
    const FunctionParam& p = params[i];
    if (i > 0) out += ", ";
    Name(p.name);
    out += ' ';
    out += p.type.text;
    if (p.not_null) out += " NOT NULL";
    if (p.default_value != nullptr) {
      out += " DEFAULT ";
      Expr(p.default_value);
    }
    if (!p.comment.empty()) {
      out += " COMMENT ";
      out += p.comment;
    }
  }
  out += ')';
}

// `CREATE [OR REPLACE] [TEMPORARY] FUNCTION [IF NOT EXISTS] name ...`
void Printer::Print(const CreateFunctionStatement* f) {
  out += "CREATE ";
  if (f->or_replace) out += "OR REPLACE ";
  if (f->temporary) out += "TEMPORARY ";
  out += "FUNCTION ";
  if (f->if_not_exists) out += "IF NOT EXISTS ";
  Object(f->name);
  if (!f->class_name.empty()) {
    out += " AS ";
    out += f->class_name;
    if (!f->resources.empty()) {
      out += ' ';
      out += f->resources;
    }
    return;
  }
  FunctionParams(f->params);
  switch (f->returns) {
    case CreateFunctionStatement::Returns::None:
      break;
    case CreateFunctionStatement::Returns::Type:
      out += " RETURNS ";
      out += f->return_type.text;
      break;
    case CreateFunctionStatement::Returns::Table:
      out += " RETURNS TABLE";
      if (!f->return_columns.empty()) {
        out += ' ';
        FunctionParams(f->return_columns);
      }
      break;
  }
  if (!f->characteristics.empty()) {
    out += ' ';
    out += f->characteristics;
  }
  out += " RETURN ";
  if (f->return_query != nullptr) {
    Query(f->return_query);
  } else {
    Expr(f->return_expr);
  }
}

}  // namespace hivelineage::ast
