// The search box's index: every table and column name of a served warehouse,
// lower-cased once into one block of text, so that a query is one substring
// scan over that block instead of a lower-cased copy of each of a million
// names per request (`serve` on a 100,000-script warehouse holds ~1.2 million
// names; docs/limits.md, "`serve` under load").
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace hivelineage::view {

class NameSearch {
 public:
  struct Hit {
    std::string name;
    bool is_table;
    int score;  // lower is better: 2 * rank, +1 for a column (see Find)
  };

  // `tables` and `columns` are the node names (a column's is TABLE.COLUMN);
  // both are referred to, not copied, and must outlive the index.
  NameSearch(const std::vector<std::string>& tables, const std::vector<std::string>& columns);

  // The names holding `query` (any ASCII case), best first, at most `limit`:
  // rank 0 the name itself, 1 its short name (after the database, or the
  // column's own name) itself, 2 a short name starting with it, 3 the rest;
  // tables before columns of the same rank, then shorter names, then by name.
  // The page's model.js ranks an embedded warehouse the same way.
  std::vector<Hit> Find(std::string_view query, size_t limit) const;

 private:
  const std::vector<std::string>& tables_;
  const std::vector<std::string>& columns_;
  std::string text_;              // each name lower-cased and followed by '\n' (no name holds one)
  std::vector<size_t> starts_;  // where each name starts in text_: the tables', then the columns'
};

}  // namespace hivelineage::view
