#include "lineage/schema_facts.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "ast/children.h"
#include "base/strings.h"
#include "lineage/output_names.h"

namespace hivelineage::lineage {
namespace {

using namespace ast;

std::string Lower(const Ident& id) { return ToLower(id.name); }

// Read from any table though no schema declares them: never schema facts.
bool IsPseudoColumn(std::string_view name) {
  return name == "block__offset__inside__file" || name == "input__file__name" || name == "row__id" ||
         name == "row__is__deleted" || name == "raw__data__size" || name == "grouping__id" || name == "_metadata";
}

std::vector<DeclaredColumn> ToDeclared(std::span<const ColumnDef> defs) {
  std::vector<DeclaredColumn> out;
  out.reserve(defs.size());
  for (const ColumnDef& d : defs) out.push_back(DeclaredColumn{Lower(d.name), std::string(d.type.text)});
  return out;
}

// A query's output column names as the resolver gives them (the first branch
// of a set operation names them), or false when they cannot be told without
// resolving: a `*`, VALUES.
bool OutputNames(const QueryExpr* qe, std::vector<std::string>& out, bool spark_names) {
  while (qe != nullptr) {
    switch (qe->query_expr_kind()) {
      case QueryExprKind::NestedQuery: {
        const Query* q = static_cast<const NestedQuery*>(qe)->query;
        qe = q == nullptr ? nullptr : q->body;
        continue;
      }
      case QueryExprKind::SetOperation:
        qe = static_cast<const SetOperation*>(qe)->left;
        continue;
      case QueryExprKind::SetOperationChain: {
        const auto& branches = static_cast<const SetOperationChain*>(qe)->branches;
        qe = branches.empty() ? nullptr : branches[0].query;
        continue;
      }
      case QueryExprKind::ValuesQuery:
        return false;
      case QueryExprKind::SelectCore: {
        const auto* core = static_cast<const SelectCore*>(qe);
        if (core->transform != nullptr) {
          if (core->transform->outputs.empty()) {
            out = {"key", "value"};
          } else {
            for (const ColumnDef& d : core->transform->outputs) out.push_back(Lower(d.name));
          }
          return true;
        }
        for (size_t i = 0; i < core->items.size(); ++i) {
          const SelectItem& item = core->items[i];
          if (item.expr == nullptr || DynCast<StarExpr>(item.expr) != nullptr) return false;
          if (const FunctionCall* f = AsUdtf(item)) {
            const bool one_alias = item.aliases.empty() && !item.alias.name.empty();
            for (std::string& n :
                 UdtfOutputNames(f, one_alias ? std::span<const Ident>(&item.alias, 1) : std::span<const Ident>(item.aliases),
                                 spark_names))
              out.push_back(std::move(n));
            continue;
          }
          out.push_back(SelectItemName(item, i, "_c", spark_names, SparkNameContext{core->windows, {}, {}, {}, {}, {}, {}, {}, {}, {}}));
        }
        return true;
      }
    }
  }
  return false;
}

// The columns a CTAS or a view declares: its column list, named over the
// query's output names (a view's list may stand alone: Hive makes it as long
// as the select list), or false when they are not known.
bool QueryColumns(std::span<const ColumnDef> list, const Query* q, std::vector<DeclaredColumn>& out,
                  bool spark_names) {
  std::vector<std::string> names;
  if (q == nullptr || !OutputNames(q->body, names, spark_names)) {
    if (list.empty()) return false;
    out = ToDeclared(list);
    return true;
  }
  for (size_t i = 0; i < names.size(); ++i)
    out.push_back(i < list.size() ? DeclaredColumn{Lower(list[i].name), std::string(list[i].type.text)}
                                  : DeclaredColumn{std::move(names[i]), ""});
  return true;
}

// A FROM item as the light walk sees it: a real table (table set), or
// something whose columns it does not model (a subquery, a CTE, VALUES, a
// table function) or a LATERAL VIEW's named outputs.
struct Rel {
  std::string alias;
  std::string table;               // db.table of a real table; empty otherwise
  std::vector<std::string> names;  // a LATERAL VIEW's column aliases
  bool lateral = false;
};

struct WalkScope {
  WalkScope* parent = nullptr;
  std::vector<Rel> rels;
  std::vector<std::string> select_aliases;
};

}  // namespace

class FactsGatherer::Impl {
 public:
  Impl(std::string file, std::string db, bool spark_names)
      : file_(std::move(file)), db_(std::move(db)), spark_names_(spark_names) {}

