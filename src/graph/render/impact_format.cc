// Impact results as a text tree, as JSON, and as the subgraph the picture
// formats draw.
#include <algorithm>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_join.h"
#include "base/json_out.h"
#include "base/strings.h"
#include "graph/render/impact_format.h"
#include "graph/render/text.h"
#include "graph/render/text_tree.h"

namespace hivelineage::graph {
namespace {

const char* DirectionName(Direction d) { return d == Direction::Downstream ? "downstream" : "upstream"; }

// "nothing reads it" / "nothing feeds it".
const char* NothingReached(Direction d) { return d == Direction::Downstream ? "nothing reads it" : "nothing feeds it"; }

std::string NodeName(const Graph& g, const ImpactNode& n) {
  return n.is_table ? g.tables[n.id].name : g.columns[n.id].name;
}

std::string DescribeStep(const Graph& g, const Step& s, bool value) {
  std::string out = value ? Cat(s.possible ? "possible value " : "value ", g.Written(s).expression) : "table";
  Append(out, " (", g.statements[s.statement].file, ":", g.statements[s.statement].start.line, ", statement ",
         g.statements[s.statement].index, ")");
  return out;
}

// One line's worth: the hop's kind, expression and statement; every step of
// a bridged edge, with the (collapsed) nodes between them.
std::string DescribeHop(const Graph& g, const Hop& hop, Direction d) {
  if (hop.kind == HopKind::Condition) {
    const Condition& k = g.conditions[hop.index];
    const StatementInfo& st = g.statements[k.statement];
    std::string out = Cat("condition ", lineage::ClauseName(k.clause), " ", k.expression, " (", st.file, ":",
                          st.start.line, ", statement ", st.index, ")");
    if (!k.via.empty()) {
      out += " via";
      for (ColumnId c : k.via) Append(out, " ", g.columns[c].name);
    }
    return out;
  }
  const bool value = hop.kind == HopKind::Value;
  const Edge& e = (value ? g.edges : g.table_edges)[hop.index];
  auto node = [&](uint32_t id) { return value ? g.columns[id].name : g.tables[id].name; };
  std::string out;
  if (d == Direction::Downstream) {
    for (size_t i = 0; i < e.steps.size(); ++i) {
      if (i > 0) Append(out, " -> ", node(e.steps[i].source), " -> ");
      out += DescribeStep(g, e.steps[i], value);
    }
  } else {
    for (size_t i = e.steps.size(); i-- > 0;) {
      if (i + 1 < e.steps.size()) Append(out, " <- ", node(e.steps[i].target), " <- ");
      out += DescribeStep(g, e.steps[i], value);
    }
  }
  return out;
}

void PrintTree(const Graph& g, const ImpactResult& r, const ImpactTree& tree, std::string& out) {
  std::vector<std::vector<size_t>> children(tree.nodes.size());
  for (size_t i = 1; i < tree.nodes.size(); ++i) children[static_cast<size_t>(tree.nodes[i].parent)].push_back(i);
  Append(out, NodeName(g, tree.nodes[0]), "\n");
  WriteTextTree(
      children[0], [&](size_t node) -> const std::vector<size_t>& { return children[node]; },
      [&](size_t node, std::string& line) {
        const ImpactNode& n = tree.nodes[node];
        AppendDepthMark(n.depth, line);
        Append(line, NodeName(g, n), "  [", DescribeHop(g, n.hop, r.options.direction), "]\n");
      },
      [&](size_t node) { return tree.nodes[node].depth; }, out);
}

void WriteHopJson(output::JsonOut& j, const Graph& g, const Hop& hop) {
  auto where = [&](StatementId s) {
    const StatementInfo& st = g.statements[s];
    j.Key("file");
    j.String(st.file);
    j.Key("line");
    j.Int(st.start.line);
    j.Key("index");
    j.Int(st.index);
  };
  const bool value = hop.kind == HopKind::Value;
  auto name = [&](uint32_t id) -> const std::string& {
    return hop.kind == HopKind::Table ? g.tables[id].name : g.columns[id].name;
  };
  j.BeginObject(true);
  j.Key("kind");
  j.String(HopKindName(hop.kind));
  j.Key("source");
  j.String(name(hop.source));
  j.Key("target");
  j.String(name(hop.target));
  if (hop.kind == HopKind::Condition) {
    const Condition& k = g.conditions[hop.index];
    where(k.statement);
    j.Key("clause");
    j.String(lineage::ClauseName(k.clause));
    j.Key("expression");
    j.String(k.expression);
    if (!k.via.empty()) {
      j.Key("via");
      j.BeginArray();
      for (ColumnId c : k.via) j.String(g.columns[c].name);
      j.EndArray();
    }
    j.EndObject();
    return;
  }
  const Edge& e = (value ? g.edges : g.table_edges)[hop.index];
  where(e.statement());
  if (value) {
    j.Key("expression");
    j.String(g.Expression(e));
    j.Key("transform");
    j.String(lineage::DerivationName(g.EdgeDerivation(e)));
    if (g.Masking(e)) {
      j.Key("masking");
      j.Bool(true);
    }
    if (Graph::Possible(e)) {
      j.Key("possible");
      j.Bool(true);
    }
  }
  if (e.steps.size() > 1) {
    j.Key("steps");
    j.BeginArray();
    for (const Step& s : e.steps) {
      j.BeginObject();
      where(s.statement);
      j.Key("source");
      j.String(name(s.source));
      j.Key("target");
      j.String(name(s.target));
      if (value) {
        j.Key("expression");
        j.String(g.Written(s).expression);
      }
      j.EndObject();
    }
    j.EndArray();
  }
  j.EndObject();
}

}  // namespace

void WriteImpactText(const Graph& g, const ImpactResult& r, std::string& out) {
  const Direction d = r.options.direction;
  const bool down = d == Direction::Downstream;
  // "1 condition reads" / "2 conditions govern".
  auto conditions = [&](size_t n) {
    return Cat(n, n == 1 ? " condition " : " conditions ",
               down ? (n == 1 ? "reads" : "read") : (n == 1 ? "governs" : "govern"));
  };
  // At --level database the graph's "tables" are databases.
  const bool databases = r.options.level == Level::Database;
  const char* group = r.options.systems ? "system " : databases ? "database " : "table ";
  Append(out, DirectionName(d), " of ", !r.start_is_table ? "column " : group, r.start);
  if (r.options.max_depth >= 0) Append(out, " (depth <= ", r.options.max_depth, ")");
  if (r.options.with_conditions) out += " (with conditions)";
  if (r.ReachedNothing()) {
    if (r.conditions_not_followed > 0) {
      Append(out, ": ", down ? "nothing reads its value" : "nothing feeds its value", "; ",
             conditions(r.conditions_not_followed), r.start_is_table ? " its columns" : " it",
             " (--with-conditions follows ", r.conditions_not_followed == 1 ? "it)\n" : "them)\n");
    } else {
      Append(out, ": ", NothingReached(d));
      if (!r.in_graph) out += " (it is in the catalog; no statement names it)";
      out += "\n";
    }
    MakeValidUtf8(out);
    return;
  }
  out += "\n";
  PrintTree(g, r, r.trees[0], out);
  if (r.start_is_table && r.options.level == Level::Column) {
    // The table's columns: the trees of those that lead anywhere, then the others.
    std::vector<std::string> idle, conditions_only;
    bool any = false;
    for (size_t t = 1; t < r.trees.size(); ++t) {
      const ImpactTree& tree = r.trees[t];
      if (tree.nodes.size() == 1) {
        (tree.conditions_not_followed > 0 ? conditions_only : idle)
            .emplace_back(g.columns[tree.nodes[0].id].short_name());
        continue;
      }
      if (!any) out += "\ncolumns:\n";
      any = true;
      PrintTree(g, r, tree, out);
    }
    if (!any) out += "\ncolumns: none reached\n";
    if (!idle.empty())
      Append(out, "columns ", down ? "nothing reads" : "nothing feeds", ": ", absl::StrJoin(idle, ", "), "\n");
    if (!conditions_only.empty())
      Append(out, "columns only conditions ", down ? "read" : "govern", ": ", absl::StrJoin(conditions_only, ", "),
             " (--with-conditions follows them)\n");
    if (!r.columns.empty()) {
      out += "\ncolumns reached:\n";
      for (const ImpactResult::Reached& c : r.columns) {
        Append(out, "  ", g.columns[c.column].name, " (depth ", c.depth, ") from ");
        for (size_t i = 0; i < c.trees.size(); ++i)
          Append(out, i ? ", " : "", g.columns[r.trees[c.trees[i]].nodes[0].id].short_name());
        out += "\n";
      }
    }
  }
  out += r.options.systems ? "\nsystems:" : databases ? "\ndatabases:" : "\ntables:";
  if (r.tables.empty()) out += " none";
  out += "\n";
  for (const auto& [t, depth] : r.tables) Append(out, "  ", g.tables[t].name, " (depth ", depth, ")\n");
  if (!r.start_is_table && r.conditions_not_followed > 0)
    Append(out, "note: ", conditions(r.conditions_not_followed), " it; --with-conditions follows ",
           r.conditions_not_followed == 1 ? "it\n" : "them\n");
  // Expressions come from the input: keep the output valid UTF-8.
  MakeValidUtf8(out);
}

void WriteImpactJson(const Graph& g, const ImpactResult& r, std::string& out) {
  output::JsonOut j(out, true);
  j.BeginObject();
  j.Key("start");
  j.String(r.start);
  j.Key("type");
  const char* table_type = r.options.systems ? "system" : r.options.level == Level::Database ? "database" : "table";
  j.String(r.start_is_table ? table_type : "column");
  j.Key("direction");
  j.String(DirectionName(r.options.direction));
  j.Key("with_conditions");
  j.Bool(r.options.with_conditions);
  if (r.options.max_depth >= 0) {
    j.Key("max_depth");
    j.Int(r.options.max_depth);
  }
  j.Key("found_in");
  j.String(r.in_graph ? "scripts" : "catalog");
  if (r.ReachedNothing()) {
    j.Key("summary");
    j.String(NothingReached(r.options.direction));
  }
  if (!r.options.with_conditions) {
    j.Key("conditions_not_followed");
    j.Int(static_cast<int64_t>(r.conditions_not_followed));
  }
  j.Key("nodes");
  j.BeginArray();
  for (const ImpactTree& tree : r.trees) {
    const std::string root = NodeName(g, tree.nodes[0]);
    for (const ImpactNode& n : tree.nodes) {
      j.BeginObject();
      j.Key("name");
      j.String(NodeName(g, n));
      j.Key("type");
      j.String(n.is_table ? table_type : "column");
      j.Key("depth");
      j.Int(n.depth);
      j.Key("root");
      j.String(root);
      if (n.parent >= 0) {
        j.Key("from");
        j.String(NodeName(g, tree.nodes[static_cast<size_t>(n.parent)]));
        j.Key("hop");
        WriteHopJson(j, g, n.hop);
      }
      j.EndObject();
    }
  }
  j.EndArray();
  j.Key("columns");
  j.BeginArray();
  for (const ImpactResult::Reached& c : r.columns) {
    j.BeginObject(true);
    j.Key("name");
    j.String(g.columns[c.column].name);
    j.Key("depth");
    j.Int(c.depth);
    j.Key("from");
    j.BeginArray();
    for (uint32_t t : c.trees) j.String(NodeName(g, r.trees[t].nodes[0]));
    j.EndArray();
    j.EndObject();
  }
  j.EndArray();
  j.Key("tables");
  j.BeginArray();
  for (const auto& [t, depth] : r.tables) {
    j.BeginObject(true);
    j.Key("name");
    j.String(g.tables[t].name);
    j.Key("depth");
    j.Int(depth);
    j.EndObject();
  }
  j.EndArray();
  j.EndObject();
  out += '\n';
}

Graph ImpactSubgraph(const Graph& g, const ImpactResult& r) {
  // What the walk used, in the graph's ids.
  std::vector<TableId> tables;
  std::vector<ColumnId> columns;
  std::vector<uint32_t> edges, table_edges;
  absl::flat_hash_map<uint32_t, std::pair<std::vector<ColumnId>, std::vector<ColumnId>>> conditions;
  for (const ImpactTree& tree : r.trees) {
    for (const ImpactNode& n : tree.nodes) {
      (n.is_table ? tables : columns).push_back(n.id);
      if (n.parent < 0) continue;
      switch (n.hop.kind) {
        case HopKind::Value:
          edges.push_back(n.hop.index);
          break;
        case HopKind::Table:
          table_edges.push_back(n.hop.index);
          break;
        case HopKind::Condition: {
          auto& [reads, governs] = conditions[n.hop.index];
          reads.push_back(n.hop.source);
          governs.push_back(n.hop.target);
          break;
        }
      }
    }
  }
  auto unique = [](std::vector<uint32_t>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
  };
  unique(edges);
  unique(table_edges);
  std::vector<StatementId> statements;
  for (uint32_t e : edges)
    for (const Step& s : g.edges[e].steps) {
      statements.push_back(s.statement);
      columns.push_back(s.source);  // a bridged edge's steps name collapsed columns too
      columns.push_back(s.target);
    }
  for (uint32_t e : table_edges)
    for (const Step& s : g.table_edges[e].steps) {
      statements.push_back(s.statement);
      tables.push_back(s.source);
      tables.push_back(s.target);
    }
  std::vector<uint32_t> condition_ids;
  for (auto& [k, used] : conditions) {
    condition_ids.push_back(k);
    statements.push_back(g.conditions[k].statement);
    for (ColumnId c : g.conditions[k].via) columns.push_back(c);
  }
  unique(columns);
  for (ColumnId c : columns) tables.push_back(g.columns[c].table);
  unique(tables);
  unique(statements);
  unique(condition_ids);

  // The subgraph keeps the graph's order, so new ids are positions in these lists.
  auto new_id = [](const std::vector<uint32_t>& ids, uint32_t old) {
    return static_cast<uint32_t>(std::lower_bound(ids.begin(), ids.end(), old) - ids.begin());
  };
  auto new_ids = [&](const std::vector<uint32_t>& ids, const std::vector<uint32_t>& old) {
    std::vector<uint32_t> out;
    for (uint32_t id : old)
      if (std::binary_search(ids.begin(), ids.end(), id)) out.push_back(new_id(ids, id));
    return out;
  };
  Graph sub;
  for (TableId t : tables) {
    TableNode n = g.tables[t];
    n.columns = new_ids(columns, n.columns);
    sub.tables.push_back(std::move(n));
  }
  for (ColumnId c : columns) {
    ColumnNode n = g.columns[c];
    n.table = new_id(tables, n.table);
    sub.columns.push_back(std::move(n));
  }
  // Statements keep the written columns the edges' steps name, renumbered.
  absl::flat_hash_map<uint64_t, uint32_t> written;  // (statement << 32 | old index) -> new index
  for (StatementId s : statements) {
    StatementInfo st = g.statements[s];
    st.inputs = new_ids(tables, st.inputs);
    st.outputs = new_ids(tables, st.outputs);
    st.written.clear();
    sub.statements.push_back(std::move(st));
  }
  auto copy_edge = [&](const Edge& e, bool value) {
    const std::vector<uint32_t>& nodes = value ? columns : tables;
    Edge out{new_id(nodes, e.source), new_id(nodes, e.target), {}};
    out.steps.clear();
    for (const Step& s : e.steps) {
      Step step{new_id(statements, s.statement), new_id(nodes, s.source), new_id(nodes, s.target), kNone};
      if (value) {
        auto [it, inserted] = written.try_emplace((uint64_t{s.statement} << 32) | s.written, 0);
        if (inserted) {
          WrittenColumn w = g.Written(s);
          w.column = new_id(columns, w.column);
          std::erase_if(w.masked,
                        [&](const auto& m) { return !std::binary_search(columns.begin(), columns.end(), m.first); });
          for (auto& m : w.masked) m.first = new_id(columns, m.first);
          it->second = static_cast<uint32_t>(sub.statements[step.statement].written.size());
          sub.statements[step.statement].written.push_back(std::move(w));
        }
        step.written = it->second;
      }
      out.steps.push_back(step);
    }
    return out;
  };
  for (uint32_t e : edges) sub.edges.push_back(copy_edge(g.edges[e], true));
  for (uint32_t e : table_edges) sub.table_edges.push_back(copy_edge(g.table_edges[e], false));
  for (uint32_t k : condition_ids) {
    auto& [reads, governs] = conditions[k];
    unique(reads);
    unique(governs);
    Condition c = g.conditions[k];
    c.statement = new_id(statements, c.statement);
    c.columns = new_ids(columns, reads);
    c.all_targets = false;  // only what the walk went to
    c.targets = new_ids(columns, governs);
    c.via = new_ids(columns, c.via);
    sub.conditions.push_back(std::move(c));
  }
  sub.SortEdges();
  return sub;
}

}  // namespace hivelineage::graph
