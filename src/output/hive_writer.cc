#include "output/hive_writer.h"

#include <algorithm>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "base/md5.h"
#include "base/strings.h"
#include "output/buffered_json.h"

namespace hivelineage::output {
namespace {

// Whether Hive's LineageLogger hook writes a record for the statement: for
// the statements that run a query, and for any other with column lineage.
bool HookLogs(const StatementOutput& st) {
  if (!st.parsed) return false;
  switch (st.kind) {
    case StatementKind::Query:
    case StatementKind::Insert:
    case StatementKind::Ctas:
    case StatementKind::CreateView:
    case StatementKind::Merge:
    case StatementKind::Update:
    case StatementKind::Delete:
      return true;
    case StatementKind::Explain:
    // A sync job never runs in Hive, and its queryText would be the job's
    // text, credentials included (docs/systems.md).
    case StatementKind::Sync:
      return false;
    case StatementKind::Command:
    case StatementKind::CreateTable:
    case StatementKind::Use:
    case StatementKind::Drop:
    case StatementKind::Alter:
    case StatementKind::Truncate:
    case StatementKind::Load:
    case StatementKind::Export:
    case StatementKind::Import:
    case StatementKind::Other:
      return !st.lineage->columns.empty();
  }
  return false;
}

struct Vertex {
  std::string_view label;  // borrowed from the statement's lineage
  bool table = false;
  int id = -1;
};

struct Edge {
  std::vector<int> sources;  // vertex indices, first-seen order, unique
  std::vector<int> targets;
  const std::string* expression = nullptr;  // null: a plain column copy
  bool predicate = false;
};

class Graph {
 public:
  // `label` must outlive the graph (it is kept as a view, not copied).
  // Most statements have a handful of vertices: those are found by a scan,
  // and a hash index is built only once there are more.
  int VertexFor(std::string_view label, bool table) {
    const int next = static_cast<int>(vertices_.size());
    if (vertices_.size() < kScanned) {
      for (size_t i = 0; i < vertices_.size(); ++i)
        if (vertices_[i].table == table && vertices_[i].label == label) return static_cast<int>(i);
      vertices_.push_back(Vertex{label, table});
      return next;
    }
    if (index_.empty())
      for (size_t i = 0; i < vertices_.size(); ++i)
        index_.emplace(std::make_pair(vertices_[i].label, vertices_[i].table), static_cast<int>(i));
    auto [it, inserted] = index_.try_emplace(std::make_pair(label, table), next);
    if (inserted) vertices_.push_back(Vertex{label, table});
    return it->second;
  }

  static void AddUnique(std::vector<int>& v, int x) {
    if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
  }

  // Whether two lists of unique ids hold the same ids (compared without copies while short).
  static bool SameSet(const std::vector<int>& a, const std::vector<int>& b) {
    if (a.size() != b.size()) return false;
    if (a.size() <= kScanned) {
      for (int x : a)
        if (std::find(b.begin(), b.end(), x) == b.end()) return false;
      return true;
    }
    std::vector<int> sa = a, sb = b;
    std::sort(sa.begin(), sa.end());
    std::sort(sb.begin(), sb.end());
    return sa == sb;
  }

  static bool SameExpression(const std::string* a, const std::string* b) {
    if (a == nullptr || b == nullptr) return a == b;
    return *a == *b;
  }

  void AddProjection(int target, std::vector<int> sources, const std::string* expr) {
    for (Edge& e : edges_) {
      if (!e.predicate && SameExpression(e.expression, expr) && SameSet(e.sources, sources)) {
        AddUnique(e.targets, target);
        return;
      }
    }
    edges_.push_back(Edge{std::move(sources), {target}, expr, false});
  }

  void AddPredicate(std::vector<int> sources, std::vector<int> targets, const std::string* expr) {
    for (Edge& e : edges_) {
      if (e.predicate && SameExpression(e.expression, expr) && SameSet(e.targets, targets)) {
        for (int s : sources) AddUnique(e.sources, s);
        return;
      }
    }
    edges_.push_back(Edge{std::move(sources), std::move(targets), expr, true});
  }

  // Ids: every edge's targets first, then sources, in edge order.
  std::vector<int> NumberVertices() {
    std::vector<int> order;
    int next = 0;
    auto visit = [&](int v) {
      if (vertices_[static_cast<size_t>(v)].id >= 0) return;
      vertices_[static_cast<size_t>(v)].id = next++;
      order.push_back(v);
    };
    for (const Edge& e : edges_)
      for (int t : e.targets) visit(t);
    for (const Edge& e : edges_)
      for (int s : e.sources) visit(s);
    return order;
  }

  const std::vector<Edge>& edges() const { return edges_; }
  const Vertex& vertex(int i) const { return vertices_[static_cast<size_t>(i)]; }

 private:
  static constexpr size_t kScanned = 16;

