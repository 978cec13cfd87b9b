#include "graph/load.h"

#include <utility>

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
  return driver::Run(inputs, run_options, [&](driver::FilePart&& part) {
    builder.AddFile(part.file);  // skips catalog DDL files
    MarkKinds(part.file, builder);
    on_part(std::move(part));
  });
}

}  // namespace hivelineage::graph
