// check schedule's report as text and as JSON.
#include "absl/strings/str_join.h"
#include "base/json_out.h"
#include "base/strings.h"
#include "base/utf8.h"
#include "checks/schedule.h"

namespace hivelineage::checks {
namespace {

std::string At(const std::string& file, LineCol at) { return Cat(file, ":", at.line); }

void WriteEvidence(std::string& out, const FlowEvidence& e) {
  Append(out, "      ", e.table, ": written at ", At(e.writer_file, e.writer_at), ", read at ",
         At(e.reader_file, e.reader_at), "\n");
}

void EvidenceJson(output::JsonOut& j, const std::vector<FlowEvidence>& tables) {
  j.BeginArray();
  for (const FlowEvidence& e : tables) {
    j.BeginObject(true);
    j.Key("table");
    j.String(e.table);
    j.Key("written_at");
    j.String(At(e.writer_file, e.writer_at));
    j.Key("read_at");
    j.String(At(e.reader_file, e.reader_at));
    j.EndObject();
  }
  j.EndArray();
}

void ListsJson(output::JsonOut& j, const std::vector<std::vector<std::string>>& lists) {
  j.BeginArray();
  for (const auto& l : lists) j.StringArray(l);
  j.EndArray();
}

}  // namespace

void WriteScheduleText(const ScheduleReport& r, std::string& out) {
  Append(out, "check schedule: ", r.jobs, " jobs, ", r.dependencies, " declared dependencies, ", r.flows.size(),
         " data flows between jobs; ", r.missing.size(), " missing, ", r.unneeded.size(), " unneeded, ",
         r.cycles.size(), r.cycles.size() == 1 ? " cycle" : " cycles", ", ", r.out_of_order.size(), " out of order\n");
  if (!r.missing.empty()) {
    out += "\nmissing dependencies (data flows, but no declared path between the jobs):\n";
    for (const ScheduleReport::Missing& m : r.missing) {
      Append(out, "  ", m.flow.to, " needs ", m.flow.from);
      if (m.reversed) Append(out, "  (declared the other way round: ", m.flow.from, " waits for ", m.flow.to, ")");
      out += "\n";
      for (const FlowEvidence& e : m.flow.tables) WriteEvidence(out, e);
    }
  }
  if (!r.unneeded.empty()) {
    out += "\nunneeded dependencies (declared, but no data flows between the jobs either way):\n";
    for (const ScheduleReport::Unneeded& u : r.unneeded)
      Append(out, "  ", u.job, " depends on ", u.depends_on, "  (", u.origin, ")\n");
  }
  if (!r.cycles.empty()) {
    out += "\ncycles (jobs that wait for themselves; the scheduler can never run them):\n";
    for (const auto& c : r.cycles) Append(out, "  ", absl::StrJoin(c, " -> "), " -> ", c.front(), "\n");
  }
  if (!r.out_of_order.empty()) {
    out += "\nout of order within a job (a script reads a table a later script of the job writes):\n";
    for (const ScheduleReport::OutOfOrder& o : r.out_of_order)
      Append(out, "  ", o.job, ": ", At(o.read.reader_file, o.read.reader_at), " reads ", o.read.table,
             ", written later at ", At(o.read.writer_file, o.read.writer_at), "\n");
  }
  if (!r.unknown_dependencies.empty()) {
    out += "\ndependencies on jobs that do not exist:\n";
    for (const std::string& u : r.unknown_dependencies) Append(out, "  ", u, "\n");
  }
  if (!r.data_cycles.empty()) {
    out += "\ndata cycles (each job reads what another writes; no order satisfies them all in one run):\n";
    for (const auto& c : r.data_cycles) Append(out, "  ", absl::StrJoin(c, ", "), "\n");
  }
  if (!r.unresolved.empty()) {
    out += "\nscripts of jobs that are not among the analysed scripts (their tables are not known):\n";
    for (const std::string& u : r.unresolved) Append(out, "  ", u, "\n");
  }
  if (!r.unscheduled.empty()) {
    out += "\nscripts no job runs:\n";
    for (const std::string& u : r.unscheduled) Append(out, "  ", u, "\n");
  }
  if (!r.notes.empty()) {
    out += "\nnotes:\n";
    for (const std::string& n : r.notes) Append(out, "  ", n, "\n");
  }
  MakeValidUtf8(out);
}

void WriteScheduleJson(const ScheduleReport& r, std::string& out) {
  output::JsonOut j(out, true);
  j.BeginObject();
  j.Key("summary");
  j.BeginObject(true);
  for (const auto& [key, value] : {std::pair<const char*, size_t>{"jobs", r.jobs},
                                   {"dependencies", r.dependencies},
                                   {"flows", r.flows.size()},
                                   {"missing", r.missing.size()},
                                   {"unneeded", r.unneeded.size()},
                                   {"cycles", r.cycles.size()},
                                   {"out_of_order", r.out_of_order.size()},
                                   {"violations", r.violations()}}) {
    j.Key(key);
    j.Int(static_cast<int64_t>(value));
  }
  j.EndObject();
  j.Key("missing");
  j.BeginArray();
  for (const ScheduleReport::Missing& m : r.missing) {
    j.BeginObject();
    j.Key("job");
    j.String(m.flow.to);
    j.Key("needs");
    j.String(m.flow.from);
    j.Key("reversed");
    j.Bool(m.reversed);
    j.Key("tables");
    EvidenceJson(j, m.flow.tables);
    j.EndObject();
  }
  j.EndArray();
  j.Key("unneeded");
  j.BeginArray();
  for (const ScheduleReport::Unneeded& u : r.unneeded) {
    j.BeginObject(true);
    j.Key("job");
    j.String(u.job);
    j.Key("depends_on");
    j.String(u.depends_on);
    j.Key("defined_at");
    j.String(u.origin);
    j.EndObject();
  }
  j.EndArray();
  j.Key("cycles");
  ListsJson(j, r.cycles);
  j.Key("out_of_order");
  j.BeginArray();
  for (const ScheduleReport::OutOfOrder& o : r.out_of_order) {
    j.BeginObject(true);
    j.Key("job");
    j.String(o.job);
    j.Key("table");
    j.String(o.read.table);
    j.Key("read_at");
    j.String(At(o.read.reader_file, o.read.reader_at));
    j.Key("written_at");
    j.String(At(o.read.writer_file, o.read.writer_at));
    j.EndObject();
  }
  j.EndArray();
  j.Key("unknown_dependencies");
  j.StringArray(r.unknown_dependencies);
  j.Key("data_cycles");
  ListsJson(j, r.data_cycles);
  j.Key("flows");
  j.BeginArray();
  for (const ScheduleReport::Flow& f : r.flows) {
    j.BeginObject();
    j.Key("from");
    j.String(f.from);
    j.Key("to");
    j.String(f.to);
    j.Key("tables");
    EvidenceJson(j, f.tables);
    j.EndObject();
  }
  j.EndArray();
  j.Key("unresolved_scripts");
  j.StringArray(r.unresolved);
  j.Key("unscheduled_scripts");
  j.StringArray(r.unscheduled);
  j.Key("notes");
  j.StringArray(r.notes);
  j.EndObject();
  out += "\n";
}

}  // namespace hivelineage::checks
