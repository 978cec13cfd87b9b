#include "checks/rootcause.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "base/strings.h"
#include "checks/job_tables.h"
#include "checks/record_lines.h"
#include "usage/query_log.h"

namespace hivelineage::checks {
namespace {

bool IsPass(const std::string& status) {
  return status == "pass" || status == "passed" || status == "success" || status == "ok" || status == "true";
}

// A result of `partition` (or of the whole table), or every result when none is asked.
bool InPartition(const DqcResult& r, const std::string& partition) {
  if (partition.empty() || r.partition.empty()) return true;
  return r.partition == partition || r.partition.starts_with(partition + "/");
}

// The run date a partition names (dt=2024-03-01), if any.
std::string PartitionDate(const std::string& partition) {
  const size_t eq = partition.find('=');
  const std::string v = eq == std::string::npos ? partition : partition.substr(eq + 1, partition.find('/') - eq - 1);
  return DayStart(v) >= 0 ? v : std::string();
}

int Rank(Suspect::Kind k) {
  switch (k) {
    case Suspect::Kind::FailedCheck:
      return 0;
    case Suspect::Kind::FailedRun:
    case Suspect::Kind::LateRun:
      return 1;
    case Suspect::Kind::Unchecked:
      return 2;
  }
  return 3;
}

}  // namespace

bool LoadDqcResults(const std::string& path, std::vector<DqcResult>& results, std::vector<std::string>& warnings,
                    std::string& error) {
  RecordFile file;
  if (!ReadRecordsOrLines(path, "results", file, error)) return false;
  for (const Record& r : file.records) {
    DqcResult d;
    d.origin = r.origin;
    d.table = ToLower(FieldString(r, "table"));
    d.partition = FieldString(r, "partition");
    d.rule = FieldString(r, "rule");
    d.status = ToLower(FieldString(r, "status"));
    d.value = FieldString(r, "value");
    d.expected = FieldString(r, "expected");
    d.time = FieldString(r, "time");
    if (d.table.empty()) {
      warnings.push_back(Cat(r.origin, ": warning: a result without a table; left out"));
      continue;
    }
    d.failed = !IsPass(d.status);
    results.push_back(std::move(d));
  }
  return true;
}

bool RootCause(const graph::LineageSource& source, const std::string& name, const std::vector<DqcResult>& results,
               const JobSet* jobs, const std::vector<Run>* runs, const RootCauseOptions& options,
               RootCauseReport& report, std::string& error) {
  report = RootCauseReport();
  report.partition = options.partition;
  const std::string lower = ToLower(name);
  std::vector<std::string> layer;
  std::string own_table;
  if (source.HasNode(graph::Level::Column, lower)) {
    layer = {lower};
    own_table = source.TableOf(lower);
  } else if (source.HasNode(graph::Level::Table, lower)) {
    report.is_table = true;
    own_table = lower;
    layer = source.ColumnsOf(lower);
  } else {
    error = Cat(name, " is neither a column nor a table of the lineage");
    return false;
  }
  report.name = lower;

  // Breadth-first upstream; each column keeps the link it was reached by.
  std::map<std::string, graph::Link> reached_by;
  std::set<std::string> seen(layer.begin(), layer.end());
  struct TableHit {
    int distance = 0;
    std::string column;  // the first column of it met
  };
  std::map<std::string, TableHit> tables;
  tables[own_table] = TableHit{0, layer.empty() ? std::string() : layer.front()};
  for (int distance = 1; !layer.empty(); ++distance) {
    const auto links =
        source.LinksOfEach(graph::Level::Column, layer, graph::Direction::Upstream, true, options.with_conditions);
    std::vector<std::string> next;
    for (const auto& of : links)
      for (const graph::Link& l : of) {
        if (!seen.insert(l.source).second) continue;
        reached_by.emplace(l.source, l);
        next.push_back(l.source);
        tables.try_emplace(std::string(source.TableOf(l.source)), TableHit{distance, l.source});
      }
    std::sort(next.begin(), next.end());
    layer = std::move(next);
  }
  report.upstream_tables = tables.size() - 1;
  auto path_of = [&](const std::string& table) {
    std::vector<graph::Link> path;
    std::string at = tables[table].column;
    for (auto it = reached_by.find(at); it != reached_by.end(); it = reached_by.find(at)) {
      path.push_back(it->second);
      at = it->second.target;
    }
    return path;
  };

  // Data-quality results.
  std::set<std::string> checked;
  for (const DqcResult& r : results) {
    if (!source.HasNode(graph::Level::Table, r.table)) {
      report.warnings.push_back(
          Cat(r.origin, ": warning: ", r.table, " is a table no analysed script knows; its result is not used"));
      continue;
    }
    if (!InPartition(r, options.partition)) continue;
    auto t = tables.find(r.table);
    if (t == tables.end()) continue;
    checked.insert(r.table);
    if (!r.failed) {
      ++report.passed_checks;
      continue;
    }
    Suspect s;
    s.kind = Suspect::Kind::FailedCheck;
    s.table = r.table;
    s.distance = t->second.distance;
    s.check = &r;
    report.suspects.push_back(std::move(s));
  }

  // Runs of the jobs that write the tables.
  if (jobs != nullptr && runs != nullptr) {
    ResolvedJobs resolved;
    const std::vector<JobTables> of_job = TablesOfJobs(source, *jobs, resolved);
    const std::string date = PartitionDate(options.partition);
    std::map<int, std::vector<const Run*>> job_runs;
    for (const Run& run : *runs) {
      const int j = FindRunJob(*jobs, run.job);
      if (j < 0) {
        report.warnings.push_back(
            Cat(run.origin, ": warning: run of ", run.job, ", which is no job of the jobs file; left out"));
        continue;
      }
      if (date.empty() || run.date == date) job_runs[j].push_back(&run);
    }
    for (const auto& [j, jr] : job_runs) {
      // The nearest upstream table the job writes.
      const std::string* nearest = nullptr;
      for (const std::string& t : of_job[static_cast<size_t>(j)].writes) {
        auto it = tables.find(t);
        if (it != tables.end() && (nearest == nullptr || it->second.distance < tables[*nearest].distance))
          nearest = &it->first;
      }
      if (nearest == nullptr) continue;
      for (const Run* run : jr) {
        Suspect s;
        s.table = *nearest;
        s.distance = tables[*nearest].distance;
        s.job = jobs->jobs[static_cast<size_t>(j)].name;
        s.run = run;
        if (run->failed) {
          s.kind = Suspect::Kind::FailedRun;
          report.suspects.push_back(s);
          continue;
        }
        // Late: a job reading what this one writes, on the way to NAME, started before it ended.
        for (const auto& [k, kr] : job_runs) {
          if (k == j) continue;
          const JobTables& reader = of_job[static_cast<size_t>(k)];
          bool reads = false, on_way = false;
          for (const std::string& t : of_job[static_cast<size_t>(j)].writes) reads = reads || reader.reads.count(t);
          for (const std::string& t : reader.writes) on_way = on_way || tables.count(t);
          if (!reads || !on_way) continue;
          for (const Run* r2 : kr)
            if (r2->date == run->date && r2->start < run->end && s.late_reader == nullptr) {
              s.late_for = jobs->jobs[static_cast<size_t>(k)].name;
              s.late_reader = r2;
            }
        }
        if (s.late_reader != nullptr) {
          s.kind = Suspect::Kind::LateRun;
          report.suspects.push_back(s);
        }
      }
    }
  }

  for (const auto& [t, hit] : tables) {
    if (checked.count(t)) continue;
    Suspect s;
    s.kind = Suspect::Kind::Unchecked;
    s.table = t;
    s.distance = hit.distance;
    report.suspects.push_back(std::move(s));
  }
  std::stable_sort(report.suspects.begin(), report.suspects.end(), [](const Suspect& a, const Suspect& b) {
    if (Rank(a.kind) != Rank(b.kind)) return Rank(a.kind) < Rank(b.kind);
    if (a.distance != b.distance) return a.distance < b.distance;
    if (a.table != b.table) return a.table < b.table;
    return a.job < b.job;
  });
  for (Suspect& s : report.suspects) s.path = path_of(s.table);
  return true;
}

namespace {

const char* KindName(Suspect::Kind k) {
  switch (k) {
    case Suspect::Kind::FailedCheck:
      return "failed check";
    case Suspect::Kind::FailedRun:
      return "failed run";
    case Suspect::Kind::LateRun:
      return "late run";
    case Suspect::Kind::Unchecked:
      return "no check";
  }
  return "";
}

std::string What(const Suspect& s) {
  switch (s.kind) {
    case Suspect::Kind::FailedCheck: {
      const DqcResult& c = *s.check;
      std::string out = Cat("rule ", c.rule, " ", c.status);
      if (!c.value.empty() || !c.expected.empty()) Append(out, ": value ", c.value, ", expected ", c.expected);
      if (!c.partition.empty()) Append(out, ", ", c.partition);
      if (!c.time.empty()) Append(out, ", at ", c.time);
      Append(out, " (", c.origin, ")");
      return out;
    }
    case Suspect::Kind::FailedRun:
      return Cat("job ", s.job, " ", s.run->ended ? s.run->status : "did not end", " on ", s.run->date, " (",
                 s.run->origin, ")");
    case Suspect::Kind::LateRun:
      return Cat("job ", s.job, " (run date ", s.run->date, ") ended ", usage::FormatLogTime(s.run->end).substr(0, 16),
                 ", after ", s.late_for, ", which reads what it writes, had started at ",
                 usage::FormatLogTime(s.late_reader->start).substr(0, 16), " (", s.run->origin, ")");
    case Suspect::Kind::Unchecked:
      return "no data-quality check covers it: nothing is known of it";
  }
  return "";
}

}  // namespace

void WriteRootCauseText(const RootCauseReport& report, std::string& out) {
  size_t counts[4] = {0, 0, 0, 0};
  for (const Suspect& s : report.suspects) ++counts[static_cast<int>(s.kind)];
  Append(out, "rootcause ", report.name, report.partition.empty() ? "" : Cat(" (", report.partition, ")"), ": ",
         report.upstream_tables, " upstream tables; ", counts[0], " failed checks, ", counts[1], " failed runs, ",
         counts[2], " late runs, ", counts[3], " tables with no check; ", report.passed_checks, " checks passed\n");
  size_t n = 0;
  for (const Suspect& s : report.suspects) {
    Append(out, "\n", ++n, ". ", KindName(s.kind), "  ", s.table, "  (distance ", s.distance, ")\n");
    Append(out, "   ", What(s), "\n");
    if (!s.path.empty()) {
      Append(out, "   ", s.path.front().source, "\n");
      for (const graph::Link& l : s.path)
        Append(out, "   -> ", l.target, l.kind == graph::LinkKind::Condition ? "  [condition] " : "  = ", l.expression,
               "  at ", l.statement.file, ":", l.statement.line, "\n");
    }
  }
}

void WriteRootCauseJson(const RootCauseReport& report, std::string& out) {
  nlohmann::ordered_json j;
  j["name"] = report.name;
  j["kind"] = report.is_table ? "table" : "column";
  j["partition"] = report.partition;
  j["upstream_tables"] = report.upstream_tables;
  j["passed_checks"] = report.passed_checks;
  j["suspects"] = nlohmann::ordered_json::array();
  for (const Suspect& s : report.suspects) {
    nlohmann::ordered_json o = {{"kind", KindName(s.kind)}, {"table", s.table}, {"distance", s.distance}};
    if (s.check != nullptr)
      o["check"] = {{"rule", s.check->rule},         {"status", s.check->status},       {"value", s.check->value},
                    {"expected", s.check->expected}, {"partition", s.check->partition}, {"time", s.check->time},
                    {"origin", s.check->origin}};
    if (s.run != nullptr) {
      o["job"] = s.job;
      o["run"] = {{"date", s.run->date}, {"status", s.run->status}, {"origin", s.run->origin}};
      if (s.late_reader != nullptr) o["late_for"] = s.late_for;
    }
    nlohmann::ordered_json path = nlohmann::ordered_json::array();
    for (const graph::Link& l : s.path)
      path.push_back({{"source", l.source},
                      {"target", l.target},
                      {"kind", graph::LinkKindName(l.kind)},
                      {"expression", l.expression},
                      {"file", l.statement.file},
                      {"line", l.statement.line}});
    o["path"] = std::move(path);
    j["suspects"].push_back(std::move(o));
  }
  out += j.dump(2);
  out += "\n";
}

}  // namespace hivelineage::checks