  void Statement(const ast::Statement& s, const std::function<uint32_t(Span)>& line_of) {
    line_of_ = &line_of;
    switch (s.stmt_kind()) {
      case StmtKind::UseStatement:
        if (static_cast<const UseStatement&>(s).identifier == nullptr)
          db_ = Lower(static_cast<const UseStatement&>(s).database);
        return;
      case StmtKind::ExecuteImmediateStatement:
        // The statement a constant string spells, as if written on its own.
        if (const ast::Statement* inner = static_cast<const ExecuteImmediateStatement&>(s).inner)
          Statement(*inner, line_of);
        return;
      case StmtKind::SetStatement:
      case StmtKind::DescribeStatement:
      case StmtKind::ShowStatement:
      case StmtKind::UtilityStatement:
      case StmtKind::DeclareVariableStatement:
      case StmtKind::CreateFunctionStatement:
        return;
      case StmtKind::CreateTableStatement:
        return CreateTable(static_cast<const CreateTableStatement&>(s));
      case StmtKind::CreateViewStatement: {
        const auto& v = static_cast<const CreateViewStatement&>(s);
        const std::string key = Key(v.name);
        own_.insert(key);
        if (v.query != nullptr) WalkQuery(v.query, nullptr, nullptr);
        std::vector<DeclaredColumn> columns;
        // A temporary view (Spark's) lives in its script only: never a fact.
        if (!key.empty() && !v.temporary && QueryColumns(v.columns, v.query, columns, spark_names_))
          Declare(key, std::move(columns), {}, "", v.span);
        return;
      }
      case StmtKind::AlterTableStatement:
        return AlterTable(static_cast<const AlterTableStatement&>(s));
      case StmtKind::QueryStatement:
        return QueryStmt(static_cast<const QueryStatement&>(s));
      case StmtKind::UpdateStatement: {
        const auto& u = static_cast<const UpdateStatement&>(s);
        WalkScope scope;
        AddNamedTable(u.table, u.alias, scope);
        for (const Assignment& a : u.assignments) {
          Use(scope.rels.empty() ? "" : scope.rels[0].table, Lower(a.column), a.column.span);
          WalkExpr(a.value, &scope);
        }
        WalkExpr(u.where, &scope);
        return;
      }
      case StmtKind::DeleteStatement: {
        const auto& d = static_cast<const DeleteStatement&>(s);
        WalkScope scope;
        AddNamedTable(d.table, d.alias, scope);
        WalkExpr(d.where, &scope);
        return;
      }
      case StmtKind::MergeStatement: {
        const auto& m = static_cast<const MergeStatement&>(s);
        WalkScope scope;
        AddNamedTable(m.target, m.target_alias, scope);
        AddFrom(m.source, scope);
        WalkExpr(m.on, &scope);
        const std::string target = scope.rels.empty() ? "" : scope.rels[0].table;
        for (const MergeClause& c : m.clauses) {
          WalkExpr(c.condition, &scope);
          for (const Assignment& a : c.assignments) {
            Use(target, Lower(a.column), a.column.span);
            WalkExpr(a.value, &scope);
          }
          for (const Ident& id : c.insert_columns) Use(target, Lower(id), id.span);
          for (const Expr* e : c.insert_values) WalkExpr(e, &scope);
        }
        return;
      }
      case StmtKind::DropStatement:
      case StmtKind::TruncateStatement:
      case StmtKind::LoadDataStatement:
      case StmtKind::ExportStatement:
      case StmtKind::ImportStatement:
      case StmtKind::ExplainStatement:
      case StmtKind::OtherStatement:
        return;
    }
  }

