#include "lineage/ddl.h"

#include <algorithm>
#include <utility>

#include "base/strings.h"
#include "lineage/masked_source.h"
#include "lineage/resolver.h"
#include "lineage/view_schema_mode.h"

namespace hivelineage::lineage {

namespace {

using namespace ast;

std::vector<CatalogColumn> ToColumns(std::span<const ColumnDef> defs) {
  std::vector<CatalogColumn> out;
  out.reserve(defs.size());
  for (const ColumnDef& d : defs) {
    CatalogColumn c;
    c.name = ToLower(d.name.name);
    c.type = std::string(d.type.text);
    out.push_back(std::move(c));
  }
  return out;
}

// A table the catalog has from --catalog or from the script's own DDL.
bool Exists(const Session& session, const std::string& key) {
  const CatalogTable* t = session.catalog.Find(key);
  return t != nullptr && !t->learned;
}

// The class a `STORED BY 'class'` clause of a table's options names (quotes
// removed), or "" when there is none. The options are the parser's canonical
// text: tokens one space apart, the class a string literal or a name.
std::string_view StorageHandler(std::string_view options) {
  std::string lower = ToLower(options);
  size_t at = lower.find("stored by ");
  if (at == std::string::npos) return {};
  std::string_view rest = options.substr(at + 10);
  rest = rest.substr(0, rest.find(' '));
  if (rest.size() >= 2 && (rest.front() == '\'' || rest.front() == '"')) rest = rest.substr(1, rest.size() - 2);
  return rest;
}

// Hive semantics: a table STORED BY Hive's Kafka storage handler has, after
// its declared columns, the record's metadata (Hive's kafka-handler
// documentation): `__key` binary, `__partition` int, `__offset` bigint,
// `__timestamp` bigint. Readable and written like any column, and part of `*`.
void AddKafkaMetadataColumns(const CreateTableStatement& s, CatalogTable& t) {
  if (!EqualsIgnoreCase(StorageHandler(s.options_text), "org.apache.hadoop.hive.kafka.KafkaStorageHandler")) return;
  for (auto [name, type] : {std::pair{"__key", "binary"}, std::pair{"__partition", "int"},
                            std::pair{"__offset", "bigint"}, std::pair{"__timestamp", "bigint"}}) {
    if (std::any_of(t.columns.begin(), t.columns.end(), [n = name](const CatalogColumn& c) { return c.name == n; }))
      continue;
    CatalogColumn c;
    c.name = name;
    c.type = type;
    t.columns.push_back(std::move(c));
  }
}

}  // namespace

bool ApplyCreateTable(const CreateTableStatement& s, const std::string& key, Session& session, const Resolver& rs) {
  if (s.if_not_exists && Exists(session, key)) return false;
  CatalogTable t;
  t.name = key;
  t.temporary = s.temporary;
  t.location = std::string(s.location);
  if (!s.like.parts.empty()) {
    if (const CatalogTable* src = session.catalog.Find(rs.TableKey(s.like))) {
      t.columns = src->columns;
      t.partition_columns = src->partition_columns;
      t.open = src->open;
      for (CatalogColumn& c : t.columns) c.view_sources.clear();
    }
  } else {
    t.columns = ToColumns(s.columns);
    t.partition_columns = ToColumns(s.partition_columns);
    // Spark's `PARTITIONED BY (c, ...)` names columns of the list: they are
    // the partition columns, with their types, after the others.
    for (CatalogColumn& p : t.partition_columns) {
      if (!p.type.empty()) continue;
      auto it = std::find_if(t.columns.begin(), t.columns.end(), [&](const CatalogColumn& c) { return c.name == p.name; });
      if (it == t.columns.end()) continue;
      p.type = it->type;
      t.columns.erase(it);
    }
    if (session.semantics == Semantics::Hive) AddKafkaMetadataColumns(s, t);
  }
  session.catalog.Put(std::move(t));
  return true;
}

bool ApplyCtas(const CreateTableStatement& s, const std::string& key, const std::vector<std::string>& names,
               Session& session) {
  if (s.if_not_exists && Exists(session, key)) return false;
  CatalogTable t;
  t.name = key;
  t.temporary = s.temporary;
  std::vector<CatalogColumn> declared = ToColumns(s.columns);
  for (size_t i = 0; i < names.size(); ++i) {
    CatalogColumn c;
    c.name = names[i];
    if (i < declared.size()) c.type = declared[i].type;
    bool is_partition = std::any_of(s.partition_columns.begin(), s.partition_columns.end(),
                                    [&](const ColumnDef& d) { return ToLower(d.name.name) == c.name; });
    (is_partition ? t.partition_columns : t.columns).push_back(std::move(c));
  }
  session.catalog.Put(std::move(t));
  return true;
}

bool ApplyCreateView(const CreateViewStatement& s, const std::string& key, const std::vector<std::string>& names,
                     const ColumnList& q, const ColumnInterner& interner, const Resolver& rs, Session& session) {
  if (s.if_not_exists && Exists(session, key)) return false;
  CatalogTable t;
  t.name = key;
  t.is_view = !s.materialized;
  t.temporary = s.temporary;  // Spark's temporary view: its script's session only
  t.view_lineage_known = true;
  for (size_t i = 0; i < names.size() && i < q.declared; ++i) {
    CatalogColumn c;
    c.name = names[i];
    if (i < s.columns.size()) c.type = std::string(s.columns[i].type.text);
    // The view keeps a flag for masking (view_masking), not who is masked how.
    for (uint32_t id : q.At(i).sources) c.view_sources.emplace_back(interner.Name(id));
    SplitMasked(c.view_sources);
    c.view_expression = q.At(i).type != DepType::Simple;
    c.view_derivation = q.At(i).derivation;
    c.view_masking = q.At(i).masking;
    t.columns.push_back(std::move(c));
  }
  // A view over a table of unknown schema: its columns are not all known;
  // keep it open rather than pretending it has none.
  if (t.columns.empty()) t.view_lineage_known = false;
  // A view naming its own columns keeps them whatever its mode.
  if (s.columns.empty()) t.view_star_tables = StarTables(s.query, rs);
  t.view_schema_evolution = SchemaEvolutionClause(s.options_text).value_or(false);
  session.catalog.Put(std::move(t));
  return true;
}

bool ApplyDataSourceView(const CreateViewStatement& s, const std::string& key, Session& session) {
  if (s.if_not_exists && Exists(session, key)) return false;
  CatalogTable t;
  t.name = key;
  t.is_view = true;
  t.temporary = s.temporary;
  t.view_lineage_known = true;  // its columns read no table
  t.columns = ToColumns(s.columns);
  session.catalog.Put(std::move(t));
  return true;
}

void ApplyAlterTable(const AlterTableStatement& s, const std::string& key, const std::string& new_key,
                     Session& session) {
  using Action = AlterTableStatement::Action;
  const CatalogTable* found = session.catalog.Find(key);
  switch (s.action) {
    case Action::RenameTo: {
      if (found == nullptr || new_key.empty()) return;
      CatalogTable t = *found;
      session.catalog.Remove(key);
      t.name = new_key;
      session.catalog.Put(std::move(t));
      return;
    }
    case Action::AddColumns: {
      if (found == nullptr) return;  // adding to an unknown schema would hide the rest of it
      CatalogTable t = *found;
      t.learned = false;
      for (CatalogColumn& c : ToColumns(s.columns))
        if (t.FindColumn(c.name) == nullptr) t.columns.push_back(std::move(c));
      session.catalog.Put(std::move(t));
      return;
    }
    case Action::ReplaceColumns: {
      CatalogTable t;
      if (found != nullptr) t = *found;
      t.name = key;
      t.columns = ToColumns(s.columns);
      t.view_lineage_known = false;
      session.catalog.Put(std::move(t));
      return;
    }
    case Action::ChangeColumn: {
      if (found == nullptr || s.columns.empty()) return;
      CatalogTable t = *found;
      std::string old_name = ToLower(s.old_column.name);
      auto it =
          std::find_if(t.columns.begin(), t.columns.end(), [&](const CatalogColumn& c) { return c.name == old_name; });
      if (it == t.columns.end()) return;
      CatalogColumn changed = ToColumns(s.columns.subspan(0, 1))[0];
      const size_t old_pos = static_cast<size_t>(it - t.columns.begin());
      t.columns.erase(it);
      size_t pos = old_pos;
      if (s.first) {
        pos = 0;
      } else if (!s.after_column.name.empty()) {
        pos = t.columns.size();
        std::string after = ToLower(s.after_column.name);
        for (size_t i = 0; i < t.columns.size(); ++i)
          if (t.columns[i].name == after) pos = i + 1;
      }
      t.columns.insert(t.columns.begin() + static_cast<std::ptrdiff_t>(std::min(pos, t.columns.size())),
                       std::move(changed));
      session.catalog.Put(std::move(t));
      return;
    }
    case Action::ExchangePartition:
    case Action::AddPartition:
    case Action::DropPartition:
    case Action::RenamePartition:
    case Action::Rebuild:
      return;
    case Action::Other: {
      // Spark's ALTER VIEW v WITH SCHEMA mode.
      const std::optional<bool> evolution = SchemaEvolutionClause(s.rest_text);
      if (found == nullptr || !found->is_view || s.object != AlterTableStatement::Object::View || !evolution) return;
      CatalogTable t = *found;
      t.view_schema_evolution = *evolution;
      session.catalog.Put(std::move(t));
      return;
    }
  }
}

}  // namespace hivelineage::lineage
