#include "checks/domains.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "absl/strings/str_join.h"
#include "base/strings.h"
#include "checks/record_file.h"

namespace hivelineage::checks {
namespace {

std::string RuleName(const PatternTable<std::vector<std::string>>::Rule& r) {
  return Cat(r.pattern.text(), " (", r.origin, ")");
}

bool Contains(const std::vector<std::string>& sorted, const std::string& s) {
  return std::binary_search(sorted.begin(), sorted.end(), s);
}

}  // namespace

bool LoadDomains(const std::string& path, DomainRules& rules, std::vector<std::string>& errors) {
  RecordFile file;
  std::string error;
  if (!ReadRecordFile(path, "domains", file, error)) {
    errors.push_back(error);
    return false;
  }
  const size_t before = errors.size();
  for (const Record& r : file.records) {
    const std::string table = FieldString(r, "table");
    std::vector<std::string> domains = FieldList(r, "domain");
    for (std::string& d : FieldList(r, "domains")) domains.push_back(std::move(d));
    for (std::string& d : domains) d = ToLower(d);
    std::sort(domains.begin(), domains.end());
    domains.erase(std::unique(domains.begin(), domains.end()), domains.end());
    if (table.empty() || domains.empty()) {
      errors.push_back(Cat(r.origin, ": a domain rule needs a table pattern and a domain"));
      continue;
    }
    rules.tables.Add(NamePattern(table), std::move(domains), r.origin);
  }
  return errors.size() == before;
}

std::vector<TableFlow> TableValueFlows(const graph::LineageSource& source) {
  const std::vector<std::string> columns = source.Nodes(graph::Level::Column);
  const std::vector<std::vector<graph::Link>> links =
      source.LinksOfEach(graph::Level::Column, columns, graph::Direction::Upstream, true, false);
  std::map<std::pair<std::string, std::string>, graph::StatementRef> first;
  for (const std::vector<graph::Link>& of_column : links)
    for (const graph::Link& l : of_column) {
      if (l.kind != graph::LinkKind::Value || l.source_table == l.target_table) continue;
      auto [it, added] = first.try_emplace({std::string(l.source_table), std::string(l.target_table)}, l.statement);
      if (!added && l.statement.order < it->second.order) it->second = l.statement;
    }
  std::vector<TableFlow> out;
  for (auto& [ends, statement] : first) out.push_back(TableFlow{ends.first, ends.second, statement});
  return out;
}

DomainsReport BuildDomains(const graph::LineageSource& source, const DomainRules& rules) {
  DomainsReport report;
  const std::vector<std::string> tables = source.Nodes(graph::Level::Table);
  const std::vector<TableFlow> flows = TableValueFlows(source);
  std::map<std::string, std::vector<std::string>> inputs;  // target -> sources (sorted: flows are)
  for (const TableFlow& f : flows) inputs[f.target].push_back(f.source);

  std::set<std::string> all_domains;
  for (const auto& r : rules.tables.rules()) all_domains.insert(r.value.begin(), r.value.end());
  report.domains.assign(all_domains.begin(), all_domains.end());

  // Own domains, and rules that overlap on a table.
  std::map<std::string, DomainTable> by_name;
  std::set<const void*> used;
  std::set<std::pair<const void*, const void*>> overlaps;
  for (const std::string& t : tables) {
    DomainTable& dt = by_name[t];
    dt.table = t;
    const auto* best = rules.tables.Find(t);
    if (best == nullptr) continue;
    used.insert(best);
    dt.own = true;
    dt.domains = best->value;
    dt.rule = RuleName(*best);
    for (const auto& r : rules.tables.rules()) {
      if (&r == best || !r.pattern.Matches(t) || r.value == best->value) continue;
      // An exact name over a glob is an intended exception; two globs are an overlap.
      if (best->pattern.exact() || r.pattern.exact()) continue;
      if (!overlaps.insert({best, &r}).second) continue;
      const bool by_specificity = best->pattern.MoreSpecificThan(r.pattern);
      report.warnings.push_back(
          Cat(r.origin, ": warning: domain rule ", r.pattern.text(), " (", absl::StrJoin(r.value, ", "), ") and ",
              best->pattern.text(), " (", absl::StrJoin(best->value, ", "), ", ", best->origin, ") both match ", t,
              "; ", best->pattern.text(), " wins, ", by_specificity ? "being more specific" : "being written first"));
    }
  }
  for (const auto& r : rules.tables.rules())
    if (!used.count(&r)) report.unused_rules.push_back(RuleName(r));

  // Inherited domains: the union of the inputs', to a fixed point (data may
  // flow in a circle).
  for (bool changed = true; changed;) {
    changed = false;
    for (const std::string& t : tables) {
      DomainTable& dt = by_name[t];
      if (dt.own) continue;
      std::set<std::string> d(dt.domains.begin(), dt.domains.end());
      const size_t before = d.size();
      for (const std::string& in : inputs[t]) {
        const DomainTable& it = by_name[in];
        d.insert(it.domains.begin(), it.domains.end());
      }
      if (d.size() != before) {
        dt.domains.assign(d.begin(), d.end());
        changed = true;
      }
    }
  }
  for (const std::string& t : tables) {
    DomainTable& dt = by_name[t];
    if (!dt.own)
      for (const std::string& in : inputs[t])
        if (!by_name[in].domains.empty()) dt.via.push_back(in);
    if (dt.domains.size() > 1) {
      DomainMix mix;
      mix.table = t;
      for (const std::string& d : dt.domains) {
        DomainMix::Through th{d, {}};
        if (!dt.own)
          for (const std::string& in : dt.via)
            if (Contains(by_name[in].domains, d)) th.inputs.push_back(in);
        mix.through.push_back(std::move(th));
      }
      report.mixes.push_back(std::move(mix));
    }
    report.tables.push_back(dt);
  }

  std::map<std::pair<std::string, std::string>, size_t> domain_edges;
  for (const TableFlow& f : flows) {
    const DomainTable& s = by_name[f.source];
    const DomainTable& t = by_name[f.target];
    bool crosses = false;
    for (const std::string& d : s.domains) crosses = crosses || !Contains(t.domains, d);
    if (!crosses) continue;
    report.cross.push_back(CrossDomainFlow{f, s.domains, t.domains});
    for (const std::string& a : s.domains)
      for (const std::string& b : t.domains)
        if (a != b && !Contains(t.domains, a)) ++domain_edges[{a, b}];
  }
  for (const auto& [ends, n] : domain_edges) report.domain_edges.push_back({ends.first, ends.second, n});
  return report;
}

namespace {

std::string Domains(const std::vector<std::string>& d) { return d.empty() ? "(none)" : absl::StrJoin(d, ", "); }

std::string Place(const graph::StatementRef& s) { return Cat(s.file, ":", s.line); }

}  // namespace

void WriteDomainsText(const DomainsReport& report, std::string& out) {
  size_t own = 0, inherited = 0, unassigned = 0;
  for (const DomainTable& t : report.tables) (t.own ? own : t.domains.empty() ? unassigned : inherited) += 1;
  Append(out, "domains: ", report.domains.size(), " domains, ", report.tables.size(), " tables (", own, " by a rule, ",
         inherited, " by their inputs, ", unassigned, " unassigned); ", report.mixes.size(), " tables mix domains; ",
         report.cross.size(), " cross-domain flows\n");
  for (const std::string& d : report.domains) {
    std::vector<const DomainTable*> of;
    for (const DomainTable& t : report.tables)
      if (Contains(t.domains, d)) of.push_back(&t);
    Append(out, "\ndomain ", d, " (", of.size(), of.size() == 1 ? " table" : " tables", "):\n");
    for (const DomainTable* t : of) {
      Append(out, "  ", t->table);
      if (t->own)
        Append(out, "  by rule ", t->rule, "\n");
      else
        Append(out, "  from ", absl::StrJoin(t->via, ", "), "\n");
    }
  }
  if (!report.mixes.empty()) {
    out += "\ntables that mix domains:\n";
    for (const DomainMix& m : report.mixes) {
      std::vector<std::string> names;
      for (const auto& th : m.through) names.push_back(th.domain);
      Append(out, "  ", m.table, ": ", absl::StrJoin(names, ", "), "\n");
      for (const auto& th : m.through)
        Append(out, "      ", th.domain, " through ",
               th.inputs.empty() ? "its own rule" : absl::StrJoin(th.inputs, ", "), "\n");
    }
  }
  if (!report.cross.empty()) {
    out += "\ncross-domain flows (the source's domain is not the target's):\n";
    for (const CrossDomainFlow& c : report.cross)
      Append(out, "  ", c.flow.source, " (", Domains(c.source_domains), ") -> ", c.flow.target, " (",
             Domains(c.target_domains), ")  at ", Place(c.flow.statement), "\n");
  }
  if (!report.domain_edges.empty()) {
    out += "\ndomain graph (cross-domain flows per pair of domains):\n";
    for (const auto& e : report.domain_edges) Append(out, "  ", e.source, " -> ", e.target, "  ", e.flows, "\n");
  }
  std::vector<std::string> none;
  for (const DomainTable& t : report.tables)
    if (t.domains.empty()) none.push_back(t.table);
  if (!none.empty()) {
    out += "\nunassigned tables (no rule matches them, no input has a domain):\n";
    for (const std::string& t : none) Append(out, "  ", t, "\n");
  }
  if (!report.unused_rules.empty()) {
    out += "\nrules that match no table:\n";
    for (const std::string& r : report.unused_rules) Append(out, "  ", r, "\n");
  }
}

void WriteDomainsJson(const DomainsReport& report, std::string& out) {
  nlohmann::ordered_json j;
  size_t own = 0, unassigned = 0;
  for (const DomainTable& t : report.tables) {
    own += t.own;
    unassigned += t.domains.empty();
  }
  j["summary"] = {{"domains", report.domains.size()},
                  {"tables", report.tables.size()},
                  {"by_rule", own},
                  {"unassigned", unassigned},
                  {"mixing", report.mixes.size()},
                  {"cross_domain_flows", report.cross.size()}};
  j["domains"] = nlohmann::ordered_json::array();
  for (const std::string& d : report.domains) {
    nlohmann::ordered_json tables = nlohmann::ordered_json::array();
    for (const DomainTable& t : report.tables)
      if (Contains(t.domains, d)) tables.push_back(t.table);
    j["domains"].push_back({{"domain", d}, {"tables", tables}});
  }
  j["tables"] = nlohmann::ordered_json::array();
  for (const DomainTable& t : report.tables) {
    nlohmann::ordered_json o = {{"table", t.table}, {"domains", t.domains}, {"by_rule", t.own}};
    if (t.own)
      o["rule"] = t.rule;
    else
      o["from"] = t.via;
    j["tables"].push_back(std::move(o));
  }
  j["mixing"] = nlohmann::ordered_json::array();
  for (const DomainMix& m : report.mixes) {
    nlohmann::ordered_json through = nlohmann::ordered_json::array();
    for (const auto& th : m.through) through.push_back({{"domain", th.domain}, {"inputs", th.inputs}});
    j["mixing"].push_back({{"table", m.table}, {"through", through}});
  }
  j["cross_domain_flows"] = nlohmann::ordered_json::array();
  for (const CrossDomainFlow& c : report.cross)
    j["cross_domain_flows"].push_back({{"source", c.flow.source},
                                       {"target", c.flow.target},
                                       {"source_domains", c.source_domains},
                                       {"target_domains", c.target_domains},
                                       {"file", c.flow.statement.file},
                                       {"line", c.flow.statement.line},
                                       {"statement", c.flow.statement.index}});
  j["domain_graph"] = nlohmann::ordered_json::array();
  for (const auto& e : report.domain_edges)
    j["domain_graph"].push_back({{"source", e.source}, {"target", e.target}, {"flows", e.flows}});
  j["unused_rules"] = report.unused_rules;
  out += j.dump(2);
  out += "\n";
}

}  // namespace hivelineage::checks
