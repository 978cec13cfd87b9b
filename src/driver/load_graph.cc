#include "driver/load_graph.h"

#include <string>
#include <utility>

#include "base/file_time.h"

namespace hivelineage::driver {

void AddToGraph(const FileResult& file, graph::GraphBuilder& builder) {
  if (file.is_catalog || file.source == nullptr) {
    for (const StatementResult& st : file.statements) builder.MarkTables(st.Facts());
    return;
  }
  const std::string name(file.source->name());
  for (const StatementResult& st : file.statements) builder.AddStatement(name, st.Facts(), file.source->Slice(st.span));
}

RunSummary AnalyzeIntoGraph(const std::vector<InputFile>& inputs, const RunOptions& options,
                            graph::GraphBuilder& builder, const PartSink& on_part) {
  RunOptions run_options = options;
  run_options.renderer = nullptr;
  run_options.record_schema = true;
  run_options.on_catalog = [&](const lineage::Catalog& catalog) {
    for (const lineage::CatalogTable* t : catalog.Tables()) builder.Declare(*t);
  };
  for (const InputFile& in : inputs) builder.SetModifiedAt(in.name, FileModifiedRfc3339(in.path));
  return Run(inputs, run_options, [&](FilePart&& part) {
    AddToGraph(part.file, builder);
    if (part.file.schema != nullptr && !part.file.is_catalog)
      for (const lineage::CatalogTable& t : part.file.schema->declared) builder.Declare(t);
    on_part(std::move(part));
  });
}

}  // namespace hivelineage::driver
