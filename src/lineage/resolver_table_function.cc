// The resolver: Spark's table-valued functions in FROM (`range(3)`,
// `explode(a) t(x)`, a SQL function's `f(1)`) and the SQL functions a script
// creates (CREATE FUNCTION ... RETURN), whose bodies a call reads.
#include <algorithm>
#include <utility>

#include "base/strings.h"
#include "lineage/output_names.h"
#include "lineage/resolver.h"
#include "lineage/resolver_helpers.h"

namespace hivelineage::lineage {

namespace {

using namespace ast;
using namespace resolver_internal;

}  // namespace

// The session key of a SQL function named `parts`: a one-part name is a
// temporary function first, then one of the current database.
const SqlFunction* Resolver::FindSqlFunction(std::span<const Ident> parts) const {
  if (parts.empty() || parts.size() > 2 || session_.sql_function_bodies.empty()) return nullptr;
  const auto& bodies = session_.sql_function_bodies;
  const std::string name = ToLower(parts.back().name);
  if (parts.size() == 1) {
    if (auto it = bodies.find(name); it != bodies.end()) return &it->second;
    if (auto it = bodies.find(Cat(session_.current_database, ".", name)); it != bodies.end()) return &it->second;
    return nullptr;
  }
  auto it = bodies.find(Cat(ToLower(parts[0].name), ".", name));
  return it == bodies.end() ? nullptr : &it->second;
}

// A call of a scalar SQL function reads what its body reads: the tables it
// names (Spark plans the body in the call's place) and their columns.
void Resolver::AddSqlFunctionCall(const SqlFunction& f, ExprInfo& info) {
  for (const std::string& t : f.inputs) AddInput(t);
  for (const std::vector<std::string>& sources : f.column_sources)
    for (const std::string& s : sources) AddTo(info.sources, interner_.InternFull(s));
  info.type = MaxType(info.type, DepType::Expression);
  info.derivation = MaxDerivation(info.derivation, Derivation::Transformation);
}

// The output columns of Spark's table-valued function `f` in FROM: a
// built-in generator's (Spark's names: range's `id`, explode's `col`,
// sql_keywords' `keyword, reserved`, ...),
// or a SQL table function's RETURNS TABLE columns reading its body's columns.
// Each column reads every argument; `t(c1, c2)` renames them in order.
ColumnList* Resolver::TableFunctionColumns(const TableFunctionRef* f, Scope* scope) {
  ColumnList* out = NewList();
  ExprInfo args;
  for (const Expr* a : f->args) {
    ExprInfo info = AnalyzeExpr(a, scope);
    MergeInto(args.sources, info.sources);
    args.masking = args.masking || info.masking;
  }
  std::vector<std::string> names;
  std::vector<const std::vector<std::string>*> body_sources;
  std::vector<Ident> parts(f->qualifier.begin(), f->qualifier.end());
  parts.push_back(f->name);
  const std::string name = ToLower(f->name.name);
  if (const SqlFunction* sf = FindSqlFunction(parts); sf != nullptr && sf->table) {
    names = sf->columns;
    for (const std::vector<std::string>& s : sf->column_sources) body_sources.push_back(&s);
  } else if (f->qualifier.empty() && name == "range") {
    names = {"id"};
  } else if (f->qualifier.empty() && name == "sql_keywords") {
    names = {"keyword", "reserved"};  // Spark's list of its SQL keywords: no input
  } else if (f->qualifier.empty()) {
    auto* call = arena_.New<FunctionCall>();
    call->name = List<Ident>(arena_.New<Ident>(f->name), 1);
    call->args = f->args;
    names = UdtfOutputNames(call, {}, /*spark_names=*/true);
    // Only Spark's generators are known; another function's columns are not, nor
    // inline's over a struct not written out (its fields are the column type's).
    const bool is_inline = name == "inline" || name == "inline_outer";
    if ((!IsUdtf(name) && name != "variant_explode" && name != "variant_explode_outer") ||
        (is_inline && names == std::vector<std::string>{"col"}))
      names.clear();
  }
  for (size_t i = 0; i < f->column_aliases.size(); ++i) {
    if (i < names.size()) {
      names[i] = ToLower(f->column_aliases[i].name);
    } else {
      names.push_back(ToLower(f->column_aliases[i].name));
    }
  }
  for (size_t i = 0; i < names.size(); ++i) {
    Column c;
    c.name = names[i];
    c.sources = args.sources;
    if (i < body_sources.size())
      for (const std::string& s : *body_sources[i]) AddTo(c.sources, interner_.InternFull(s));
    c.type = c.sources.empty() ? DepType::Simple : DepType::Expression;
    c.derivation = Derivation::Transformation;
    c.masking = args.masking;
    out->Add(std::move(c));
  }
  out->declared = out->size();
  return out;
}

// CREATE [TEMPORARY] FUNCTION f(p, ...) RETURN body: the body is analysed
// with the parameters as columns of no table, and what it reads is kept in
// the session for the function's calls.
void Resolver::DefineSqlFunction(const CreateFunctionStatement& cf) {
  const auto& parts = cf.name.name.parts;
  if (parts.empty() || (cf.return_expr == nullptr && cf.return_query == nullptr)) return;
  const size_t inputs_before = out_.inputs.size();
  Scope* params = NewScope(nullptr);
  ColumnList* param_columns = NewList();
  for (const FunctionParam& p : cf.params) {
    Column c;
    c.name = ToLower(p.name.name);
    c.derivation = Derivation::Transformation;
    param_columns->Add(std::move(c));
  }
  param_columns->declared = param_columns->size();
  params->relations.push_back(Relation{ToLower(parts.back().name), "", param_columns});
  SqlFunction def;
  def.table = cf.returns == CreateFunctionStatement::Returns::Table;
  auto names_of = [&](const ColumnSet& sources) {
    std::vector<std::string> out;
    for (uint32_t id : sources) out.emplace_back(interner_.Name(id));
    return out;
  };
  const bool was_quiet = quiet_;
  quiet_ = true;  // the body's references are checked where Spark checks them, at the call
  if (cf.return_query != nullptr) {
    ColumnList* q = AnalyzeQuery(cf.return_query, params);
    for (size_t i = 0; i < q->declared; ++i) {
      def.columns.push_back(i < cf.return_columns.size() ? ToLower(cf.return_columns[i].name.name)
                                                          : q->At(i).name);
      def.column_sources.push_back(names_of(q->At(i).sources));
    }
    for (size_t i = q->declared; i < cf.return_columns.size(); ++i) {
      def.columns.push_back(ToLower(cf.return_columns[i].name.name));
      def.column_sources.emplace_back();
    }
  } else {
    ExprInfo info = AnalyzeExpr(cf.return_expr, params);
    def.column_sources.push_back(names_of(info.sources));
    for (const FunctionParam& p : cf.return_columns) def.columns.push_back(ToLower(p.name.name));
  }
  quiet_ = was_quiet;
  // What the body reads is read by its calls, not by CREATE FUNCTION.
  def.inputs.assign(out_.inputs.begin() + static_cast<std::ptrdiff_t>(inputs_before), out_.inputs.end());
  std::sort(def.inputs.begin(), def.inputs.end());
  def.inputs.erase(std::unique(def.inputs.begin(), def.inputs.end()), def.inputs.end());
  out_.inputs.resize(inputs_before);
  const std::string name = ToLower(parts.back().name);
  const std::string key =
      cf.temporary ? name
                   : Cat(parts.size() >= 2 ? ToLower(parts[parts.size() - 2].name) : session_.current_database, ".",
                         name);
  session_.sql_function_bodies[key] = std::move(def);
}

}  // namespace hivelineage::lineage
