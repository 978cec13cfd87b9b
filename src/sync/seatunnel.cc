#include "sync/seatunnel.h"

#include <map>
#include <optional>
#include <set>
#include <utility>

#include "base/strings.h"
#include "catalog/json_tree.h"
#include "sync/hocon.h"

namespace hivelineage::sync {
namespace {

using catalog::JsonNode;

const JsonNode* Member(const JsonNode& node, std::string_view key) {
  if (node.kind != JsonNode::Kind::Object) return nullptr;
  for (const JsonNode::Member& m : node.members)
    if (m.key == key) return &m.value;
  return nullptr;
}

std::string Text(const JsonNode* node) {
  if (node == nullptr) return {};
  if (node->kind == JsonNode::Kind::String || node->kind == JsonNode::Kind::Integer) return node->string;
  if (node->kind == JsonNode::Kind::Array && !node->items.empty()) return Text(&node->items[0]);
  return {};
}

std::vector<std::string> Texts(const JsonNode* node) {
  std::vector<std::string> out;
  if (node == nullptr) return out;
  if (node->kind == JsonNode::Kind::Array) {
    for (const JsonNode& i : node->items) out.push_back(Text(&i));
  } else if (std::string s = Text(node); !s.empty()) {
    // "a,b" lists several names in one string
    size_t pos = 0;
    while (pos <= s.size()) {
      size_t comma = s.find(',', pos);
      if (comma == std::string::npos) comma = s.size();
      std::string one = s.substr(pos, comma - pos);
      while (!one.empty() && one.front() == ' ') one.erase(0, 1);
      while (!one.empty() && one.back() == ' ') one.pop_back();
      if (!one.empty()) out.push_back(one);
      pos = comma + 1;
    }
  }
  return out;
}

struct Plugin {
  std::string name;  // as written: Jdbc, Sql, Clickhouse
  const JsonNode* params = nullptr;
  uint32_t at = 0;
};

// HOCON: `source { Jdbc { ... } }`; JSON: `"source": [{"plugin_name": "Jdbc", ...}]`.
std::vector<Plugin> Plugins(const JsonNode* section) {
  std::vector<Plugin> out;
  if (section == nullptr) return out;
  if (section->kind == JsonNode::Kind::Object) {
    for (const JsonNode::Member& m : section->members)
      if (m.value.kind == JsonNode::Kind::Object) out.push_back(Plugin{m.key, &m.value, m.key_begin});
  } else if (section->kind == JsonNode::Kind::Array) {
    for (const JsonNode& item : section->items)
      out.push_back(Plugin{Text(Member(item, "plugin_name")), &item, item.begin});
  }
  return out;
}

std::string Lower(std::string_view s) { return ToLower(s); }

// `host:port` with the scheme's default port, no scheme, no path.
std::string Endpoint(std::string scheme, std::string hosts) {
  hosts = ToLower(hosts);
  if (const size_t s = hosts.find("://"); s != std::string::npos) hosts = hosts.substr(s + 3);
  hosts = hosts.substr(0, hosts.find_first_of(",/"));
  if (hosts.find(':') == std::string::npos && !DefaultPort(scheme).empty()) Append(hosts, ":", DefaultPort(scheme));
  return Cat(scheme, "://", hosts);
}

class SeaTunnelReader {
 public:
  SeaTunnelReader(std::string_view text, const SyncOptions& options, JobResult& out)
      : text_(text), options_(options), out_(out) {}

  void Read(const JsonNode& root) {
    for (const Plugin& p : Plugins(Member(root, "source"))) Source(p);
    for (const Plugin& p : Plugins(Member(root, "transform"))) Transform(p);
    const std::vector<Plugin> sinks = Plugins(Member(root, "sink"));
    if (sinks.empty())
      out_.diagnostics.push_back(Diagnostic{Severity::Warning, Span{root.begin, root.begin}, "SeaTunnel: no sink",
                                            DiagnosticCode::SyncMissingSetting});
    for (const Plugin& p : sinks) Sink(p);
  }

