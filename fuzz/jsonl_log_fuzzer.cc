// libFuzzer target: the documented JSON Lines query log, as `hivelineage usage` reads it (query_log.h).
#include <cstddef>
#include <cstdint>

#include "query_log.h"

using namespace hivelineage;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 256 * 1024) return 0;
  fuzz::CheckQueryLog(usage::LogFormat::JsonLines, fuzz::AsText(data, size));
  return 0;
}
