#include "view/api.h"

#include <algorithm>
#include <charconv>
#include <set>

#include "base/edit_distance.h"
#include "base/strings.h"
#include "graph/impact.h"
#include "output/json_out.h"
#include "view/page_data.h"

namespace hivelineage::view {
namespace {

ApiAnswer Error(int status, std::string_view message) {
  ApiAnswer a{status, {}};
  output::JsonOut j(a.body, false);
  j.BeginObject();
  j.Key("error");
  j.String(message);
  j.EndObject();
  return a;
}

// The parameter `name`, or an error answer when it is missing or empty.
const std::string* Required(const std::map<std::string, std::string>& params, const std::string& name,
                            ApiAnswer& error) {
  auto it = params.find(name);
  if (it == params.end() || it->second.empty()) {
    error = Error(400, Cat("missing parameter '", name, "'"));
    return nullptr;
  }
  return &it->second;
}

// The integer parameter `name` in [low, high], `fallback` when absent; false with `error` set when malformed.
bool IntParam(const std::map<std::string, std::string>& params, const std::string& name, int low, int high,
              int fallback, int& value, ApiAnswer& error) {
  value = fallback;
  auto it = params.find(name);
  if (it == params.end()) return true;
  const std::string& s = it->second;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), value);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size() || value < low || value > high) {
    error =
        Error(400, Cat("parameter '", name, "' must be a whole number from ", low, " to ", high, ", got '", s, "'"));
    return false;
  }
  return true;
}

bool Conditions(const std::map<std::string, std::string>& params, bool& value, ApiAnswer& error) {
  auto it = params.find("conditions");
  value = it != params.end() && it->second == "1";
  if (it != params.end() && it->second != "0" && it->second != "1") {
    error = Error(400, Cat("parameter 'conditions' must be 0 or 1, got '", it->second, "'"));
    return false;
  }
  return true;
}

// Every node reachable from `start` going `direction`, as the page walks them (src/view/web/model.js): from a
// table its table edges, from a column value edges (and conditions with `conditions`); at most `depth` hops
// when depth >= 0. Sorted; `start` not included. `start` must be in the graph.
std::vector<std::string> Reach(const graph::Graph& g, const std::string& start, graph::Direction direction,
                               bool conditions, int depth) {
  graph::ImpactResult r;
  graph::Impact(g, start, graph::ImpactOptions{direction, depth, conditions}, r);
  std::vector<std::string> out;
  if (r.start_is_table) {
    // The first tree is that of the table edges.
    for (const graph::ImpactNode& n : r.trees.front().nodes)
      if (n.parent >= 0) out.push_back(g.tables[n.id].name);
  } else {
    for (const graph::ImpactResult::Reached& c : r.columns) out.push_back(g.columns[c.column].name);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Closes an answer whose members a compact JsonOut wrote (its object still open, not empty) with "data": the
// page data of `tables` (all tables when null).
void EndWithData(std::string& body, const graph::Graph& g, const std::string& title,
                 const std::set<std::string>* tables) {
  body += ",\"data\":";
  WritePageData(g, PageData{title, std::nullopt, tables}, body);
  body += '}';
}

}  // namespace

LineageApi::LineageApi(const graph::Graph& graph, std::string title, int overview_limit)
    : graph_(graph), title_(std::move(title)), overview_limit_(overview_limit) {
  for (const graph::TableNode& t : graph.tables) tables_ += t.collapsed ? 0 : 1;
}

std::string LineageApi::Bootstrap() const {
  std::string out;
  WriteServedPageData(title_, out);
  return out;
}

ApiAnswer LineageApi::Get(std::string_view path, const std::map<std::string, std::string>& params) const {
  if (path == "/api/graph") return Graph(params);
  if (path == "/api/search") return SearchAnswer(params);
  if (path == "/api/node") return Node(params);
  if (path == "/api/neighbours" || path == "/api/neighbors") return Neighbours(params);
  if (path == "/api/impact") return Impact(params);
  if (path == "/api/path") return Path(params);
  return Error(404, Cat("no such endpoint: ", path,
                        " (the API has /api/graph, /api/search, /api/node, /api/neighbours, /api/impact, /api/path)"));
}

// Tables and columns whose name holds `query` (any case), best first: the
// name itself, then the short name itself, a short name starting with it,
// the rest; tables before columns, shorter names first. As model.js ranks.
std::vector<LineageApi::Hit> LineageApi::Search(std::string_view query, size_t limit) const {
  const std::string q = ToLower(query);
  std::vector<Hit> hits;
  auto score = [&](const std::string& name, std::string_view short_name) {
    const std::string s = ToLower(short_name);
    if (name == q) return 0;
    if (s == q) return 1;
    if (s.starts_with(q)) return 2;
    if (name.find(q) != std::string::npos) return 3;
    return -1;
  };
  for (const graph::TableNode& t : graph_.tables) {
    if (t.collapsed) continue;
    const size_t dot = t.name.find('.');
    const std::string_view short_name =
        dot == std::string::npos ? std::string_view(t.name) : std::string_view(t.name).substr(dot + 1);
    const int s = score(ToLower(t.name), short_name);
    if (s >= 0) hits.push_back({t.name, true, 2 * s});
  }
  for (const graph::ColumnNode& c : graph_.columns) {
    if (graph_.tables[c.table].collapsed) continue;
    const int s = score(ToLower(c.name), c.short_name());
    if (s >= 0) hits.push_back({c.name, false, 2 * s + 1});
  }
  std::sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) {
    if (a.score != b.score) return a.score < b.score;
    if (a.name.size() != b.name.size()) return a.name.size() < b.name.size();
    return a.name < b.name;
  });
  if (hits.size() > limit) hits.resize(limit);
  return hits;
}

