// Text helpers shared by the graph writers.
#pragma once

#include <string>
#include <string_view>

#include "base/strings.h"
#include "base/utf8.h"
#include "graph/model/graph.h"

namespace hivelineage::graph {

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
