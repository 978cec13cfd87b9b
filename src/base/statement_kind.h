// What a statement is (a query, an INSERT, a CTAS, a CLI command, ...), from
// the parser to the output: the kinds and their JSON names live in
// statement_kind.def, the one table of them.
#pragma once

#include <cstdint>
#include <string_view>

namespace hivelineage {

enum class StatementKind : uint8_t {
#define HIVEQL_STATEMENT_KIND(Name, Json) Name,
#include "base/statement_kind.def"
#undef HIVEQL_STATEMENT_KIND
};

// The name the JSON output writes: "query", "create_table", ...
std::string_view StatementKindName(StatementKind kind);
// The kind StatementKindName gives `name`; false when none does.
bool ParseStatementKind(std::string_view name, StatementKind& out);

}  // namespace hivelineage
