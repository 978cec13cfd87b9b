#include "graph/render/query_format.h"

#include <set>

#include "base/json_out.h"
#include "base/strings.h"
#include "graph/render/text.h"

namespace hivelineage::graph {
namespace {

// The fields of a statement, as graph --format json names them.
void StatementJson(output::JsonOut& j, const StatementRef& s) {
  j.Key("file");
  j.String(s.file);
  j.Key("index");
  j.Int(s.index);
  j.Key("line");
  j.Int(s.line);
  j.Key("column");
  j.Int(s.column);
  j.Key("kind");
  j.String(StatementKindName(s.kind));
}

void LinkJson(output::JsonOut& j, const Link& l) {
  j.BeginObject(true);
  j.Key("kind");
  j.String(LinkKindName(l.kind));
  if (!l.expression.empty()) {
    j.Key("expression");
    j.String(l.expression);
  }
  if (l.kind == LinkKind::Condition) {
    j.Key("clause");
    j.String(lineage::ClauseName(l.clause));
  }
  if (l.possible) {
    j.Key("possible");
    j.Bool(true);
  }
  if (!l.via.empty()) {
    j.Key("via");
    j.String(l.via);
  }
  j.Key("statement");
  j.BeginObject(true);
  StatementJson(j, l.statement);
  j.EndObject();
  j.EndObject();
}

std::set<std::string> Scripts(const std::vector<StatementUse>& uses) {
  std::set<std::string> files;
  for (const StatementUse& u : uses) files.insert(u.statement.file);
  return files;
}

std::string Joined(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) Append(out, i ? ", " : "", names[i]);
  return out;
}

const char* Plural(size_t n, const char* one, const char* many) { return n == 1 ? one : many; }

const char* ExtremityMeaning(Extremity which) {
  switch (which) {
    case Extremity::Leaves:
      return "that nothing reads";
    case Extremity::Roots:
      return "that nothing writes";
    case Extremity::Orphans:
      return "read, but neither written nor declared";
  }
  return "";
}

}  // namespace

std::string DescribeStatement(const StatementRef& s) {
  return Cat(s.file, ":", s.line, " (statement ", s.index, ", ", StatementKindName(s.kind), ")");
}

std::string DescribeLink(const Link& l) {
  std::string out = l.possible ? "possible value" : LinkKindName(l.kind);
  if (l.kind == LinkKind::Condition) Append(out, " ", lineage::ClauseName(l.clause));
  if (!l.expression.empty()) Append(out, " ", l.expression);
  if (!l.via.empty()) Append(out, " ", l.via);
  Append(out, " (", l.statement.file, ":", l.statement.line, ", statement ", l.statement.index, ")");
  return out;
}

void WritePathsText(const Paths& p, std::string& out) {
  Append(out, p.paths.size(), Plural(p.paths.size(), " path", " paths"), " from ", LevelName(p.options.level), " ",
         p.from, " to ", p.to);
  if (p.options.with_conditions) out += " (values and conditions)";
  out += p.paths.empty() ? "\n" : ":\n";
  for (size_t i = 0; i < p.paths.size(); ++i) {
    Append(out, "\n", i + 1, ". ", p.from, "\n");
    for (const PathHop& hop : p.paths[i]) {
      Append(out, "   -> ", hop.to, "\n");
      for (const Link& l : hop.links) Append(out, "        ", DescribeLink(l), "\n");
    }
  }
  if (p.truncated)
    Append(out, "\nstopped after ", p.paths.size(), " paths (--max-paths); there may be more\n");
  MakeValidUtf8(out);
}

