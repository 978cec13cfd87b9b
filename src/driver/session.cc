#include "driver/session.h"

#include <filesystem>
#include <string_view>
#include <utility>

#include "base/strings.h"
#include "driver/run.h"

namespace hivelineage::driver {
namespace {

bool LooksLikeJson(const std::string& path, std::string_view text) {
  const std::string ext = ToLower(std::filesystem::path(path).extension().string());
  if (ext == ".json") return true;
  if (ext == ".sql" || ext == ".hql" || ext == ".q") return false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
    return c == '{';
  }
  return false;
}

}  // namespace

LoadedCatalog LoadCatalog(const AnalyzeOptions& options, const FileSink& on_ddl) {
  // DDL catalogs are scripts like any other: their CREATE statements fill the
  // session's catalog, each script starting in the default database.
  lineage::Session session = NewSession(options, lineage::Catalog());
  LoadedCatalog out;
  for (const CatalogSource& c : options.catalogs) {
    LoadedInput in;
    if (c.text) {
      in = DecodeInput(c.name, *c.text);
    } else {
      in = LoadInput(InputFile{c.name, c.name});
      if (in.unreadable) {
        out.errors.push_back(Cat(c.name, ": ", in.diagnostics.empty() ? "cannot read" : in.diagnostics[0].message));
        continue;
      }
    }
    const bool json = c.format == CatalogSource::Format::Json ||
                      (c.format == CatalogSource::Format::ByName && LooksLikeJson(c.name, in.source->text()));
    if (json) {
      const std::string msg = session.catalog.LoadJson(in.source->text(), options.default_database);
      if (!msg.empty()) out.errors.push_back(Cat(c.name, ": invalid catalog: ", msg));
      continue;
    }
    FileResult r = AnalyzeScript(in.source, session, options);
    r.is_catalog = true;
    r.diagnostics.insert(r.diagnostics.begin(), in.diagnostics.begin(), in.diagnostics.end());
    if (r.has_error()) out.ddl_errors = true;
    on_ddl(std::move(r));
  }
  out.catalog = std::move(session.catalog);
  return out;
}

lineage::Session NewSession(const AnalyzeOptions& options, lineage::Catalog catalog) {
  lineage::Session s;
  s.current_database = options.default_database;
  s.catalog = std::move(catalog);
  s.semantics = options.semantics;
  return s;
}

}  // namespace hivelineage::driver
