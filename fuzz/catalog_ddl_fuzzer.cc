// libFuzzer target: a DDL --catalog file (CREATE TABLE / VIEW statements, or
// SHOW CREATE TABLE output in beeline's boxes) loaded as the driver loads it.
// Differential: loaded twice agrees; the tables it declares, written as
// catalog JSON and read back, agree (fuzz_support.h).
#include <cstddef>
#include <cstdint>

#include "driver/options.h"
#include "driver/session.h"
#include "fuzz_support.h"

using namespace hivelineage;

namespace {
std::string Load(std::string_view text, size_t& diagnostics) {
  driver::AnalyzeOptions options;
  options.catalogs.push_back(driver::CatalogSource{"catalog.sql", std::string(text), catalog::CatalogFormat::Ddl});
  diagnostics = 0;
  driver::LoadedCatalog loaded =
      driver::LoadCatalog(options, [&](driver::FileResult&& r) { diagnostics += r.diagnostics.size(); });
  return fuzz::ContractCatalogJson(loaded.catalog);
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return 0;
  const std::string_view text = fuzz::AsText(data, size);
  size_t d1 = 0, d2 = 0;
  const std::string first = Load(text, d1);
  fuzz::Require(first == Load(text, d2) && d1 == d2, "a second load of the DDL gave other tables");
  if (!fuzz::ValidUtf8(text)) return 0;
  lineage::Catalog back;
  const Diagnostics again = catalog::LoadCatalogJson(first, "default", back);
  fuzz::Require(again.empty(), "the DDL's tables written as catalog JSON are not read back");
  fuzz::Require(fuzz::ContractCatalogJson(back) == first, "the DDL's tables written and read back differ");
  return 0;
}
