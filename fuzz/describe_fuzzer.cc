// libFuzzer target: saved DESCRIBE FORMATTED output (beeline boxes or hive CLI tabs) read as a --catalog file.
// Differential: read twice agrees; tables read, written as catalog JSON and
// read back agree (fuzz_support.h).
#include <cstddef>
#include <cstdint>

#include "fuzz_support.h"

using namespace hivelineage;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 256 * 1024) return 0;
  const std::string_view text = fuzz::AsText(data, size);
  fuzz::CheckCatalogText(catalog::CatalogFormat::Describe, text);
  // What the format detection makes of the same bytes must not crash either.
  (void)catalog::DetectCatalogFormat("catalog", text);
  return 0;
}
