#include "checks/recompute.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <tuple>

#include "absl/strings/str_join.h"
#include "base/strings.h"
#include "checks/expression_key.h"

namespace hivelineage::checks {
namespace {

// One column written by one statement.
struct Written {
  Computation c;
  std::set<std::string> sources;
  std::set<std::string> conditions;
  bool copy = true;  // every value link an identity
  std::string signature;
};

std::tuple<std::string, uint32_t, std::string> Place(const Computation& c) {
  return {c.statement.file, c.statement.index, c.column};
}

}  // namespace

RecomputeReport CheckRecompute(const graph::LineageSource& source) {
  RecomputeReport report;
  const std::vector<std::string> columns = source.Nodes(graph::Level::Column);
  const auto values = source.LinksOfEach(graph::Level::Column, columns, graph::Direction::Upstream, true, false);
  const auto conditions = source.LinksOfEach(graph::Level::Column, columns, graph::Direction::Upstream, false, true);
  std::map<std::pair<std::string, int64_t>, Written> written;  // (column, statement's run order)
  for (size_t i = 0; i < columns.size(); ++i) {
    for (const graph::Link& l : values[i]) {
      if (l.kind != graph::LinkKind::Value) continue;
      Written& w = written[{l.target, l.statement.order}];
      w.c.column = l.target;
      w.c.table = std::string(l.target_table);
      w.c.expression = l.expression;
      w.c.statement = l.statement;
      w.sources.insert(l.source);
      w.copy = w.copy && l.derivation == lineage::Derivation::Identity;
    }
    for (const graph::Link& l : conditions[i]) {
      if (l.kind != graph::LinkKind::Condition) continue;
      auto it = written.find({l.target, l.statement.order});
      if (it != written.end())
        it->second.conditions.insert(Cat(lineage::ClauseName(l.clause), ": ", ExpressionKey(l.expression)));
    }
  }
  std::map<std::string, std::vector<const Written*>> by_signature;
  std::map<std::string, std::set<std::string>> table_signatures;  // table -> its columns' signatures
  std::map<std::string, std::set<std::string>> table_columns;
  for (auto& [key, w] : written) {
    w.signature =
        Cat(ExpressionKey(w.c.expression), "\n", absl::StrJoin(w.sources, ","), "\n", absl::StrJoin(w.conditions, ";"));
    by_signature[w.signature].push_back(&w);
    table_signatures[w.c.table].insert(w.signature);
    table_columns[w.c.table].insert(w.c.column);
  }
  report.computations = written.size();
  for (auto& [signature, members] : by_signature) {
    std::set<std::string> statements, scripts;
    for (const Written* w : members) {
      statements.insert(Cat(w->c.statement.file, "#", w->c.statement.index));
      scripts.insert(w->c.statement.file);
    }
    if (statements.size() < 2 || members.front()->copy) continue;
    RecomputeGroup g;
    g.key = ExpressionKey(members.front()->c.expression);
    g.sources.assign(members.front()->sources.begin(), members.front()->sources.end());
    g.conditions.assign(members.front()->conditions.begin(), members.front()->conditions.end());
    for (const Written* w : members) g.members.push_back(w->c);
    std::sort(g.members.begin(), g.members.end(),
              [](const Computation& a, const Computation& b) { return Place(a) < Place(b); });
    g.scripts = scripts.size();
    report.groups.push_back(std::move(g));
  }
  std::sort(report.groups.begin(), report.groups.end(), [](const RecomputeGroup& a, const RecomputeGroup& b) {
    return Place(a.members.front()) < Place(b.members.front());
  });
  // Tables whose every column's computation another table has too.
  for (const auto& [table, sigs] : table_signatures) {
    for (const auto& [other, other_sigs] : table_signatures) {
      if (other == table) continue;
      // Two tables computed alike throughout: the later name repeats the earlier one, said once.
      if (sigs == other_sigs && table < other) continue;
      if (std::includes(other_sigs.begin(), other_sigs.end(), sigs.begin(), sigs.end())) {
        report.tables.push_back(DuplicateTable{table, other, table_columns[table].size()});
        break;
      }
    }
  }
  return report;
}

namespace {

std::string Reads(const RecomputeReport& r, const std::string& table) {
  if (!r.has_usage) return "";
  auto it = r.reads.find(table);
  const uint64_t n = it == r.reads.end() ? 0 : it->second;
  return Cat("  (read ", n, n == 1 ? " time)" : " times)");
}

}  // namespace

void WriteRecomputeText(const RecomputeReport& report, std::string& out) {
  size_t columns = 0;
  for (const RecomputeGroup& g : report.groups) columns += g.members.size();
  Append(out, "check recompute: ", report.computations, " computed columns compared; ", report.groups.size(),
         " computed more than once (", columns, " columns); ", report.tables.size(), " tables repeat another\n");
  size_t n = 0;
  for (const RecomputeGroup& g : report.groups) {
    Append(out, "\n", ++n, ". ", g.key, "  over ", absl::StrJoin(g.sources, ", "), "\n");
    for (const std::string& c : g.conditions) Append(out, "   ", c, "\n");
    Append(out, "   computed ", g.members.size(), " times in ", g.scripts,
           g.scripts == 1 ? " script:\n" : " scripts:\n");
    for (const Computation& c : g.members)
      Append(out, "     ", c.column, "  = ", c.expression, "  at ", c.statement.file, ":", c.statement.line,
             Reads(report, c.table), "\n");
  }
  if (!report.tables.empty()) {
    out += "\ntables whose columns another table computes alike:\n";
    for (const DuplicateTable& t : report.tables)
      Append(out, "  ", t.table, Reads(report, t.table), "  repeats ", t.of, Reads(report, t.of), "\n");
  }
}

void WriteRecomputeJson(const RecomputeReport& report, std::string& out) {
  nlohmann::ordered_json j;
  j["summary"] = {
      {"computations", report.computations}, {"groups", report.groups.size()}, {"tables", report.tables.size()}};
  auto reads = [&](const std::string& table) -> nlohmann::ordered_json {
    if (!report.has_usage) return nullptr;
    auto it = report.reads.find(table);
    return it == report.reads.end() ? 0 : it->second;
  };
  j["groups"] = nlohmann::ordered_json::array();
  for (const RecomputeGroup& g : report.groups) {
    nlohmann::ordered_json members = nlohmann::ordered_json::array();
    for (const Computation& c : g.members)
      members.push_back({{"column", c.column},
                         {"expression", c.expression},
                         {"file", c.statement.file},
                         {"line", c.statement.line},
                         {"statement", c.statement.index},
                         {"table_reads", reads(c.table)}});
    j["groups"].push_back({{"expression", g.key},
                           {"sources", g.sources},
                           {"conditions", g.conditions},
                           {"scripts", g.scripts},
                           {"members", members}});
  }
  j["tables"] = nlohmann::ordered_json::array();
  for (const DuplicateTable& t : report.tables)
    j["tables"].push_back({{"table", t.table},
                           {"repeats", t.of},
                           {"columns", t.columns},
                           {"reads", reads(t.table)},
                           {"repeated_reads", reads(t.of)}});
  out += j.dump(2);
  out += "\n";
}

}  // namespace hivelineage::checks
