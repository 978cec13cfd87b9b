#include "base/statement_kind.h"

#include <cstddef>
#include <iterator>

namespace hivelineage {
namespace {

constexpr std::string_view kNames[] = {
#define HIVEQL_STATEMENT_KIND(Name, Json) Json,
#include "base/statement_kind.def"
#undef HIVEQL_STATEMENT_KIND
};

}  // namespace

std::string_view StatementKindName(StatementKind kind) { return kNames[static_cast<size_t>(kind)]; }

bool ParseStatementKind(std::string_view name, StatementKind& out) {
  for (size_t i = 0; i < std::size(kNames); ++i)
    if (kNames[i] == name) {
      out = static_cast<StatementKind>(i);
      return true;
    }
  return false;
}

}  // namespace hivelineage
