// Text helpers shared by the graph writers.
#pragma once

#include <string>
#include <string_view>

#include "base/strings.h"
#include "driver/encoding.h"
#include "graph/model/graph.h"

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

// ValidUtf8 in place: a text that is valid already (nearly always) is left
// as it is, not copied.
inline void MakeValidUtf8(std::string& s) {
  if (driver::FindInvalidUtf8(s)) s = ValidUtf8(s);
}

// At most about `max` bytes of `s`, cut between characters, with "..." when cut.
inline std::string Shorten(std::string_view s, size_t max) {
  if (s.size() <= max) return std::string(s);
  size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return std::string(s.substr(0, cut)) + "...";
}

// "file:line (statement N)": where a statement starts, N its index in the file.
inline std::string StatementPlace(const StatementInfo& st) {
  return Cat(st.file, ":", st.start.line, " (statement ", st.index, ")");
}

// A condition's node label: its clause and expression, shortened.
inline std::string ConditionLabel(const Condition& k) {
  return Cat(lineage::ClauseName(k.clause), ": ", Shorten(k.expression, 60));
}

}  // namespace hivelineage::graph
