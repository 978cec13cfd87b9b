#include "lineage/warehouse_schema.h"

#include <algorithm>
#include <array>
#include <map>
#include <string_view>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "base/json_out.h"
#include "base/strings.h"
#include "base/utf8.h"
#include "nlohmann/json.hpp"

namespace hivelineage::lineage {
namespace {

std::string Place(std::string_view file, uint32_t line) { return Cat(file, ":", line); }

// Adds "file:line" to `where` when it has room (the text is made only then).
void AddPlace(std::vector<std::string>& where, std::string_view file, uint32_t line) {
  if (where.size() < kEvidencePlaces) where.push_back(Place(file, line));
}

// A place in the input, (script, line): the merge keeps these, and makes the
// "file:line" texts only for the places the schema keeps (most are not).
struct Loc {
  uint32_t script = 0;
  uint32_t line = 0;
};

// The first kEvidencePlaces places, in the order they were added.
struct FirstPlaces {
  std::array<Loc, kEvidencePlaces> at{};
  uint8_t size = 0;
  void Add(Loc l) {
    if (size < kEvidencePlaces) at[size++] = l;
  }
};

// Empties `c`, its storage freed (clear() may keep it).
template <typename Container>
void Free(Container& c) {
  Container().swap(c);
}

// One declaration of a table (its schema as the first script making it
// wrote it), and the scripts that make it.
struct Declaration {
  std::vector<DeclaredColumn> columns, partition_columns;
  std::string like;
  std::string location;     // the first script's LOCATION that gives one
  std::vector<Loc> places;  // in input order
};

bool SameNames(const std::vector<DeclaredColumn>& a, const std::vector<DeclaredColumn>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const DeclaredColumn& x, const DeclaredColumn& y) { return x.name == y.name; });
}

bool SameSchema(const Declaration& d, const TableFacts& t) {
  return d.like == t.like && SameNames(d.columns, t.columns) && SameNames(d.partition_columns, t.partition_columns);
}

struct Inferred {
  bool column = false;  // a column of the table (not a name met only in a precedence)
  uint32_t uses = 0;
  FirstPlaces where;
  std::pair<size_t, uint32_t> first{SIZE_MAX, 0};  // (script, order) of the first use
};

// A table's inferred columns and the precedence votes between them. Each
// name is kept once, a vote by the two names' ids: the pairs of a select
// list are quadratic in its columns, and every script adds its own.
struct InferredTable {
  absl::flat_hash_map<std::string, uint32_t> ids;  // every name met, its index in `names`
  std::vector<Inferred> names;
  absl::flat_hash_map<uint64_t, uint32_t> precedence;  // Vote(a, b): a before b, in how many select lists

  uint32_t Id(const std::string& name) {
    auto [it, added] = ids.try_emplace(name, static_cast<uint32_t>(names.size()));
    if (added) names.emplace_back();
    return it->second;
  }
  Inferred& Column(const std::string& name) {
    Inferred& c = names[Id(name)];
    c.column = true;
    return c;
  }
  const Inferred* FindColumn(std::string_view name) const {
    auto it = ids.find(absl::string_view(name.data(), name.size()));
    return it == ids.end() || !names[it->second].column ? nullptr : &names[it->second];
  }
  static uint64_t Vote(uint32_t a, uint32_t b) { return uint64_t{a} << 32 | b; }
};

// Columns in the order select lists tend to name them: a column placed
// before another in more select lists than after it comes first (Copeland
// ranking), ties by first use.
std::vector<std::string_view> OrderColumns(const InferredTable& t) {
  std::vector<std::pair<std::string_view, uint32_t>> names;  // name, id
  names.reserve(t.names.size());
  for (const auto& [name, id] : t.ids)
    if (t.names[id].column) names.emplace_back(name, id);
  std::sort(names.begin(), names.end());
  const size_t n = names.size();
  std::vector<int> wins(n, 0);
  std::vector<std::pair<size_t, uint32_t>> first(n);
  for (size_t i = 0; i < n; ++i) first[i] = t.names[names[i].second].first;
  if (!t.precedence.empty()) {
    auto votes = [&](uint32_t a, uint32_t b) {
      auto it = t.precedence.find(InferredTable::Vote(a, b));
      return it == t.precedence.end() ? 0u : it->second;
    };
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = i + 1; j < n; ++j) {
        const uint32_t ij = votes(names[i].second, names[j].second), ji = votes(names[j].second, names[i].second);
        if (ij > ji) ++wins[i];
        if (ji > ij) ++wins[j];
      }
    }
  }
  std::vector<size_t> order(n);
  for (size_t i = 0; i < n; ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (wins[a] != wins[b]) return wins[a] > wins[b];
    return first[a] < first[b];
  });
  std::vector<std::string_view> out;
  out.reserve(n);
  for (size_t i : order) out.push_back(names[i].first);
  return out;
}