  bool Declared(std::span<const std::string_view> parts) const {
    const size_t n = parts.size();
    return n > 0 && own_.contains(Key(n, parts[0], n > 1 ? parts[1] : ""));
  }

  ScriptFacts Finish() {
    ScriptFacts out;
    out.file = file_;
    // Hash maps while gathering (most lookups find an entry), sorted once here.
    std::vector<std::pair<const std::string*, Building*>> tables;
    tables.reserve(tables_.size());
    for (auto& [key, b] : tables_) tables.emplace_back(&key, &b);
    std::sort(tables.begin(), tables.end(), [](const auto& x, const auto& y) { return *x.first < *y.first; });
    out.tables.reserve(tables.size());
    for (auto& [key, b] : tables) {
      TableFacts t = std::move(b->facts);
      t.table = *key;
      t.inferred.reserve(b->inferred.size());
      for (auto& [name, c] : b->inferred) t.inferred.push_back(std::move(c));
      std::sort(t.inferred.begin(), t.inferred.end(),
                [](const InferredColumn& x, const InferredColumn& y) { return x.name < y.name; });
      t.precedence.reserve(b->precedence.size());
      for (auto& [pair, n] : b->precedence) t.precedence.push_back(ColumnPrecedence{pair.first, pair.second, n});
      std::sort(t.precedence.begin(), t.precedence.end(), [](const ColumnPrecedence& x, const ColumnPrecedence& y) {
        return std::tie(x.a, x.b) < std::tie(y.a, y.b);
      });
      out.tables.push_back(std::move(t));
    }
    for (auto& [key, line] : open_) out.open.push_back(OpenReference{key.first, key.second, line});
    return out;
  }

 private:
  struct Building {
    TableFacts facts;
    absl::flat_hash_map<std::string, InferredColumn> inferred;
    absl::flat_hash_map<std::pair<std::string, std::string>, uint32_t> precedence;
    uint32_t next_order = 0;
  };

  std::string Key(const QualifiedName& name) const {
    const size_t n = name.parts.size();
    return Key(n, n > 0 ? name.parts[0].name : "", n > 1 ? name.parts[1].name : "");
  }
  // db.table of a name of `n` parts as written, the first two given: one part
  // is a table of the current database.
  std::string Key(size_t n, std::string_view first, std::string_view second) const {
    if (n == 0) return {};
    // Made in place: a key per table reference, so one allocation each.
    const std::string_view db = n == 1 ? std::string_view(db_) : first;
    const std::string_view table = n == 1 ? first : second;
    std::string key;
    key.reserve(db.size() + 1 + table.size());
    key.append(db);
    key.push_back('.');
    key.append(table);
    for (size_t i = n == 1 ? db.size() + 1 : 0; i < key.size(); ++i) key[i] = AsciiLower(key[i]);
    return key;
  }

  uint32_t LineOf(Span span) const { return (*line_of_)(span); }

  // A column named through `table`; tables the script declared itself say nothing new.
  void Use(const std::string& table, const std::string& column, Span span) {
    if (table.empty() || column.empty() || own_.contains(table) || IsPseudoColumn(column)) return;
    Building& b = tables_[table];
    auto [it, added] = b.inferred.try_emplace(column);
    InferredColumn& c = it->second;
    if (added) {
      c.name = column;
      c.line = LineOf(span);
      c.order = b.next_order++;
    }
    ++c.uses;
  }

