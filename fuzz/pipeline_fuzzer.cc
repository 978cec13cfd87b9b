// libFuzzer target: the whole pipeline on a script — split, substitute,
// tokenize, parse, rewrite, lineage and every output format — with a small
// catalog so star expansion and positional mapping run too.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "driver/analyze.h"
#include "output/writer.h"

using namespace hivelineage;

namespace {
const lineage::Catalog& FuzzCatalog() {
  static const lineage::Catalog catalog = [] {
    lineage::Catalog c;
    c.LoadJson(R"({"tables": [
      {"name": "default.src", "columns": [{"name": "key", "type": "string"}, {"name": "value", "type": "string"}]},
      {"name": "default.srcpart", "columns": [{"name": "key", "type": "string"}, {"name": "value", "type": "string"}],
       "partition_columns": [{"name": "ds", "type": "string"}, {"name": "hr", "type": "string"}]},
      {"name": "default.t", "columns": [{"name": "a", "type": "int"}, {"name": "b", "type": "string"},
                                         {"name": "m", "type": "map<string,int>"}]}]})");
    return c;
  }();
  return catalog;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 100 * 1024) return 0;
  auto source = std::make_shared<SourceFile>("fuzz.sql", std::string_view(reinterpret_cast<const char*>(data), size));
  lineage::Session session;
  session.catalog = FuzzCatalog();
  driver::AnalyzeOptions options;
  options.variables = {{"dt", "2024-01-01"}, {"db", "ods"}};
  driver::FileResult result = driver::AnalyzeScript(source, session, options);
  for (const auto& st : result.statements) {
    if (st.span.end > size || st.span.begin > st.span.end) std::abort();
    for (const auto& d : st.diagnostics)
      if (d.span.end > size) std::abort();
  }
  for (output::Format f : {output::Format::Json, output::Format::Jsonl, output::Format::Hive}) {
    std::unique_ptr<output::Writer> w = output::MakeWriter(f);
    std::string out;
    w->Begin(out);
    w->File(result, out);
    w->End(out);
  }
  return 0;
}