std::string LineageApi::TableOf(const std::string& name) const {
  if (const std::optional<graph::TableId> t = graph_.FindTable(name)) return graph_.tables[*t].collapsed ? "" : name;
  if (const std::optional<graph::ColumnId> c = graph_.FindColumn(name)) {
    const graph::TableNode& t = graph_.tables[graph_.columns[*c].table];
    return t.collapsed ? "" : t.name;
  }
  return {};
}

ApiAnswer LineageApi::NotFound(const std::string& name) const {
  ApiAnswer a{404, {}};
  output::JsonOut j(a.body, false);
  j.BeginObject();
  j.Key("error");
  j.String(Cat("no table or column named '", name, "'"));
  // Names whose last part is a few edits from the name's last part, nearest first.
  const std::string key = ToLower(name);
  const std::string_view last = std::string_view(key).substr(key.rfind('.') + 1);
  const size_t limit = std::max<size_t>(1, last.size() / 4);
  std::vector<std::pair<size_t, std::string>> scored;
  auto consider = [&](const std::string& candidate) {
    const size_t d = EditDistance(last, std::string_view(candidate).substr(candidate.rfind('.') + 1), limit);
    if (d <= limit) scored.emplace_back(d, candidate);
  };
  for (const graph::TableNode& t : graph_.tables)
    if (!t.collapsed) consider(t.name);
  for (const graph::ColumnNode& c : graph_.columns)
    if (!graph_.tables[c.table].collapsed) consider(c.name);
  std::sort(scored.begin(), scored.end());
  std::vector<std::string> near;
  for (size_t i = 0; i < scored.size() && i < 5; ++i) near.push_back(scored[i].second);
  j.Key("did_you_mean");
  j.StringArray(near);
  j.EndObject();
  return a;
}

// {"tables": N, "truncated": bool, "data": page data}: everything, or, past
// `limit` tables (default: the server's overview limit), nothing.
ApiAnswer LineageApi::Graph(const std::map<std::string, std::string>& params) const {
  ApiAnswer a;
  int limit = 0;
  if (!IntParam(params, "limit", 0, 1'000'000, overview_limit_, limit, a)) return a;
  const bool truncated = tables_ > static_cast<size_t>(limit);
  const std::set<std::string> none;
  output::JsonOut j(a.body, false);
  j.BeginObject();
  j.Key("tables");
  j.Int(static_cast<int64_t>(tables_));
  j.Key("truncated");
  j.Bool(truncated);
  EndWithData(a.body, graph_, title_, truncated ? &none : nullptr);
  return a;
}

// {"query", "results": [{"name", "type"}], "truncated"}
ApiAnswer LineageApi::SearchAnswer(const std::map<std::string, std::string>& params) const {
  ApiAnswer a;
  const std::string* q = Required(params, "q", a);
  if (!q) return a;
  if (q->size() > 256) return Error(400, "parameter 'q' is longer than 256 bytes");
  int limit = 0;
  if (!IntParam(params, "limit", 1, 500, 20, limit, a)) return a;
  std::vector<Hit> hits = Search(*q, static_cast<size_t>(limit) + 1);
  const bool truncated = hits.size() > static_cast<size_t>(limit);
  if (truncated) hits.pop_back();
  output::JsonOut j(a.body, false);
  j.BeginObject();
  j.Key("query");
  j.String(*q);
  j.Key("results");
  j.BeginArray();
  for (const Hit& h : hits) {
    j.BeginObject();
    j.Key("name");
    j.String(h.name);
    j.Key("type");
    j.String(h.is_table ? "table" : "column");
    j.EndObject();
  }
  j.EndArray();
  j.Key("truncated");
  j.Bool(truncated);
  j.EndObject();
  return a;
}

// A table: {"name", "type": "table", "kind", "columns", "data"}; a column: {"name", "type": "column", "table",
// "data"}. The data holds the node's table.
ApiAnswer LineageApi::Node(const std::map<std::string, std::string>& params) const {
  ApiAnswer a;
  const std::string* name = Required(params, "name", a);
  if (!name) return a;
  const std::string table = TableOf(ToLower(*name));
  if (table.empty()) return NotFound(*name);
  const graph::TableNode& t = graph_.tables[*graph_.FindTable(table)];
  output::JsonOut j(a.body, false);
  j.BeginObject();
  j.Key("name");
  j.String(ToLower(*name));
  j.Key("type");
  j.String(table == ToLower(*name) ? "table" : "column");
  if (table == ToLower(*name)) {
    j.Key("kind");
    j.String(graph::TableKindName(t.kind));
    j.Key("columns");
    j.BeginArray(true);
    for (graph::ColumnId c : t.columns) j.String(graph_.columns[c].short_name());
    j.EndArray();
  } else {
    j.Key("table");
    j.String(table);
  }
  const std::set<std::string> tables = {table};
  EndWithData(a.body, graph_, title_, &tables);
  return a;
}