  void Declare(const std::string& key, std::vector<DeclaredColumn> columns, std::vector<DeclaredColumn> partitions,
               std::string like, Span span, std::string_view location = {}) {
    own_.insert(key);
    TableFacts& f = tables_[key].facts;
    f.location = std::string(location);
    f.declared = true;
    f.declared_line = LineOf(span);
    f.columns = std::move(columns);
    f.partition_columns = std::move(partitions);
    f.like = std::move(like);
  }

  void CreateTable(const CreateTableStatement& s) {
    const std::string key = Key(s.name);
    if (key.empty()) return;
    if (s.as_query != nullptr) WalkQuery(s.as_query, nullptr, nullptr);
    std::vector<DeclaredColumn> columns;
    if (!s.temporary && s.as_query != nullptr && QueryColumns(s.columns, s.as_query, columns, spark_names_)) {
      // CTAS: a partition column named in PARTITIONED BY is one of the query's (Hive 3).
      std::vector<DeclaredColumn> partitions;
      std::erase_if(columns, [&](DeclaredColumn& c) {
        const bool partition = std::any_of(s.partition_columns.begin(), s.partition_columns.end(),
                                           [&](const ColumnDef& d) { return Lower(d.name) == c.name; });
        if (partition) partitions.push_back(std::move(c));
        return partition;
      });
      Declare(key, std::move(columns), std::move(partitions), "", s.span);
      return;
    }
    if (s.temporary || s.as_query != nullptr || (s.columns.empty() && s.like.parts.empty())) {
      own_.insert(key);  // its columns come from the script itself (or from a SerDe)
      return;
    }
    Declare(key, ToDeclared(s.columns), ToDeclared(s.partition_columns), s.like.parts.empty() ? "" : Key(s.like),
            s.span, s.location);
  }

  void AlterTable(const AlterTableStatement& s) {
    using Action = AlterTableStatement::Action;
    if (s.object != AlterTableStatement::Object::Table) return;
    const std::string key = Key(s.name);
    if (s.action == Action::ReplaceColumns) {
      auto it = tables_.find(key);
      std::vector<DeclaredColumn> partitions;
      if (it != tables_.end() && it->second.facts.declared) partitions = it->second.facts.partition_columns;
      Declare(key, ToDeclared(s.columns), std::move(partitions), "", s.span);
    } else if (s.action == Action::AddColumns) {
      auto it = tables_.find(key);
      if (it != tables_.end() && it->second.facts.declared) {
        for (DeclaredColumn& c : ToDeclared(s.columns)) {
          auto& cols = it->second.facts.columns;
          if (std::none_of(cols.begin(), cols.end(), [&](const DeclaredColumn& d) { return d.name == c.name; }))
            cols.push_back(std::move(c));
        }
      } else {
        for (const ColumnDef& d : s.columns) Use(key, Lower(d.name), d.span);
      }
    } else if (s.action == Action::ChangeColumn && !s.columns.empty()) {
      Use(key, Lower(s.columns[0].name), s.columns[0].span);
    }
  }

  void QueryStmt(const QueryStatement& s) {
    const size_t ctes = PushCtes(s.ctes);
    for (const Cte& c : s.ctes) WalkQuery(c.query, nullptr, nullptr);
    for (const InsertBody& b : s.bodies) {
      if (b.target != nullptr && b.target->type == InsertTarget::Type::Table) {
        const std::string key = Key(b.target->table);
        for (const Ident& id : b.target->columns) Use(key, Lower(id), id.span);
        if (b.target->partition != nullptr)
          for (const PartitionItem& p : b.target->partition->items) Use(key, Lower(p.key), p.key.span);
      }
      if (b.query != nullptr) WalkQuery(b.query, nullptr, s.from);
    }
    if (s.bodies.empty() && s.from != nullptr) {
      WalkScope scope;
      AddFrom(s.from, scope);
    }
    cte_names_.resize(cte_names_.size() - ctes);
  }

  size_t PushCtes(std::span<const Cte> ctes) {
    for (const Cte& c : ctes) cte_names_.push_back(Lower(c.name));
    return ctes.size();
  }

