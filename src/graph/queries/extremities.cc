#include "graph/queries/extremities.h"

#include <algorithm>

namespace hivelineage::graph {
namespace {

bool IsDirectory(Level level, const std::string& name) {
  return level == Level::Table ? name.starts_with("directory:") : level == Level::Database && name == "directory";
}

// Whether something reads `node`: at database level, a statement that reads
// one of its tables and writes nothing (a query) or a table of another database.
bool IsRead(const LineageSource& source, Level level, const std::string& node) {
  if (level == Level::Column)
    return !source.Links(level, node, Direction::Downstream, true, true).empty();
  if (level == Level::Table) return source.HasUse(level, node, Use::Read);
  const std::vector<StatementUse> reads = source.Uses(level, node, Use::Read);
  return std::any_of(reads.begin(), reads.end(), [&](const StatementUse& u) {
    return u.outputs.empty() || std::any_of(u.outputs.begin(), u.outputs.end(), [&](const std::string& t) {
             return DatabaseOfTable(t) != node;
           });
  });
}

// DDL that only declares or drops a table (CREATE TABLE without AS, DROP,
// ALTER that reads no table) writes no data into it.
bool WritesData(const StatementUse& u) {
  const StatementKind k = u.statement.kind;
  return !u.inputs.empty() || (k != StatementKind::CreateTable && k != StatementKind::Drop && k != StatementKind::Alter);
}

// Whether something writes data into `node`: at database level, a statement
// that writes one of its tables from a table of another database.
bool IsWritten(const LineageSource& source, Level level, const std::string& node) {
  if (level == Level::Column) return !source.Links(level, node, Direction::Upstream, true, false).empty();
  if (level == Level::Table) {
    const std::vector<StatementUse> writes = source.Uses(level, node, Use::Written);
    return std::any_of(writes.begin(), writes.end(), WritesData);
  }
  return !source.Links(level, node, Direction::Upstream, false, false).empty();
}

}  // namespace

const char* ExtremityName(Extremity e) {
  switch (e) {
    case Extremity::Leaves:
      return "leaves";
    case Extremity::Roots:
      return "roots";
    case Extremity::Orphans:
      return "orphans";
  }
  return "?";
}

std::vector<ExtremityNode> FindExtremities(const LineageSource& source, Extremity which, Level level) {
  std::vector<ExtremityNode> out;
  for (const std::string& node : source.Nodes(level)) {
    if (IsDirectory(level, node)) continue;
    bool keep = false;
    switch (which) {
      case Extremity::Leaves:
        keep = !IsRead(source, level, node);
        break;
      case Extremity::Roots:
        keep = !IsWritten(source, level, node);
        break;
      case Extremity::Orphans:
        keep = !IsWritten(source, level, node) && IsRead(source, level, node) && !source.Declared(level, node);
        break;
    }
    if (!keep) continue;
    out.push_back(ExtremityNode{node, source.Uses(level, node, which == Extremity::Leaves ? Use::Written : Use::Read)});
  }
  return out;
}

}  // namespace hivelineage::graph