 private:
  std::string Output(const Plugin& p) {
    std::string o = Text(Member(*p.params, "plugin_output"));
    if (o.empty()) o = Text(Member(*p.params, "result_table_name"));
    return o;
  }

  // The dataset a transform or sink reads: its named input, or the last one made.
  std::optional<Side> Input(const Plugin& p, Diagnostics& diags) {
    std::vector<std::string> in = Texts(Member(*p.params, "plugin_input"));
    if (in.empty()) in = Texts(Member(*p.params, "source_table_name"));
    if (in.empty()) {
      if (last_.empty()) {
        diags.push_back(Diagnostic{Severity::Warning, Span{p.at, p.at}, Cat("SeaTunnel: ", p.name, " has no input"),
                                   DiagnosticCode::SyncMissingSetting});
        return std::nullopt;
      }
      in.push_back(last_);
    }
    auto it = datasets_.find(in[0]);
    if (it == datasets_.end()) {
      diags.push_back(Diagnostic{Severity::Warning, Span{p.at, p.at},
                                 Cat("SeaTunnel: ", p.name, " reads `", in[0], "`, which no plugin makes"),
                                 DiagnosticCode::SyncMissingSetting});
      return std::nullopt;
    }
    return it->second;
  }

  void Keep(const Plugin& p, Side side) {
    std::string name = Output(p);
    if (name.empty()) name = Cat("#", datasets_.size());
    last_ = name;
    datasets_[name] = std::move(side);
  }

  // Columns from `schema { fields { a = string } }`, when given.
  std::vector<std::string> SchemaFields(const Plugin& p) {
    std::vector<std::string> out;
    const JsonNode* schema = Member(*p.params, "schema");
    const JsonNode* fields = schema != nullptr ? Member(*schema, "fields") : nullptr;
    if (fields != nullptr)
      for (const JsonNode::Member& m : fields->members) out.push_back(Lower(m.key));
    return out;
  }

  void Source(const Plugin& p) {
    const std::string kind = Lower(p.name);
    const JsonNode& q = *p.params;
    Side side;
    if (kind == "jdbc") {
      std::optional<Connection> c = ParseJdbcUrl(Text(Member(q, "url")));
      if (!c) {
        Warn(p, Cat("SeaTunnel: cannot read the url of ", p.name), DiagnosticCode::SyncBadConnection);
        return;
      }
      if (const JsonNode* query = Member(q, "query")) {
        side = QuerySide(Text(query), c->system, c->database, options_, query->begin, out_.diagnostics);
      } else if (std::string t = Lower(Text(Member(q, "table_path"))); !t.empty()) {
        if (t.find('.') == std::string::npos && !c->database.empty()) t = Cat(c->database, ".", t);
        side = TableSide(QualifiedName(c->system, t, options_.systems), SchemaFields(p), p.at);
      } else {
        Warn(p, "SeaTunnel: Jdbc source has neither `query` nor `table_path`", DiagnosticCode::SyncMissingSetting);
        return;
      }
    } else if (kind == "hive") {
      const std::string t = Lower(Text(Member(q, "table_name")));
      side = TableSide(t, CatalogColumns(t, options_), p.at);
    } else if (kind == "kafka") {
      const std::string system = Endpoint("kafka", Text(Member(q, "bootstrap.servers")));
      side = TableSide(QualifiedName(system, Text(Member(q, "topic")), options_.systems), SchemaFields(p), p.at);
    } else if (kind == "hdfsfile" || kind == "localfile") {
      const std::string fs = Text(Member(q, "fs.defaultFS"));
      const std::string path = Text(Member(q, "path"));
      side = TableSide(PathTable(fs.empty() || path.find("://") != std::string::npos ? path : Cat(fs, path), p),
                       SchemaFields(p), p.at);
    } else {
      Warn(p, Cat("SeaTunnel: unknown source '", p.name, "'; what it makes has no lineage"),
           DiagnosticCode::SyncUnknownPlugin);
      side.at = p.at;
    }
    Keep(p, std::move(side));
  }

