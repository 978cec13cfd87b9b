#include "sync/load_data.h"

#include <algorithm>

#include "base/strings.h"

namespace hivelineage::sync {

void AddJobOutputs(const JobResult& job, JobOutputs& out) {
  for (const JobStatement& st : job.statements)
    for (const std::string& table : st.lineage.outputs) {
      std::vector<std::string>& columns = out.columns[table];
      if (columns.empty()) columns = st.written_columns;
    }
}

void LinkLoadData(std::string_view path, const std::string& table, const JobOutputs& outputs,
                  const SyncOptions& options, lineage::StatementLineage& lineage) {
  if (outputs.empty() || path.empty() || table.empty()) return;
  const std::string dataset = TableOfPath(path, options);
  const auto written = outputs.columns.find(dataset);
  if (written == outputs.columns.end() || dataset == table) return;
  lineage.inputs.push_back(dataset);
  std::sort(lineage.inputs.begin(), lineage.inputs.end());
  lineage.inputs.erase(std::unique(lineage.inputs.begin(), lineage.inputs.end()), lineage.inputs.end());
  const lineage::CatalogTable* t = options.catalog != nullptr ? options.catalog->Find(table) : nullptr;
  if (t == nullptr) return;
  const size_t n = std::min(written->second.size(), t->columns.size());
  for (size_t i = 0; i < n; ++i) {
    lineage::ColumnLineage c;
    c.target = Cat(table, ".", t->columns[i].name);
    c.sources = {Cat(dataset, ".", written->second[i])};
    c.expression = written->second[i];
    lineage.columns.push_back(std::move(c));
  }
  std::sort(lineage.columns.begin(), lineage.columns.end(),
            [](const lineage::ColumnLineage& a, const lineage::ColumnLineage& b) { return a.target < b.target; });
}

}  // namespace hivelineage::sync
