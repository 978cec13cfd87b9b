// The resolver's plumbing: table keys, warnings, lists and scopes. Its work
// is split like zetasql's: resolver_query.cc, resolver_from.cc,
// resolver_expr.cc and name_lookup.cc (beside scope.h).
#include "lineage/resolver.h"

#include <algorithm>
#include <utility>

#include "base/strings.h"
#include "lineage/resolver_helpers.h"

namespace hivelineage::lineage {

namespace {

using namespace ast;
using namespace resolver_internal;

}  // namespace

std::string Resolver::TableKey(const QualifiedName& name) const {
  if (name.parts.empty()) return {};
  const bool bare = name.parts.size() == 1;
  const std::string_view db = bare ? std::string_view(session_.current_database) : name.parts[0].name;
  const std::string_view table = bare ? name.parts[0].name : name.parts[1].name;
  // Built in place, lower-cased as copied: no temporary string per part (a key per table reference).
  std::string key(db.size() + 1 + table.size(), '.');
  std::transform(db.begin(), db.end(), key.begin(), AsciiLower);
  std::transform(table.begin(), table.end(), key.begin() + static_cast<std::ptrdiff_t>(db.size() + 1), AsciiLower);
  return key;
}

void Resolver::AddInput(std::string key) { out_.inputs.push_back(std::move(key)); }

void Resolver::Warn(Span span, std::string message, DiagnosticCode code) {
  if (quiet_) return;
  out_.diagnostics.push_back(Diagnostic{Severity::Warning, span, std::move(message), code});
}

void Resolver::Unrewritten(Span span, std::string_view what, std::string_view pass) {
  out_.diagnostics.push_back(
      Diagnostic{Severity::Error, span,
                 Cat("internal error: ", what, " reached lineage unrewritten (the ", pass, " pass did not run)"),
                 DiagnosticCode::Unrewritten});
}

ColumnList* Resolver::NewList() {
  ColumnList* l = &lists_.emplace_back();
  l->pool = &column_pool_;
  return l;
}

Scope* Resolver::NewScope(Scope* parent) {
  Scope& s = scopes_.emplace_back();
  s.parent = parent;
  return &s;
}

}  // namespace hivelineage::lineage
