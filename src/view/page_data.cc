#include "view/page_data.h"

#include <map>

#include "output/json_out.h"

namespace hivelineage::view {
namespace {

// Numbers strings in order of first use, for the document's string tables.
class Interner {
 public:
  int Id(const std::string& s) {
    auto [it, added] = ids_.try_emplace(s, static_cast<int>(order_.size()));
    if (added) order_.push_back(&it->first);
    return it->second;
  }
  void Write(output::JsonOut& j) const {
    j.BeginArray();
    for (const std::string* s : order_) j.String(*s);
    j.EndArray();
  }

 private:
  std::map<std::string, int> ids_;
  std::vector<const std::string*> order_;
};

constexpr int kLeftOut = -1;

// The members every page data document starts with (its object open).
void WriteHead(output::JsonOut& j, const std::string& title) {
  j.BeginObject();
  j.Key("format");
  j.String("hivelineage-page");
  j.Key("version");
  j.Int(1);
  j.Key("title");
  j.String(title);
}

// Writes the document; statements, expressions and files are numbered as they are first used.
class PageWriter {
 public:
  PageWriter(const graph::Graph& g, const PageData& data) : g_(g), data_(data), page_table_(g.tables.size(), kLeftOut) {
    int next = 0;
    for (graph::TableId t = 0; t < g.tables.size(); ++t) {
      const graph::TableNode& node = g.tables[t];
      if (!node.collapsed && (!data.only_tables || data.only_tables->contains(node.name))) page_table_[t] = next++;
    }
  }

  // Statements, files and expressions come last: the sections before them decide which are listed.
  void Write(std::string& out) {
    output::JsonOut j(out, false);
    WriteHead(j, data_.title);
    j.Key("tables");
    j.BeginArray();
    for (graph::TableId t = 0; t < g_.tables.size(); ++t) {
      if (page_table_[t] == kLeftOut) continue;
      const graph::TableNode& node = g_.tables[t];
      j.BeginArray();
      j.String(node.name);
      j.String(graph::TableKindName(node.kind));
      j.BeginArray(true);
      for (graph::ColumnId c : node.columns) j.String(g_.columns[c].short_name());
      j.EndArray();
      j.EndArray();
    }
    j.EndArray();
    WriteColumnEdges(j);
    WriteConditions(j);
    WriteTableEdges(j);
    j.Key("expressions");
    expressions_.Write(j);
    j.Key("statements");
    j.BeginArray();
    for (graph::StatementId id : statement_order_) {
      const graph::StatementInfo& st = g_.statements[id];
      j.BeginArray();
      j.Int(files_.Id(st.file));
      j.Int(st.start.line);
      j.Int(st.start.column);
      j.Int(st.index);
      j.String(st.kind);
      j.EndArray();
    }
    j.EndArray();
    j.Key("files");
    files_.Write(j);
    if (data_.focus) WriteFocus(j, *data_.focus);
    j.EndObject();
  }

 private:
  // The column's table's place in the document, or kLeftOut.
  int TableOf(graph::ColumnId c) const { return page_table_[g_.columns[c].table]; }

  void Column(output::JsonOut& j, graph::ColumnId c) const {
    j.Int(TableOf(c));
    j.String(g_.columns[c].short_name());
  }

  int Statement(graph::StatementId id) {
    auto [it, added] = statement_ids_.try_emplace(id, static_cast<int>(statement_order_.size()));
    if (added) statement_order_.push_back(id);
    return it->second;
  }

