// The SQL targets read Spark SQL as well as HiveQL: an input whose first
// byte is 0x01 is the rest of it read with `--dialect spark` (the seeds of
// Spark's own tests are given so); any other input is HiveQL, as before, so
// the Hive seeds keep their meaning.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/dialect.h"

namespace hivelineage::fuzz {

inline constexpr uint8_t kSparkByte = 0x01;

// The dialect `data` asks for; drops the marker byte from `data` and `size`.
inline Dialect TakeDialect(const uint8_t*& data, size_t& size) {
  if (size == 0 || data[0] != kSparkByte) return Dialect::Hive;
  ++data;
  --size;
  return Dialect::Spark;
}

}  // namespace hivelineage::fuzz
