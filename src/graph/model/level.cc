#include "graph/model/level.h"

#include "sync/system_name.h"

namespace hivelineage::graph {

const char* LevelName(Level level) {
  switch (level) {
    case Level::Column:
      return "column";
    case Level::Table:
      return "table";
    case Level::Database:
      return "database";
  }
  return "?";
}

std::optional<Level> ParseLevel(std::string_view name) {
  for (Level l : {Level::Column, Level::Table, Level::Database})
    if (name == LevelName(l)) return l;
  return std::nullopt;
}

std::string DatabaseOfTable(std::string_view table) {
  // `mysql://10.0.0.5:3306/crm.customer` is in `mysql://10.0.0.5:3306/crm`: a
  // system's name may hold dots (sync/system_name.h).
  return sync::DatabaseOf(table);
}

}  // namespace hivelineage::graph
