#include "sync/datax.h"

#include <set>
#include <utility>

#include "base/strings.h"
#include "catalog/json_tree.h"

namespace hivelineage::sync {
namespace {

using catalog::JsonNode;

const JsonNode* Member(const JsonNode& node, std::string_view key) {
  if (node.kind != JsonNode::Kind::Object) return nullptr;
  for (const JsonNode::Member& m : node.members)
    if (m.key == key) return &m.value;
  return nullptr;
}

// A string, or the first string of an array of them (DataX takes both in places).
std::string Text(const JsonNode* node) {
  if (node == nullptr) return {};
  if (node->kind == JsonNode::Kind::String) return node->string;
  if (node->kind == JsonNode::Kind::Array && !node->items.empty() && node->items[0].kind == JsonNode::Kind::String)
    return node->items[0].string;
  return {};
}

std::vector<std::string> Texts(const JsonNode* node) {
  std::vector<std::string> out;
  if (node == nullptr) return out;
  if (node->kind == JsonNode::Kind::String) out.push_back(node->string);
  if (node->kind == JsonNode::Kind::Array)
    for (const JsonNode& i : node->items)
      if (i.kind == JsonNode::Kind::String) out.push_back(i.string);
  return out;
}

// A column list: strings (rdbms), or objects with `name` (hdfswriter,
// elasticsearch) or `index` (hdfsreader: by position in the file).
struct ColumnList {
  std::vector<std::string> names;
  std::vector<int64_t> indexes;  // hdfsreader's {"index": n}
  bool star = false;
  uint32_t at = 0;
};

ColumnList Columns(const JsonNode* node, uint32_t fallback_at) {
  ColumnList out;
  out.at = node != nullptr ? node->begin : fallback_at;
  if (node == nullptr) return out;
  if (node->kind == JsonNode::Kind::String) {
    if (node->string == "*") out.star = true;
    else out.names.push_back(node->string);
    return out;
  }
  if (node->kind != JsonNode::Kind::Array) return out;
  for (const JsonNode& c : node->items) {
    if (c.kind == JsonNode::Kind::String) {
      if (c.string == "*") out.star = true;
      out.names.push_back(c.string);
    } else if (const JsonNode* name = Member(c, "name"); name != nullptr && name->kind == JsonNode::Kind::String) {
      out.names.push_back(name->string);
    } else if (const JsonNode* index = Member(c, "index"); index != nullptr && index->kind == JsonNode::Kind::Integer) {
      out.indexes.push_back(index->integer);
    }
  }
  return out;
}

// A column name as written: backquotes, double quotes or brackets taken off.
std::string Unquote(std::string_view c) {
  while (!c.empty() && c.front() == ' ') c.remove_prefix(1);
  while (!c.empty() && c.back() == ' ') c.remove_suffix(1);
  if (c.size() >= 2 && ((c.front() == '`' && c.back() == '`') || (c.front() == '"' && c.back() == '"') ||
                        (c.front() == '[' && c.back() == ']')))
    c = c.substr(1, c.size() - 2);
  return ToLower(c);
}

// The plugin families DataX ships, by what their parameters look like.
enum class Family { Rdbms, Hdfs, TxtFile, Hive, Elasticsearch, Unknown };

Family FamilyOf(std::string_view plugin, std::string& scheme) {
  static constexpr std::pair<std::string_view, std::string_view> kRdbms[] = {
      {"mysql", "mysql"},       {"postgresql", "postgresql"}, {"oracle", "oracle"},   {"sqlserver", "sqlserver"},
      {"clickhouse", "clickhouse"}, {"doris", "doris"},        {"starrocks", "starrocks"}, {"rdbms", ""},
      {"drds", "mysql"},        {"ads", "mysql"},
  };
  std::string_view base = plugin;
  if (base.ends_with("reader")) base.remove_suffix(6);
  else if (base.ends_with("writer")) base.remove_suffix(6);
  else return Family::Unknown;
  for (const auto& [name, s] : kRdbms)
    if (base == name) {
      scheme = std::string(s);
      return Family::Rdbms;
    }
  if (base == "hdfs") return Family::Hdfs;
  if (base == "txtfile" || base == "ftp") return Family::TxtFile;
  if (base == "hive") return Family::Hive;
  if (base == "elasticsearch") return Family::Elasticsearch;
  return Family::Unknown;
}

class DataXReader {
 public:
  DataXReader(std::string_view text, const SyncOptions& options, JobResult& out)
      : text_(text), options_(options), out_(out) {}

