#include "checks/schedule.h"

#include <algorithm>
#include <deque>
#include <filesystem>
#include <map>
#include <set>

#include "absl/container/flat_hash_map.h"
#include "base/strings.h"

namespace hivelineage::checks {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> Components(const std::string& path) {
  std::vector<std::string> out;
  for (const fs::path& part : fs::path(path).lexically_normal())
    if (!part.empty() && part != "/" && part != ".") out.push_back(part.generic_string());
  return out;
}

// How many trailing path components `a` and `b` share.
size_t CommonSuffix(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  size_t n = 0;
  while (n < a.size() && n < b.size() && a[a.size() - 1 - n] == b[b.size() - 1 - n]) ++n;
  return n;
}

std::string Canonical(const std::string& path) {
  std::error_code ec;
  const fs::path p = fs::weakly_canonical(path, ec);
  return ec ? fs::path(path).lexically_normal().generic_string() : p.generic_string();
}

// One job's table accesses: the first statement that reads / writes each table.
struct Access {
  std::string file;
  LineCol at;
};
struct JobTables {
  std::map<std::string, Access> reads, writes;
};

// Jobs as integers, dependencies as adjacency lists (upstream -> downstream).
using Adjacency = std::vector<std::vector<int>>;

std::vector<char> Reachable(const Adjacency& adj, int from) {
  std::vector<char> seen(adj.size(), 0);
  std::deque<int> queue = {from};
  seen[static_cast<size_t>(from)] = 1;
  while (!queue.empty()) {
    const int n = queue.front();
    queue.pop_front();
    for (int m : adj[static_cast<size_t>(n)])
      if (!seen[static_cast<size_t>(m)]) {
        seen[static_cast<size_t>(m)] = 1;
        queue.push_back(m);
      }
  }
  return seen;
}

// Strongly connected components with more than one job, or one job with a
// self-loop (Tarjan's algorithm, iterative so a long chain does not recurse).
std::vector<std::vector<int>> Cycles(const Adjacency& adj) {
  const int n = static_cast<int>(adj.size());
  std::vector<int> index(adj.size(), -1), low(adj.size(), 0);
  std::vector<char> on_stack(adj.size(), 0);
  std::vector<int> stack;
  std::vector<std::vector<int>> out;
  int next = 0;
  for (int root = 0; root < n; ++root) {
    if (index[static_cast<size_t>(root)] >= 0) continue;
    std::vector<std::pair<int, size_t>> work = {{root, 0}};  // node, next child
    while (!work.empty()) {
      auto& [v, child] = work.back();
      const size_t vi = static_cast<size_t>(v);
      if (child == 0 && index[vi] < 0) {
        index[vi] = low[vi] = next++;
        stack.push_back(v);
        on_stack[vi] = 1;
      }
      if (child < adj[vi].size()) {
        const int w = adj[vi][child++];
        const size_t wi = static_cast<size_t>(w);
        if (index[wi] < 0) {
          work.push_back({w, 0});
        } else if (on_stack[wi]) {
          low[vi] = std::min(low[vi], index[wi]);
        }
        continue;
      }
      if (low[vi] == index[vi]) {
        std::vector<int> scc;
        int w;
        do {
          w = stack.back();
          stack.pop_back();
          on_stack[static_cast<size_t>(w)] = 0;
          scc.push_back(w);
        } while (w != v);
        const bool self_loop = std::find(adj[vi].begin(), adj[vi].end(), v) != adj[vi].end();
        if (scc.size() > 1 || self_loop) out.push_back(std::move(scc));
      }
      const int done = v;
      work.pop_back();
      if (!work.empty()) {
        const size_t parent = static_cast<size_t>(work.back().first);
        low[parent] = std::min(low[parent], low[static_cast<size_t>(done)]);
      }
    }
  }
  return out;
}

// One cycle through the component, starting at its first job by name: the
// shortest way from that job back to itself.
std::vector<int> OneCycle(const Adjacency& adj, const std::vector<int>& scc, const std::vector<std::string>& names) {
  std::set<int> in(scc.begin(), scc.end());
  const int start = *std::min_element(scc.begin(), scc.end(), [&](int a, int b) {
    return names[static_cast<size_t>(a)] < names[static_cast<size_t>(b)];
  });
  std::map<int, int> parent;
  std::deque<int> queue = {start};
  while (!queue.empty()) {
    const int v = queue.front();
    queue.pop_front();
    for (int w : adj[static_cast<size_t>(v)]) {
      if (!in.contains(w)) continue;
      if (w == start) {
        std::vector<int> path = {start};
        for (int at = v; at != start; at = parent[at]) path.push_back(at);
        std::reverse(path.begin() + 1, path.end());
        return path;
      }
      if (parent.try_emplace(w, v).second) queue.push_back(w);
    }
  }
  return {start};
}

// Whether some data flow (writer -> reader) that has a declared path has none
// once the dependency `from` -> `to` is taken away.
bool CarriesOrder(const Adjacency& declared, const std::map<std::pair<int, int>, std::vector<FlowEvidence>>& flows,
                  int from, int to) {
  Adjacency without = declared;
  auto& out = without[static_cast<size_t>(from)];
  out.erase(std::remove(out.begin(), out.end(), to), out.end());
  std::map<int, std::vector<char>> before, after;
  for (const auto& [pair, evidence] : flows) {
    const auto [w, r] = pair;
    auto b = before.try_emplace(w).first;
    if (b->second.empty()) b->second = Reachable(declared, w);
    if (!b->second[static_cast<size_t>(r)]) continue;  // missing anyway
    auto a = after.try_emplace(w).first;
    if (a->second.empty()) a->second = Reachable(without, w);
    if (!a->second[static_cast<size_t>(r)]) return true;
  }
  return false;
}

}  // namespace

