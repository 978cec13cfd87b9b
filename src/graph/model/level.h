// The grains the lineage is seen at: columns (db.table.column), tables
// (db.table, directory:PATH) and databases (db; "directory" for the
// directories written by INSERT OVERWRITE DIRECTORY). The model's transforms
// (level_graph.h) and the queries (queries/lineage_source.h) share them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hivelineage::graph {

enum class Level : uint8_t { Column, Table, Database };
const char* LevelName(Level level);  // "column", "table", "database"
std::optional<Level> ParseLevel(std::string_view name);

// The database node of a table name: db of db.table, "directory" for a directory.
std::string DatabaseOfTable(std::string_view table);

}  // namespace hivelineage::graph
