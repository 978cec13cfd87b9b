#include "usage/usage_report.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "base/json_out.h"
#include "base/strings.h"
#include "base/utf8.h"

namespace hivelineage::usage {
namespace {

constexpr int64_t kDay = 86400;

// Counts sorted by count (most first), then key.
template <typename Map>
std::vector<std::pair<std::string, uint64_t>> ByCount(const Map& m) {
  std::vector<std::pair<std::string, uint64_t>> v(m.begin(), m.end());
  std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  return v;
}

std::string Time(int64_t t) { return t == kNever ? "-" : FormatLogTime(t); }

std::string Count(uint64_t n, std::string_view one, std::string_view many) { return Cat(n, " ", n == 1 ? one : many); }

void CountsJson(output::JsonOut& j, const std::vector<std::pair<std::string, uint64_t>>& counts, const char* key,
                const char* count_key = "queries") {
  j.BeginArray();
  for (const auto& [name, n] : counts) {
    j.BeginObject(true);
    j.Key(key);
    j.String(name);
    j.Key(count_key);
    j.Int(static_cast<int64_t>(n));
    j.EndObject();
  }
  j.EndArray();
}

}  // namespace

const char* HeatName(Heat h) {
  switch (h) {
    case Heat::Hot:
      return "hot";
    case Heat::Warm:
      return "warm";
    case Heat::Cold:
      return "cold";
    case Heat::Ice:
      return "ice";
  }
  return "?";
}

UsageReport BuildUsageReport(const UsageStats& stats, const graph::Graph* lineage, const HeatRules& rules,
                             const std::vector<std::string>& layers) {
  UsageReport report;
  report.now = rules.now != kNever ? rules.now : stats.last;
  report.has_lineage = lineage != nullptr;
  std::map<std::string, TableReport> tables;
  for (const auto& [name, t] : stats.tables) {
    TableReport& r = tables[name];
    r.stats = &t;
  }
  if (lineage != nullptr) {
    for (const graph::TableNode& node : lineage->tables) {
      if (node.kind == graph::TableKind::Temporary || node.kind == graph::TableKind::Directory) continue;
      tables[node.name].in_lineage = true;
    }
    for (const graph::StatementInfo& st : lineage->statements) {
      for (graph::TableId in : st.inputs) {
        auto it = tables.find(lineage->tables[in].name);
        if (it == tables.end()) continue;
        // Reading a table to write another one is a use; a table updated from itself is not.
        for (graph::TableId out : st.outputs)
          if (out != in) it->second.read_downstream = true;
      }
      // The statements that fill it (the jobs to stop); its DDL is not one.
      if (st.kind == StatementKind::CreateTable) continue;
      for (graph::TableId out : st.outputs) {
        auto it = tables.find(lineage->tables[out].name);
        if (it != tables.end()) it->second.writers.push_back(Cat(st.file, ":", st.start.line));
      }
    }
  }
  const int64_t day_now = report.now == kNever ? 0 : report.now / kDay;
  for (auto& [name, r] : tables) {
    r.name = name;
    r.layer = LayerOf(name, layers);
    const int64_t last = r.stats != nullptr ? r.stats->last_read : kNever;
    if (r.stats != nullptr)
      for (const auto& [day, n] : r.stats->reads_per_day)
        if (day > day_now - rules.hot_days && day <= day_now) r.recent_reads += n;
    auto within = [&](int days) { return last != kNever && report.now != kNever && last > report.now - days * kDay; };
    r.heat = r.recent_reads >= rules.hot_reads && r.recent_reads > 0 ? Heat::Hot
             : within(rules.warm_days)                               ? Heat::Warm
             : within(rules.cold_days)                               ? Heat::Cold
                                                                     : Heat::Ice;
    r.retire =
        report.has_lineage && r.in_lineage && (r.heat == Heat::Cold || r.heat == Heat::Ice) && !r.read_downstream;
    report.tables.push_back(std::move(r));
  }
  std::sort(report.tables.begin(), report.tables.end(), [](const TableReport& a, const TableReport& b) {
    const uint64_t ra = a.stats != nullptr ? a.stats->reads : 0, rb = b.stats != nullptr ? b.stats->reads : 0;
    return std::tie(a.heat, rb, a.name) < std::tie(b.heat, ra, b.name);
  });
  return report;
}

void WriteUsageText(const UsageStats& s, const UsageReport& r, size_t limit, std::string& out) {
  Append(out, "usage: ", Count(s.queries, "query", "queries"), " by ", Count(s.users.size(), "user", "users"));
  if (s.queries > 0) Append(out, ", ", Time(s.first), " .. ", Time(s.last), " UTC");
  Append(out, " (", Count(s.lines, "line", "lines"), ": ", s.malformed, " malformed, ", s.merged_events,
         " audit events of a statement already counted, ", s.denied, " denied; ",
         Count(s.with_errors, "query", "queries"), " with errors)\n");
  if (r.now != kNever) Append(out, "heat measured back from ", Time(r.now), " UTC\n");
  auto cap = [&](size_t n) { return limit == 0 ? n : std::min(n, limit); };

  out += "\ntables:\n";
  for (const TableReport& t : r.tables) {
    Append(out, "  ", t.name, "  ", HeatName(t.heat));
    if (t.stats == nullptr) {
      out += "  never read in the log\n";
      continue;
    }
    Append(out, "  ", Count(t.stats->reads, "read", "reads"), " (", t.recent_reads, " recent), ",
           Count(t.stats->users.size(), "user", "users"), ", ", Count(t.stats->writes, "write", "writes"));
    if (t.stats->reads > 0) Append(out, ", ", Time(t.stats->first_read), " .. ", Time(t.stats->last_read));
    out += "\n";
    const auto partitions = ByCount(t.stats->partitions);
    if (!partitions.empty()) {
      out += "    partitions:";
      for (size_t i = 0; i < cap(partitions.size()); ++i)
        Append(out, " ", partitions[i].first, " (", partitions[i].second, ")");
      if (cap(partitions.size()) < partitions.size())
        Append(out, " ... ", partitions.size() - cap(partitions.size()), " more");
      out += "\n";
    }
    const auto columns = ByCount(t.stats->columns);
    if (!columns.empty()) {
      out += "    columns:";
      for (size_t i = 0; i < cap(columns.size()); ++i) Append(out, " ", columns[i].first, " (", columns[i].second, ")");
      if (cap(columns.size()) < columns.size()) Append(out, " ... ", columns.size() - cap(columns.size()), " more");
      out += "\n";
    }
  }
  auto section = [&](const char* title, const absl::flat_hash_map<std::string, uint64_t>& m) {
    if (m.empty()) return;
    Append(out, "\n", title, "\n");
    for (const auto& [k, n] : ByCount(m)) Append(out, "  ", k, "  ", Count(n, "query", "queries"), "\n");
  };
  section("reads across databases (queries reading several together):", s.cross_database);
  section("reads across layers:", s.cross_layer);
  section("writes from one layer to another (read layer > written layer):", s.layer_flows);
  out += "\ncandidates to retire (cold or ice, and nothing downstream reads them):";
  if (!r.has_lineage) {
    out += " give the warehouse's scripts (--scripts PATH) to find them\n";
  } else {
    bool any = false;
    for (const TableReport& t : r.tables) {
      if (!t.retire) continue;
      any = true;
      Append(out, "\n  ", t.name, "  ", HeatName(t.heat));
      if (!t.writers.empty()) {
        out += "  written by";
        for (const std::string& w : t.writers) Append(out, " ", w);
      }
    }
    out += any ? "\n" : " none\n";
  }
  MakeValidUtf8(out);
}

void WriteUsageJson(const UsageStats& s, const UsageReport& r, const HeatRules& rules, std::string& out) {
  output::JsonOut j(out, true);
  j.BeginObject();
  j.Key("summary");
  j.BeginObject();
  for (const auto& [key, v] : {std::pair<const char*, uint64_t>{"lines", s.lines},
                               {"bytes", s.bytes},
                               {"malformed", s.malformed},
                               {"merged_events", s.merged_events},
                               {"denied", s.denied},
                               {"queries", s.queries},
                               {"with_errors", s.with_errors},
                               {"users", s.users.size()},
                               {"tables", r.tables.size()}}) {
    j.Key(key);
    j.Int(static_cast<int64_t>(v));
  }
  j.Key("first");
  j.String(s.queries > 0 ? Time(s.first) : "");
  j.Key("last");
  j.String(s.queries > 0 ? Time(s.last) : "");
  j.Key("now");
  j.String(r.now != kNever ? Time(r.now) : "");
  j.Key("heat_rules");
  j.BeginObject(true);
  j.Key("hot_reads");
  j.Int(static_cast<int64_t>(rules.hot_reads));
  j.Key("hot_days");
  j.Int(rules.hot_days);
  j.Key("warm_days");
  j.Int(rules.warm_days);
  j.Key("cold_days");
  j.Int(rules.cold_days);
  j.EndObject();
  j.EndObject();
  j.Key("tables");
  j.BeginArray();
  for (const TableReport& t : r.tables) {
    j.BeginObject();
    j.Key("name");
    j.String(t.name);
    j.Key("layer");
    j.String(t.layer);
    j.Key("heat");
    j.String(HeatName(t.heat));
    const TableStats empty;
    const TableStats& ts = t.stats != nullptr ? *t.stats : empty;
    j.Key("reads");
    j.Int(static_cast<int64_t>(ts.reads));
    j.Key("recent_reads");
    j.Int(static_cast<int64_t>(t.recent_reads));
    j.Key("writes");
    j.Int(static_cast<int64_t>(ts.writes));
    j.Key("users");
    std::vector<std::string> users(ts.users.begin(), ts.users.end());
    std::sort(users.begin(), users.end());
    j.StringArray(users);
    j.Key("first_read");
    j.String(ts.reads > 0 ? Time(ts.first_read) : "");
    j.Key("last_read");
    j.String(ts.reads > 0 ? Time(ts.last_read) : "");
    j.Key("partitions");
    CountsJson(j, ByCount(ts.partitions), "partition", "reads");
    j.Key("columns");
    CountsJson(j, ByCount(ts.columns), "column", "reads");
    j.Key("in_lineage");
    j.Bool(t.in_lineage);
    j.Key("retire");
    j.Bool(t.retire);
    if (t.retire) {
      j.Key("written_by");
      j.StringArray(t.writers);
    }
    j.EndObject();
  }
  j.EndArray();
  j.Key("users");
  CountsJson(j, ByCount(s.users), "user");
  j.Key("cross_database");
  CountsJson(j, ByCount(s.cross_database), "databases");
  j.Key("cross_layer");
  CountsJson(j, ByCount(s.cross_layer), "layers");
  j.Key("layer_flows");
  CountsJson(j, ByCount(s.layer_flows), "flow");
  j.Key("retire");
  std::vector<std::string> retire;
  for (const TableReport& t : r.tables)
    if (t.retire) retire.push_back(t.name);
  j.StringArray(retire);
  j.EndObject();
  out += "\n";
}

}  // namespace hivelineage::usage
