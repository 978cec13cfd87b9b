// check sensitive's report as text and as JSON.
#include <map>

#include "absl/strings/str_join.h"
#include "base/json_out.h"
#include "base/strings.h"
#include "base/utf8.h"
#include "checks/sensitive.h"
#include "graph/render/text.h"

namespace hivelineage::checks {
namespace {

std::string Plural(size_t n, std::string_view one, std::string_view many) { return Cat(n, " ", n == 1 ? one : many); }

// `-> target  = expression  (file:line, statement N)` per step, masking after it.
void AppendPath(const graph::Graph& g, const TagReach& r, const std::string& indent, std::string& out) {
  Append(out, indent, r.origin, r.declared && r.path.empty() ? Cat("  tagged ", r.tag, " (", r.rule, ")") : "", "\n");
  for (const TagHop& hop : r.path) {
    for (const graph::Step& s : hop.edge->steps) {
      Append(out, indent, "-> ", g.columns[s.target].name, "  = ", g.Written(s).expression, "  at ",
             graph::StatementPlace(g.statements[s.statement]));
      const std::vector<std::string> masking = StepMasking(g, s);
      if (!masking.empty()) Append(out, "  [masked: ", absl::StrJoin(masking, ", "), "]");
      out += "\n";
    }
  }
}

// An edge of a tag's path: its ends, and each statement along it.
void WriteEdgeJson(output::JsonOut& j, const graph::Graph& g, const graph::Edge& e) {
  j.Key("source");
  j.String(g.columns[e.source].name);
  j.Key("target");
  j.String(g.columns[e.target].name);
  j.Key("steps");
  j.BeginArray();
  for (const graph::Step& s : e.steps) {
    const graph::StatementInfo& st = g.statements[s.statement];
    j.BeginObject(true);
    j.Key("file");
    j.String(st.file);
    j.Key("line");
    j.Int(st.start.line);
    j.Key("statement");
    j.Int(st.index);
    j.Key("source");
    j.String(g.columns[s.source].name);
    j.Key("target");
    j.String(g.columns[s.target].name);
    j.Key("expression");
    j.String(g.Written(s).expression);
    j.Key("masking");
    j.StringArray(StepMasking(g, s));
    j.EndObject();
  }
  j.EndArray();
}

void WriteStopJson(output::JsonOut& j, const graph::Graph& g, const TagStop& s) {
  j.BeginObject();
  j.Key("tag");
  j.String(s.tag);
  j.Key("level");
  j.String(LevelName(s.level));
  j.Key("masking");
  j.StringArray(s.masking);
  WriteEdgeJson(j, g, *s.edge);
  j.EndObject();
}

void WriteReachJson(output::JsonOut& j, const graph::Graph& g, const TagReach& r) {
  j.BeginObject();
  j.Key("tag");
  j.String(r.tag);
  j.Key("column");
  j.String(r.column);
  j.Key("level");
  j.String(LevelName(r.level));
  if (r.declared) {
    j.Key("declared_by");
    j.String(r.rule);
  }
  j.Key("origin");
  j.String(r.origin);
  if (r.allowed >= 0) {
    j.Key("allowed");
    j.String(LevelName(r.allowed));
    j.Key("allowed_by");
    j.String(r.allowed_rule);
  }
  j.Key("violation");
  j.Bool(r.violation);
  j.Key("path");
  j.BeginArray();
  for (const TagHop& hop : r.path) {
    j.BeginObject();
    j.Key("level");
    j.String(LevelName(hop.level));
    j.Key("masking");
    j.StringArray(hop.masking);
    WriteEdgeJson(j, g, *hop.edge);
    j.EndObject();
  }
  j.EndArray();
  j.EndObject();
}

}  // namespace

void WriteSensitiveText(const graph::Graph& g, const SensitiveReport& report, std::string& out) {
  std::map<std::string, size_t> per_tag;
  for (const TagReach& r : report.reached) ++per_tag[r.tag];
  Append(out, "check sensitive: ", Plural(report.origins, "tagged column", "tagged columns"), ", ",
         Plural(per_tag.size(), "tag", "tags"), " reaching ", Plural(report.reached.size(), "column", "columns"), ", ",
         Plural(report.violations, "amplification", "amplifications"), "\n");

  if (report.violations > 0) {
    out += "\namplifications:\n";
    for (const TagReach& r : report.reached) {
      if (!r.violation) continue;
      Append(out, "  ", r.column, ": tag ", r.tag, " at ", LevelName(r.level), ", but ", r.table, " allows up to ",
             LevelName(r.allowed), " (", r.allowed_rule, ")\n");
      AppendPath(g, r, "    ", out);
    }
  }

  std::string tag;
  for (const TagReach& r : report.reached) {
    if (r.tag != tag) {
      tag = r.tag;
      Append(out, "\ntag ", tag, ":\n");
    }
    Append(out, "  ", r.column, "  ", LevelName(r.level));
    if (r.declared) Append(out, "  tagged (", r.rule, ")");
    // The path back to the origin, nearest first, with the masking of each hop and the level it left.
    for (size_t i = r.path.size(); i-- > 0;) {
      const TagHop& hop = r.path[i];
      if (!hop.masking.empty()) Append(out, "  [", absl::StrJoin(hop.masking, ", "), ": ", LevelName(hop.level), "]");
      Append(out, "  <- ", i > 0 ? g.columns[r.path[i - 1].edge->target].name : r.origin);
    }
    if (r.violation) Append(out, "  AMPLIFICATION (", r.table, " allows ", LevelName(r.allowed), ")");
    out += "\n";
  }
  if (!report.stopped.empty()) {
    out += "\nstopped by masking:\n";
    for (const TagStop& s : report.stopped)
      Append(out, "  ", s.tag, ": ", g.columns[s.edge->source].name, " -> ", g.columns[s.edge->target].name, "  = ",
             g.Expression(*s.edge), "  at ", graph::StatementPlace(g.statements[s.edge->statement()]), "  [",
             absl::StrJoin(s.masking, ", "), "]\n");
  }
  if (!report.uncertain.empty()) {
    out += "\nuncertain (statements with errors read a tagged table; their lineage may be partial):\n";
    for (const TagUncertain& u : report.uncertain)
      Append(out, "  ", u.tag, ": ", u.table, " read at ", graph::StatementPlace(g.statements[u.statement]), "\n");
  }
  if (!report.unused_rules.empty()) {
    out += "\ntag rules that match no column of the lineage:\n";
    for (const std::string& r : report.unused_rules) Append(out, "  ", r, "\n");
  }
  MakeValidUtf8(out);
}

void WriteSensitiveJson(const graph::Graph& g, const SensitiveReport& report, std::string& out) {
  output::JsonOut j(out, true);
  j.BeginObject();
  j.Key("summary");
  j.BeginObject(true);
  j.Key("tagged_columns");
  j.Int(static_cast<int64_t>(report.origins));
  j.Key("reached_columns");
  j.Int(static_cast<int64_t>(report.reached.size()));
  j.Key("violations");
  j.Int(static_cast<int64_t>(report.violations));
  j.EndObject();
  j.Key("violations");
  j.BeginArray();
  for (const TagReach& r : report.reached)
    if (r.violation) WriteReachJson(j, g, r);
  j.EndArray();
  j.Key("reached");
  j.BeginArray();
  for (const TagReach& r : report.reached) WriteReachJson(j, g, r);
  j.EndArray();
  j.Key("stopped");
  j.BeginArray();
  for (const TagStop& s : report.stopped) WriteStopJson(j, g, s);
  j.EndArray();
  j.Key("uncertain");
  j.BeginArray();
  for (const TagUncertain& u : report.uncertain) {
    const graph::StatementInfo& st = g.statements[u.statement];
    j.BeginObject(true);
    j.Key("tag");
    j.String(u.tag);
    j.Key("table");
    j.String(u.table);
    j.Key("file");
    j.String(st.file);
    j.Key("line");
    j.Int(st.start.line);
    j.Key("statement");
    j.Int(st.index);
    j.EndObject();
  }
  j.EndArray();
  j.Key("unused_rules");
  j.StringArray(report.unused_rules);
  j.EndObject();
  out += "\n";
}

}  // namespace hivelineage::checks
