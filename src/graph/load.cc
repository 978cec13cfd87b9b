#include "graph/load.h"

#include <exception>
#include <memory>
#include <utility>

#include "base/strings.h"

namespace hivelineage::graph {
namespace {

// Marks the tables `file`'s statements created as temporary tables or views.
// Read from the statements, not from the catalog after the script: a
// temporary table the script dropped again is gone from the catalog by then.
void MarkKinds(const driver::FileResult& file, GraphBuilder& builder) {
  for (const driver::StatementResult& st : file.statements) {
    for (const std::string& t : st.lineage.temporary_outputs) builder.SetTableKind(t, TableKind::Temporary);
    for (const std::string& t : st.lineage.view_outputs) builder.SetTableKind(t, TableKind::View);
  }
}

}  // namespace

driver::RunSummary AnalyzeIntoGraph(const std::vector<driver::InputFile>& inputs,
                                    const driver::RunOptions& options, GraphBuilder& builder,
                                    const driver::FileSink& on_file) {
  driver::RunSummary summary;
  lineage::Session shared;
  auto catalog_sink = [&](driver::FileResult&& file) {
    MarkKinds(file, builder);
    on_file(std::move(file));
  };
  summary.fatal_error = driver::LoadCatalogs(options, shared, catalog_sink, &summary.any_error);
  if (!summary.fatal_error.empty()) return summary;
  // As in driver::Run: scripts are independent, each starting from the
  // --catalog state, unless the run is sequenced.
  std::shared_ptr<const lineage::Catalog> base;
  if (!options.sequenced) base = std::make_shared<const lineage::Catalog>(std::move(shared.catalog));

  for (const driver::InputFile& input : inputs) {
    lineage::Session own;
    if (base != nullptr) own.catalog = lineage::Catalog(base);
    lineage::Session& session = base != nullptr ? own : shared;
    driver::LoadedInput in = driver::LoadInput(input);
    session.current_database = options.analyze.default_database;
    driver::FileResult r;
    try {
      if (in.unreadable) {
        r.source = in.source;
        r.unreadable = true;
        summary.unreadable_input = true;
      } else {
        r = driver::AnalyzeScript(in.source, session, options.analyze);
      }
    } catch (const std::exception& e) {
      // Out of memory or a bug outside statement analysis: report it on the file, keep going.
      r = driver::FileResult{};
      r.source = in.source;
      r.diagnostics.push_back(Diagnostic{Severity::Error, Span{0, 0}, Cat("internal error: ", e.what())});
    }
    r.diagnostics.insert(r.diagnostics.begin(), in.diagnostics.begin(), in.diagnostics.end());
    ++summary.files;
    summary.bytes += r.source->text().size();
    summary.statements += r.statements.size();
    for (const driver::StatementResult& s : r.statements)
      if (s.has_error()) ++summary.statements_with_errors;
    if (r.has_error()) summary.any_error = true;
    builder.AddFile(r);
    MarkKinds(r, builder);
    on_file(std::move(r));
  }
  return summary;
}

}  // namespace hivelineage::graph
