// Text helpers shared by the graph writers.
#pragma once

#include <string>
#include <string_view>

#include "driver/encoding.h"

namespace hivelineage::graph {

// `s` with each byte that is not valid UTF-8 replaced by U+FFFD, so Graphviz
// and Mermaid always read the text (JSON writers repair it themselves).
inline std::string ValidUtf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  while (!s.empty()) {
    const std::optional<size_t> bad = driver::FindInvalidUtf8(s);
    if (!bad) {
      out.append(s);
      break;
    }
    out.append(s.substr(0, *bad));
    out.append("\xEF\xBF\xBD");
    s.remove_prefix(*bad + 1);
  }
  return out;
}

}  // namespace hivelineage::graph
