#include "checks/critical_path.h"

#include <algorithm>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "absl/strings/str_join.h"
#include "base/strings.h"
#include "usage/query_log.h"

namespace hivelineage::checks {

bool ParseSla(std::string_view text, Sla& sla, std::string& error) {
  const size_t eq = text.rfind('=');
  const std::string_view clock = eq == std::string_view::npos ? "" : text.substr(eq + 1);
  const bool ok =
      eq != std::string_view::npos && eq > 0 && clock.size() == 5 && clock[2] == ':' &&
      std::isdigit(static_cast<unsigned char>(clock[0])) && std::isdigit(static_cast<unsigned char>(clock[1])) &&
      std::isdigit(static_cast<unsigned char>(clock[3])) && std::isdigit(static_cast<unsigned char>(clock[4]));
  const int h = ok ? (clock[0] - '0') * 10 + (clock[1] - '0') : 0,
            m = ok ? (clock[3] - '0') * 10 + (clock[4] - '0') : 0;
  if (!ok || h > 23 || m > 59) {
    error = Cat("--sla expects TABLE=HH:MM, got '", text, "'");
    return false;
  }
  sla.table = ToLower(text.substr(0, eq));
  sla.seconds = h * 3600 + m * 60;
  sla.text = std::string(clock);
  return true;
}

CriticalPathReport CriticalPaths(const JobSet& jobs, const ScheduleReport& schedule,
                                 const std::vector<JobTables>& tables, const std::vector<Run>& runs,
                                 const std::vector<Sla>& slas) {
  CriticalPathReport report;
  const size_t n = jobs.jobs.size();
  std::map<std::string, int> index;
  for (size_t i = 0; i < n; ++i) index.emplace(jobs.jobs[i].name, static_cast<int>(i));
  // Predecessors: declared dependencies and data flows.
  std::vector<std::set<int>> preds(n), succs(n);
  auto add = [&](int from, int to) {
    if (from == to) return;
    preds[static_cast<size_t>(to)].insert(from);
    succs[static_cast<size_t>(from)].insert(to);
  };
  for (size_t i = 0; i < n; ++i)
    for (const std::string& d : jobs.jobs[i].depends_on)
      if (auto it = index.find(d); it != index.end()) add(it->second, static_cast<int>(i));
  for (const ScheduleReport::Flow& f : schedule.flows)
    if (index.count(f.from) && index.count(f.to)) add(index[f.from], index[f.to]);

  std::map<std::string, std::map<int, std::vector<const Run*>>> by_date;
  for (const Run& run : runs) {
    const int j = FindRunJob(jobs, run.job);
    if (j < 0) {
      report.warnings.push_back(
          Cat(run.origin, ": warning: run of ", run.job, ", which is no job of the jobs file; left out"));
      continue;
    }
    by_date[run.date][j].push_back(&run);
  }
  for (const Sla& sla : slas) {
    bool written = false;
    for (const JobTables& t : tables) written = written || t.writes.count(sla.table);
    if (!written)
      report.warnings.push_back(Cat("--sla ", sla.table, "=", sla.text, ": warning: no job writes ", sla.table));
  }

  for (auto& [date, of_job] : by_date) {
    RunDateReport d;
    d.date = date;
    std::vector<int> at(n, -1);  // job -> index into d.jobs
    for (auto& [j, rs] : of_job) {
      std::stable_sort(rs.begin(), rs.end(), [](const Run* a, const Run* b) { return a->start < b->start; });
      if (rs.size() > 1) d.reruns.push_back(jobs.jobs[static_cast<size_t>(j)].name);
      for (const Run* r : rs)
        if (r->failed) d.failed.push_back(r);
    }
    std::vector<int> ran;
    for (auto& [j, rs] : of_job)
      if (rs.back()->ended) ran.push_back(j);
    std::sort(ran.begin(), ran.end(), [&](int a, int b) {
      return jobs.jobs[static_cast<size_t>(a)].name < jobs.jobs[static_cast<size_t>(b)].name;
    });
    for (int j : ran) {
      at[static_cast<size_t>(j)] = static_cast<int>(d.jobs.size());
      d.jobs.push_back(JobTiming{jobs.jobs[static_cast<size_t>(j)].name, of_job[j].back()});
    }
    for (size_t i = 0; i < n; ++i)
      if (!of_job.count(static_cast<int>(i))) d.missing.push_back(jobs.jobs[i].name);
    std::sort(d.missing.begin(), d.missing.end());
    // Readiness and the predecessor each job waited for.
    std::vector<int> binding(n, -1);
    for (int j : ran) {
      JobTiming& t = d.jobs[static_cast<size_t>(at[static_cast<size_t>(j)])];
      for (int p : preds[static_cast<size_t>(j)]) {
        if (at[static_cast<size_t>(p)] < 0) continue;
        const Run* pr = d.jobs[static_cast<size_t>(at[static_cast<size_t>(p)])].run;
        if (!t.has_inputs || pr->end > t.ready) {
          t.has_inputs = true;
          t.ready = pr->end;
          binding[static_cast<size_t>(j)] = p;
        }
      }
      t.wait = t.has_inputs ? t.run->start - t.ready : 0;
    }
    // Latest finish, from the final jobs back (memoised; a cycle ends the recursion).
    int64_t night_end = 0;
    int64_t first_start = INT64_MAX;
    for (const JobTiming& t : d.jobs) {
      night_end = std::max(night_end, t.run->end);
      first_start = std::min(first_start, t.run->start);
    }
    d.day = d.jobs.empty() ? d.date : usage::FormatLogTime(first_start).substr(0, 10);
    std::vector<int64_t> latest(n, 0);
    std::vector<char> state(n, 0);
    std::function<int64_t(int)> lf = [&](int j) -> int64_t {
      const size_t u = static_cast<size_t>(j);
      if (state[u] == 2) return latest[u];
      const Run* r = d.jobs[static_cast<size_t>(at[u])].run;
      if (state[u] == 1) return r->end;  // a cycle
      state[u] = 1;
      int64_t best = INT64_MAX;
      for (int s : succs[u]) {
        if (at[static_cast<size_t>(s)] < 0) continue;
        const Run* sr = d.jobs[static_cast<size_t>(at[static_cast<size_t>(s)])].run;
        best = std::min(best, lf(s) - (sr->end - sr->start));
      }
      latest[u] = best == INT64_MAX ? night_end : best;
      state[u] = 2;
      return latest[u];
    };
    auto chain_to = [&](int j) {
      std::vector<size_t> chain;
      std::set<int> seen;
      for (int k = j; k >= 0 && seen.insert(k).second; k = binding[static_cast<size_t>(k)])
        chain.push_back(static_cast<size_t>(at[static_cast<size_t>(k)]));
      std::reverse(chain.begin(), chain.end());
      return chain;
    };
    for (int j : ran) {
      JobTiming& t = d.jobs[static_cast<size_t>(at[static_cast<size_t>(j)])];
      t.slack = lf(j) - t.run->end;
      bool final = true;
      for (int s : succs[static_cast<size_t>(j)]) final = final && at[static_cast<size_t>(s)] < 0 && !of_job.count(s);
      if (!final) continue;
      ChainToFinal c;
      c.job = t.job;
      c.tables.assign(tables[static_cast<size_t>(j)].writes.begin(), tables[static_cast<size_t>(j)].writes.end());
      c.chain = chain_to(j);
      d.finals.push_back(std::move(c));
    }
    // When `j` ends had every job started as soon as its inputs were ready
    // (a job no input of which ran: when it did), `zero` taking no time.
    auto ready_finish = [&](int j, int zero) {
      std::vector<int64_t> end(n, 0);
      std::vector<char> done(n, 0);
      std::function<int64_t(int)> finish = [&](int k) -> int64_t {
        const size_t u = static_cast<size_t>(k);
        const Run* r = d.jobs[static_cast<size_t>(at[u])].run;
        if (done[u] == 2) return end[u];
        if (done[u] == 1) return r->end;  // a cycle
        done[u] = 1;
        int64_t start = r->start;
        bool has_inputs = false;
        for (int p : preds[u]) {
          if (at[static_cast<size_t>(p)] < 0) continue;
          const int64_t e = finish(p);
          start = has_inputs ? std::max(start, e) : e;
          has_inputs = true;
        }
        end[u] = start + (k == zero ? 0 : r->end - r->start);
        done[u] = 2;
        return end[u];
      };
      return finish(j);
    };
    for (const Sla& sla : slas) {
      SlaResult s;
      s.sla = sla;
      int writer = -1;
      for (int j : ran)
        if (tables[static_cast<size_t>(j)].writes.count(sla.table) &&
            (writer < 0 || d.jobs[static_cast<size_t>(at[static_cast<size_t>(j)])].run->end >
                               d.jobs[static_cast<size_t>(at[static_cast<size_t>(writer)])].run->end))
          writer = j;
      if (writer >= 0) {
        const Run* r = d.jobs[static_cast<size_t>(at[static_cast<size_t>(writer)])].run;
        s.job = jobs.jobs[static_cast<size_t>(writer)].name;
        s.deadline = DayStart(usage::FormatLogTime(r->start).substr(0, 10)) + sla.seconds;
        s.finish = r->end;
        s.late = r->end - s.deadline;
        s.chain = chain_to(writer);
        for (size_t c : s.chain) s.waits += std::max<int64_t>(0, d.jobs[c].wait);
        s.ready_finish = ready_finish(writer, -1);
        s.remaining = s.ready_finish - s.deadline;
        if (s.late > 0 && s.remaining > 0)
          for (size_t c : s.chain) {
            const JobTiming& t = d.jobs[c];
            int job = -1;
            for (int k : ran)
              if (at[static_cast<size_t>(k)] == static_cast<int>(c)) job = k;
            s.speedups.push_back({t.job, t.run->end - t.run->start, s.ready_finish - ready_finish(writer, job)});
          }
        if (s.late > 0) ++report.missed_slas;
      }
      d.slas.push_back(std::move(s));
    }
    report.dates.push_back(std::move(d));
  }
  return report;
}

namespace {

std::string Clock(int64_t t) { return usage::FormatLogTime(t).substr(0, 16); }

}  // namespace

void WriteCriticalPathText(const CriticalPathReport& report, std::string& out) {
  for (const RunDateReport& d : report.dates) {
    Append(out, "\nrun date ", d.date, d.day != d.date ? Cat(" (run on ", d.day, ")") : "", ": ", d.jobs.size(),
           " jobs ran, ", d.failed.size(), " failed, ", d.missing.size(), " missing\n");
    for (const Run* r : d.failed)
      Append(out, "  failed: ", r->job, " (", r->ended ? r->status : "no end", ", ", r->origin, ")\n");
    if (!d.missing.empty()) Append(out, "  missing (no run): ", absl::StrJoin(d.missing, ", "), "\n");
    if (!d.reruns.empty())
      Append(out, "  run more than once (the last run is used): ", absl::StrJoin(d.reruns, ", "), "\n");
    for (const ChainToFinal& c : d.finals) {
      const JobTiming& last = d.jobs[c.chain.back()];
      Append(out, "  critical path to ", c.job, c.tables.empty() ? "" : Cat(" (", absl::StrJoin(c.tables, ", "), ")"),
             ", ended ", Clock(last.run->end), ":\n");
      for (size_t i : c.chain) {
        const JobTiming& t = d.jobs[i];
        Append(out, "    ", t.job, "  ", ClockOn(d.day, t.run->start), "-", ClockOn(d.day, t.run->end), "  took ",
               Duration(t.run->end - t.run->start));
        if (t.has_inputs) Append(out, ", waited ", Duration(t.wait));
        Append(out, "\n");
      }
    }
    out += "  slack (how much later each job could have ended without delaying the night's last job):\n";
    for (const JobTiming& t : d.jobs) Append(out, "    ", t.job, "  ", Duration(t.slack), "\n");
    for (const SlaResult& s : d.slas) {
      if (s.job.empty()) {
        Append(out, "  SLA ", s.sla.table, " by ", s.sla.text, ": no job writing it ran\n");
        continue;
      }
      if (s.late <= 0) {
        Append(out, "  SLA ", s.sla.table, " by ", s.sla.text, ": met, ", s.job, " ended ", Clock(s.finish), " (",
               Duration(-s.late), " to spare)\n");
        continue;
      }
      Append(out, "  SLA ", s.sla.table, " by ", s.sla.text, ": missed, ", s.job, " ended ", Clock(s.finish), ", ",
             Duration(s.late), " late\n");
      std::vector<std::string> waits;
      for (size_t c : s.chain)
        if (d.jobs[c].wait > 0) waits.push_back(Cat(d.jobs[c].job, " ", Duration(d.jobs[c].wait)));
      Append(out, "    its chain waited ", Duration(s.waits),
             waits.empty() ? "" : Cat(" (", absl::StrJoin(waits, ", "), ")"),
             "; had every job started as soon as its inputs were ready, it would have ended ", Clock(s.ready_finish),
             "\n");
      if (s.remaining <= 0) {
        out += "    that is in time: no job needs to speed up\n";
        continue;
      }
      Append(out, "    still ", Duration(s.remaining), " late: a job of the chain must speed up, alone:\n");
      for (const SlaResult::SpeedUp& u : s.speedups) {
        Append(out, "      ", u.job, " (took ", Duration(u.took), ")");
        if (u.most >= s.remaining)
          Append(out, " by ", Duration(s.remaining), "\n");
        else
          Append(out, " cannot alone: ",
                 u.most >= u.took ? Cat("it took only ", Duration(u.took))
                                  : Cat("it gains at most ", Duration(u.most), " before another chain decides"),
                 "\n");
      }
    }
  }
}

void WriteCriticalPathJson(const CriticalPathReport& report, std::string& out) {
  nlohmann::ordered_json j = nlohmann::ordered_json::array();
  for (const RunDateReport& d : report.dates) {
    nlohmann::ordered_json o;
    o["date"] = d.date;
    nlohmann::ordered_json jobs = nlohmann::ordered_json::array();
    for (const JobTiming& t : d.jobs) {
      nlohmann::ordered_json jo = {{"job", t.job},
                                   {"start", usage::FormatLogTime(t.run->start)},
                                   {"end", usage::FormatLogTime(t.run->end)},
                                   {"status", t.run->status},
                                   {"seconds", t.run->end - t.run->start},
                                   {"slack_seconds", t.slack}};
      jo["wait_seconds"] = t.has_inputs ? nlohmann::ordered_json(t.wait) : nlohmann::ordered_json(nullptr);
      jobs.push_back(std::move(jo));
    }
    o["jobs"] = std::move(jobs);
    o["failed"] = nlohmann::ordered_json::array();
    for (const Run* r : d.failed)
      o["failed"].push_back({{"job", r->job}, {"status", r->status}, {"origin", r->origin}});
    o["missing"] = d.missing;
    o["reruns"] = d.reruns;
    o["critical_paths"] = nlohmann::ordered_json::array();
    for (const ChainToFinal& c : d.finals) {
      std::vector<std::string> chain;
      for (size_t i : c.chain) chain.push_back(d.jobs[i].job);
      o["critical_paths"].push_back({{"final_job", c.job}, {"tables", c.tables}, {"chain", chain}});
    }
    o["slas"] = nlohmann::ordered_json::array();
    for (const SlaResult& s : d.slas) {
      std::vector<std::string> chain;
      for (size_t i : s.chain) chain.push_back(d.jobs[i].job);
      nlohmann::ordered_json so = {{"table", s.sla.table}, {"by", s.sla.text}, {"job", s.job}};
      if (!s.job.empty()) {
        so["end"] = usage::FormatLogTime(s.finish);
        so["late_seconds"] = s.late;
        so["chain"] = chain;
        so["chain_wait_seconds"] = s.waits;
        so["ready_end"] = usage::FormatLogTime(s.ready_finish);
        so["remaining_seconds"] = std::max<int64_t>(0, s.remaining);
        nlohmann::ordered_json speedups = nlohmann::ordered_json::array();
        for (const SlaResult::SpeedUp& u : s.speedups)
          speedups.push_back({{"job", u.job},
                              {"seconds", u.took},
                              {"most_gain_seconds", u.most},
                              {"speed_up_seconds", u.most >= s.remaining ? nlohmann::ordered_json(s.remaining)
                                                                         : nlohmann::ordered_json(nullptr)}});
        so["speed_ups"] = std::move(speedups);
      }
      o["slas"].push_back(std::move(so));
    }
    j.push_back(std::move(o));
  }
  out += j.dump(2);
}

}  // namespace hivelineage::checks
