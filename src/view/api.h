// The JSON API of `hivelineage serve` (docs/viewer.md, "HTTP API"): what the
// page asks the server for when the warehouse is too big to send whole.
// Answers are read from a graph::LineageSource, the lineage queries' reading
// interface: the run's graph for PATHs, or a store's indexed tables for
// --store, where each answer reads only what it holds. They carry page data
// (page_builder.h) for the tables they involve, which the page merges into
// what it already has.
//
// Independent of HTTP: a request is a path and its query parameters, an
// answer a status and a JSON body, so the API is tested without a socket and
// the server (server.h) only moves bytes.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "graph/queries/lineage_source.h"
#include "view/name_search.h"

namespace hivelineage::view {

struct ApiAnswer {
  int status = 200;  // 200, or 400 (bad request), 404 (no such endpoint or node)
  std::string body;  // JSON; {"error": "..."} when status is not 200
};

class LineageApi {
 public:
  // `source` must outlive the API. `title` names the page. /api/graph sends
  // the whole lineage when it has at most `overview_limit` tables (unless
  // asked for another limit), else nothing: the page then starts from a search.
  LineageApi(const graph::LineageSource& source, std::string title, int overview_limit = 2000);

  // GET `path` (/api/graph, /api/search, /api/node, /api/neighbours,
  // /api/impact, /api/path) with `params`.
  ApiAnswer Get(std::string_view path, const std::map<std::string, std::string>& params) const;

  // Whether answering `path` reads the lineage source: every endpoint does but /api/search, which reads
  // only the names the API holds. A server whose source is not safe to read from two threads at once
  // (a store's) serializes those that do, and lets searches, the slowest answers, run beside them.
  static bool ReadsSource(std::string_view path) { return path != "/api/search"; }

  // The page's data when served: the title and "mode": "server", nothing else.
  std::string Bootstrap() const;

  size_t table_count() const { return tables_.size(); }

 private:
  ApiAnswer Graph(const std::map<std::string, std::string>& params) const;
  ApiAnswer SearchAnswer(const std::map<std::string, std::string>& params) const;
  ApiAnswer Node(const std::map<std::string, std::string>& params) const;
  ApiAnswer Neighbours(const std::map<std::string, std::string>& params) const;
  ApiAnswer Impact(const std::map<std::string, std::string>& params) const;
  ApiAnswer Path(const std::map<std::string, std::string>& params) const;
  // The table a node name belongs to (itself for a table); empty when it is no node.
  std::string TableOf(const std::string& name) const;
  bool IsTable(const std::string& name) const;
  // Every node `start` reaches going `direction`, sorted.
  std::vector<std::string> Reach(const std::string& start, graph::Direction direction, bool conditions,
                                 int depth) const;
  // Closes an answer whose members a compact JsonOut wrote (its object still open) with "data": the page
  // data of `tables`.
  void EndWithData(std::string& body, const std::set<std::string>& tables) const;
  ApiAnswer NotFound(const std::string& name) const;
  // The node a request names in parameter `key`, lower-cased, with its table; nullopt with `a` holding the
  // error when the parameter is missing or names no node.
  struct NamedNode {
    std::string name, table;
  };
  std::optional<NamedNode> Named(const std::map<std::string, std::string>& params, const std::string& key,
                                 ApiAnswer& a) const;

  const graph::LineageSource& source_;
  std::string title_;
  int overview_limit_;
  std::vector<std::string> tables_, columns_;  // every node, sorted, for search and "did you mean"
  NameSearch search_;                          // over tables_ and columns_
};

}  // namespace hivelineage::view
