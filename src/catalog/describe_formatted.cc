#include "catalog/describe_formatted.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/strings.h"
#include "catalog/catalog_reading.h"
#include "catalog/text_rows.h"

namespace hivelineage::catalog {
namespace {

bool StartsWithIgnoreCase(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && EqualsIgnoreCase(s.substr(0, prefix.size()), prefix);
}

// The table a `DESCRIBE FORMATTED name` (or `DESC FORMATTED`, `DESCRIBE
// EXTENDED`) command on this line names, after any prompt; nullopt when the
// line is no such command.
std::optional<Cell> DescribedTable(const Row& row) {
  const std::string lower = ToLower(row.line);
  for (std::string_view command : {"describe formatted ", "desc formatted ", "describe extended ", "desc extended "}) {
    size_t at = lower.find(command);
    if (at == std::string::npos) continue;
    at += command.size();
    while (at < lower.size() && lower[at] == ' ') ++at;
    size_t end = at;
    while (end < lower.size() && lower[end] != ' ' && lower[end] != ';' && lower[end] != '\t') ++end;
    if (end == at) return std::nullopt;
    return Cell{row.line.substr(at, end - at), static_cast<uint32_t>(row.begin + at)};
  }
  return std::nullopt;
}

std::string Unquoted(std::string_view name) {
  std::string out;
  for (char c : name)
    if (c != '`') out.push_back(c);
  return out;
}

bool IsNullCell(std::string_view s) { return s.empty() || s == "NULL"; }

// One described table being read. At namespace scope: clang 14 cannot
// default-construct a nested struct with member initialisers inside its class.
struct Pending {
  uint32_t begin = 0;  // where it starts, for an error about the whole table
  std::optional<Cell> command_name;
  std::string database, table;
  lineage::CatalogTable schema;
  bool has_rows = false;
};

class Reader {
 public:
  explicit Reader(std::string_view default_db) : default_db_(default_db) {}

  void Read(std::string_view text) {
    for (Row& row : Lines(text)) Line(row);
    Finish();
  }

  CatalogReading& reading() { return reading_; }

 private:
  enum class Section : uint8_t { None, Columns, PartitionPending, PartitionColumns, Details, Other };


  void Line(Row& row) {
    if (std::optional<Cell> named = DescribedTable(row)) {
      Finish();
      current_.emplace();
      current_->begin = named->begin;
      current_->command_name = named;
      section_ = Section::None;
      return;
    }
    if (!SplitBoxed(row)) SplitCells(row, '\t');
    if (row.cells.empty()) return;  // a box border
    const std::string_view first = row.cells[0].text;
    if (first == "col_name") return;  // the printout's own header row
    if (first.starts_with('#')) {
      Heading(row, first);
      return;
    }
    const bool blank =
        std::all_of(row.cells.begin(), row.cells.end(), [](const Cell& c) { return IsNullCell(c.text); });
    if (blank || !current_) return;
    switch (section_) {
      case Section::Columns:
      case Section::PartitionColumns:
        Column(row);
        return;
      case Section::Details:
        Detail(row);
        return;
      case Section::None:
      case Section::PartitionPending:
      case Section::Other:
        return;  // `OK`, `Time taken: ...`, storage parameters, ...
    }
  }

  void Heading(const Row& row, std::string_view heading) {
    if (heading == "# col_name") {
      if (section_ == Section::PartitionPending) {
        section_ = Section::PartitionColumns;
        return;
      }
      // A second table's columns without a command line above them.
      if (current_ && current_->has_rows) Finish();
      if (!current_) {
        current_.emplace();
        current_->begin = row.cells[0].begin;
      }
      current_->has_rows = true;
      section_ = Section::Columns;
    } else if (heading == "# Partition Information" && current_) {
      section_ = Section::PartitionPending;
    } else if (heading == "# Detailed Table Information" || heading == "# Detailed View Information") {
      section_ = Section::Details;
    } else {
      section_ = Section::Other;  // # Storage Information, # View Information, # Constraints, ...
    }
  }

  void Column(const Row& row) {
    const Cell& name = row.cells[0];
    if (row.cells.size() < 2 || row.cells[1].text.empty()) {
      Error(row.cells.size() < 2 ? name.begin : row.cells[1].begin,
            Cat("expected a column: name, type and comment separated by tabs (or | in a beeline box), found '",
                row.line, "'"));
      return;
    }
    if (name.text.empty()) {
      Error(name.begin, "a column line has no column name");
      return;
    }
    lineage::CatalogColumn col;
    col.name = ToLower(name.text);
    col.type = ToLower(row.cells[1].text);
    auto& list = section_ == Section::Columns ? current_->schema.columns : current_->schema.partition_columns;
    list.push_back(std::move(col));
  }

  void Detail(const Row& row) {
    if (row.cells.size() < 2) return;
    const std::string_view key = row.cells[0].text;
    const std::string_view value = row.cells[1].text;
    if (key == "Database:")
      current_->database = ToLower(value);
    else if (key == "Table:")
      current_->table = ToLower(Unquoted(value));
    else if (key == "Table Type:")
      current_->schema.is_view = StartsWithIgnoreCase(value, "VIRTUAL_VIEW");
    else if (key == "Location:")
      current_->schema.location = std::string(value);  // where a sync job's files land (sync::TableOfPath)
  }

  void Finish() {
    if (!current_) return;
    Pending p = std::move(*current_);
    current_.reset();
    section_ = Section::None;
    if (!p.has_rows) {
      if (p.command_name) Error(p.command_name->begin, "no '# col_name' section follows this DESCRIBE command");
      return;
    }
    std::string name;
    if (p.command_name) {
      name = ToLower(Unquoted(p.command_name->text));
      if (name.find('.') == std::string::npos && !p.database.empty()) name = Cat(p.database, ".", name);
    } else if (!p.table.empty()) {
      name = p.table.find('.') != std::string::npos || p.database.empty() ? p.table : Cat(p.database, ".", p.table);
    } else {
      Error(p.begin,
            "cannot tell which table these columns belong to: keep the 'DESCRIBE FORMATTED db.table' line above "
            "the output (or a 'Table:' line in it)");
      return;
    }
    p.schema.name = lineage::CatalogTableKey(name, default_db_);
    // Plain DESCRIBE lists partition keys among the columns too.
    std::erase_if(p.schema.columns, [&](const lineage::CatalogColumn& c) {
      return std::any_of(p.schema.partition_columns.begin(), p.schema.partition_columns.end(),
                         [&](const lineage::CatalogColumn& k) { return k.name == c.name; });
    });
    reading_.tables.push_back(std::move(p.schema));
  }

  void Error(uint32_t at, std::string message) { reading_.Problem(at, std::move(message)); }

  std::string_view default_db_;
  std::optional<Pending> current_;
  Section section_ = Section::None;
  CatalogReading reading_;
};

}  // namespace

bool LooksLikeDescribeFormatted(std::string_view text) {
  for (const Row& row : Lines(text)) {
    const size_t hash = row.line.find("# ");
    if (hash == std::string_view::npos) continue;
    const std::string_view rest = row.line.substr(hash);
    if (rest.starts_with("# col_name") || rest.starts_with("# Detailed Table Information")) return true;
  }
  return false;
}

Diagnostics LoadDescribeFormatted(std::string_view text, std::string_view default_db, lineage::Catalog& catalog) {
  Reader reader(default_db);
  reader.reading().text_size = static_cast<uint32_t>(text.size());
  reader.Read(text);
  return std::move(reader.reading()).Commit(catalog);
}

}  // namespace hivelineage::catalog
