// ComputeLineage: table and column lineage of one statement, by statement kind.
//
// Queries are analysed by the Resolver; this file maps query outputs onto
// the written table's columns the way Hive does (by position, by INSERT's
// column list, dynamic partition columns last in PARTITION order) and
// applies DDL to the session's catalog (ddl.cc).
#include "lineage/lineage.h"

#include <algorithm>
#include <utility>

#include "base/strings.h"
#include "lineage/ddl.h"
#include "lineage/masked_source.h"
#include "lineage/resolver.h"
#include "lineage/session_variables.h"

namespace hivelineage::lineage {

namespace {

// Moves the sources marked possible (kPossibleMark) out of `sources`,
// grouped by column name.
std::vector<PossibleSource> SplitPossible(std::vector<std::string>& sources) {
  std::vector<PossibleSource> out;
  auto first = std::stable_partition(sources.begin(), sources.end(),
                                     [](const std::string& s) { return s.empty() || s[0] != kPossibleMark; });
  for (auto it = first; it != sources.end(); ++it) {
    std::string name = it->substr(1);
    std::string column = name.substr(name.rfind('.') + 1);
    auto group = std::find_if(out.begin(), out.end(), [&](const PossibleSource& p) { return p.column == column; });
    if (group == out.end()) group = out.insert(out.end(), PossibleSource{column, {}});
    group->candidates.push_back(std::move(name));
  }
  sources.erase(first, sources.end());
  for (PossibleSource& p : out) std::sort(p.candidates.begin(), p.candidates.end());
  std::sort(out.begin(), out.end(), [](const PossibleSource& a, const PossibleSource& b) { return a.column < b.column; });
  return out;
}

using namespace ast;

std::string Lower(const Ident& id) { return ToLower(id.name); }

void SortUnique(std::vector<std::string>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

// Collects per-statement results and turns column ids into names at the end.
class Builder {
 public:
  Builder(const rewrite::RewriteResult& rewritten, Session& session, StatementLineage& out)
      : session_(session), out_(out), resolver_(rewritten, session, out) {}

  Resolver& resolver() { return resolver_; }
  void AddOutput(std::string key) { out_.outputs.push_back(std::move(key)); }
  // Called where the DDL took effect, so the kind is the statement's own, not the catalog's after the script.
  void AddCreated(const std::string& key, bool temporary, bool view) {
    if (temporary) out_.temporary_outputs.push_back(key);
    if (view) out_.view_outputs.push_back(key);
  }
  // The schema DDL left for `key` in the session's catalog.
  void AddDeclared(const std::string& key) {
    const CatalogTable* t = session_.catalog.Find(key);
    if (t == nullptr) return;
    for (const auto* cols : {&t->columns, &t->partition_columns})
      for (const CatalogColumn& c : *cols) out_.declared_columns.push_back(Cat(key, ".", c.name));
  }

  // One written column: `target` gets `c`'s lineage.
  void AddTarget(std::string target, const Column& c, int body) {
    auto [it, inserted] = target_index_.try_emplace(target, targets_.size());
    if (inserted) {
      Target t;
      t.name = std::move(target);
      t.sources = c.sources;
      t.type = c.type;
      t.derivation = c.derivation;
      t.masking = c.masking;
      t.column = &c;
      t.bodies.push_back(body);
      targets_.push_back(std::move(t));
    } else {
      Target& t = targets_[it->second];
      FoldDerivation(t.derivation, t.masking, !t.sources.empty(), c.derivation, c.masking, !c.sources.empty());
      MergeInto(t.sources, c.sources);
      t.type = std::max(t.type, c.type);
      t.bodies.push_back(body);
    }
  }
  void AddTarget(std::string target, const ExprInfo& info, const Expr* expr, Scope* scope, int body) {
    Column& c = scratch_.emplace_back();
    c.name = target;
    c.sources = info.sources;
    c.type = info.type;
    c.derivation = info.derivation;
    c.masking = info.masking;
    c.expr = expr;
    c.scope = scope;
    AddTarget(std::move(target), c, body);
  }

  // Puts the targets named in `order` in that order, in the places they
  // hold now; the other targets stay where they are.
  void OrderTargets(const std::vector<std::string>& order) {
    std::vector<size_t> places;
    for (size_t i = 0; i < targets_.size(); ++i)
      if (std::find(order.begin(), order.end(), targets_[i].name) != order.end()) places.push_back(i);
    std::vector<Target> moved;
    for (size_t i : places) moved.push_back(std::move(targets_[i]));
    std::stable_sort(moved.begin(), moved.end(), [&](const Target& a, const Target& b) {
      return std::find(order.begin(), order.end(), a.name) < std::find(order.begin(), order.end(), b.name);
    });
    for (size_t k = 0; k < places.size(); ++k) {
      targets_[places[k]] = std::move(moved[k]);
      target_index_[targets_[places[k]].name] = places[k];
    }
  }

  // Maps a query's outputs onto `names`, in order.
  void MapByPosition(ColumnList* q, const std::string& prefix, const std::vector<std::string>& names, int body,
                     Span span) {
    size_t n = q->declared;
    if (n == 0 && q->open()) {
      // `SELECT *` over a table of unknown schema: assume the target's names.
      for (const std::string& name : names) {
        const Column* c = resolver_.LookupOutput(q, name);
        if (c != nullptr) AddTarget(Cat(prefix, name), *c, body);
      }
      // The `*` itself was warned about, where it is written (Resolver::ExpandStar).
      return;
    }
    // Columns from a `*` over a table known only by inference are in a
    // guessed order: when the target's names are all among them, match by name.
    if (q->inferred_star && !names.empty() &&
        std::all_of(names.begin(), names.end(), [&](const std::string& name) { return q->FindDeclared(name); })) {
      for (const std::string& name : names) AddTarget(Cat(prefix, name), *q->FindDeclared(name), body);
      return;
    }
    if (n != names.size() && !names.empty())
      resolver_.Warn(span, Cat("the query has ", n, " columns, the target ", names.size()),
                     DiagnosticCode::ColumnCountMismatch);
    for (size_t i = 0; i < n && i < names.size(); ++i) AddTarget(Cat(prefix, names[i]), q->At(i), body);
  }

  // Is `source` (db.table.column) a column of a table with no declared schema?
  bool RestsOnInference(std::string_view source) {
    const std::string_view table = source.substr(0, source.rfind('.'));
    auto it = undeclared_.find(absl::string_view(table.data(), table.size()));  // no string per source
    if (it == undeclared_.end()) {
      const CatalogTable* t = session_.catalog.Find(std::string(table));
      it = undeclared_.emplace(std::string(table), t == nullptr || t->open).first;
    }
    return it->second;
  }

  void Finish() {
    const ColumnInterner& names = resolver_.interner();
    // Target names move to the output; the conditions below read them there.
    const size_t first = out_.columns.size();
    out_.columns.reserve(first + targets_.size());
    for (Target& t : targets_) {
      ColumnLineage cl;
      cl.target = std::move(t.name);
      cl.sources.reserve(t.sources.size());
      for (uint32_t id : t.sources) cl.sources.emplace_back(names.Name(id));
      cl.masked = SplitMasked(cl.sources);
      cl.possible = SplitPossible(cl.sources);
      for (const std::string& s : cl.sources)
        if (RestsOnInference(s)) cl.inferred.push_back(s);
      cl.type = t.type;
      cl.derivation = t.derivation;
      // Masked when every source is (a UNION branch that copies one raw unmasks it).
      cl.masking = !cl.sources.empty() && cl.masked.size() == cl.sources.size();
      cl.expression = resolver_.ExpressionText(*t.column);
      out_.columns.push_back(std::move(cl));
    }
    for (PredicateRecord& p : resolver_.predicates()) {
      if (p.sources.empty()) continue;
      PredicateLineage pl;
      for (uint32_t id : p.sources) pl.sources.emplace_back(names.Name(id));
      SplitMasked(pl.sources);    // a condition reads columns; masked or not, they choose rows
      SplitPossible(pl.sources);  // a condition reports certain columns only
      pl.governs_all = true;
      for (size_t i = 0; i < targets_.size(); ++i) {
        const Target& t = targets_[i];
        if (p.body < 0 || std::find(t.bodies.begin(), t.bodies.end(), p.body) != t.bodies.end())
          pl.targets.push_back(out_.columns[first + i].target);
        else
          pl.governs_all = false;  // its body is one of several of a multi-insert, and not this column's
      }
      pl.expression = resolver_.PrintCondition(p);
      pl.clause = p.clause;
      out_.predicates.push_back(std::move(pl));
    }
    SortUnique(out_.inputs);
    SortUnique(out_.outputs);
    SortUnique(out_.temporary_outputs);
    SortUnique(out_.view_outputs);
  }

 private:
  struct Target {
    std::string name;
    ColumnSet sources;
    DepType type = DepType::Simple;
    Derivation derivation = Derivation::Identity;
    bool masking = false;
    const Column* column = nullptr;  // first writer, for the expression
    std::vector<int> bodies;
  };
  Session& session_;
  absl::flat_hash_map<std::string, bool> undeclared_;  // table -> no declared schema (RestsOnInference)
  StatementLineage& out_;
  Resolver resolver_;
  std::vector<Target> targets_;
  absl::flat_hash_map<std::string, size_t> target_index_;
  StablePool<Column> scratch_;
};

// ALTER MATERIALIZED VIEW mv REBUILD re-runs the view's query: its lineage is
// the one recorded when the view was created in this run.
void RebuildLineage(const std::string& key, Session& session, Builder& b) {
  const CatalogTable* t = session.catalog.Find(key);
  if (t == nullptr || !t->view_lineage_known) return;
  Resolver& rs = b.resolver();
  for (const CatalogColumn& c : t->columns) {
    ExprInfo info;
    for (const std::string& s : c.view_sources) {
      const uint32_t id = rs.interner().InternFull(s);
      AddTo(info.sources, c.view_masking ? MaskedId(rs.interner(), id, "mask") : id);
      size_t dot = s.rfind('.');
      if (dot != std::string::npos) rs.AddInput(s.substr(0, dot));
    }
    info.type = c.view_expression ? DepType::Expression : DepType::Simple;
    info.derivation = c.view_derivation;
    info.masking = c.view_masking;
    b.AddTarget(Cat(key, ".", c.name), info, nullptr, nullptr, -1);
  }
}

// Spark writes a static partition column too (its plan projects the value
// as a column): each gets the value's lineage (a literal's: none), and the
// table's partition columns, static or dynamic, follow its data columns in
// the table's order, as Spark lists them.
void SparkStaticPartitions(const Session& session, const std::string& key, const InsertTarget& t, Builder& b) {
  Resolver& rs = b.resolver();
  for (const PartitionItem& p : t.partition->items)
    if (p.value != nullptr)
      b.AddTarget(Cat(key, ".", Lower(p.key)), rs.AnalyzeExpr(p.value, nullptr), p.value, nullptr, rs.current_body);
  const CatalogTable* table = session.catalog.Find(key);
  if (table == nullptr || table->open) return;
  std::vector<std::string> order;
  for (const auto* cols : {&table->columns, &table->partition_columns})
    for (const CatalogColumn& c : *cols) order.push_back(Cat(key, ".", c.name));
  b.OrderTargets(order);
}

// The columns an INSERT writes, in the order the select list feeds them.
std::vector<std::string> InsertColumns(const Session& session, const std::string& key, const InsertTarget& t,
                                       const ColumnList* q) {
  std::vector<std::string> dynamic;
  bool has_spec = t.partition != nullptr;
  if (has_spec)
    for (const PartitionItem& p : t.partition->items)
      if (p.value == nullptr) dynamic.push_back(Lower(p.key));
  std::vector<std::string> names;
  if (t.by_name) {
    // Spark's INSERT ... BY NAME: each select column writes the target column of its name.
    for (size_t i = 0; i < q->declared; ++i) names.push_back(q->At(i).name);
    return names;
  }
  if (!t.columns.empty()) {
    for (const Ident& id : t.columns) names.push_back(Lower(id));
  } else if (const CatalogTable* table = session.catalog.Find(key);
             table != nullptr && !table->open && !table->columns.empty()) {
    for (const CatalogColumn& c : table->columns) names.push_back(c.name);
    // Without PARTITION (...), every partition column is dynamic (Hive 3).
    if (!has_spec)
      for (const CatalogColumn& c : table->partition_columns) dynamic.push_back(c.name);
  } else {
    // Unknown schema: the select list's names.
    size_t n = q->declared >= dynamic.size() ? q->declared - dynamic.size() : 0;
    for (size_t i = 0; i < n; ++i) names.push_back(q->At(i).name);
  }
  names.insert(names.end(), dynamic.begin(), dynamic.end());
  return names;
}

// The names of a plain query's result columns. Hive's lineage hook names an
// unaliased window function column after the windowing operator's output,
// `<fn>_window_<n>`, n counting the window function columns of the select
// list from 0 (`select cint, rank() over (...)` gives `rank_window_0`); every
// other column, and every column under precise semantics, keeps its name.
std::vector<std::string> ResultNames(const ColumnList& q, const Session& session) {
  std::vector<std::string> names;
  size_t windows = 0;
  for (size_t i = 0; i < q.declared; ++i) {
    const Column& c = q.At(i);
    names.push_back(c.name);
    const auto* f = DynCast<FunctionCall>(c.expr);
    if (f == nullptr || f->over == nullptr || f->name.empty()) continue;
    if (session.semantics == Semantics::Hive && c.name == Cat(AutogenLabel(session), i))
      names.back() = Cat(Lower(f->name.back()), "_window_", windows);
    ++windows;
  }
  return names;
}

void QueryStatementLineage(const QueryStatement& s, Session& session, Builder& b) {
  Resolver& rs = b.resolver();
  if (!s.ctes.empty()) rs.Unrewritten(s.span, "WITH", "inline_ctes");
  if (s.from != nullptr) rs.SetSharedFrom(s.from);
  rs.single_insert = s.bodies.size() == 1;
  for (size_t i = 0; i < s.bodies.size(); ++i) {
    const InsertBody& body = s.bodies[i];
    rs.current_body = static_cast<int>(i);
    rs.SetSharedCore(body.query != nullptr ? body.query->body : nullptr);
    ColumnList* q = rs.AnalyzeQuery(body.query, nullptr);
    const InsertTarget* t = body.target;
    if (t == nullptr) {
      const std::vector<std::string> names = ResultNames(*q, session);
      for (size_t c = 0; c < q->declared; ++c) b.AddTarget(names[c], q->At(c), rs.current_body);
      continue;
    }
    if (t->type == InsertTarget::Type::Directory) {
      std::string dir = Cat("directory:", t->path);
      b.AddOutput(dir);
      for (size_t c = 0; c < q->declared; ++c) b.AddTarget(Cat(dir, ".", q->At(c).name), q->At(c), rs.current_body);
      continue;
    }
    std::string key = rs.TableKey(t->table);
    if (key.empty()) continue;
    b.AddOutput(key);
    b.MapByPosition(q, Cat(key, "."), InsertColumns(session, key, *t, q), rs.current_body, t->span);
    if (session.spark_names && t->partition != nullptr) SparkStaticPartitions(session, key, *t, b);
    // Spark's REPLACE WHERE: the condition picks the target's rows the query replaces.
    if (t->replace_where != nullptr)
      rs.RecordPredicate(t->replace_where, rs.NewTableScope(t->table, ""), Clause::Where);
    // INSERT INTO t (b) ...: Hive writes every other column too (default or NULL, no source).
    if (!t->columns.empty()) {
      if (const CatalogTable* table = session.catalog.Find(key); table != nullptr && !table->open) {
        for (const CatalogColumn& c : table->columns) {
          bool listed =
              std::any_of(t->columns.begin(), t->columns.end(), [&](const Ident& id) { return Lower(id) == c.name; });
          if (!listed) b.AddTarget(Cat(key, ".", c.name), ExprInfo{}, nullptr, nullptr, rs.current_body);
        }
      }
    }
  }
  rs.current_body = -1;
  rs.single_insert = true;
  rs.SetSharedFrom(nullptr);
}

void UpdateLineage(const UpdateStatement& s, Builder& b) {
  Resolver& rs = b.resolver();
  std::string key = rs.TableKey(s.table);
  if (key.empty()) return;
  rs.AddInput(key);
  b.AddOutput(key);
  Scope* scope = rs.NewTableScope(s.table, s.alias.name);
  for (const Assignment& a : s.assignments) {
    ExprInfo info = rs.AnalyzeExpr(a.value, scope);
    b.AddTarget(Cat(key, ".", Lower(a.column)), info, a.value, scope, -1);
  }
  if (s.where != nullptr) rs.RecordPredicate(s.where, scope, Clause::Where);
}

// Hive semantics: a MERGE with a WHEN MATCHED clause also writes Hive's
// cardinality check (hive.merge.cardinality.check), a temporary table
// `merge_tmp_table` in the current database whose one column `val` reads the
// target's ROW__ID and partition columns (docs/semantics.md).
void CardinalityCheck(const MergeStatement& s, const std::string& key, const CatalogTable* table, Session& session,
                      Builder& b) {
  if (std::none_of(s.clauses.begin(), s.clauses.end(), [](const MergeClause& c) { return c.matched; })) return;
  Resolver& rs = b.resolver();
  ExprInfo info;
  info.type = DepType::Expression;
  info.derivation = Derivation::Transformation;
  AddTo(info.sources, rs.interner().Intern(key, "row__id"));
  if (table != nullptr)
    for (const CatalogColumn& c : table->partition_columns) AddTo(info.sources, rs.interner().Intern(key, c.name));
  std::string check = Cat(session.current_database, ".merge_tmp_table");
  b.AddOutput(check);
  b.AddCreated(check, /*temporary=*/true, /*view=*/false);
  b.AddTarget(Cat(check, ".val"), info, nullptr, nullptr, -1);
}

// Spark's `UPDATE SET *` / `INSERT *`: every target column takes the source
// column of its name. The names are the target's when the catalog knows them,
// else the source's (its relations after the target's in `scope`).
void MergeStar(const MergeClause& c, const std::string& key, const CatalogTable* table, Scope* scope, Builder& b) {
  Resolver& rs = b.resolver();
  std::vector<std::string> names;
  if (table != nullptr && !table->open) {
    for (const CatalogColumn& col : table->columns) names.push_back(col.name);
    for (const CatalogColumn& col : table->partition_columns) names.push_back(col.name);
  } else {
    for (size_t r = 1; r < scope->relations.size(); ++r) {
      const ColumnList* cols = scope->relations[r].columns;
      if (cols == nullptr) continue;
      for (size_t i = 0; i < cols->declared; ++i)
        if (std::find(names.begin(), names.end(), cols->At(i).name) == names.end()) names.push_back(cols->At(i).name);
    }
  }
  if (names.empty()) {
    rs.Warn(c.span, "MERGE UPDATE SET * / INSERT *: columns unknown (neither target nor source in the catalog)",
            DiagnosticCode::MergeTargetColumnsUnknown);
    return;
  }
  for (const std::string& name : names) {
    for (size_t r = 1; r < scope->relations.size(); ++r) {
      ColumnList* cols = scope->relations[r].columns;
      if (cols == nullptr) continue;
      if (const Column* col = rs.LookupOutput(cols, name)) {
        b.AddTarget(Cat(key, ".", name), *col, -1);
        break;
      }
    }
  }
}

void MergeLineage(const MergeStatement& s, Session& session, Builder& b) {
  Resolver& rs = b.resolver();
  std::string key = rs.TableKey(s.target);
  if (key.empty()) return;
  rs.AddInput(key);
  b.AddOutput(key);
  Scope* scope = rs.NewTableScope(s.target, s.target_alias.name);
  if (s.source != nullptr) rs.AddRelations(s.source, scope);
  if (s.on != nullptr) rs.RecordPredicate(s.on, scope, Clause::JoinOn);  // Hive runs MERGE as an outer join
  const CatalogTable* table = session.catalog.Find(key);
  for (const MergeClause& c : s.clauses) {
    if (c.condition != nullptr) rs.RecordPredicate(c.condition, scope, Clause::MergeWhen);
    if (c.star) {
      MergeStar(c, key, table, scope, b);
    } else if (c.action == MergeClause::Action::Update) {
      for (const Assignment& a : c.assignments) {
        ExprInfo info = rs.AnalyzeExpr(a.value, scope);
        b.AddTarget(Cat(key, ".", Lower(a.column)), info, a.value, scope, -1);
      }
    } else if (c.action == MergeClause::Action::Insert) {
      std::vector<std::string> names;
      if (!c.insert_columns.empty()) {
        for (const Ident& id : c.insert_columns) names.push_back(Lower(id));
      } else if (table != nullptr && !table->open) {
        for (const CatalogColumn& col : table->columns) names.push_back(col.name);
        for (const CatalogColumn& col : table->partition_columns) names.push_back(col.name);
      }
      if (names.size() < c.insert_values.size())
        rs.Warn(c.span, "MERGE INSERT: target columns unknown (no column list, table not in catalog)",
                DiagnosticCode::MergeTargetColumnsUnknown);
      for (size_t i = 0; i < c.insert_values.size() && i < names.size(); ++i) {
        ExprInfo info = rs.AnalyzeExpr(c.insert_values[i], scope);
        b.AddTarget(Cat(key, ".", names[i]), info, c.insert_values[i], scope, -1);
      }
    }
  }
  // Spark writes no cardinality-check table.
  if (session.semantics == Semantics::Hive && !session.spark_names) CardinalityCheck(s, key, table, session, b);
}

void Compute(const Statement& stmt, Session& session, Builder& b) {
  Resolver& rs = b.resolver();
  switch (stmt.stmt_kind()) {
    case StmtKind::QueryStatement:
      return QueryStatementLineage(static_cast<const QueryStatement&>(stmt), session, b);
    case StmtKind::CreateTableStatement: {
      auto& s = static_cast<const CreateTableStatement&>(stmt);
      std::string key = rs.TableKey(s.name);
      if (key.empty()) return;
      b.AddOutput(key);
      if (s.as_query == nullptr) {
        if (ApplyCreateTable(s, key, session, rs)) {
          b.AddCreated(key, s.temporary, false);
          b.AddDeclared(key);
        }
        return;
      }
      ColumnList* q = rs.AnalyzeQuery(s.as_query, nullptr);
      std::vector<std::string> names;
      for (size_t i = 0; i < q->declared; ++i)
        names.push_back(i < s.columns.size() ? Lower(s.columns[i].name) : q->At(i).name);
      b.MapByPosition(q, Cat(key, "."), names, -1, s.span);
      if (ApplyCtas(s, key, names, session)) b.AddCreated(key, s.temporary, false);
      return;
    }
    case StmtKind::CreateViewStatement: {
      auto& s = static_cast<const CreateViewStatement&>(stmt);
      // Spark keeps a GLOBAL TEMPORARY view in its system database global_temp, not the current one.
      std::string key = s.global && s.name.parts.size() == 1 ? Cat("global_temp.", Lower(s.name.parts[0]))
                                                             : rs.TableKey(s.name);
      if (key.empty()) return;
      b.AddOutput(key);
      if (s.query == nullptr) {
        // Spark's data-source view: the columns it declares, read from files, not from a table.
        if (ApplyDataSourceView(s, key, session)) b.AddCreated(key, s.temporary, true);
        return;
      }
      rs.SetSparkDefaultCollation(s.default_collation);
      ColumnList* q = rs.AnalyzeQuery(s.query, nullptr);
      rs.SetSparkDefaultCollation({});
      std::vector<std::string> names;
      for (size_t i = 0; i < q->declared; ++i)
        names.push_back(i < s.columns.size() ? Lower(s.columns[i].name) : q->At(i).name);
      b.MapByPosition(q, Cat(key, "."), names, -1, s.span);
      // A temporary view (Spark's) is temporary too: it lives in its script's session only.
      if (ApplyCreateView(s, key, names, *q, rs.interner(), rs, session)) b.AddCreated(key, s.temporary, true);
      return;
    }
    case StmtKind::AlterTableStatement: {
      auto& s = static_cast<const AlterTableStatement&>(stmt);
      std::string key = rs.TableKey(s.name);
      if (key.empty()) return;
      b.AddOutput(key);
      if (s.action == AlterTableStatement::Action::RenameTo && !s.new_name.parts.empty()) {
        const std::string new_key = rs.TableKey(s.new_name);
        b.AddOutput(new_key);
        // The renamed table keeps its kind: a temporary table or a view under a new name.
        if (const CatalogTable* t = session.catalog.Find(key); t != nullptr && (t->temporary || t->is_view))
          b.AddCreated(new_key, t->temporary, t->is_view);
      }
      // `ALTER TABLE t1 EXCHANGE PARTITION (...) WITH TABLE t2` moves the partition's data from t2 into t1:
      // Hive's hook records t2 read and t1 written.
      if (s.action == AlterTableStatement::Action::ExchangePartition && !s.new_name.parts.empty())
        rs.AddInput(rs.TableKey(s.new_name));
      if (s.action == AlterTableStatement::Action::Rebuild) RebuildLineage(key, session, b);
      ApplyAlterTable(s, key, rs.TableKey(s.new_name), session);
      if (s.action == AlterTableStatement::Action::AddColumns ||
          s.action == AlterTableStatement::Action::ReplaceColumns ||
          s.action == AlterTableStatement::Action::ChangeColumn)
        b.AddDeclared(key);
      return;
    }
    case StmtKind::DropStatement: {
      auto& s = static_cast<const DropStatement&>(stmt);
      if (s.object == "table" || s.object == "view" || s.object == "materialized view") {
        std::string key = rs.TableKey(s.name);
        if (key.empty()) return;
        b.AddOutput(key);
        session.catalog.Remove(key);
      }
      return;
    }
    case StmtKind::TruncateStatement: {
      std::string key = rs.TableKey(static_cast<const TruncateStatement&>(stmt).table);
      if (!key.empty()) b.AddOutput(key);
      return;
    }
    case StmtKind::LoadDataStatement: {
      std::string key = rs.TableKey(static_cast<const LoadDataStatement&>(stmt).table);
      if (!key.empty()) b.AddOutput(key);
      return;
    }
    case StmtKind::ExportStatement: {
      auto& s = static_cast<const ExportStatement&>(stmt);
      std::string key = rs.TableKey(s.table);
      if (!key.empty()) rs.AddInput(key);
      if (!s.path.empty()) b.AddOutput(Cat("directory:", s.path));
      return;
    }
    case StmtKind::ImportStatement: {
      std::string key = rs.TableKey(static_cast<const ImportStatement&>(stmt).table);
      if (!key.empty()) b.AddOutput(key);
      return;
    }
    case StmtKind::UseStatement: {
      auto& s = static_cast<const UseStatement&>(stmt);
      if (!s.database.name.empty()) session.current_database = Lower(s.database);
      return;
    }
    case StmtKind::UpdateStatement:
      return UpdateLineage(static_cast<const UpdateStatement&>(stmt), b);
    case StmtKind::DeleteStatement: {
      auto& s = static_cast<const DeleteStatement&>(stmt);
      std::string key = rs.TableKey(s.table);
      if (key.empty()) return;
      rs.AddInput(key);
      b.AddOutput(key);
      if (s.where != nullptr) rs.RecordPredicate(s.where, rs.NewTableScope(s.table, s.alias.name), Clause::Where);
      return;
    }
    case StmtKind::MergeStatement:
      return MergeLineage(static_cast<const MergeStatement&>(stmt), session, b);
    case StmtKind::ExplainStatement:
      return;  // EXPLAIN runs nothing: it reads and writes no table
    case StmtKind::ExecuteImmediateStatement:
      // Spark's plan is the plan of the statement the constant string spells.
      if (const Statement* inner = static_cast<const ExecuteImmediateStatement&>(stmt).inner)
        Compute(*inner, session, b);
      return;
    case StmtKind::SetStatement:
      if (const auto& set = static_cast<const SetStatement&>(stmt); session.spark_names && set.form == SetStatement::Form::Variable)
        RecordSetVariables(set, session);
      return;
    case StmtKind::DeclareVariableStatement:
      if (session.spark_names) RecordDeclaredVariable(static_cast<const DeclareVariableStatement&>(stmt), session);
      return;
    case StmtKind::DescribeStatement:
    case StmtKind::ShowStatement:
    case StmtKind::UtilityStatement:
    case StmtKind::OtherStatement:
      return;
    case StmtKind::CreateFunctionStatement: {
      // A persistent SQL function: Spark names its calls by catalog and database.
      const auto& cf = static_cast<const CreateFunctionStatement&>(stmt);
      const auto& parts = cf.name.name.parts;
      if (session.spark_names) rs.DefineSqlFunction(cf);
      if (session.spark_names && !cf.temporary && !parts.empty() &&
          (cf.return_expr != nullptr || cf.return_query != nullptr))
        session.sql_functions.insert(
            Cat(parts.size() >= 2 ? ToLower(parts[parts.size() - 2].name) : session.current_database, ".",
                ToLower(parts.back().name)));
      return;
    }
  }
}

}  // namespace

const char* ClauseName(Clause c) {
  switch (c) {
    case Clause::Where:
      return "where";
    case Clause::JoinOn:
      return "join_on";
    case Clause::GroupBy:
      return "group_by";
    case Clause::Having:
      return "having";
    case Clause::Qualify:
      return "qualify";
    case Clause::Window:
      return "window";
    case Clause::MergeWhen:
      return "merge_when";
    case Clause::Sort:
      return "sort";
  }
  return "?";
}

const char* SemanticsName(Semantics s) { return s == Semantics::Hive ? "hive" : "precise"; }

bool ParseSemantics(std::string_view name, Semantics& out) {
  for (Semantics s : {Semantics::Precise, Semantics::Hive}) {
    if (name == SemanticsName(s)) {
      out = s;
      return true;
    }
  }
  return false;
}

void ApplySetting(std::string_view key, std::string_view value, Session& session) {
  if (EqualsIgnoreCase(key, "hive.autogen.columnalias.prefix.label")) session.autogen_label = ToLower(value);
  if (EqualsIgnoreCase(key, "hive.map.aggr")) session.map_aggr = !EqualsIgnoreCase(value, "false");
  if (EqualsIgnoreCase(key, "hive.cbo.returnpath.hiveop")) session.cbo_returnpath = EqualsIgnoreCase(value, "true");
  if (session.spark_names && EqualsIgnoreCase(key, "spark.sql.caseSensitive"))
    session.spark_case_sensitive = EqualsIgnoreCase(value, "true");
}

std::string_view AutogenLabel(const Session& session) {
  return session.semantics == Semantics::Hive ? std::string_view(session.autogen_label) : std::string_view("_c");
}

const char* DerivationName(Derivation t) {
  switch (t) {
    case Derivation::Identity:
      return "identity";
    case Derivation::Transformation:
      return "transformation";
    case Derivation::Conditional:
      return "conditional";
    case Derivation::Aggregation:
      return "aggregation";
    case Derivation::Window:
      return "window";
  }
  return "?";
}

namespace {

// The value of E from the first to `last` whose name_of is `name`.
template <typename E>
bool ParseByName(std::string_view name, E last, const char* (*name_of)(E), E& out) {
  for (int i = 0; i <= static_cast<int>(last); ++i)
    if (name == name_of(static_cast<E>(i))) {
      out = static_cast<E>(i);
      return true;
    }
  return false;
}

}  // namespace

bool ParseDerivation(std::string_view name, Derivation& out) {
  return ParseByName(name, Derivation::Window, DerivationName, out);  // Window: the last Derivation
}

bool ParseClause(std::string_view name, Clause& out) {
  return ParseByName(name, Clause::Sort, ClauseName, out);  // Sort: the last Clause
}

StatementLineage ComputeLineage(const rewrite::RewriteResult& rewritten, Session& session) {
  StatementLineage out;
  if (rewritten.statement == nullptr) return out;
  Builder b(rewritten, session, out);
  Compute(*rewritten.statement, session, b);
  b.Finish();
  return out;
}

}  // namespace hivelineage::lineage