  // `shared_from`: the FROM of a FROM-first statement, read by a body SELECT without its own.
  void WalkQuery(const Query* q, WalkScope* outer, const TableRef* shared_from) {
    if (q == nullptr) return;
    const size_t ctes = PushCtes(q->ctes);
    for (const Cte& c : q->ctes) WalkQuery(c.query, nullptr, nullptr);
    WalkQueryExpr(q->body, outer, shared_from);
    cte_names_.resize(cte_names_.size() - ctes);
  }

  void WalkQueryExpr(const QueryExpr* qe, WalkScope* outer, const TableRef* shared_from) {
    if (qe == nullptr) return;
    switch (qe->query_expr_kind()) {
      case QueryExprKind::SelectCore:
        return WalkCore(static_cast<const SelectCore*>(qe), outer, shared_from);
      case QueryExprKind::NestedQuery:
        return WalkQuery(static_cast<const NestedQuery*>(qe)->query, outer, shared_from);
      case QueryExprKind::SetOperation:
      case QueryExprKind::SetOperationChain:
      case QueryExprKind::ValuesQuery:
        VisitChildren(*qe, Overloaded{[&](const QueryExpr* c) { WalkQueryExpr(c, outer, shared_from); },
                                      [&](const Expr* e) { WalkExpr(e, outer); }});
        return;
    }
  }

  void WalkCore(const SelectCore* core, WalkScope* outer, const TableRef* shared_from) {
    WalkScope scope;
    scope.parent = outer;
    AddFrom(core->from != nullptr ? core->from : shared_from, scope);
    for (const SelectItem& item : core->items)
      if (!item.alias.name.empty()) scope.select_aliases.push_back(Lower(item.alias));
    // The order a select list names a table's columns in (a few tables: a
    // vector; the votes are counts, so the order the tables come in does not matter).
    std::vector<std::pair<const std::string*, std::vector<std::string>>> listed;
    for (const SelectItem& item : core->items) {
      if (const auto* ref = DynCast<ColumnRef>(item.expr)) {
        Named r = Ref(ref, &scope);
        if (r.table != nullptr) {
          auto it = std::find_if(listed.begin(), listed.end(), [&](const auto& l) { return *l.first == *r.table; });
          if (it == listed.end()) it = listed.emplace(listed.end(), r.table, std::vector<std::string>{});
          std::vector<std::string>& names = it->second;
          if (std::find(names.begin(), names.end(), r.column) == names.end()) names.push_back(std::move(r.column));
        }
      } else {
        WalkExpr(item.expr, &scope);
      }
    }
    for (const auto& [table_ptr, names] : listed) {
      const std::string& table = *table_ptr;
      if (own_.contains(table)) continue;
      Building& b = tables_[table];
      for (size_t i = 0; i < names.size(); ++i)
        for (size_t j = i + 1; j < names.size(); ++j) ++b.precedence[{names[i], names[j]}];
    }
    if (core->transform != nullptr)
      for (const Expr* e : core->transform->args) WalkExpr(e, &scope);
    WalkExpr(core->where, &scope);
    if (core->group_by != nullptr) {
      for (const Expr* e : core->group_by->items) WalkExpr(e, &scope);
      for (const auto& set : core->group_by->grouping_sets)
        for (const Expr* e : set) WalkExpr(e, &scope);
    }
    WalkExpr(core->having, &scope);
    WalkExpr(core->qualify, &scope);
    for (const NamedWindow& w : core->windows)
      if (w.spec != nullptr) VisitChildren(*w.spec, [&](const Expr* e) { WalkExpr(e, &scope); });
  }

  void AddNamedTable(const QualifiedName& name, const Ident& alias, WalkScope& scope) {
    if (name.parts.empty()) return;
    Rel r;
    r.alias = alias.name.empty() ? Lower(name.parts.back()) : Lower(alias);
    const bool cte = name.parts.size() == 1 &&
                     std::find(cte_names_.begin(), cte_names_.end(), Lower(name.parts[0])) != cte_names_.end();
    if (!cte) r.table = Key(name);
    scope.rels.push_back(std::move(r));
  }

