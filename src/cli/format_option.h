// `--format text|json`, as the query and check subcommands take it.
#pragma once

#include <string>
#include <string_view>

#include "base/strings.h"
#include "cli/input_options.h"

namespace hivelineage::cli {

// Reads --format's value at `c` into `json`; sets `error` for anything else.
inline void TakeTextOrJson(ArgCursor& c, bool& json, std::string& error) {
  std::string_view value;
  if (!c.TakeValue(value) || (value != "text" && value != "json"))
    error = Cat("unknown format '", value, "' (expected text or json)");
  else
    json = value == "json";
}

}  // namespace hivelineage::cli