  void Transform(const Plugin& p) {
    Diagnostics diags;
    std::optional<Side> in = Input(p, diags);
    for (Diagnostic& d : diags) out_.diagnostics.push_back(std::move(d));
    if (!in) {
      Keep(p, Side{});
      return;
    }
    if (Lower(p.name) != "sql") {
      Warn(p, Cat("SeaTunnel: transform '", p.name, "' is not read; its columns pass through unchanged"),
           DiagnosticCode::SyncUnknownPlugin);
      Keep(p, std::move(*in));
      return;
    }
    std::vector<std::string> inputs = Texts(Member(*p.params, "plugin_input"));
    if (inputs.empty()) inputs = Texts(Member(*p.params, "source_table_name"));
    if (inputs.empty()) inputs.push_back(last_);
    const JsonNode* query = Member(*p.params, "query");
    Side sql = QuerySide(Text(query), "", "default", options_, query != nullptr ? query->begin : p.at, out_.diagnostics);
    // The query's tables are the datasets upstream: `default.<name>.col` is
    // what that dataset's column carries.
    Side side;
    side.at = p.at;
    side.columns_known = sql.columns_known;
    for (const std::string& name : inputs)
      if (auto it = datasets_.find(name); it != datasets_.end())
        side.tables.insert(side.tables.end(), it->second.tables.begin(), it->second.tables.end());
    auto resolve = [&](const std::string& source) {
      std::vector<std::string> out;
      for (const std::string& name : inputs) {
        const std::string prefix = Cat("default.", Lower(name), ".");
        if (!source.starts_with(prefix)) continue;
        const std::string column = source.substr(prefix.size());
        const Side& up = datasets_[name];
        bool found = false;
        for (const SideColumn& c : up.columns)
          if (c.name == column) {
            out.insert(out.end(), c.sources.begin(), c.sources.end());
            found = true;
          }
        if (!found && !up.columns_known && up.tables.size() == 1) out.push_back(Cat(up.tables[0], ".", column));
        return out;
      }
      return out;
    };
    for (SideColumn& c : sql.columns) {
      std::vector<std::string> sources;
      for (const std::string& s : c.sources)
        for (std::string& r : resolve(s)) sources.push_back(std::move(r));
      c.sources = std::move(sources);
      side.columns.push_back(std::move(c));
    }
    for (lineage::PredicateLineage& pr : sql.predicates) {
      std::vector<std::string> sources;
      for (const std::string& s : pr.sources)
        for (std::string& r : resolve(s)) sources.push_back(std::move(r));
      pr.sources = std::move(sources);
      side.predicates.push_back(std::move(pr));
    }
    for (const lineage::PredicateLineage& pr : in->predicates) side.predicates.push_back(pr);
    Keep(p, std::move(side));
  }