std::vector<CatalogColumn> ToCatalog(const std::vector<DeclaredColumn>& v) {
  std::vector<CatalogColumn> out;
  out.reserve(v.size());
  for (const DeclaredColumn& d : v) {
    CatalogColumn c;
    c.name = d.name;
    c.type = d.type;
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace

const char* EvidenceKindName(EvidenceKind k) {
  switch (k) {
    case EvidenceKind::Catalog:
      return "catalog";
    case EvidenceKind::Declared:
      return "declared";
    case EvidenceKind::Inferred:
      return "inferred";
  }
  return "inferred";
}

class FactsMerger::Impl {
 public:
  Impl(const Catalog& given, bool evidence) : given_(given), evidence_(evidence) {}

  void Add(const ScriptFacts& s) {
    const auto si = static_cast<uint32_t>(scripts_++);
    if (evidence_) files_.push_back(s.file);
    for (const TableFacts& t : s.tables) {
      if (given_.Find(t.table) != nullptr) continue;
      if (t.declared) {
        std::vector<Declaration>& ds = declared_[t.table];
        auto it = std::find_if(ds.begin(), ds.end(), [&](const Declaration& d) { return SameSchema(d, t); });
        if (it == ds.end()) it = ds.insert(ds.end(), Declaration{t.columns, t.partition_columns, t.like, {}, {}});
        if (it->location.empty()) it->location = t.location;
        it->places.push_back(Loc{si, t.declared_line});
      }
      if (t.inferred.empty()) continue;
      InferredTable& it = inferred_[t.table];
      for (const InferredColumn& c : t.inferred) {
        Inferred& into = it.Column(c.name);
        into.uses += c.uses;
        into.where.Add(Loc{si, c.line});
        into.first = std::min(into.first, std::make_pair(size_t{si}, c.order));
      }
      for (const ColumnPrecedence& p : t.precedence) {
        const uint32_t a = it.Id(p.a);
        it.precedence[InferredTable::Vote(a, it.Id(p.b))] += p.count;
      }
    }
    for (const OpenReference& r : s.open) open_.push_back(Open{si, r});
  }

  void Finish(const std::function<void(LearnedTable&&)>& each);

 private:
  struct Open {
    uint32_t script = 0;
    OpenReference ref;
  };

  std::string PlaceText(Loc l) const { return Place(files_[l.script], l.line); }

  const Catalog& given_;
  const bool evidence_;
  size_t scripts_ = 0;
  std::vector<std::string> files_;  // by script, with evidence: the places' files
  // Declarations, grouped by schema, in input order.
  absl::flat_hash_map<std::string, std::vector<Declaration>> declared_;
  absl::flat_hash_map<std::string, InferredTable> inferred_;
  std::vector<Open> open_;  // in input order
};

void FactsMerger::Impl::Finish(const std::function<void(LearnedTable&&)>& each) {
  std::map<std::string, LearnedTable, std::less<>> out;
  std::map<std::string, std::string> likes;  // CREATE TABLE t LIKE s: t -> s
  // Declared tables: the declaration most scripts make (the first on a tie).
  for (auto& [name, ds] : declared_) {
    auto best = std::max_element(ds.begin(), ds.end(), [](const Declaration& a, const Declaration& b) {
      return a.places.size() < b.places.size();  // max_element keeps the first of equals
    });
    LearnedTable& lt = out[name];
    lt.table.name = name;
    lt.table.columns = ToCatalog(best->columns);
    lt.table.partition_columns = ToCatalog(best->partition_columns);
    lt.table.location = best->location;
    lt.evidence.kind = EvidenceKind::Declared;
    if (evidence_) {
      for (size_t i = 0; i < best->places.size() && i < kEvidencePlaces; ++i)
        lt.evidence.where.push_back(PlaceText(best->places[i]));
      for (const Declaration& d : ds)
        if (&d != &*best)
          for (Loc l : d.places) lt.conflicts.push_back(PlaceText(l));
    }
    if (!best->like.empty()) likes[name] = best->like;
    Free(ds);  // as it goes: the declarations and the learned tables are never both whole
  }
  Free(declared_);
  // CREATE TABLE ... LIKE: the other table's columns, once known.
  for (const auto& [name, like] : likes) {
    LearnedTable& lt = out[name];
    const CatalogTable* src = given_.Find(like);
    if (src == nullptr && !likes.contains(like)) {
      auto it = out.find(like);
      if (it != out.end()) src = &it->second.table;
    }
    if (src == nullptr) {
      lt.table.open = true;  // like an unknown table: its columns are not known
      continue;
    }
    lt.table.columns = src->columns;
    lt.table.partition_columns = src->partition_columns;
    for (CatalogColumn& c : lt.table.columns) c.view_sources.clear();
  }

  // Bare columns of multi-table queries, settled by elimination until nothing changes.
  auto has = [&](const std::string& table, const std::string& column) {
    if (const CatalogTable* t = given_.Find(table)) return t->FindColumn(column) != nullptr;
    if (auto it = out.find(table); it != out.end() && !it->second.table.open)
      return it->second.table.FindColumn(column) != nullptr;
    auto it = inferred_.find(table);
    return it != inferred_.end() && it->second.FindColumn(column) != nullptr;
  };
  auto closed = [&](const std::string& table) {
    if (given_.Find(table) != nullptr) return true;
    auto it = out.find(table);
    return it != out.end() && !it->second.table.open;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (const Open& o : open_) {
      const OpenReference& r = o.ref;
      const std::string* only = nullptr;
      size_t could = 0;
      bool known = false;
      for (const std::string& t : r.candidates) {
        if (has(t, r.column)) {
          known = true;
          break;
        }
        if (!closed(t)) {
          ++could;
          only = &t;
        }
      }
      if (known || could != 1) continue;
      Inferred& c = inferred_[*only].Column(r.column);
      c.uses += 1;
      c.where.Add(Loc{o.script, r.line});
      c.first = std::min(c.first, std::make_pair(size_t{o.script}, UINT32_MAX));
      changed = true;
    }
  }
  Free(open_);

  // Tables known only by inference: open, their columns in select-list order.
  // (Tables of the --catalog never got here: they were skipped above.)
  for (auto& [name, t] : inferred_) {
    auto dit = out.find(name);
    if (dit != out.end() && !dit->second.table.open) continue;  // a declaration beats inference
    LearnedTable& lt = dit != out.end() ? dit->second : out[name];
    lt.table.name = name;
    lt.table.open = true;
    if (dit == out.end()) lt.evidence.kind = EvidenceKind::Inferred;
    for (std::string_view col : OrderColumns(t)) {
      if (lt.table.FindColumn(col) != nullptr) continue;
      CatalogColumn c;
      c.name = col;
      c.inferred = true;
      lt.table.columns.push_back(std::move(c));
      if (!evidence_) continue;
      const Inferred& in = *t.FindColumn(col);
      lt.evidence.uses += in.uses;
      for (uint8_t i = 0; i < in.where.size; ++i)
        AddPlace(lt.evidence.where, files_[in.where.at[i].script], in.where.at[i].line);
    }
  }
  // Each table's evidence made, handed over, and what made it freed.
  for (auto next = out.begin(); next != out.end(); next = out.erase(next)) {
    const std::string& name = next->first;
    LearnedTable& lt = next->second;
    const size_t n = evidence_ ? lt.table.columns.size() + lt.table.partition_columns.size() : 0;
    lt.columns.resize(n);
    const InferredTable* inferred_table = nullptr;
    for (size_t i = 0; i < n; ++i) {
      const CatalogColumn& c =
          i < lt.table.columns.size() ? lt.table.columns[i] : lt.table.partition_columns[i - lt.table.columns.size()];
      Evidence& e = lt.columns[i];
      if (c.inferred) {
        if (inferred_table == nullptr) inferred_table = &inferred_.at(name);
        const Inferred& in = *inferred_table->FindColumn(c.name);
        e.kind = EvidenceKind::Inferred;
        e.uses = in.uses;
        e.where.reserve(in.where.size);
        for (uint8_t k = 0; k < in.where.size; ++k) e.where.push_back(PlaceText(in.where.at[k]));
      } else {
        e.kind = EvidenceKind::Declared;
        e.where = lt.evidence.where;
      }
    }
    if (inferred_table != nullptr) inferred_.erase(name);
    each(std::move(lt));
  }
  // What is left of the merge (the inferred columns of declared tables).
  Free(inferred_);
  Free(files_);
}

FactsMerger::FactsMerger(const Catalog& given, bool evidence) : impl_(std::make_unique<Impl>(given, evidence)) {}
FactsMerger::~FactsMerger() = default;
void FactsMerger::Add(const ScriptFacts& facts) { impl_->Add(facts); }
void FactsMerger::Finish(const std::function<void(LearnedTable&&)>& each) { impl_->Finish(each); }

WarehouseSchema FactsMerger::Finish() {
  WarehouseSchema schema;
  impl_->Finish([&](LearnedTable&& t) { schema.tables.push_back(std::move(t)); });
  return schema;
}

WarehouseSchema MergeFacts(std::span<const ScriptFacts> scripts, const Catalog& given) {
  FactsMerger merger(given);
  for (const ScriptFacts& s : scripts) merger.Add(s);
  return merger.Finish();
}

std::vector<std::string> FactTables(const ScriptFacts& facts) {
  std::vector<std::string> out;
  for (const TableFacts& t : facts.tables) {
    out.push_back(t.table);
    if (!t.like.empty()) out.push_back(t.like);
  }
  for (const OpenReference& r : facts.open) out.insert(out.end(), r.candidates.begin(), r.candidates.end());
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void AddTiedTables(const ScriptFacts& facts, absl::flat_hash_set<std::string>& tables,
                   std::vector<std::string>& added) {
  auto tie = [&](std::span<const std::string* const> names) {
    if (std::none_of(names.begin(), names.end(), [&](const std::string* n) { return tables.contains(*n); })) return;
    for (const std::string* n : names)
      if (tables.insert(*n).second) added.push_back(*n);
  };
  for (const TableFacts& t : facts.tables)
    if (!t.like.empty()) tie(std::array<const std::string*, 2>{&t.table, &t.like});
  std::vector<const std::string*> names;
  for (const OpenReference& r : facts.open) {
    names.clear();
    for (const std::string& c : r.candidates) names.push_back(&c);
    tie(names);
  }
}

ScriptFacts NarrowFacts(const ScriptFacts& facts, const absl::flat_hash_set<std::string>& tables) {
  ScriptFacts out;
  out.file = facts.file;
  for (const TableFacts& t : facts.tables)
    if (tables.contains(t.table)) out.tables.push_back(t);
  for (const OpenReference& r : facts.open)
    if (!r.candidates.empty() && tables.contains(r.candidates.front())) out.open.push_back(r);
  return out;
}

std::shared_ptr<const Catalog> LearnedCatalog(WarehouseSchema schema, std::shared_ptr<const Catalog> base) {
  if (schema.empty()) return base;
  auto c = std::make_shared<Catalog>(std::move(base));
  for (LearnedTable& t : schema.tables) {
    t.table.learned = true;
    c->Put(std::move(t.table));
  }
  return c;
}

namespace {

class MergedTables : public TableLoader {
 public:
  explicit MergedTables(WarehouseSchema schema) {
    tables_.reserve(schema.tables.size());
    for (LearnedTable& t : schema.tables) {
      t.table.learned = true;
      std::string name = t.table.name;
      tables_.emplace(std::move(name), std::move(t.table));
      t = LearnedTable();
    }
  }

  const CatalogTable* Find(const std::string& name) const override {
    auto it = tables_.find(name);
    return it == tables_.end() ? nullptr : &it->second;
  }

  std::vector<const CatalogTable*> All() const override {
    std::vector<const CatalogTable*> out;
    out.reserve(tables_.size());
    for (const auto& [name, table] : tables_) out.push_back(&table);
    std::sort(out.begin(), out.end(), [](const CatalogTable* a, const CatalogTable* b) { return a->name < b->name; });
    return out;
  }

 private:
  absl::flat_hash_map<std::string, CatalogTable> tables_;
};

}  // namespace

std::shared_ptr<const TableLoader> LearnedTables(WarehouseSchema schema) {
  return std::make_shared<const MergedTables>(std::move(schema));
}

namespace {

nlohmann::ordered_json EvidenceJson(const Evidence& e) {
  nlohmann::ordered_json j;
  j["kind"] = EvidenceKindName(e.kind);
  if (e.uses > 0) j["uses"] = e.uses;
  if (!e.where.empty()) j["where"] = e.where;
  return j;
}

nlohmann::ordered_json TableJson(const CatalogTable& t, const Evidence& table_evidence,
                                 const std::vector<Evidence>* columns) {
  nlohmann::ordered_json j;
  j["name"] = t.name;
  auto list = [&](const std::vector<CatalogColumn>& cols, size_t first) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (size_t i = 0; i < cols.size(); ++i) {
      nlohmann::ordered_json c;
      c["name"] = cols[i].name;
      if (!cols[i].type.empty()) c["type"] = cols[i].type;
      c["evidence"] = EvidenceJson(columns != nullptr ? (*columns)[first + i] : table_evidence);
      out.push_back(std::move(c));
    }
    return out;
  };
  j["columns"] = list(t.columns, 0);
  if (!t.partition_columns.empty()) j["partition_columns"] = list(t.partition_columns, t.columns.size());
  if (t.is_view) j["is_view"] = true;
  j["evidence"] = EvidenceJson(table_evidence);
  return j;
}

nlohmann::ordered_json LearnedJson(const LearnedTable& t) {
  nlohmann::ordered_json j = TableJson(t.table, t.evidence, &t.columns);
  if (!t.conflicts.empty()) j["evidence"]["conflicts"] = t.conflicts;
  return j;
}

}  // namespace

namespace {

bool AllUtf8(const std::vector<std::string>& texts) {
  for (const std::string& s : texts)
    if (FindInvalidUtf8(s)) return false;
  return true;
}

bool AllUtf8(const LearnedTable& t) {
  if (FindInvalidUtf8(t.table.name) || !AllUtf8(t.evidence.where) || !AllUtf8(t.conflicts)) return false;
  for (const auto* columns : {&t.table.columns, &t.table.partition_columns})
    for (const CatalogColumn& c : *columns)
      if (FindInvalidUtf8(c.name) || FindInvalidUtf8(c.type)) return false;
  for (const Evidence& e : t.columns)
    if (!AllUtf8(e.where)) return false;
  return true;
}

// EvidenceJson(e).dump() without its closing brace (LearnedJson adds the conflicts inside).
void AppendEvidenceOpen(std::string& out, const Evidence& e) {
  out += "{\"kind\":";
  output::AppendJsonString(out, EvidenceKindName(e.kind));
  if (e.uses > 0) Append(out, ",\"uses\":", e.uses);
  if (!e.where.empty()) {
    out += ",\"where\":";
    output::AppendJsonStringArray(out, e.where);
  }
}

// LearnedJson(t).dump(), written straight into text: the store writes one per
// learned table, and building the tree cost more than the rest of the row.
std::string LearnedJsonText(const LearnedTable& t) {
  std::string out = "{\"name\":";
  output::AppendJsonString(out, t.table.name);
  auto list = [&](const std::vector<CatalogColumn>& cols, size_t first) {
    out += '[';
    for (size_t i = 0; i < cols.size(); ++i) {
      if (i > 0) out += ',';
      out += "{\"name\":";
      output::AppendJsonString(out, cols[i].name);
      if (!cols[i].type.empty()) {
        out += ",\"type\":";
        output::AppendJsonString(out, cols[i].type);
      }
      out += ",\"evidence\":";
      AppendEvidenceOpen(out, t.columns[first + i]);
      out += "}}";
    }
    out += ']';
  };
  out += ",\"columns\":";
  list(t.table.columns, 0);
  if (!t.table.partition_columns.empty()) {
    out += ",\"partition_columns\":";
    list(t.table.partition_columns, t.table.columns.size());
  }
  if (t.table.is_view) out += ",\"is_view\":true";
  out += ",\"evidence\":";
  AppendEvidenceOpen(out, t.evidence);
  if (!t.conflicts.empty()) {
    out += ",\"conflicts\":";
    output::AppendJsonStringArray(out, t.conflicts);
  }
  out += "}}";
  return out;
}

}  // namespace

std::string LearnedTableJson(const LearnedTable& table) {
  // Text that is not UTF-8 is repaired as the tree's dump repairs it.
  if (table.columns.size() == table.table.columns.size() + table.table.partition_columns.size() && AllUtf8(table))
    return LearnedJsonText(table);
  return LearnedJson(table).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string WarehouseCatalogJson(const WarehouseSchema& schema, const Catalog& given) {
  // Both lists are sorted by name: merge them.
  std::vector<const CatalogTable*> catalog = given.Tables();
  nlohmann::ordered_json tables = nlohmann::ordered_json::array();
  Evidence from_catalog;
  from_catalog.kind = EvidenceKind::Catalog;
  size_t i = 0, k = 0;
  while (i < catalog.size() || k < schema.tables.size()) {
    if (k == schema.tables.size() || (i < catalog.size() && catalog[i]->name < schema.tables[k].table.name)) {
      tables.push_back(TableJson(*catalog[i++], from_catalog, nullptr));
    } else {
      tables.push_back(LearnedJson(schema.tables[k++]));
    }
  }
  nlohmann::ordered_json doc;
  doc["tables"] = std::move(tables);
  return doc.dump(2) + "\n";
}

}  // namespace hivelineage::lineage