ResolvedJobs ResolveJobScripts(const JobSet& jobs, const std::vector<std::pair<std::string, std::string>>& analysed) {
  ResolvedJobs out;
  std::map<std::string, std::string> by_path;  // canonical path -> name
  std::vector<std::vector<std::string>> parts;
  for (const auto& [name, path] : analysed) {
    by_path.emplace(Canonical(path), name);
    parts.push_back(Components(path));
  }
  for (const Job& job : jobs.jobs) {
    std::vector<std::string>& scripts = out.scripts.emplace_back();
    for (const ScriptRef& ref : job.scripts) {
      if (!ref.by_suffix) {
        auto it = by_path.find(Canonical(ref.path));
        if (it != by_path.end())
          scripts.push_back(it->second);
        else
          out.unresolved.push_back(Cat(job.name, ": ", ref.path));
        continue;
      }
      // The analysed script sharing the most trailing components, at least the file name.
      const std::vector<std::string> want = Components(ref.path);
      size_t best = 0, best_count = 0, best_at = 0;
      for (size_t i = 0; i < parts.size(); ++i) {
        const size_t n = CommonSuffix(want, parts[i]);
        if (n > best) {
          best = n;
          best_count = 1;
          best_at = i;
        } else if (n == best && n > 0) {
          ++best_count;
        }
      }
      if (best == 0) {
        out.unresolved.push_back(Cat(job.name, ": ", ref.path));
      } else if (best_count > 1) {
        out.errors.push_back(
            Cat(job.name, ": ", ref.path, " matches ", best_count, " of the scripts equally well; give a longer path"));
      } else {
        scripts.push_back(analysed[best_at].first);
      }
    }
    for (const InlineScript& s : job.inline_sql) scripts.push_back(s.name);
  }
  return out;
}

