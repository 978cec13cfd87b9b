// The data the lineage page draws (docs/viewer.md has its schema): tables
// with their columns, value edges, condition records and table edges, in a
// compact JSON form that the page decodes (src/view/web/model.js).
//
// The same document is embedded into `--format html` pages and answered,
// piece by piece, by `hivelineage serve`, so the page merges what it is given
// whatever its source. A Focus names the node the page opens on and the set
// shown highlighted with it, so any command with a start node and an answer
// (impact today) can open the page on its result.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "base/json_out.h"
#include "graph/model/graph.h"

namespace hivelineage::view {

struct Focus {
  std::string start;                   // table or column the page opens on, selected
  std::vector<std::string> highlight;  // tables and columns shown highlighted with it
  std::string direction;               // "downstream", "upstream" or "both": how to colour `highlight`
  std::string title;                   // what the focus is, e.g. "downstream of ods.orders.user_id"
};

struct PageData {
  std::string title;                                   // shown in the page header and the window title
  std::optional<Focus> focus;                          // the page opens on this when set
  const std::set<std::string>* only_tables = nullptr;  // when set: only these tables, the edges between them
};

// Appends the page data of `graph` (restricted and focused as `data` says) as
// one line of JSON. Deterministic: the graph's order, nothing else.
void WritePageData(const graph::Graph& graph, const PageData& data, std::string& out);

// Appends the data of the page `hivelineage serve` serves: its title and
// "mode": "server", no graph (the page asks the server for it).
void WriteServedPageData(const std::string& title, std::string& out);

// Opens a page data document and writes the members every one starts with.
void WritePageDataHead(output::JsonOut& j, const std::string& title);

}  // namespace hivelineage::view