  void Content(const JsonNode& entry) {
    const JsonNode* reader = Member(entry, "reader");
    const JsonNode* writer = Member(entry, "writer");
    Diagnostics diags;
    if (reader == nullptr || writer == nullptr) {
      out_.diagnostics.push_back(Diagnostic{Severity::Warning, Span{entry.begin, entry.begin},
                                            "DataX: a content entry needs a `reader` and a `writer`; skipped",
                                            DiagnosticCode::SyncMissingSetting});
      return;
    }
    std::optional<Side> from = ReaderSide(*reader, diags);
    std::optional<Side> to = WriterSide(*writer, diags);
    if (!from || !to) {
      JobStatement st;
      st.span = Span{entry.begin, ValueEnd(text_, entry.begin)};
      st.diagnostics = std::move(diags);
      // The side that is known still says what the job reads or writes.
      if (from) st.lineage.inputs = from->tables;
      if (to) st.lineage.outputs = to->tables;
      out_.statements.push_back(std::move(st));
      return;
    }
    JobStatement st = Transfer(std::move(*from), *to, /*by_name=*/false, Span{entry.begin, ValueEnd(text_, entry.begin)}, "DataX");
    st.diagnostics.insert(st.diagnostics.begin(), diags.begin(), diags.end());
    out_.statements.push_back(std::move(st));
  }

 private:
  std::string PluginName(const JsonNode& plugin, Diagnostics& diags, uint32_t& at) {
    const JsonNode* name = Member(plugin, "name");
    at = name != nullptr ? name->begin : plugin.begin;
    if (name == nullptr || name->kind != JsonNode::Kind::String) {
      diags.push_back(Diagnostic{Severity::Warning, Span{at, at}, "DataX: the plugin has no `name`",
                                 DiagnosticCode::SyncMissingSetting});
      return {};
    }
    return ToLower(name->string);
  }

  // The system of a JDBC URL, or an error at `at`.
  std::optional<Connection> Jdbc(const std::string& url, std::string_view scheme, uint32_t at, Diagnostics& diags) {
    std::optional<Connection> c = ParseJdbcUrl(url);
    if (!c) {
      diags.push_back(Diagnostic{Severity::Warning, Span{at, at}, Cat("DataX: cannot read the jdbcUrl '", url, "'"),
                                 DiagnosticCode::SyncBadConnection});
      return std::nullopt;
    }
    // Doris and StarRocks speak MySQL's protocol: their URLs say mysql.
    if (!scheme.empty() && !c->system.starts_with(Cat(scheme, "://")) && (scheme == "doris" || scheme == "starrocks"))
      c->system = Cat(scheme, c->system.substr(c->system.find("://")));
    return c;
  }

  // `db.table` inside a system: a table written `db.table` keeps its database.
  std::string SystemTable(const Connection& c, std::string_view table) {
    std::string local = Unquote(table);
    if (local.find('.') == std::string::npos && !c.database.empty()) local = Cat(c.database, ".", local);
    return QualifiedName(c.system, local, options_.systems);
  }

