// Looking up one target column of a StatementLineage, for lineage tests.
#pragma once

#include <string>
#include <vector>

#include "lineage/lineage.h"

namespace hivelineage::testing {

inline const lineage::ColumnLineage* Col(const lineage::StatementLineage& l, const std::string& target) {
  for (const lineage::ColumnLineage& c : l.columns)
    if (c.target == target) return &c;
  return nullptr;
}

// The target's sources, or one "<missing target ...>" entry when there is no such target.
inline std::vector<std::string> Sources(const lineage::StatementLineage& l, const std::string& target) {
  const lineage::ColumnLineage* c = Col(l, target);
  return c == nullptr ? std::vector<std::string>{"<missing target " + target + ">"} : c->sources;
}

}  // namespace hivelineage::testing