// {"name", "tables": [the node's table and those it shares a table edge with], "data"}
ApiAnswer LineageApi::Neighbours(const std::map<std::string, std::string>& params) const {
  ApiAnswer a;
  const std::string* name = Required(params, "name", a);
  if (!name) return a;
  const std::string table = TableOf(ToLower(*name));
  if (table.empty()) return NotFound(*name);
  std::set<std::string> tables = {table};
  const graph::TableId id = *graph_.FindTable(table);
  for (const graph::Edge& e : graph_.table_edges) {
    if (e.source == id && !graph_.tables[e.target].collapsed) tables.insert(graph_.tables[e.target].name);
    if (e.target == id && !graph_.tables[e.source].collapsed) tables.insert(graph_.tables[e.source].name);
  }
  output::JsonOut j(a.body, false);
  j.BeginObject();
  j.Key("name");
  j.String(ToLower(*name));
  j.Key("tables");
  j.StringArray({tables.begin(), tables.end()});
  EndWithData(a.body, graph_, title_, &tables);
  return a;
}

// {"start", "upstream": [...], "downstream": [...], "data"}: direction=upstream|downstream|both (default),
// depth=N, conditions=0|1. The data holds every table involved.
ApiAnswer LineageApi::Impact(const std::map<std::string, std::string>& params) const {
  ApiAnswer a;
  const std::string* name = Required(params, "name", a);
  if (!name) return a;
  const std::string start = ToLower(*name);
  const std::string table = TableOf(start);
  if (table.empty()) return NotFound(*name);
  auto dir = params.find("direction");
  const std::string direction = dir == params.end() ? "both" : dir->second;
  if (direction != "both" && direction != "upstream" && direction != "downstream")
    return Error(400, Cat("parameter 'direction' must be upstream, downstream or both, got '", direction, "'"));
  int depth = -1;
  bool conditions = false;
  if (!IntParam(params, "depth", 0, 1'000'000, -1, depth, a) || !Conditions(params, conditions, a)) return a;
  std::vector<std::string> up, down;
  if (direction != "downstream") up = Reach(graph_, start, graph::Direction::Upstream, conditions, depth);
  if (direction != "upstream") down = Reach(graph_, start, graph::Direction::Downstream, conditions, depth);
  std::set<std::string> tables = {table};
  for (const auto* list : {&up, &down})
    for (const std::string& n : *list) tables.insert(TableOf(n));
  output::JsonOut j(a.body, false);
  j.BeginObject();
  j.Key("start");
  j.String(start);
  j.Key("upstream");
  j.StringArray(up);
  j.Key("downstream");
  j.StringArray(down);
  EndWithData(a.body, graph_, title_, &tables);
  return a;
}

// {"from", "to", "found", "nodes": [...], "data"}: the nodes data flows through from `from` to `to` (both
// included, when found), that is those `from` reaches and that reach `to`; conditions=0|1.
ApiAnswer LineageApi::Path(const std::map<std::string, std::string>& params) const {
  ApiAnswer a;
  const std::string* from_param = Required(params, "from", a);
  if (!from_param) return a;
  const std::string* to_param = Required(params, "to", a);
  if (!to_param) return a;
  const std::string from = ToLower(*from_param), to = ToLower(*to_param);
  if (TableOf(from).empty()) return NotFound(*from_param);
  if (TableOf(to).empty()) return NotFound(*to_param);
  if (graph_.FindTable(from).has_value() != graph_.FindTable(to).has_value())
    return Error(400, "'from' and 'to' must both be tables or both be columns");
  bool conditions = false;
  if (!Conditions(params, conditions, a)) return a;
  const std::vector<std::string> after = Reach(graph_, from, graph::Direction::Downstream, conditions, -1);
  const std::vector<std::string> before = Reach(graph_, to, graph::Direction::Upstream, conditions, -1);
  std::vector<std::string> nodes;
  std::set_intersection(after.begin(), after.end(), before.begin(), before.end(), std::back_inserter(nodes));
  const bool found = std::binary_search(after.begin(), after.end(), to);
  if (found) {
    nodes.push_back(from);
    nodes.push_back(to);
    std::sort(nodes.begin(), nodes.end());
  }
  std::set<std::string> tables;
  for (const std::string& n : nodes) tables.insert(TableOf(n));
  output::JsonOut j(a.body, false);
  j.BeginObject();
  j.Key("from");
  j.String(from);
  j.Key("to");
  j.String(to);
  j.Key("found");
  j.Bool(found);
  j.Key("nodes");
  j.StringArray(nodes);
  EndWithData(a.body, graph_, title_, &tables);
  return a;
}

}  // namespace hivelineage::view