  std::optional<Side> ReaderSide(const JsonNode& plugin, Diagnostics& diags) {
    uint32_t at = 0;
    const std::string name = PluginName(plugin, diags, at);
    if (name.empty()) return std::nullopt;
    const JsonNode* p = Member(plugin, "parameter");
    static const JsonNode kEmpty;
    if (p == nullptr) p = &kEmpty;
    std::string scheme;
    const ColumnList cols = Columns(Member(*p, "column"), at);
    switch (FamilyOf(name, scheme)) {
      case Family::Rdbms: {
        const JsonNode* conns = Member(*p, "connection");
        if (conns == nullptr || conns->kind != JsonNode::Kind::Array || conns->items.empty()) {
          diags.push_back(Diagnostic{Severity::Warning, Span{at, at}, Cat("DataX: ", name, " has no `connection`"),
                                     DiagnosticCode::SyncMissingSetting});
          return std::nullopt;
        }
        Side side;
        side.at = cols.at;
        bool first = true;
        for (const JsonNode& conn : conns->items) {
          const JsonNode* url = Member(conn, "jdbcUrl");
          std::optional<Connection> c = Jdbc(Text(url), scheme, url != nullptr ? url->begin : conn.begin, diags);
          if (!c) continue;
          std::vector<std::string> sqls;
          uint32_t sql_at = conn.begin;
          if (const JsonNode* q = Member(conn, "querySql")) {
            sqls = Texts(q);
            sql_at = q->begin;
          } else {
            const std::string where = Text(Member(*p, "where"));
            for (const std::string& t : Texts(Member(conn, "table"))) {
              if (!cols.star && !cols.names.empty()) {
                std::string select;
                for (const std::string& col : cols.names) Append(select, select.empty() ? "" : ", ", col);
                sqls.push_back(Cat("SELECT ", select, " FROM ", t, where.empty() ? "" : " WHERE ", where));
              } else {
                Side one = TableSide(SystemTable(*c, t), {}, cols.at);
                side.tables.insert(side.tables.end(), one.tables.begin(), one.tables.end());
              }
            }
            if (const JsonNode* tn = Member(conn, "table")) sql_at = tn->begin;
          }
          for (const std::string& sql : sqls) {
            Side q = QuerySide(sql, c->system, c->database, options_, sql_at, diags);
            side.tables.insert(side.tables.end(), q.tables.begin(), q.tables.end());
            side.predicates.insert(side.predicates.end(), q.predicates.begin(), q.predicates.end());
            // Shards (several tables or connections) carry the same columns: their sources join.
            if (first && q.columns_known) {
              side.columns = std::move(q.columns);
              side.columns_known = true;
              first = false;
            } else if (q.columns_known) {
              for (size_t i = 0; i < side.columns.size() && i < q.columns.size(); ++i)
                side.columns[i].sources.insert(side.columns[i].sources.end(), q.columns[i].sources.begin(),
                                               q.columns[i].sources.end());
            }
          }
        }
        if (side.tables.empty()) return std::nullopt;
        return side;
      }
      case Family::Hdfs:
      case Family::TxtFile: {
        std::vector<std::string> paths = Texts(Member(*p, "path"));
        const std::string fs = Text(Member(*p, "defaultFS"));
        Side side;
        side.at = cols.at;
        for (const std::string& path : paths) {
          const std::string full = fs.empty() || path.find("://") != std::string::npos ? path : Cat(fs, path);
          side.tables.push_back(Hive(full, at, diags));
        }
        if (side.tables.empty()) {
          diags.push_back(Diagnostic{Severity::Warning, Span{at, at}, Cat("DataX: ", name, " has no `path`"),
                                     DiagnosticCode::SyncMissingSetting});
          return std::nullopt;
        }
        // Columns by index into the file: the Hive table's columns in order
        // (the partition columns are folder names, in no file).
        const std::vector<std::string> known = FileColumns(side.tables.front(), options_);
        if (!cols.indexes.empty() && !known.empty()) {
          side.columns_known = true;
          for (int64_t i : cols.indexes) {
            if (i < 0 || static_cast<size_t>(i) >= known.size()) {
              side.columns.push_back(SideColumn{});
              continue;
            }
            side.columns.push_back(SideColumn{known[i], {Cat(side.tables.front(), ".", known[i])}, known[i]});
          }
        } else if (cols.star && !known.empty()) {
          side = TableSide(side.tables.front(), known, cols.at);
        } else if (!cols.names.empty() && !cols.star) {
          side.columns_known = true;
          for (const std::string& n : cols.names)
            side.columns.push_back(SideColumn{ToLower(n), {Cat(side.tables.front(), ".", ToLower(n))}, ToLower(n)});
        } else if (!cols.indexes.empty()) {
          side.names_carry = false;
          diags.push_back(Diagnostic{Severity::Note, Span{cols.at, cols.at},
                                     Cat("DataX: columns by index, but no catalog lists the columns of ",
                                         side.tables.front(), "; table lineage only"),
                                     DiagnosticCode::SyncColumnsUnknown});
        }
        return side;
      }
      case Family::Hive: {
        Side side;
        for (const std::string& sql : Texts(Member(*p, "hiveSql"))) {
          Side q = QuerySide(sql, "", "default", options_, Member(*p, "hiveSql")->begin, diags);
          if (!side.columns_known) side = std::move(q);
        }
        if (side.tables.empty()) return std::nullopt;
        return side;
      }
      case Family::Elasticsearch:
      case Family::Unknown:
        break;
    }
    diags.push_back(Diagnostic{Severity::Warning, Span{at, at},
                               Cat("DataX: unknown reader '", name, "'; its content entry has no input lineage"),
                               DiagnosticCode::SyncUnknownPlugin});
    return std::nullopt;
  }

