#include "graph/load.h"

#include <utility>

namespace hivelineage::graph {
namespace {

// Marks the tables `file` created that the catalog knows as temporary or views.
void MarkKinds(const driver::FileResult& file, const lineage::Session& session, GraphBuilder& builder) {
  for (const driver::StatementResult& st : file.statements) {
    if (st.kind != "create_table" && st.kind != "ctas" && st.kind != "create_view") continue;
    for (const std::string& t : st.lineage.outputs) {
      const lineage::CatalogTable* table = session.catalog.Find(t);
      if (table == nullptr) continue;
      if (table->temporary) builder.SetTableKind(t, TableKind::Temporary);
      else if (table->is_view) builder.SetTableKind(t, TableKind::View);
    }
  }
}

}  // namespace

driver::RunSummary AnalyzeIntoGraph(const std::vector<driver::InputFile>& inputs,
                                    const driver::RunOptions& options, GraphBuilder& builder,
                                    const driver::FileSink& on_file) {
  driver::RunSummary summary;
  lineage::Session session;
  auto catalog_sink = [&](driver::FileResult&& file) {
    MarkKinds(file, session, builder);
    on_file(std::move(file));
  };
  summary.fatal_error = driver::LoadCatalogs(options, session, catalog_sink, &summary.any_error);
  if (!summary.fatal_error.empty()) return summary;

  for (const driver::InputFile& input : inputs) {
    driver::LoadedInput in = driver::LoadInput(input);
    session.current_database = options.analyze.default_database;
    driver::FileResult r;
    if (in.unreadable) {
      r.source = in.source;
      r.unreadable = true;
      summary.unreadable_input = true;
    } else {
      r = driver::AnalyzeScript(in.source, session, options.analyze);
    }
    r.diagnostics.insert(r.diagnostics.begin(), in.diagnostics.begin(), in.diagnostics.end());
    ++summary.files;
    summary.bytes += r.source->text().size();
    summary.statements += r.statements.size();
    for (const driver::StatementResult& s : r.statements)
      if (s.has_error()) ++summary.statements_with_errors;
    if (r.has_error()) summary.any_error = true;
    builder.AddFile(r);
    MarkKinds(r, session, builder);
    on_file(std::move(r));
  }
  return summary;
}

}  // namespace hivelineage::graph
