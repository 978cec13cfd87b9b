// Sets of base columns: sorted, unique ids into a statement's ColumnInterner.
//
// Lineage sets are small (a handful of columns), so a sorted vector beats a
// hash set for both memory and merge speed.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/inlined_vector.h"
#include "absl/strings/string_view.h"
#include "base/arena.h"

namespace hivelineage::lineage {

// Inline storage: most columns read one or two base columns, so no allocation.
using ColumnSet = absl::InlinedVector<uint32_t, 4>;

inline void AddTo(ColumnSet& set, uint32_t id) {
  auto it = std::lower_bound(set.begin(), set.end(), id);
  if (it == set.end() || *it != id) set.insert(it, id);
}

inline void MergeInto(ColumnSet& into, const ColumnSet& from) {
  if (from.empty()) return;
  if (into.empty()) {
    into = from;
    return;
  }
  if (from.size() == 1) return AddTo(into, from[0]);
  ColumnSet out;
  out.reserve(into.size() + from.size());
  std::set_union(into.begin(), into.end(), from.begin(), from.end(), std::back_inserter(out));
  into.swap(out);
}

// `db.table.column` strings <-> dense ids, for one statement. Names are
// copied once into the interner's arena; the hash map keys view them, so a
// new id costs one bump allocation, not two strings.
class ColumnInterner {
 public:
  uint32_t Intern(std::string_view table_key, std::string_view column) {
    buf_.clear();
    buf_.append(table_key).push_back('.');
    buf_.append(column);
    return InternFull(buf_);
  }
  uint32_t InternFull(std::string_view name) {
    auto it = ids_.find(absl::string_view(name.data(), name.size()));
    if (it != ids_.end()) return it->second;
    if (names_.empty()) {
      // Most statements intern a few dozen names: one allocation each instead of growing from empty.
      ids_.reserve(32);
      names_.reserve(32);
    }
    std::string_view stored = arena_.CopyString(name);
    auto id = static_cast<uint32_t>(names_.size());
    names_.push_back(stored);
    ids_.emplace(absl::string_view(stored.data(), stored.size()), id);
    return id;
  }
  std::string_view Name(uint32_t id) const { return names_[id]; }

 private:
  absl::flat_hash_map<absl::string_view, uint32_t> ids_;
  std::vector<std::string_view> names_;
  std::string buf_;
  Arena arena_;
};

}  // namespace hivelineage::lineage
