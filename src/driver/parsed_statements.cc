#include "driver/parsed_statements.h"

#include <algorithm>

namespace hivelineage::driver {

const ParsedStatement* ParsedStatements::Find(uint32_t ordinal, Span span) const {
  const auto it = std::lower_bound(statements.begin(), statements.end(), ordinal,
                                   [](const ParsedStatement& s, uint32_t o) { return s.ordinal < o; });
  if (it == statements.end() || it->ordinal != ordinal || it->span != span) return nullptr;
  return &*it;
}

}  // namespace hivelineage::driver