  std::optional<Side> WriterSide(const JsonNode& plugin, Diagnostics& diags) {
    uint32_t at = 0;
    const std::string name = PluginName(plugin, diags, at);
    if (name.empty()) return std::nullopt;
    const JsonNode* p = Member(plugin, "parameter");
    static const JsonNode kEmpty;
    if (p == nullptr) p = &kEmpty;
    std::string scheme;
    const ColumnList cols = Columns(Member(*p, "column"), at);
    std::string table;
    switch (FamilyOf(name, scheme)) {
      case Family::Rdbms: {
        const JsonNode* conns = Member(*p, "connection");
        const JsonNode* conn = conns != nullptr && conns->kind == JsonNode::Kind::Array && !conns->items.empty()
                                   ? &conns->items[0]
                                   : nullptr;
        if (conn == nullptr) {
          diags.push_back(Diagnostic{Severity::Warning, Span{at, at}, Cat("DataX: ", name, " has no `connection`"),
                                     DiagnosticCode::SyncMissingSetting});
          return std::nullopt;
        }
        const JsonNode* url = Member(*conn, "jdbcUrl");
        std::optional<Connection> c = Jdbc(Text(url), scheme, url != nullptr ? url->begin : conn->begin, diags);
        if (!c) return std::nullopt;
        if (c->database.empty()) c->database = ToLower(Text(Member(*conn, "selectedDatabase")));
        if (c->database.empty()) c->database = ToLower(Text(Member(*p, "database")));
        const std::string t = Text(Member(*conn, "table"));
        if (t.empty()) {
          diags.push_back(Diagnostic{Severity::Warning, Span{at, at}, Cat("DataX: ", name, " names no `table`"),
                                     DiagnosticCode::SyncMissingSetting});
          return std::nullopt;
        }
        table = SystemTable(*c, t);
        break;
      }
      case Family::Hdfs:
      case Family::TxtFile: {
        const std::string path = Text(Member(*p, "path"));
        const std::string fs = Text(Member(*p, "defaultFS"));
        if (path.empty()) {
          diags.push_back(Diagnostic{Severity::Warning, Span{at, at}, Cat("DataX: ", name, " has no `path`"),
                                     DiagnosticCode::SyncMissingSetting});
          return std::nullopt;
        }
        table = Hive(fs.empty() || path.find("://") != std::string::npos ? path : Cat(fs, path), at, diags);
        break;
      }
      case Family::Hive: {
        const std::string db = Text(Member(*p, "databaseName"));
        const std::string t = Text(Member(*p, "tableName"));
        table = ToLower(t.find('.') != std::string::npos || db.empty() ? t : Cat(db, ".", t));
        break;
      }
      case Family::Elasticsearch: {
        std::string endpoint = ToLower(Text(Member(*p, "endpoint")));
        if (const size_t s = endpoint.find("://"); s != std::string::npos) endpoint = endpoint.substr(s + 3);
        while (!endpoint.empty() && endpoint.back() == '/') endpoint.pop_back();
        if (endpoint.find(':') == std::string::npos) Append(endpoint, ":", DefaultPort("elasticsearch"));
        table = QualifiedName(Cat("elasticsearch://", endpoint), Text(Member(*p, "index")), options_.systems);
        break;
      }
      case Family::Unknown:
        diags.push_back(Diagnostic{Severity::Warning, Span{at, at},
                                   Cat("DataX: unknown writer '", name, "'; its content entry has no output lineage"),
                                   DiagnosticCode::SyncUnknownPlugin});
        return std::nullopt;
    }
    std::vector<std::string> names;
    for (const std::string& n : cols.names) names.push_back(Unquote(n));
    if (cols.star || names.empty()) names = CatalogColumns(table, options_);
    Side side = TableSide(table, names, cols.at);
    return side;
  }

  // The Hive table a path is the folder of, or the path as an unlinked
  // dataset (a note, once per path in the file).
  std::string Hive(const std::string& path, uint32_t at, Diagnostics& diags) {
    bool linked = false;
    std::string table = TableOfPath(path, options_, &linked);
    if (!linked && unlinked_.insert(table).second)
      diags.push_back(Diagnostic{Severity::Note, Span{at, at},
                                 Cat("DataX: path '", path, "' is in no Hive table's folder; kept as ", table),
                                 DiagnosticCode::SyncPathNotInTable});
    return table;
  }

  std::string_view text_;
  const SyncOptions& options_;
  JobResult& out_;
  std::set<std::string> unlinked_;
};

}  // namespace

JobResult ReadDataX(std::string_view text, const SyncOptions& options) {
  JobResult out;
  catalog::ParsedJson parsed = catalog::ParseJsonTree(text);
  if (parsed.error) {
    Diagnostic d = *parsed.error;
    d.message = Cat("DataX job: ", d.message);
    out.diagnostics.push_back(std::move(d));
    return out;
  }
  const JsonNode* job = Member(parsed.root, "job");
  const JsonNode* content = job != nullptr ? Member(*job, "content") : nullptr;
  if (content == nullptr || content->kind != JsonNode::Kind::Array) {
    out.diagnostics.push_back(Diagnostic{Severity::Error, Span{parsed.root.begin, parsed.root.begin},
                                         "DataX job: expected `job.content` to be an array",
                                         DiagnosticCode::InvalidSyncJob});
    return out;
  }
  DataXReader reader(text, options, out);
  for (const JsonNode& entry : content->items) reader.Content(entry);
  return out;
}

}  // namespace hivelineage::sync