  void AddFrom(const TableRef* ref, WalkScope& scope) {
    if (ref == nullptr) return;
    switch (ref->table_ref_kind()) {
      case TableRefKind::TableName: {
        const auto* t = static_cast<const TableName*>(ref);
        AddNamedTable(t->name, t->alias, scope);
        if (t->sample != nullptr)
          for (const Expr* e : t->sample->on) WalkExpr(e, &scope);
        return;
      }
      case TableRefKind::SubqueryRef: {
        const auto* s = static_cast<const SubqueryRef*>(ref);
        WalkQuery(s->query, nullptr, nullptr);
        scope.rels.push_back(Rel{Lower(s->alias), "", {}, false});
        return;
      }
      case TableRefKind::JoinRef: {
        const auto* j = static_cast<const JoinRef*>(ref);
        AddFrom(j->left, scope);
        AddFrom(j->right, scope);
        for (const Expr* e : j->unique_keys_left) WalkExpr(e, &scope);
        for (const Expr* e : j->unique_keys_right) WalkExpr(e, &scope);
        WalkExpr(j->on, &scope);
        return;
      }
      case TableRefKind::LateralViewRef: {
        const auto* lv = static_cast<const LateralViewRef*>(ref);
        AddFrom(lv->source, scope);
        WalkExpr(lv->udtf, &scope);
        Rel r{Lower(lv->table_alias), "", {}, true};
        for (const Ident& id : lv->column_aliases) r.names.push_back(Lower(id));
        scope.rels.push_back(std::move(r));
        return;
      }
      case TableRefKind::ValuesRef:
        scope.rels.push_back(Rel{Lower(static_cast<const ValuesRef*>(ref)->alias), "", {}, false});
        return;
      case TableRefKind::TableFunctionRef: {
        const auto* f = static_cast<const TableFunctionRef*>(ref);
        WalkScope input;
        AddFrom(f->input, input);
        scope.rels.push_back(Rel{Lower(f->alias), "", {}, false});
        return;
      }
      case TableRefKind::PivotRef: {
        // The aggregates read the source's columns; the output's are its own.
        const auto* p = static_cast<const PivotRef*>(ref);
        WalkScope input;
        AddFrom(p->source, input);
        for (const SelectItem& it : p->aggregates) WalkExpr(it.expr, &input);
        scope.rels.push_back(Rel{Lower(p->alias), "", {}, false});
        return;
      }
      case TableRefKind::BinByRef: {
        // The RANGE and DISTRIBUTE columns are the source's; the bin columns are its own.
        // Without an alias the source's tables stay visible by name.
        const auto* b = static_cast<const BinByRef*>(ref);
        WalkScope own;
        WalkScope& input = b->alias.name.empty() ? scope : own;
        AddFrom(b->source, input);
        for (const Expr* e : {b->range_start, b->range_end, b->width, b->align}) WalkExpr(e, &input);
        for (const Expr* e : b->distribute) WalkExpr(e, &input);
        scope.rels.push_back(Rel{Lower(b->alias), "", {}, false});
        return;
      }
    }
  }

  // Every column reference under `e`, and the queries inside it (which see `scope`).
  void WalkExpr(const Expr* e, WalkScope* scope) {
    if (e == nullptr) return;
    const size_t base = stack_.size();
    stack_.push_back(e);
    while (stack_.size() > base) {
      const Expr* x = stack_.back();
      stack_.pop_back();
      if (const auto* ref = DynCast<ColumnRef>(x)) {
        Ref(ref, scope);
        continue;
      }
      VisitChildren(
          *x,
          Overloaded{[&](const Expr* c) { stack_.push_back(c); }, [&](const Query* q) { WalkQuery(q, scope, nullptr); },
                     [&](const WindowSpec* w) { VisitChildren(*w, [&](const Expr* c) { stack_.push_back(c); }); }});
    }
  }

