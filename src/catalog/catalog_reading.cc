#include "catalog/catalog_reading.h"

#include <algorithm>
#include <utility>

namespace hivelineage::catalog {

void CatalogReading::Problem(uint32_t at, std::string message) {
  problems.push_back(Diagnostic{Severity::Error, Span{at, at < text_size ? at + 1 : at}, std::move(message),
                                DiagnosticCode::InvalidCatalog});
}

Diagnostics CatalogReading::Commit(lineage::Catalog& catalog) && {
  if (problems.empty())
    for (lineage::CatalogTable& t : tables) catalog.Put(std::move(t));
  std::stable_sort(problems.begin(), problems.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.span.begin < b.span.begin; });
  return std::move(problems);
}

}  // namespace hivelineage::catalog
