// What the sync-job fuzz targets (DataX, Sqoop, SeaTunnel) share: the job
// file run through the whole pipeline as `hivelineage` runs it (a small
// catalog and a --system-map, so column lists and friendly names are used),
// with the checks of the pipeline target: spans inside the text, and the same
// file read twice renders the same output in every format.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "catalog/catalog_json.h"
#include "driver/analyze_script.h"
#include "driver/output_writer.h"
#include "driver/session.h"
#include "fuzz_support.h"
#include "sync/system_name.h"

namespace hivelineage::fuzz {

inline const std::shared_ptr<const lineage::Catalog>& JobCatalog() {
  static const std::shared_ptr<const lineage::Catalog> catalog = [] {
    auto c = std::make_shared<lineage::Catalog>();
    catalog::LoadCatalogJson(R"({"tables": [
      {"name": "ods.ods_crm_customer", "columns": [{"name": "id", "type": "bigint"}, {"name": "phone", "type": "string"}],
       "partition_columns": [{"name": "dt", "type": "string"}]},
      {"name": "default.t", "columns": [{"name": "a", "type": "int"}, {"name": "b", "type": "string"}]}]})",
                             "default", *c);
    return c;
  }();
  return catalog;
}

inline std::shared_ptr<const sync::SystemMap> JobSystems() {
  static const std::shared_ptr<const sync::SystemMap> systems = [] {
    Diagnostics problems;
    return std::make_shared<const sync::SystemMap>(
        sync::SystemMap::Parse("mysql://10.0.0.5:3306 = crm-mysql\nmysql://10.0.0.6:3306 = crm-mysql\n", problems));
  }();
  return systems;
}

// The job file `name` (its extension chooses the reader) holding `text`,
// analysed and rendered in every output format.
inline std::string AnalyseJob(const std::string& name, std::string_view text) {
  auto source = std::make_shared<SourceFile>(name, text);
  driver::AnalyzeOptions options;
  options.variables = {{"dt", "2024-01-01"}, {"DB", "crm"}};
  options.systems = JobSystems();
  lineage::Session session = driver::NewSession(options, lineage::Catalog(JobCatalog()));
  driver::FileResult result = driver::AnalyzeScript(source, session, options);
  for (const auto& d : result.diagnostics) Require(d.span.end <= text.size(), "a file problem points past the end");
  for (const auto& st : result.statements) {
    Require(st.span.begin <= st.span.end && st.span.end <= text.size(), "a transfer's span leaves the file");
    for (const auto& d : st.diagnostics) Require(d.span.end <= text.size(), "a transfer problem points past the end");
  }
  std::string all;
  for (output::Format f : {output::Format::Json, output::Format::Jsonl, output::Format::Hive}) {
    std::unique_ptr<driver::OutputWriter> w = driver::MakeWriter(f);
    w->Begin(all);
    w->File(result, all);
    w->End(all);
  }
  return all;
}

// Read twice, the same output (no state leaks between readings).
inline void CheckJob(const std::string& name, std::string_view text) {
  Require(AnalyseJob(name, text) == AnalyseJob(name, text), "a job file read twice gave other output");
}

}  // namespace hivelineage::fuzz
