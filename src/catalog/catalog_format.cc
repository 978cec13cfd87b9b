#include "catalog/catalog_format.h"

#include <filesystem>
#include <string>

#include "base/strings.h"
#include "catalog/catalog_json.h"
#include "catalog/describe_formatted.h"
#include "catalog/metastore_tsv.h"

namespace hivelineage::catalog {

std::optional<CatalogFormat> CatalogFormatByName(std::string_view name) {
  if (name == "json") return CatalogFormat::Json;
  if (name == "ddl") return CatalogFormat::Ddl;
  if (name == "describe") return CatalogFormat::Describe;
  if (name == "tsv") return CatalogFormat::MetastoreTsv;
  return std::nullopt;
}

CatalogFormat DetectCatalogFormat(std::string_view path, std::string_view text) {
  const std::string ext = ToLower(std::filesystem::path(path).extension().string());
  if (ext == ".json") return CatalogFormat::Json;
  if (ext == ".tsv") return CatalogFormat::MetastoreTsv;
  if (ext == ".sql" || ext == ".hql" || ext == ".q") return CatalogFormat::Ddl;
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && text[first] == '{') return CatalogFormat::Json;
  if (LooksLikeDescribeFormatted(text)) return CatalogFormat::Describe;
  if (LooksLikeMetastoreTsv(text)) return CatalogFormat::MetastoreTsv;
  return CatalogFormat::Ddl;
}

Diagnostics LoadCatalogText(CatalogFormat format, std::string_view text, std::string_view default_db,
                            lineage::Catalog& catalog) {
  switch (format) {
    case CatalogFormat::Json:
      return LoadCatalogJson(text, default_db, catalog);
    case CatalogFormat::Describe:
      return LoadDescribeFormatted(text, default_db, catalog);
    case CatalogFormat::MetastoreTsv:
      return LoadMetastoreTsv(text, default_db, catalog);
    case CatalogFormat::Ddl:
      break;
  }
  return {Diagnostic{Severity::Error, Span{}, "internal error: DDL catalogs are analysed as scripts",
                     DiagnosticCode::InternalError}};
}

}  // namespace hivelineage::catalog
