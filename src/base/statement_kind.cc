#include "base/statement_kind.h"

#include <cstddef>

namespace hivelineage {
namespace {

constexpr std::string_view kNames[] = {
#define HIVEQL_STATEMENT_KIND(Name, Json) Json,
#include "base/statement_kind.def"
#undef HIVEQL_STATEMENT_KIND
};

}  // namespace

std::string_view StatementKindName(StatementKind kind) { return kNames[static_cast<size_t>(kind)]; }

}  // namespace hivelineage
