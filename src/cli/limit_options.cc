#include "cli/limit_options.h"

#include <charconv>
#include <cstdint>
#include <limits>

#include "base/strings.h"

namespace hivelineage::cli {

bool ParseSize(std::string_view text, uint64_t max, uint64_t& bytes) {
  uint64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end == text.data()) return false;
  std::string_view unit = text.substr(static_cast<size_t>(end - text.data()));
  int shift = 0;
  if (unit.size() == 1) {
    switch (unit[0]) {
      case 'k':
      case 'K':
        shift = 10;
        break;
      case 'm':
      case 'M':
        shift = 20;
        break;
      case 'g':
      case 'G':
        shift = 30;
        break;
      default:
        return false;
    }
  } else if (!unit.empty()) {
    return false;
  }
  if (n > (max >> shift)) return false;
  bytes = n << shift;
  return true;
}

bool ParseLimitOption(std::string_view name, const std::function<bool(std::string_view&)>& take_value,
                      driver::Limits& limits, std::string& error) {
  const bool file = name == "--max-file-size", statement = name == "--max-statement-size";
  const bool count = name == "--max-statements", depth = name == "--max-depth";
  if (!file && !statement && !count && !depth) return false;
  std::string_view value;
  if (!take_value(value)) {
    error = Cat(name, file || statement ? " needs a size (bytes, or with K, M, G)" : " needs a number");
    return true;
  }
  uint64_t n = 0;
  if (file || statement) {
    const uint64_t max = file ? std::numeric_limits<uint64_t>::max() : std::numeric_limits<uint32_t>::max();
    if (!ParseSize(value, max, n) || n == 0) {
      error = Cat(name, " expects a size such as 65536, 512K, 64M or 1G, got '", value, "'");
      return true;
    }
    if (file)
      limits.max_file_bytes = n;
    else
      limits.max_statement_bytes = static_cast<uint32_t>(n);
    return true;
  }
  // Deeper than 10,000 the recursive parser could overflow an 8 MB stack
  // (measured: 30,000 nested subqueries do); see docs/limits.md.
  const uint64_t max = count ? std::numeric_limits<uint32_t>::max() : 10000;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (ec != std::errc() || end != value.data() + value.size() || n == 0 || n > max) {
    error = Cat(name, " expects a number from 1 to ", max, ", got '", value, "'");
    return true;
  }
  if (count)
    limits.max_statements = static_cast<uint32_t>(n);
  else
    limits.max_nesting_depth = static_cast<int>(n);
  return true;
}

}  // namespace hivelineage::cli
