#include "view/page_builder.h"

#include <algorithm>

#include "base/json_out.h"

namespace hivelineage::view {

void PageBuilder::AddTable(const std::string& name, std::string_view kind, const std::vector<std::string>& columns) {
  auto [it, added] = tables_.try_emplace(name);
  if (added) it->second.kind = std::string(kind);
  for (const std::string& c : columns) {
    if (columns_.try_emplace(name + "." + c, Column{name, c}).second) it->second.columns.push_back(c);
  }
  std::sort(it->second.columns.begin(), it->second.columns.end());
}

const PageBuilder::Column* PageBuilder::FindColumn(const std::string& name) const {
  auto it = columns_.find(name);
  return it == columns_.end() ? nullptr : &it->second;
}

int PageBuilder::StatementId(const Statement& s) {
  auto [it, added] = statement_ids_.try_emplace({s.file, s.index}, static_cast<int>(statements_.size()));
  if (added) statements_.push_back(s);
  return it->second;
}

int PageBuilder::ExpressionId(const std::string& e) {
  auto [it, added] = expression_ids_.try_emplace(e, static_cast<int>(expressions_.size()));
  if (added) expressions_.push_back(&it->first);
  return it->second;
}

void PageBuilder::AddValue(const std::string& source, const std::string& target, const std::vector<Step>& way) {
  if (!FindColumn(source) || !FindColumn(target) || way.empty()) return;
  std::vector<WayStep> steps;
  for (size_t i = 0; i < way.size(); ++i)
    steps.emplace_back(StatementId(way[i].statement), ExpressionId(way[i].expression),
                       i + 1 < way.size() ? way[i].via : std::string());
  std::vector<std::vector<WayStep>>& ways = values_[{source, target}];
  if (std::find(ways.begin(), ways.end(), steps) == ways.end()) ways.push_back(std::move(steps));
}

void PageBuilder::AddCondition(const Statement& statement, lineage::Clause clause, const std::string& expression,
                               const std::vector<std::string>& columns, const std::vector<std::string>& targets) {
  std::vector<const std::string*> reads, governs;
  for (const std::string& c : columns)
    if (FindColumn(c)) reads.push_back(&c);
  for (const std::string& c : targets)
    if (FindColumn(c)) governs.push_back(&c);
  if (reads.empty() || governs.empty()) return;
  const auto key = std::make_tuple(StatementId(statement), clause, ExpressionId(expression));
  auto [it, added] = condition_ids_.try_emplace(key, conditions_.size());
  if (added) conditions_.push_back(Condition{std::get<0>(key), clause, std::get<2>(key), {}, {}});
  Condition& c = conditions_[it->second];
  for (const std::string* r : reads) c.columns.insert(*r);
  for (const std::string* g : governs) c.targets.insert(*g);
}

void PageBuilder::AddTableEdge(const std::string& source, const std::string& target, const Statement& statement) {
  if (!HasTable(source) || !HasTable(target)) return;
  table_edges_[{source, target}].insert(StatementId(statement));
}

void PageBuilder::Write(const std::string& title, const std::optional<Focus>& focus, std::string& out) const {
  std::map<std::string, int> table_index;
  for (const auto& [name, t] : tables_) table_index.emplace(name, static_cast<int>(table_index.size()));
  output::JsonOut j(out, false);
  WritePageDataHead(j, title);
  auto column = [&](const std::string& name) {
    const Column& c = columns_.at(name);
    j.BeginArray();
    j.Int(table_index.at(c.table));
    j.String(c.name);
    j.EndArray();
  };
  // "tables": [[name, kind, [column, ...]], ...], sorted by name.
  j.Key("tables");
  j.BeginArray();
  for (const auto& [name, t] : tables_) {
    j.BeginArray();
    j.String(name);
    j.String(t.kind);
    j.StringArray(t.columns);
    j.EndArray();
  }
  j.EndArray();
  // "edges": [[source table, source column, target table, target column, [way, ...]], ...]: one entry per
  // column pair; a way is the statements that carry the value, each [statement, expression], and but for
  // the last the intermediate column it writes.
  j.Key("edges");
  j.BeginArray();
  for (const auto& [ends, ways] : values_) {
    const Column &s = columns_.at(ends.first), &t = columns_.at(ends.second);
    j.BeginArray();
    j.Int(table_index.at(s.table));
    j.String(s.name);
    j.Int(table_index.at(t.table));
    j.String(t.name);
    j.BeginArray();
    for (const std::vector<WayStep>& way : ways) {
      j.BeginArray();
      for (const auto& [statement, expression, via] : way) {
        j.BeginArray();
        j.Int(statement);
        j.Int(expression);
        if (!via.empty()) j.String(via);
        j.EndArray();
      }
      j.EndArray();
    }
    j.EndArray();
    j.EndArray();
  }
  j.EndArray();
  // "conditions": [[statement, clause, expression, [column, ...], [governed column, ...]], ...], each
  // column [table, column].
  j.Key("conditions");
  j.BeginArray();
  for (const Condition& c : conditions_) {
    j.BeginArray();
    j.Int(c.statement);
    j.String(lineage::ClauseName(c.clause));
    j.Int(c.expression);
    for (const auto* names : {&c.columns, &c.targets}) {
      j.BeginArray();
      for (const std::string& n : *names) column(n);
      j.EndArray();
    }
    j.EndArray();
  }
  j.EndArray();
  // "table_edges": [[source table, target table, [statement, ...]], ...]
  j.Key("table_edges");
  j.BeginArray();
  for (const auto& [ends, statements] : table_edges_) {
    j.BeginArray();
    j.Int(table_index.at(ends.first));
    j.Int(table_index.at(ends.second));
    j.BeginArray();
    for (int s : statements) j.Int(s);
    j.EndArray();
    j.EndArray();
  }
  j.EndArray();
  j.Key("expressions");
  j.BeginArray();
  for (const std::string* e : expressions_) j.String(*e);
  j.EndArray();
  // "statements": [[file, line, column, index, kind], ...]; "files": [name, ...].
  std::map<std::string, int> file_index;
  std::vector<const std::string*> files;
  j.Key("statements");
  j.BeginArray();
  for (const Statement& s : statements_) {
    auto [it, added] = file_index.try_emplace(s.file, static_cast<int>(files.size()));
    if (added) files.push_back(&it->first);
    j.BeginArray();
    j.Int(it->second);
    j.Int(s.line);
    j.Int(s.column);
    j.Int(s.index);
    j.String(StatementKindName(s.kind));
    j.EndArray();
  }
  j.EndArray();
  j.Key("files");
  j.BeginArray();
  for (const std::string* f : files) j.String(*f);
  j.EndArray();
  if (focus) {
    j.Key("focus");
    j.BeginObject();
    j.Key("start");
    j.String(focus->start);
    j.Key("highlight");
    j.StringArray(focus->highlight);
    j.Key("direction");
    j.String(focus->direction);
    j.Key("title");
    j.String(focus->title);
    j.EndObject();
  }
  j.EndObject();
}

}  // namespace hivelineage::view