ScheduleReport CheckSchedule(const graph::Graph& g, const JobSet& jobs, const ResolvedJobs& resolved) {
  ScheduleReport report;
  report.jobs = jobs.jobs.size();
  report.unresolved = resolved.unresolved;
  report.notes = jobs.notes;

  // Statements by script, in run order; views and what they read.
  auto name = [&](graph::TableId t) { return g.tables[t].name; };
  std::map<std::string, std::vector<graph::StatementId>> by_file;
  std::map<std::string, std::vector<std::string>> view_reads;
  for (graph::StatementId i = 0; i < g.statements.size(); ++i) {
    const graph::StatementInfo& st = g.statements[i];
    by_file[st.file].push_back(i);
    if (st.kind == StatementKind::CreateView)
      for (graph::TableId v : st.outputs)
        for (graph::TableId in : st.inputs) view_reads[name(v)].push_back(name(in));
  }
  auto temporary = [&](const std::string& t) {
    const std::optional<graph::TableId> n = g.FindTable(t);
    return n && g.tables[*n].kind == graph::TableKind::Temporary;
  };
  // A read of a view reads what the view reads, through views of views.
  auto expand = [&](const std::string& table) {
    std::vector<std::string> out = {table};
    std::set<std::string> seen = {table};
    for (size_t i = 0; i < out.size(); ++i) {
      auto it = view_reads.find(out[i]);
      if (it == view_reads.end()) continue;
      for (const std::string& base : it->second)
        if (seen.insert(base).second) out.push_back(base);
    }
    return out;
  };

  std::set<std::string> scheduled;
  std::vector<JobTables> tables(jobs.jobs.size());
  for (size_t j = 0; j < jobs.jobs.size(); ++j) {
    driver::ReadBeforeWrite order;
    const std::vector<std::string>& scripts = resolved.scripts[j];
    for (size_t s = 0; s < scripts.size(); ++s) {
      scheduled.insert(scripts[s]);
      auto it = by_file.find(scripts[s]);
      if (it == by_file.end()) continue;
      for (graph::StatementId i : it->second) {
        const graph::StatementInfo& st = g.statements[i];
        std::vector<std::string> reads, writes;
        // Defining a view reads no data: its readers read its tables when they run.
        if (st.kind != StatementKind::CreateView)
          for (graph::TableId t : st.inputs)
            for (std::string& r : expand(name(t)))
              if (!temporary(r)) reads.push_back(std::move(r));
        for (graph::TableId t : st.outputs)
          if (!temporary(name(t))) writes.push_back(name(t));
        order.Statement(s, st.file, st.start, "", reads, writes);
        for (const std::string& t : reads) tables[j].reads.try_emplace(t, Access{st.file, st.start});
        for (const std::string& t : writes) tables[j].writes.try_emplace(t, Access{st.file, st.start});
      }
    }
    for (driver::EarlyRead& e : order.Take())
      report.out_of_order.push_back(ScheduleReport::OutOfOrder{jobs.jobs[j].name, std::move(e)});
  }
  for (const auto& [file, statements] : by_file)
    if (!scheduled.contains(file)) report.unscheduled.push_back(file);

  // Jobs by name; declared dependencies as upstream -> downstream.
  const size_t n = jobs.jobs.size();
  std::vector<std::string> names(n);
  absl::flat_hash_map<std::string, int> index;
  for (size_t j = 0; j < n; ++j) {
    names[j] = jobs.jobs[j].name;
    index.emplace(names[j], static_cast<int>(j));
  }
  Adjacency declared(n);
  std::vector<std::set<int>> depends(n);
  for (size_t j = 0; j < n; ++j) {
    for (const std::string& d : jobs.jobs[j].depends_on) {
      auto it = index.find(d);
      if (it == index.end()) {
        report.unknown_dependencies.push_back(Cat(names[j], ": ", d));
        continue;
      }
      if (depends[j].insert(it->second).second)
        declared[static_cast<size_t>(it->second)].push_back(static_cast<int>(j));
    }
    report.dependencies += depends[j].size();
  }

  // Data flows: writer -> reader, per table.
  std::map<std::string, std::vector<int>> writers;
  for (size_t j = 0; j < n; ++j)
    for (const auto& [t, at] : tables[j].writes) writers[t].push_back(static_cast<int>(j));
  std::map<std::pair<int, int>, std::vector<FlowEvidence>> flows;
  for (size_t r = 0; r < n; ++r) {
    for (const auto& [t, read_at] : tables[r].reads) {
      auto w = writers.find(t);
      if (w == writers.end()) continue;
      for (int from : w->second) {
        if (from == static_cast<int>(r)) continue;
        const Access& write_at = tables[static_cast<size_t>(from)].writes.at(t);
        flows[{from, static_cast<int>(r)}].push_back(
            FlowEvidence{t, write_at.file, write_at.at, read_at.file, read_at.at});
      }
    }
  }
  Adjacency data(n);
  for (const auto& [pair, evidence] : flows) data[static_cast<size_t>(pair.first)].push_back(pair.second);

  std::vector<std::vector<char>> declared_reach(n), data_reach(n);
  auto reach = [&](std::vector<std::vector<char>>& cache, const Adjacency& adj, int from) -> const std::vector<char>& {
    std::vector<char>& r = cache[static_cast<size_t>(from)];
    if (r.empty()) r = Reachable(adj, from);
    return r;
  };
  for (const auto& [pair, evidence] : flows) {
    const auto [from, to] = pair;
    ScheduleReport::Flow flow{names[static_cast<size_t>(from)], names[static_cast<size_t>(to)], evidence};
    if (!reach(declared_reach, declared, from)[static_cast<size_t>(to)]) {
      const bool reversed = reach(declared_reach, declared, to)[static_cast<size_t>(from)] != 0;
      report.missing.push_back(ScheduleReport::Missing{flow, reversed});
    }
    report.flows.push_back(std::move(flow));
  }
  // A dependency with no data flowing either way is unneeded, unless another
  // job's data flow relies on it for its order (the only declared path from
  // a writer to its reader goes through it). A job that runs no script (a
  // DataX sync, a task waiting for another workflow) reads and writes what
  // nobody knows: dependencies of it or on it are not judged.
  auto opaque = [&](size_t j) { return resolved.scripts[j].empty(); };
  for (size_t j = 0; j < n; ++j) {
    for (int up : depends[j]) {
      if (opaque(j) || opaque(static_cast<size_t>(up))) continue;
      const bool flows_down = reach(data_reach, data, up)[j] != 0;
      const bool flows_up = reach(data_reach, data, static_cast<int>(j))[static_cast<size_t>(up)] != 0;
      if (flows_down || flows_up || CarriesOrder(declared, flows, up, static_cast<int>(j))) continue;
      report.unneeded.push_back(
          ScheduleReport::Unneeded{names[j], names[static_cast<size_t>(up)], jobs.jobs[j].origin});
    }
  }

  for (const std::vector<int>& scc : Cycles(declared)) {
    std::vector<std::string>& cycle = report.cycles.emplace_back();
    for (int j : OneCycle(declared, scc, names)) cycle.push_back(names[static_cast<size_t>(j)]);
  }
  for (const std::vector<int>& scc : Cycles(data)) {
    std::vector<std::string>& cycle = report.data_cycles.emplace_back();
    for (int j : scc) cycle.push_back(names[static_cast<size_t>(j)]);
    std::sort(cycle.begin(), cycle.end());
  }
  auto by_names = [](const auto& a, const auto& b) {
    return std::tie(a.flow.from, a.flow.to) < std::tie(b.flow.from, b.flow.to);
  };
  std::sort(report.missing.begin(), report.missing.end(), by_names);
  std::sort(report.flows.begin(), report.flows.end(),
            [](const auto& a, const auto& b) { return std::tie(a.from, a.to) < std::tie(b.from, b.to); });
  std::sort(report.unneeded.begin(), report.unneeded.end(),
            [](const auto& a, const auto& b) { return std::tie(a.job, a.depends_on) < std::tie(b.job, b.depends_on); });
  std::sort(report.cycles.begin(), report.cycles.end());
  std::sort(report.data_cycles.begin(), report.data_cycles.end());
  return report;
}

}  // namespace hivelineage::checks
