#include "usage/usage_stats.h"

#include <algorithm>
#include <set>

#include "absl/strings/str_join.h"
#include "base/strings.h"

namespace hivelineage::usage {
namespace {

template <typename Map>
void AddAll(Map& into, Map&& from) {
  for (auto& [k, v] : from) into[k] += v;
}

std::vector<std::string_view> Words(std::string_view s) {
  std::vector<std::string_view> out;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == '_') {
      if (i > start) out.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  return out;
}

}  // namespace

void TableStats::Merge(TableStats&& o) {
  reads += o.reads;
  writes += o.writes;
  first_read = std::min(first_read, o.first_read);
  last_read = std::max(last_read, o.last_read);
  AddAll(reads_per_day, std::move(o.reads_per_day));
  users.insert(o.users.begin(), o.users.end());
  AddAll(partitions, std::move(o.partitions));
  AddAll(columns, std::move(o.columns));
}

void UsageStats::Merge(UsageStats&& o) {
  lines += o.lines;
  bytes += o.bytes;
  malformed += o.malformed;
  merged_events += o.merged_events;
  denied += o.denied;
  queries += o.queries;
  with_errors += o.with_errors;
  first = std::min(first, o.first);
  last = std::max(last, o.last);
  for (auto& [name, t] : o.tables) tables[name].Merge(std::move(t));
  AddAll(users, std::move(o.users));
  AddAll(cross_database, std::move(o.cross_database));
  AddAll(cross_layer, std::move(o.cross_layer));
  AddAll(layer_flows, std::move(o.layer_flows));
}

std::string LayerOf(std::string_view table, const std::vector<std::string>& layers) {
  const size_t dot = table.find('.');
  const std::string_view db = table.substr(0, dot);
  const std::string_view name = dot == std::string_view::npos ? std::string_view() : table.substr(dot + 1);
  for (const std::string& layer : layers) {
    if (db == layer) return layer;
    for (std::string_view w : Words(db))
      if (w == layer) return layer;
  }
  const std::vector<std::string_view> words = Words(name);
  if (!words.empty())
    for (const std::string& layer : layers)
      if (words[0] == layer) return layer;
  return "other";
}

void CountQuery(const LogEntry& entry, const std::vector<driver::StatementResult>& statements,
                const std::vector<PartitionRead>& partitions, const std::vector<std::string>& layers,
                UsageStats& stats) {
  ++stats.queries;
  stats.first = std::min(stats.first, entry.time);
  stats.last = std::max(stats.last, entry.time);
  ++stats.users[entry.user];
  // A query counts once per table, column and partition, however many of its statements touch them.
  std::set<std::string> read, written, columns;
  bool errors = false;
  for (const driver::StatementResult& st : statements) {
    errors = errors || st.has_error();
    read.insert(st.lineage.inputs.begin(), st.lineage.inputs.end());
    written.insert(st.lineage.outputs.begin(), st.lineage.outputs.end());
    for (const lineage::ColumnLineage& c : st.lineage.columns) columns.insert(c.sources.begin(), c.sources.end());
    for (const lineage::PredicateLineage& p : st.lineage.predicates) columns.insert(p.sources.begin(), p.sources.end());
  }
  stats.with_errors += errors;
  const int64_t day = entry.time >= 0 ? entry.time / 86400 : (entry.time - 86399) / 86400;
  std::set<std::string> dbs, read_layers;
  for (const std::string& t : read) {
    TableStats& ts = stats.tables[t];
    ++ts.reads;
    ts.first_read = std::min(ts.first_read, entry.time);
    ts.last_read = std::max(ts.last_read, entry.time);
    ++ts.reads_per_day[day];
    ts.users.insert(entry.user);
    dbs.insert(t.substr(0, t.find('.')));
    read_layers.insert(LayerOf(t, layers));
  }
  for (const std::string& t : written) ++stats.tables[t].writes;
  // A column belongs to the longest read table its name starts with.
  for (const std::string& c : columns) {
    std::string_view table;
    for (const std::string& t : read)
      if (t.size() > table.size() && c.size() > t.size() + 1 && c.starts_with(t) && c[t.size()] == '.') table = t;
    if (!table.empty()) ++stats.tables[std::string(table)].columns[c.substr(table.size() + 1)];
  }
  for (const PartitionRead& p : partitions)
    if (read.contains(p.table)) ++stats.tables[p.table].partitions[p.filter];
  if (dbs.size() > 1) ++stats.cross_database[absl::StrJoin(dbs, "+")];
  if (read_layers.size() > 1) ++stats.cross_layer[absl::StrJoin(read_layers, "+")];
  for (const std::string& w : written) {
    const std::string to = LayerOf(w, layers);
    for (const std::string& from : read_layers)
      if (from != to) ++stats.layer_flows[Cat(from, ">", to)];
  }
}

}  // namespace hivelineage::usage
