#include "catalog/metastore_tsv.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/strings.h"
#include "catalog/catalog_reading.h"
#include "catalog/text_rows.h"

namespace hivelineage::catalog {
namespace {

constexpr size_t kFields = 6;  // a seventh, the comment, may follow

bool Skipped(const Row& row) {
  const size_t first = row.line.find_first_not_of(" \t\r");
  return first == std::string_view::npos || row.line[first] == '#';
}

bool IsHeader(const Row& row) {
  const std::string first = ToLower(row.cells[0].text);
  return first == "database" || first == "db_name" || first == "db" || first == "name";
}

std::optional<int64_t> Integer(std::string_view s) {
  int64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

// 1/0, true/false, t/f (PostgreSQL), yes/no, y/n.
std::optional<bool> Flag(std::string_view s) {
  const std::string v = ToLower(s);
  if (v == "1" || v == "true" || v == "t" || v == "yes" || v == "y") return true;
  if (v == "0" || v == "false" || v == "f" || v == "no" || v == "n") return false;
  return std::nullopt;
}

struct Entry {
  int64_t position = 0;
  uint32_t line_begin = 0;
  lineage::CatalogColumn column;
};

struct TableEntries {
  std::vector<Entry> columns, partition_columns;
};

}  // namespace

bool LooksLikeMetastoreTsv(std::string_view text) {
  for (Row& row : Lines(text)) {
    if (Skipped(row)) continue;
    SplitCells(row, '\t');
    if (row.cells.size() != kFields && row.cells.size() != kFields + 1) return false;
    return IsHeader(row) || Integer(row.cells[4].text).has_value();
  }
  return false;
}

Diagnostics LoadMetastoreTsv(std::string_view text, std::string_view default_db, lineage::Catalog& catalog) {
  CatalogReading reading;
  reading.text_size = static_cast<uint32_t>(text.size());
  auto error = [&](uint32_t at, std::string message) { reading.Problem(at, std::move(message)); };
  std::map<std::string, TableEntries> tables;  // by db.table: output in name order
  bool first = true;
  for (Row& row : Lines(text)) {
    if (Skipped(row)) continue;
    SplitCells(row, '\t');
    const bool header = first && row.cells.size() >= kFields && IsHeader(row);
    first = false;
    if (header) continue;
    if (row.cells.size() != kFields && row.cells.size() != kFields + 1) {
      error(row.begin, Cat("expected 6 tab-separated fields (database, table, column, type, position, partition "
                           "key) and an optional comment, found ",
                           row.cells.size()));
      continue;
    }
    const std::vector<Cell>& f = row.cells;
    static constexpr const char* kNames[] = {"database", "table", "column", "type"};
    bool ok = true;
    for (size_t i = 0; i < 4; ++i)
      if (f[i].text.empty()) {
        error(f[i].begin, Cat("the ", kNames[i], " field is empty"));
        ok = false;
      }
    const std::optional<int64_t> position = Integer(f[4].text);
    if (!position) {
      error(f[4].begin, Cat("the position must be an integer, not '", f[4].text, "'"));
      ok = false;
    }
    const std::optional<bool> partition = Flag(f[5].text);
    if (!partition) {
      error(f[5].begin, Cat("the partition-key field must be 1 or 0 (true/false, t/f), not '", f[5].text, "'"));
      ok = false;
    }
    if (!ok) continue;
    Entry e;
    e.position = *position;
    e.line_begin = row.begin;
    e.column.name = ToLower(f[2].text);
    e.column.type = ToLower(f[3].text);
    TableEntries& t = tables[lineage::CatalogTableKey(Cat(f[0].text, ".", f[1].text), default_db)];
    (*partition ? t.partition_columns : t.columns).push_back(std::move(e));
  }
  for (auto& [name, entries] : tables) {
    lineage::CatalogTable table;
    table.name = name;
    for (auto [list, out] : {std::pair{&entries.columns, &table.columns},
                             std::pair{&entries.partition_columns, &table.partition_columns}}) {
      std::stable_sort(list->begin(), list->end(),
                       [](const Entry& a, const Entry& b) { return a.position < b.position; });
      for (Entry& e : *list) {
        if (table.FindColumn(e.column.name) != nullptr) {
          error(e.line_begin, Cat("column '", e.column.name, "' of ", name, " is listed twice"));
          continue;
        }
        out->push_back(std::move(e.column));
      }
    }
    reading.tables.push_back(std::move(table));
  }
  return std::move(reading).Commit(catalog);
}

}  // namespace hivelineage::catalog
