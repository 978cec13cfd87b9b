#include "lineage/statement_facts.h"

#include <algorithm>
#include <utility>

#include "absl/container/flat_hash_map.h"

namespace hivelineage::lineage {
namespace {

constexpr std::string_view kDirectoryPrefix = "directory:";

// Where the system part of a table name ends (the `/` before its local
// name); npos for a Hive name. The rule of sync/system_name.h.
size_t SystemEnd(std::string_view name) {
  if (const size_t scheme = name.find("://"); scheme != std::string_view::npos) {
    const size_t slash = name.find('/', scheme + 3);
    return slash == std::string_view::npos ? name.size() : slash;
  }
  return name.find('/');
}

// Builds the facts: tables first, then columns interned as they are met.
class FactsBuilder {
 public:
  explicit FactsBuilder(StatementFacts& facts) : f_(facts) {}

  void AddTables(const StatementLineage& lin) {
    std::vector<std::string> names = lin.inputs;
    for (const auto* list : {&lin.outputs, &lin.temporary_outputs, &lin.view_outputs})
      names.insert(names.end(), list->begin(), list->end());
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    for (const std::string& n : names) f_.tables.push_back(StatementTable{QualifiedTable::Parse(n)});
    auto mark = [&](const std::vector<std::string>& list, bool StatementTable::*flag) {
      for (const std::string& n : list) f_.tables[Find(n)].*flag = true;
    };
    mark(lin.inputs, &StatementTable::input);
    mark(lin.outputs, &StatementTable::output);
    mark(lin.temporary_outputs, &StatementTable::temporary);
    mark(lin.view_outputs, &StatementTable::view);
  }

  // A written column: in a table the statement writes, else none (a plain
  // query's output name).
  uint32_t Target(const std::string& name) { return Column(name, /*source=*/false); }
  // A column read: in a table the statement reads or writes; else, for a
  // column reached through a view's recorded lineage (whose tables the
  // statement does not read itself; the catalog records it as a flat
  // `db.table.column`), in the table named before its last dot.
  uint32_t Source(const std::string& name) { return Column(name, /*source=*/true); }

 private:
  uint32_t Find(const std::string& table) const {
    auto it = std::lower_bound(f_.tables.begin(), f_.tables.end(), table,
                               [](const StatementTable& t, const std::string& n) { return t.name.name < n; });
    return static_cast<uint32_t>(it - f_.tables.begin());
  }

  uint32_t Column(const std::string& name, bool source) {
    uint32_t table = kNoColumn;
    size_t length = 0;
    for (uint32_t t = 0; t < f_.tables.size(); ++t) {
      const StatementTable& tf = f_.tables[t];
      const std::string& tn = tf.name.name;
      if (!(tf.output || (source && tf.input))) continue;
      if (tn.size() > length && name.size() > tn.size() + 1 && name.starts_with(tn) && name[tn.size()] == '.') {
        table = t;
        length = tn.size();
      }
    }
    if (table == kNoColumn && source) {
      const size_t dot = name.rfind('.');
      if (dot == std::string::npos || dot == 0 || dot + 1 == name.size()) return kNoColumn;
      table = ViewSourceTable(name.substr(0, dot));
      length = dot;
    }
    if (table == kNoColumn) return kNoColumn;
    auto [it, added] = ids_.try_emplace(name, static_cast<uint32_t>(f_.columns.size()));
    if (added) f_.columns.push_back(TableColumn{table, name.substr(length + 1)});
    return it->second;
  }

  // A table only a view's lineage names: listed after the statement's own,
  // neither read nor written by it.
  uint32_t ViewSourceTable(const std::string& table) {
    for (uint32_t t = 0; t < f_.tables.size(); ++t)
      if (f_.tables[t].name.name == table) return t;
    f_.tables.push_back(StatementTable{QualifiedTable::Parse(table)});
    return static_cast<uint32_t>(f_.tables.size() - 1);
  }