  // A real table's column a reference names: the table (one of the scope's
  // relations, null when it names none for sure) and the column.
  struct Named {
    const std::string* table = nullptr;
    std::string column;
  };

  // Records what `ref` says about a real table.
  Named Ref(const ColumnRef* ref, WalkScope* scope) {
    const auto& parts = ref->parts;
    if (parts.empty() || scope == nullptr) return {};
    const std::string p0 = Lower(parts[0]);
    if (parts.size() >= 2) {
      const std::string p1 = Lower(parts[1]);
      const std::string key = parts.size() >= 3 ? Cat(p0, ".", p1) : std::string();
      for (WalkScope* s = scope; s != nullptr; s = s->parent) {
        if (parts.size() >= 3) {
          for (const Rel& r : s->rels)
            if (!r.table.empty() && r.table == key) return Found(r.table, Lower(parts[2]), ref->span);
        }
        for (const Rel& r : s->rels) {
          if (r.alias != p0) continue;
          if (r.table.empty()) return {};
          return Found(r.table, p1, ref->span);
        }
      }
    }
    // Bare (or a struct path `col.field`): only where one real table can hold it.
    WalkScope* s = scope;
    while (s != nullptr && s->rels.empty()) s = s->parent;
    if (s == nullptr) return {};
    if (std::find(s->select_aliases.begin(), s->select_aliases.end(), p0) != s->select_aliases.end()) return {};
    const std::string* first = nullptr;  // the first real table, and whether others differ from it
    bool several = false;
    for (const Rel& r : s->rels) {
      if (r.lateral) {
        if (r.alias == p0 || std::find(r.names.begin(), r.names.end(), p0) != r.names.end()) return {};
        continue;
      }
      if (r.table.empty() || own_.contains(r.table)) return {};  // a column of unknown origin
      if (first == nullptr) first = &r.table;
      else if (r.table != *first) several = true;
    }
    if (first == nullptr) return {};
    if (!several) return Found(*first, p0, ref->span);
    if (!IsPseudoColumn(p0)) {
      std::vector<std::string> tables;
      for (const Rel& r : s->rels)
        if (!r.lateral) tables.push_back(r.table);
      std::sort(tables.begin(), tables.end());
      tables.erase(std::unique(tables.begin(), tables.end()), tables.end());
      open_.try_emplace({p0, std::move(tables)}, LineOf(ref->span));
    }
    return {};
  }

  Named Found(const std::string& table, std::string column, Span span) {
    Use(table, column, span);
    return {&table, std::move(column)};
  }

  std::string file_;
  std::string db_;
  const std::function<uint32_t(Span)>* line_of_ = nullptr;
  absl::flat_hash_set<std::string> own_;  // tables the script declared (or created from a query) so far
  bool spark_names_ = false;  // a Spark script: its select items are named as Spark names them
  std::vector<std::string> cte_names_;
  absl::flat_hash_map<std::string, Building> tables_;
  std::vector<const Expr*> stack_;  // WalkExpr's, shared by the nested walks (each above its own base)
  std::map<std::pair<std::string, std::vector<std::string>>, uint32_t> open_;
};

FactsGatherer::FactsGatherer(std::string file, std::string default_database, bool spark_names)
    : impl_(std::make_unique<Impl>(std::move(file), ToLower(default_database), spark_names)) {}
FactsGatherer::~FactsGatherer() = default;

void FactsGatherer::Statement(const ast::Statement& s, const std::function<uint32_t(Span)>& line_of) {
  impl_->Statement(s, line_of);
}

bool FactsGatherer::Declared(std::span<const std::string_view> parts) const { return impl_->Declared(parts); }

ScriptFacts FactsGatherer::Finish() { return impl_->Finish(); }

}  // namespace hivelineage::lineage
