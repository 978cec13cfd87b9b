// libFuzzer target: the whole pipeline on a script — split, substitute,
// tokenize, parse, rewrite, lineage and every output format — with a small
// catalog so star expansion and positional mapping run too. A first byte
// 0x01 reads the rest as Spark SQL (dialect_byte.h).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "catalog/catalog_json.h"
#include "driver/analyze_script.h"
#include "driver/file_part.h"
#include "driver/output_writer.h"
#include "driver/session.h"
#include "dialect_byte.h"

using namespace hivelineage;

namespace {
const std::shared_ptr<const lineage::Catalog>& FuzzCatalog() {
  static const std::shared_ptr<const lineage::Catalog> catalog = [] {
    auto c = std::make_shared<lineage::Catalog>();
    catalog::LoadCatalogJson(R"({"tables": [
      {"name": "default.src", "columns": [{"name": "key", "type": "string"}, {"name": "value", "type": "string"}]},
      {"name": "default.srcpart", "columns": [{"name": "key", "type": "string"}, {"name": "value", "type": "string"}],
       "partition_columns": [{"name": "ds", "type": "string"}, {"name": "hr", "type": "string"}]},
      {"name": "default.t", "columns": [{"name": "a", "type": "int"}, {"name": "b", "type": "string"},
                                         {"name": "m", "type": "map<string,int>"}]}]})",
                             "default", *c);
    return c;
  }();
  return catalog;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 100 * 1024) return 0;
  const Dialect dialect = fuzz::TakeDialect(data, size);
  auto source = std::make_shared<SourceFile>("fuzz.sql", std::string_view(reinterpret_cast<const char*>(data), size));
  driver::AnalyzeOptions options;
  options.variables = {{"dt", "2024-01-01"}, {"db", "ods"}};
  options.parse.dialect = dialect;
  lineage::Session session = driver::NewSession(options, lineage::Catalog(FuzzCatalog()));
  driver::FileResult result = driver::AnalyzeScript(source, session, options);
  for (const auto& st : result.statements) {
    if (st.span.end > size || st.span.begin > st.span.end) std::abort();
    for (const auto& d : st.diagnostics)
      if (d.span.end > size) std::abort();
  }
  for (output::Format f : {output::Format::Json, output::Format::Jsonl, output::Format::Hive}) {
    std::unique_ptr<driver::OutputWriter> w = driver::MakeWriter(f);
    std::string whole;
    w->Begin(whole);
    w->File(result, whole);
    w->End(whole);
    // Differential: rendered statement by statement into pieces of two
    // statements (as a run's worker threads do), the output is the same.
    std::unique_ptr<driver::OutputWriter> p = driver::MakeWriter(f);
    std::string pieces;
    p->Begin(pieces);
    driver::FileResult header;
    header.source = result.source;
    header.diagnostics = result.diagnostics;
    driver::FilePart part;
    part.file.source = result.source;
    part.file.diagnostics = result.diagnostics;
    for (size_t i = 0; i < result.statements.size(); ++i) {
      driver::StatementResult copy = result.statements[i];
      p->Statement(header, std::move(copy), part);
      if (i % 2 == 1) {
        p->Part(part, pieces);
        part = driver::FilePart{};
        part.file.source = result.source;
      }
    }
    p->Part(part, pieces);
    p->End(pieces);
    if (pieces != whole) std::abort();
  }
  return 0;
}