  StatementFacts& f_;
  absl::flat_hash_map<std::string, uint32_t> ids_;
};

bool SameCondition(const ConditionFacts& a, const ConditionFacts& b) {
  auto sorted = [](std::vector<uint32_t> v) {
    std::sort(v.begin(), v.end());
    return v;
  };
  return a.clause == b.clause && a.expression == b.expression && a.governs_all == b.governs_all &&
         sorted(a.reads) == sorted(b.reads) && sorted(a.governs) == sorted(b.governs);
}

void AddUnique(std::vector<uint32_t>& ids, uint32_t id) {
  if (id != kNoColumn && std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
}

}  // namespace

QualifiedTable QualifiedTable::Parse(std::string_view name) {
  QualifiedTable t;
  t.name = std::string(name);
  if (name.starts_with(kDirectoryPrefix)) {
    t.directory = true;
    t.table = t.name;
    return t;
  }
  std::string_view local = name;
  if (const size_t end = SystemEnd(name); end != std::string_view::npos) {
    t.system = std::string(name.substr(0, end));
    local = end >= name.size() ? std::string_view() : name.substr(end + 1);
  }
  if (const size_t dot = local.find('.'); dot != std::string_view::npos) {
    t.database = std::string(local.substr(0, dot));
    local.remove_prefix(dot + 1);
  }
  t.table = std::string(local);
  return t;
}

std::string QualifiedTable::DatabaseNode() const {
  if (directory) return "directory";
  if (system.empty()) return database.empty() ? table : database;
  if (database.empty()) return system;
  return system + "/" + database;
}

std::string StatementFacts::ColumnName(uint32_t id) const {
  const TableColumn& c = columns[id];
  std::string out = tables[c.table].name.name;
  out += '.';
  out += c.column;
  return out;
}

StatementFacts MakeStatementFacts(StatementKind kind, bool parsed, const StatementLineage& lin) {
  StatementFacts f;
  f.kind = kind;
  FactsBuilder b(f);
  b.AddTables(lin);
  f.kept = parsed && !(lin.inputs.empty() && lin.outputs.empty());
  if (!f.kept) return f;

  for (const ColumnLineage& c : lin.columns) {
    ValueFacts& v = f.values.emplace_back();
    v.target = b.Target(c.target);
    v.expression = c.expression;
    v.type = c.type;
    v.derivation = c.derivation;
    v.masking = c.masking;
    for (const std::string& s : c.sources) {
      ValueFacts::Source src;
      src.column = b.Source(s);
      src.inferred = std::binary_search(c.inferred.begin(), c.inferred.end(), s);
      auto m = std::lower_bound(c.masked.begin(), c.masked.end(), s,
                                [](const MaskedSource& x, const std::string& n) { return x.source < n; });
      if (m != c.masked.end() && m->source == s) src.masked_by = m->masking;
      v.sources.push_back(std::move(src));
    }
    for (const PossibleSource& p : c.possible) {
      ValueFacts::Possible& out = v.possible.emplace_back();
      out.reference = p.column;
      out.candidate_names = p.candidates;
      for (const std::string& s : p.candidates) out.candidates.push_back(b.Source(s));
    }
  }
  for (const PredicateLineage& p : lin.predicates) {
    ConditionFacts k;
    k.clause = p.clause;
    k.expression = p.expression;
    for (const std::string& s : p.sources) AddUnique(k.reads, b.Source(s));
    if (k.reads.empty()) continue;  // a condition on no column of a table
    k.governs_all = p.governs_all;
    if (!k.governs_all)
      for (const std::string& t : p.targets) AddUnique(k.governs, b.Target(t));
    // The same condition twice (recorded once per branch of a union) is one.
    if (std::none_of(f.conditions.begin(), f.conditions.end(),
                     [&](const ConditionFacts& seen) { return SameCondition(seen, k); }))
      f.conditions.push_back(std::move(k));
  }
  for (const std::string& d : lin.declared_columns)
    if (const uint32_t id = b.Target(d); id != kNoColumn) f.declared.push_back(id);
  return f;
}

}  // namespace hivelineage::lineage
