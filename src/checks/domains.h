// `hivelineage domains`: which business domains each table belongs to, which
// tables mix domains, and where data crosses from one domain into another.
//
// DOMAINS maps table globs (name_pattern.h) to one or more domains. A table a
// rule matches has that rule's domains (its own); a table no rule matches
// takes the domains of every table upstream of it along value edges (a
// column's value flowing into another; conditions decide rows, not what a
// table holds), so a report built from trade and user tables is in both.
// Two globs of different domains that match one table overlap: the more
// specific (name_pattern.h) wins, and the other is warned of, once per pair
// (an exact table name over a glob is an intended exception, not warned).
#pragma once

#include <string>
#include <vector>

#include "checks/name_pattern.h"
#include "graph/queries/lineage_source.h"

namespace hivelineage::checks {

struct DomainRules {
  PatternTable<std::vector<std::string>> tables;  // pattern -> domains (sorted)
};

// Reads DOMAINS: CSV `table,domain` (a cell may list several domains) or
// JSON {"domains": [{"table", "domain" | "domains"}]}. Problems go to
// `errors` ("file:line: message"); returns false when there was one.
bool LoadDomains(const std::string& path, DomainRules& rules, std::vector<std::string>& errors);

// A table value edge: some column of `source` flows into a column of `target`.
struct TableFlow {
  std::string source, target;
  graph::StatementRef statement;  // the first statement (run order) that makes it
};

struct DomainTable {
  std::string table;
  std::vector<std::string> domains;  // sorted; empty: unassigned
  bool own = false;                  // a rule gives them
  std::string rule;                  // own: "pattern (file:line)"
  std::vector<std::string> via;      // inherited: the direct inputs it takes domains from (sorted)
};

struct DomainMix {
  std::string table;
  struct Through {
    std::string domain;
    std::vector<std::string> inputs;  // direct inputs carrying it; empty: the table's own rule
  };
  std::vector<Through> through;  // by domain
};

struct CrossDomainFlow {
  TableFlow flow;
  std::vector<std::string> source_domains, target_domains;
};

struct DomainsReport {
  std::vector<std::string> domains;    // every domain a rule names, sorted
  std::vector<DomainTable> tables;     // every table of the lineage, sorted by name
  std::vector<DomainMix> mixes;        // tables in more than one domain, sorted
  std::vector<CrossDomainFlow> cross;  // flows whose source has a domain the target does not, sorted
  // Domain to domain: how many cross-domain table flows (the graph grouped by domain).
  struct DomainEdge {
    std::string source, target;
    size_t flows = 0;
  };
  std::vector<DomainEdge> domain_edges;
  std::vector<std::string> unused_rules;  // "pattern (file:line)" matching no table
  std::vector<std::string> warnings;      // overlapping rules, "file:line: warning: ..."
};

// The table-level value flows of the lineage (self flows left out), sorted.
std::vector<TableFlow> TableValueFlows(const graph::LineageSource& source);

DomainsReport BuildDomains(const graph::LineageSource& source, const DomainRules& rules);

void WriteDomainsText(const DomainsReport& report, std::string& out);
void WriteDomainsJson(const DomainsReport& report, std::string& out);

}  // namespace hivelineage::checks
