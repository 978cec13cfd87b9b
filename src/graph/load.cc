#include "graph/load.h"

#include <utility>

#include "base/file_time.h"

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

driver::RunSummary AnalyzeIntoGraph(const std::vector<driver::InputFile>& inputs, const driver::RunOptions& options,
                                    GraphBuilder& builder, const driver::PartSink& on_part) {
  driver::RunOptions run_options = options;
  run_options.renderer = nullptr;
  run_options.record_schema = true;
  run_options.on_catalog = [&](const lineage::Catalog& catalog) {
    for (const lineage::CatalogTable* t : catalog.Tables()) builder.Declare(*t);
  };
  for (const driver::InputFile& in : inputs) builder.SetModifiedAt(in.name, FileModifiedRfc3339(in.path));
  return driver::Run(inputs, run_options, [&](driver::FilePart&& part) {
    builder.AddFile(part.file);  // skips catalog DDL files
    MarkKinds(part.file, builder);
    if (part.file.schema != nullptr && !part.file.is_catalog)
      for (const lineage::CatalogTable& t : part.file.schema->declared) builder.Declare(t);
    on_part(std::move(part));
  });
}

}  // namespace hivelineage::graph
