#include "view/api.h"

#include <algorithm>
#include <charconv>
#include <set>

#include "base/edit_distance.h"
#include "base/json_out.h"
#include "base/strings.h"
#include "graph/queries/impact.h"
#include "graph/queries/impact_source.h"
#include "graph/queries/paths.h"
#include "view/page_builder.h"
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

PageBuilder::Statement StatementOf(const graph::StatementRef& s) { return {s.file, s.index, s.line, s.column, s.kind}; }

}  // namespace

LineageApi::LineageApi(const graph::LineageSource& source, std::string title, int overview_limit)
    : source_(source),
      title_(std::move(title)),
      overview_limit_(overview_limit),
      tables_(source.Nodes(graph::Level::Table)),
      columns_(source.Nodes(graph::Level::Column)),
      search_(tables_, columns_) {}

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

bool LineageApi::IsTable(const std::string& name) const {
  return std::binary_search(tables_.begin(), tables_.end(), name);
}

std::string LineageApi::TableOf(const std::string& name) const {
  if (IsTable(name)) return name;
  if (std::binary_search(columns_.begin(), columns_.end(), name)) return source_.TableOf(name);
  return {};
}

// What the page lights when `start` is clicked: `hivelineage impact`'s walk (graph/impact_source.h reads the
// part of the lineage it needs): from a table its table links, from a column value links, and condition
// links with `conditions`; at most `depth` hops when depth >= 0. Sorted; `start` not included.
std::vector<std::string> LineageApi::Reach(const std::string& start, graph::Direction direction, bool conditions,
                                           int depth) const {
  const bool table = IsTable(start);
  graph::ImpactOptions options{direction, depth, conditions, table ? graph::Level::Table : graph::Level::Column};
  graph::Graph part;
  graph::ImpactResult r;
  std::vector<std::string> out;
  if (!graph::ImpactNeighbourhood(source_, start, options, part) || !graph::Impact(part, start, options, r)) return out;
  if (table) {
    for (const graph::ImpactNode& n : r.trees.front().nodes)
      if (n.parent >= 0) out.push_back(part.tables[n.id].name);
  } else {
    for (const graph::ImpactResult::Reached& c : r.columns) out.push_back(part.columns[c.column].name);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The page data of `tables`: their columns, and every value, condition and table link between them.
void LineageApi::EndWithData(std::string& body, const std::set<std::string>& tables) const {
  PageBuilder page;
  for (const std::string& t : tables) {
    std::vector<std::string> columns;
    for (const std::string& c : source_.ColumnsOf(t)) columns.push_back(c.substr(t.size() + 1));
    page.AddTable(t, graph::TableKindName(source_.KindOfTable(t)), columns);
  }
  for (const std::string& t : tables) {
    for (const graph::Link& l : source_.Links(graph::Level::Table, t, graph::Direction::Downstream, true, false))
      page.AddTableEdge(t, l.target, StatementOf(l.statement));
    for (const std::string& c : source_.ColumnsOf(t)) {
      for (const graph::Link& l : source_.Links(graph::Level::Column, c, graph::Direction::Downstream, true, true)) {
        if (l.kind == graph::LinkKind::Value)
          page.AddValue(c, l.target, {{StatementOf(l.statement), l.expression, {}}});
        else
          page.AddCondition(StatementOf(l.statement), l.clause, l.expression, {c}, {l.target});
      }
    }
  }
  body += ",\"data\":";
  page.Write(title_, std::nullopt, body);
  body += '}';
}

std::optional<LineageApi::NamedNode> LineageApi::Named(const std::map<std::string, std::string>& params,
                                                       const std::string& key, ApiAnswer& a) const {
  const std::string* param = Required(params, key, a);
  if (!param) return std::nullopt;
  NamedNode node{ToLower(*param), {}};
  node.table = TableOf(node.name);
  if (node.table.empty()) {
    a = NotFound(*param);
    return std::nullopt;
  }
  return node;
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
  for (const auto* names : {&tables_, &columns_}) {
    for (const std::string& candidate : *names) {
      const size_t d = EditDistance(last, std::string_view(candidate).substr(candidate.rfind('.') + 1), limit);
      if (d <= limit) scored.emplace_back(d, candidate);
    }
  }
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
  const bool truncated = tables_.size() > static_cast<size_t>(limit);
  output::JsonOut j(a.body, false);
  j.BeginObject();
  j.Key("tables");
  j.Int(static_cast<int64_t>(tables_.size()));
  j.Key("truncated");
  j.Bool(truncated);
  EndWithData(a.body, truncated ? std::set<std::string>() : std::set<std::string>(tables_.begin(), tables_.end()));
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
  std::vector<NameSearch::Hit> hits = search_.Find(*q, static_cast<size_t>(limit) + 1);
  const bool truncated = hits.size() > static_cast<size_t>(limit);
  if (truncated) hits.pop_back();
  output::JsonOut j(a.body, false);
  j.BeginObject();
  j.Key("query");
  j.String(*q);
  j.Key("results");
  j.BeginArray();
  for (const NameSearch::Hit& h : hits) {
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
  const std::optional<NamedNode> node = Named(params, "name", a);
  if (!node) return a;
  const std::string& name = node->name;
  const std::string& table = node->table;
  output::JsonOut j(a.body, false);
  j.BeginObject();
  j.Key("name");
  j.String(name);
  j.Key("type");
  j.String(table == name ? "table" : "column");
  if (table == name) {
    j.Key("kind");
    j.String(graph::TableKindName(source_.KindOfTable(table)));
    j.Key("columns");
    j.BeginArray(true);
    for (const std::string& c : source_.ColumnsOf(table)) j.String(std::string_view(c).substr(table.size() + 1));
    j.EndArray();
  } else {
    j.Key("table");
    j.String(table);
  }
  EndWithData(a.body, {table});
  return a;
}

// {"name", "tables": [the node's table and those it shares a table link with], "data"}
ApiAnswer LineageApi::Neighbours(const std::map<std::string, std::string>& params) const {
  ApiAnswer a;
  const std::optional<NamedNode> node = Named(params, "name", a);
  if (!node) return a;
  const std::string& name = node->name;
  std::set<std::string> tables = {node->table};
  for (const graph::Direction d : {graph::Direction::Downstream, graph::Direction::Upstream})
    for (const graph::Link& l : source_.Links(graph::Level::Table, node->table, d, true, false))
      tables.insert(d == graph::Direction::Downstream ? l.target : l.source);
  output::JsonOut j(a.body, false);
  j.BeginObject();
  j.Key("name");
  j.String(name);
  j.Key("tables");
  j.StringArray({tables.begin(), tables.end()});
  EndWithData(a.body, tables);
  return a;
}

// {"start", "upstream": [...], "downstream": [...], "data"}: direction=upstream|downstream|both (default),
// depth=N, conditions=0|1. The data holds every table involved.
ApiAnswer LineageApi::Impact(const std::map<std::string, std::string>& params) const {
  ApiAnswer a;
  const std::optional<NamedNode> node = Named(params, "name", a);
  if (!node) return a;
  const std::string& start = node->name;
  const std::string& table = node->table;
  auto dir = params.find("direction");
  const std::string direction = dir == params.end() ? "both" : dir->second;
  if (direction != "both" && direction != "upstream" && direction != "downstream")
    return Error(400, Cat("parameter 'direction' must be upstream, downstream or both, got '", direction, "'"));
  int depth = -1;
  bool conditions = false;
  if (!IntParam(params, "depth", 0, 1'000'000, -1, depth, a) || !Conditions(params, conditions, a)) return a;
  std::vector<std::string> up, down;
  if (direction != "downstream") up = Reach(start, graph::Direction::Upstream, conditions, depth);
  if (direction != "upstream") down = Reach(start, graph::Direction::Downstream, conditions, depth);
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
  EndWithData(a.body, tables);
  return a;
}

// {"from", "to", "found", "paths": [[node, ...], ...], "truncated", "nodes", "data"}: the ways data flows from
// `from` to `to` (both tables or both columns; graph/paths.h, at most 100), the nodes they pass through, and
// the page data of their tables; conditions=0|1.
ApiAnswer LineageApi::Path(const std::map<std::string, std::string>& params) const {
  ApiAnswer a;
  const std::optional<NamedNode> from_node = Named(params, "from", a);
  if (!from_node) return a;
  const std::optional<NamedNode> to_node = Named(params, "to", a);
  if (!to_node) return a;
  const std::string &from = from_node->name, &to = to_node->name;
  if (IsTable(from) != IsTable(to)) return Error(400, "'from' and 'to' must both be tables or both be columns");
  bool conditions = false;
  if (!Conditions(params, conditions, a)) return a;
  const graph::Paths paths = graph::FindPaths(
      source_, from, to, graph::PathOptions{IsTable(from) ? graph::Level::Table : graph::Level::Column, conditions});
  std::set<std::string> nodes, tables;
  output::JsonOut j(a.body, false);
  j.BeginObject();
  j.Key("from");
  j.String(from);
  j.Key("to");
  j.String(to);
  j.Key("found");
  j.Bool(!paths.paths.empty());
  j.Key("paths");
  j.BeginArray();
  for (const std::vector<graph::PathHop>& path : paths.paths) {
    j.BeginArray(true);
    j.String(from);
    nodes.insert(from);
    for (const graph::PathHop& hop : path) {
      j.String(hop.to);
      nodes.insert(hop.to);
    }
    j.EndArray();
  }
  j.EndArray();
  j.Key("truncated");
  j.Bool(paths.truncated);
  j.Key("nodes");
  j.StringArray({nodes.begin(), nodes.end()});
  for (const std::string& n : nodes) tables.insert(TableOf(n));
  EndWithData(a.body, tables);
  return a;
}

}  // namespace hivelineage::view