void WritePathsJson(const Paths& p, std::string& out) {
  output::JsonOut j(out, true);
  j.BeginObject();
  j.Key("from");
  j.String(p.from);
  j.Key("to");
  j.String(p.to);
  j.Key("level");
  j.String(LevelName(p.options.level));
  j.Key("with_conditions");
  j.Bool(p.options.with_conditions);
  j.Key("paths");
  j.BeginArray();
  for (const std::vector<PathHop>& path : p.paths) {
    j.BeginArray();
    for (const PathHop& hop : path) {
      j.BeginObject();
      j.Key("from");
      j.String(hop.from);
      j.Key("to");
      j.String(hop.to);
      j.Key("links");
      j.BeginArray();
      for (const Link& l : hop.links) LinkJson(j, l);
      j.EndArray();
      j.EndObject();
    }
    j.EndArray();
  }
  j.EndArray();
  j.Key("truncated");
  j.Bool(p.truncated);
  j.EndObject();
  out += '\n';
}

void WriteExtremitiesText(Extremity which, Level level, const std::vector<ExtremityNode>& nodes, std::string& out) {
  Append(out, ExtremityName(which), ": ", nodes.size(), " ", LevelName(level), Plural(nodes.size(), "", "s"), " ",
         ExtremityMeaning(which), "\n");
  for (const ExtremityNode& n : nodes) {
    Append(out, "  ", n.name);
    if (!n.uses.empty()) {
      const std::set<std::string> scripts = Scripts(n.uses);
      Append(out, "  (", which == Extremity::Leaves ? "written by " : "read by ", n.uses.size(),
             Plural(n.uses.size(), " statement", " statements"), " in ", scripts.size(),
             Plural(scripts.size(), " script", " scripts"), ", first ", DescribeStatement(n.uses.front().statement),
             ")");
    }
    out += "\n";
  }
  MakeValidUtf8(out);
}

void WriteExtremitiesJson(Extremity which, Level level, const std::vector<ExtremityNode>& nodes, std::string& out) {
  output::JsonOut j(out, true);
  j.BeginObject();
  j.Key("query");
  j.String(ExtremityName(which));
  j.Key("level");
  j.String(LevelName(level));
  j.Key("nodes");
  j.BeginArray();
  for (const ExtremityNode& n : nodes) {
    j.BeginObject();
    j.Key("name");
    j.String(n.name);
    j.Key(which == Extremity::Leaves ? "written_by" : "read_by");
    j.BeginArray();
    for (const StatementUse& u : n.uses) {
      j.BeginObject(true);
      StatementJson(j, u.statement);
      j.EndObject();
    }
    j.EndArray();
    j.EndObject();
  }
  j.EndArray();
  j.EndObject();
  out += '\n';
}

void WriteUsesText(Use use, Level level, const std::string& node, const std::vector<StatementUse>& uses,
                   std::string& out) {
  const std::set<std::string> scripts = Scripts(uses);
  Append(out, use == Use::Read ? "readers of " : "writers of ", LevelName(level), " ", node, ": ", uses.size(),
         Plural(uses.size(), " statement", " statements"), " in ", scripts.size(),
         Plural(scripts.size(), " script", " scripts"), "\n");
  for (const StatementUse& u : uses) {
    Append(out, "  ", DescribeStatement(u.statement), "\n");
    if (!u.inputs.empty()) Append(out, "      reads  ", Joined(u.inputs), "\n");
    if (!u.outputs.empty()) Append(out, "      writes ", Joined(u.outputs), "\n");
  }
  MakeValidUtf8(out);
}

void WriteUsesJson(Use use, Level level, const std::string& node, const std::vector<StatementUse>& uses,
                   std::string& out) {
  output::JsonOut j(out, true);
  j.BeginObject();
  j.Key("query");
  j.String(use == Use::Read ? "readers" : "writers");
  j.Key("level");
  j.String(LevelName(level));
  j.Key("name");
  j.String(node);
  j.Key("statements");
  j.BeginArray();
  for (const StatementUse& u : uses) {
    j.BeginObject();
    StatementJson(j, u.statement);
    j.Key("inputs");
    j.StringArray(u.inputs);
    j.Key("outputs");
    j.StringArray(u.outputs);
    j.EndObject();
  }
  j.EndArray();
  j.Key("scripts");
  const std::set<std::string> scripts = Scripts(uses);
  j.StringArray(std::vector<std::string>(scripts.begin(), scripts.end()));
  j.EndObject();
  out += '\n';
}

}  // namespace hivelineage::graph
