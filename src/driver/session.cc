#include "driver/session.h"

#include <memory>
#include <string_view>
#include <utility>

#include "base/strings.h"
#include "catalog/show_create_table.h"
#include "driver/run.h"

namespace hivelineage::driver {
namespace {

// "NAME: invalid catalog: line L, column C: PROBLEM (and N more)", for the
// one line that says why nothing was analysed; the located diagnostics, with
// their carets, are reported with the file.
std::string InvalidCatalog(const SourceFile& source, const Diagnostics& problems) {
  const LineCol at = source.Locate(problems.front().span.begin);
  std::string out =
      Cat(source.name(), ": invalid catalog: line ", at.line, ", column ", at.column, ": ", problems.front().message);
  if (problems.size() > 1) Append(out, " (and ", problems.size() - 1, " more)");
  return out;
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
    const catalog::CatalogFormat format =
        c.format ? *c.format : catalog::DetectCatalogFormat(c.name, in.source->text());
    if (format != catalog::CatalogFormat::Ddl) {
      Diagnostics problems =
          catalog::LoadCatalogText(format, in.source->text(), options.default_database, session.catalog);
      if (!problems.empty()) {
        out.errors.push_back(InvalidCatalog(*in.source, problems));
        // A file of the wrong format has a problem on every line: the first ones say enough.
        constexpr size_t kShown = 20;
        if (problems.size() > kShown) {
          const size_t more = problems.size() - kShown;
          problems.resize(kShown);
          problems.push_back(Diagnostic{Severity::Note, problems.back().span,
                                        Cat(more, " more problems in this catalog are not shown"),
                                        DiagnosticCode::MoreProblemsNotShown});
        }
        FileResult r;
        r.source = in.source;
        r.diagnostics = std::move(problems);
        r.is_catalog = true;
        on_ddl(std::move(r));
      }
      continue;
    }
    if (catalog::IsBoxedShowCreateTable(in.source->text()))
      in.source = std::make_shared<const SourceFile>(c.name, catalog::UnboxShowCreateTable(in.source->text()));
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