  std::vector<Vertex> vertices_;
  absl::flat_hash_map<std::pair<std::string_view, bool>, int> index_;
  std::vector<Edge> edges_;
};

// Hive's LineageLogger records a PREDICATE edge for the conditions its
// filter and join operators evaluate: WHERE, JOIN ON and HAVING, and what Hive
// rewrites into a filter (QUALIFY; MERGE's WHEN ... AND conditions, which
// become the WHERE of an insert branch). GROUP BY keys, sort keys and a
// table function's PARTITION BY only route rows: it has no edge for them.
bool HiveLogsPredicate(lineage::Clause clause) {
  switch (clause) {
    case lineage::Clause::Where:
    case lineage::Clause::JoinOn:
    case lineage::Clause::Having:
    case lineage::Clause::Qualify:
    case lineage::Clause::MergeWhen:
      return true;
    case lineage::Clause::GroupBy:
    case lineage::Clause::Window:
    case lineage::Clause::Sort:
      return false;
  }
  return false;
}

// count(*) depends on whole tables: Hive records that as TABLE vertices.
bool CountsRows(const lineage::ColumnLineage& c) {
  if (!c.sources.empty() || c.type == lineage::ColumnLineage::Type::Simple) return false;
  return c.expression.size() >= 6 && EqualsIgnoreCase(std::string_view(c.expression).substr(0, 6), "count(");
}

}  // namespace

bool WriteHiveRecord(const FileOutput& file, const StatementOutput& st, std::string& out) {
  if (file.is_catalog || !HookLogs(st)) return false;
  const lineage::StatementLineage& lin = *st.lineage;
  Graph g;
  std::vector<int> all_targets;
  for (const lineage::ColumnLineage& c : lin.columns) {
    const int target = g.VertexFor(c.target, false);
    Graph::AddUnique(all_targets, target);
    std::vector<int> sources;
    for (const std::string& s : c.sources) Graph::AddUnique(sources, g.VertexFor(s, false));
    if (CountsRows(c))
      for (const std::string& t : lin.inputs) Graph::AddUnique(sources, g.VertexFor(t, true));
    const bool plain = c.type == lineage::ColumnLineage::Type::Simple || c.expression.empty();
    g.AddProjection(target, std::move(sources), plain ? nullptr : &c.expression);
  }
  for (const lineage::PredicateLineage& p : lin.predicates) {
    if (!HiveLogsPredicate(p.clause)) continue;
    std::vector<int> sources, targets;
    for (const std::string& s : p.sources) Graph::AddUnique(sources, g.VertexFor(s, false));
    for (const std::string& t : p.targets) Graph::AddUnique(targets, g.VertexFor(t, false));
    if (targets.empty()) targets = all_targets;
    g.AddPredicate(std::move(sources), std::move(targets), &p.expression);
  }
  const std::vector<int> order = g.NumberVertices();

  const std::string_view query = file.source->Slice(st.span);
  BufferedJson json(out, /*pretty=*/false);
  json.BeginObject();
  json.Key("version");
  json.String("1.0");
  json.Key("engine");
  json.String("hivelineage");
  json.Key("database");
  json.String(st.database);
  json.Key("hash");
  json.String(Md5Hex(query));
  json.Key("queryText");
  json.String(query);
  json.Key("edges");
  json.BeginArray();
  for (const Edge& e : g.edges()) {
    json.BeginObject();
    json.Key("sources");
    json.BeginArray();
    for (int s : e.sources) json.Int(g.vertex(s).id);
    json.EndArray();
    json.Key("targets");
    json.BeginArray();
    for (int t : e.targets) json.Int(g.vertex(t).id);
    json.EndArray();
    if (e.expression != nullptr) {
      json.Key("expression");
      json.String(*e.expression);
    }
    json.Key("edgeType");
    json.String(e.predicate ? "PREDICATE" : "PROJECTION");
    json.EndObject();
  }
  json.EndArray();
  json.Key("vertices");
  json.BeginArray();
  for (int v : order) {
    const Vertex& vx = g.vertex(v);
    json.BeginObject();
    json.Key("id");
    json.Int(vx.id);
    json.Key("vertexType");
    json.String(vx.table ? "TABLE" : "COLUMN");
    json.Key("vertexId");
    json.String(vx.label);
    json.EndObject();
  }
  json.EndArray();
  json.EndObject();
  return true;
}

namespace {

class HiveWriter : public Writer {
 public:
  void Statement(const FileOutput& file, const StatementOutput& st, std::string& text) const override {
    if (WriteHiveRecord(file, st, text)) text.push_back('\n');
  }
  void Begin(std::string&) override {}
  void End(std::string&) override {}

  void Piece(const FileOutput& file, std::string_view rendered, std::string& out) override {
    out.append(rendered);
    for (const StatementOutput& st : file.statements)
      if (WriteHiveRecord(file, st, out)) out.push_back('\n');
  }
};

}  // namespace

std::unique_ptr<Writer> MakeHiveWriter() { return std::make_unique<HiveWriter>(); }

}  // namespace hivelineage::output
