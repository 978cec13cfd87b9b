// The input-limit options every subcommand takes (docs/limits.md):
//   --max-file-size SIZE  --max-statement-size SIZE  --max-statements N  --max-depth N
// SIZE is bytes, or a number with K, M or G (powers of 1024).
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "driver/analyze_script.h"

namespace hivelineage::cli {

// When `name` is one of the limit options: takes its value through
// `take_value` (false when there is none), sets it in `limits` and returns
// true, with `error` set when the value is bad. False for any other option.
bool ParseLimitOption(std::string_view name, const std::function<bool(std::string_view&)>& take_value,
                      driver::Limits& limits, std::string& error);

// "123", "64K", "1M", "2G" -> bytes; false when malformed or over `max`.
bool ParseSize(std::string_view text, uint64_t max, uint64_t& bytes);

}  // namespace hivelineage::cli