  void Sink(const Plugin& p) {
    Diagnostics diags;
    std::optional<Side> in = Input(p, diags);
    const std::string kind = Lower(p.name);
    const JsonNode& q = *p.params;
    std::string table;
    if (kind == "jdbc") {
      std::optional<Connection> c = ParseJdbcUrl(Text(Member(q, "url")));
      std::string t = Lower(Text(Member(q, "table")));
      if (const std::string db = Lower(Text(Member(q, "database"))); !db.empty() && c) c->database = db;
      if (c && !t.empty()) {
        if (t.find('.') == std::string::npos && !c->database.empty()) t = Cat(c->database, ".", t);
        table = QualifiedName(c->system, t, options_.systems);
      }
    } else if (kind == "clickhouse" || kind == "doris" || kind == "starrocks") {
      std::string host = Text(Member(q, kind == "doris" ? "fenodes" : kind == "starrocks" ? "nodeUrls" : "host"));
      std::string t = Lower(Text(Member(q, "table")));
      const std::string db = Lower(Text(Member(q, "database")));
      if (!host.empty() && !t.empty())
        table = QualifiedName(Endpoint(kind, host), t.find('.') == std::string::npos && !db.empty() ? Cat(db, ".", t) : t,
                              options_.systems);
    } else if (kind == "hive") {
      table = Lower(Text(Member(q, "table_name")));
    } else if (kind == "elasticsearch") {
      table = QualifiedName(Endpoint("elasticsearch", Text(Member(q, "hosts"))), Text(Member(q, "index")), options_.systems);
    } else if (kind == "kafka") {
      table = QualifiedName(Endpoint("kafka", Text(Member(q, "bootstrap.servers"))), Text(Member(q, "topic")),
                            options_.systems);
    } else if (kind == "hdfsfile" || kind == "localfile") {
      const std::string fs = Text(Member(q, "fs.defaultFS"));
      const std::string path = Text(Member(q, "path"));
      table = PathTable(fs.empty() || path.find("://") != std::string::npos ? path : Cat(fs, path), p);
    } else if (kind == "console") {
      return;  // prints rows: writes no dataset
    } else {
      diags.push_back(Diagnostic{Severity::Warning, Span{p.at, p.at},
                                 Cat("SeaTunnel: unknown sink '", p.name, "'; it has no output lineage"),
                                 DiagnosticCode::SyncUnknownPlugin});
    }
    if (table.empty() && kind != "console" && diags.empty())
      diags.push_back(Diagnostic{Severity::Warning, Span{p.at, p.at}, Cat("SeaTunnel: ", p.name, " names no table"),
                                 DiagnosticCode::SyncMissingSetting});
    JobStatement st;
    if (in && !table.empty()) {
      // SeaTunnel writes fields by name: the sink's columns are its input's.
      Side writer = TableSide(table, CatalogColumns(table, options_), p.at);
      st = Transfer(std::move(*in), writer, /*by_name=*/true, Span{p.at, ValueEnd(text_, p.params->begin)}, "SeaTunnel");
    } else {
      st.span = Span{p.at, ValueEnd(text_, p.params->begin)};
      if (in) st.lineage.inputs = in->tables;
      if (!table.empty()) st.lineage.outputs.push_back(table);
    }
    st.diagnostics.insert(st.diagnostics.begin(), diags.begin(), diags.end());
    out_.statements.push_back(std::move(st));
  }

  std::string PathTable(const std::string& path, const Plugin& p) {
    bool linked = false;
    std::string t = TableOfPath(path, options_, &linked);
    if (!linked && unlinked_.insert(t).second)
      out_.diagnostics.push_back(
          Diagnostic{Severity::Note, Span{p.at, p.at},
                     Cat("SeaTunnel: path '", path, "' is in no Hive table's folder; kept as ", t),
                     DiagnosticCode::SyncPathNotInTable});
    return t;
  }

  void Warn(const Plugin& p, std::string message, DiagnosticCode code) {
    out_.diagnostics.push_back(Diagnostic{Severity::Warning, Span{p.at, p.at}, std::move(message), code});
  }

  std::string_view text_;
  const SyncOptions& options_;
  JobResult& out_;
  std::map<std::string, Side> datasets_;
  std::string last_;
  std::set<std::string> unlinked_;  // paths in no table's folder, each noted once
};

}  // namespace

JobResult ReadSeaTunnel(std::string_view text, bool json, const SyncOptions& options) {
  JobResult out;
  catalog::ParsedJson parsed = json ? catalog::ParseJsonTree(text) : ParseHocon(text);
  if (parsed.error) {
    Diagnostic d = *parsed.error;
    d.message = Cat("SeaTunnel config: ", d.message);
    out.diagnostics.push_back(std::move(d));
    return out;
  }
  SeaTunnelReader reader(text, options, out);
  reader.Read(parsed.root);
  return out;
}

}  // namespace hivelineage::sync