  // "edges": [[source table, source column, target table, target column, [way, ...]], ...]: one entry per
  // column pair; each way is the list of statements (steps) that carries the value, each step
  // [statement, expression] plus, but for the last, the intermediate column it wrote.
  void WriteColumnEdges(output::JsonOut& j) {
    j.Key("edges");
    j.BeginArray();
    for (size_t i = 0; i < g_.edges.size();) {
      const graph::Edge& e = g_.edges[i];
      size_t end = i;
      while (end < g_.edges.size() && g_.edges[end].source == e.source && g_.edges[end].target == e.target) ++end;
      if (TableOf(e.source) != kLeftOut && TableOf(e.target) != kLeftOut) {
        j.BeginArray();
        Column(j, e.source);
        Column(j, e.target);
        j.BeginArray();
        for (size_t k = i; k < end; ++k) {
          const graph::Edge& way = g_.edges[k];
          j.BeginArray();
          for (size_t s = 0; s < way.steps.size(); ++s) {
            const graph::Step& step = way.steps[s];
            j.BeginArray();
            j.Int(Statement(step.statement));
            j.Int(expressions_.Id(g_.Written(step).expression));
            if (s + 1 < way.steps.size()) j.String(g_.columns[step.target].name);
            j.EndArray();
          }
          j.EndArray();
        }
        j.EndArray();
        j.EndArray();
      }
      i = end;
    }
    j.EndArray();
  }

  // "conditions": [[statement, clause, expression, [[table, column], ...], [[table, column], ...]], ...]: each
  // condition once, with the columns it reads and the written columns it governs (those it decides the rows
  // of), as many of both as are in the listed tables.
  void WriteConditions(output::JsonOut& j) {
    j.Key("conditions");
    j.BeginArray();
    auto listed = [&](const std::vector<graph::ColumnId>& ids) {
      std::vector<graph::ColumnId> out;
      for (graph::ColumnId c : ids)
        if (TableOf(c) != kLeftOut) out.push_back(c);
      return out;
    };
    auto write_columns = [&](const std::vector<graph::ColumnId>& ids) {
      j.BeginArray();
      for (graph::ColumnId c : ids) {
        j.BeginArray();
        Column(j, c);
        j.EndArray();
      }
      j.EndArray();
    };
    for (const graph::Condition& c : g_.conditions) {
      const std::vector<graph::ColumnId> columns = listed(c.columns), targets = listed(g_.Targets(c));
      if (columns.empty() || targets.empty()) continue;
      j.BeginArray();
      j.Int(Statement(c.statement));
      j.String(lineage::ClauseName(c.clause));
      j.Int(expressions_.Id(c.expression));
      write_columns(columns);
      write_columns(targets);
      j.EndArray();
    }
    j.EndArray();
  }

  // "table_edges": [[source table, target table, [statement, ...]], ...]: one entry per table pair.
  void WriteTableEdges(output::JsonOut& j) {
    std::map<std::pair<int, int>, std::vector<int>> pairs;
    for (const graph::Edge& e : g_.table_edges) {
      const int s = page_table_[e.source], t = page_table_[e.target];
      if (s == kLeftOut || t == kLeftOut) continue;
      std::vector<int>& statements = pairs[{s, t}];
      for (const graph::Step& step : e.steps) statements.push_back(Statement(step.statement));
    }
    j.Key("table_edges");
    j.BeginArray();
    for (auto& [pair, statements] : pairs) {
      std::sort(statements.begin(), statements.end());
      statements.erase(std::unique(statements.begin(), statements.end()), statements.end());
      j.BeginArray();
      j.Int(pair.first);
      j.Int(pair.second);
      j.BeginArray();
      for (int s : statements) j.Int(s);
      j.EndArray();
      j.EndArray();
    }
    j.EndArray();
  }

  static void WriteFocus(output::JsonOut& j, const Focus& f) {
    j.Key("focus");
    j.BeginObject();
    j.Key("start");
    j.String(f.start);
    j.Key("highlight");
    j.StringArray(f.highlight);
    j.Key("direction");
    j.String(f.direction);
    j.Key("title");
    j.String(f.title);
    j.EndObject();
  }

  const graph::Graph& g_;
  const PageData& data_;
  std::vector<int> page_table_;  // by TableId: its place in the document, or kLeftOut
  std::map<graph::StatementId, int> statement_ids_;
  std::vector<graph::StatementId> statement_order_;
  Interner expressions_, files_;
};

}  // namespace

void WritePageData(const graph::Graph& graph, const PageData& data, std::string& out) {
  PageWriter(graph, data).Write(out);
}

void WriteServedPageData(const std::string& title, std::string& out) {
  output::JsonOut j(out, false);
  WriteHead(j, title);
  j.Key("mode");
  j.String("server");
  j.EndObject();
}

}  // namespace hivelineage::view
