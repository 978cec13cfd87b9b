#include "sync/system_name.h"

#include <array>
#include <utility>

#include "base/strings.h"
#include "lineage/statement_facts.h"

namespace hivelineage::sync {
namespace {

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// `host[:port]` with the scheme's default port when none is given.
std::string HostPort(std::string_view scheme, std::string_view host_port) {
  std::string out = ToLower(host_port);
  if (out.find(':') == std::string::npos && !DefaultPort(scheme).empty()) Append(out, ":", DefaultPort(scheme));
  return out;
}

}  // namespace

// One reading of a table name: lineage::QualifiedTable's.
std::string_view SystemOf(std::string_view name) {
  return name.substr(0, lineage::QualifiedTable::Parse(name).system.size());
}

std::string_view LocalOf(std::string_view name) {
  const lineage::QualifiedTable t = lineage::QualifiedTable::Parse(name);
  const size_t local = t.database.empty() ? t.table.size() : t.database.size() + 1 + t.table.size();
  return name.substr(name.size() - local);
}

std::string DatabaseOf(std::string_view table) { return lineage::QualifiedTable::Parse(table).DatabaseNode(); }

std::string SystemNodeOf(std::string_view table) {
  if (table.starts_with("directory:")) return "directory";
  const std::string_view system = SystemOf(table);
  return std::string(system.empty() ? kHiveSystem : system);
}

std::string_view DefaultPort(std::string_view scheme) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 9> kPorts{{
      {"mysql", "3306"},
      {"postgresql", "5432"},
      {"oracle", "1521"},
      {"sqlserver", "1433"},
      {"clickhouse", "8123"},
      {"doris", "9030"},
      {"starrocks", "9030"},
      {"elasticsearch", "9200"},
      {"kafka", "9092"},
  }};
  for (const auto& [s, port] : kPorts)
    if (s == scheme) return port;
  return {};
}

std::optional<Connection> ParseJdbcUrl(std::string_view url) {
  url = Trim(url);
  if (!url.starts_with("jdbc:") && !url.starts_with("JDBC:")) return std::nullopt;
  url.remove_prefix(5);
  const size_t colon = url.find(':');
  if (colon == std::string_view::npos || colon == 0) return std::nullopt;
  std::string scheme = ToLower(url.substr(0, colon));
  std::string_view rest = url.substr(colon + 1);
  if (scheme == "postgres") scheme = "postgresql";
  if (scheme == "oracle") {
    // thin:@host:port:SID, thin:@//host:port/service, thin:@host:port/service
    const size_t at = rest.find('@');
    if (at == std::string_view::npos) return std::nullopt;
    rest = rest.substr(at + 1);
    if (rest.starts_with("//")) rest.remove_prefix(2);
    std::string_view host = rest, database;
    const size_t first = rest.find(':');
    const size_t slash = rest.find('/');
    if (slash != std::string_view::npos) {
      host = rest.substr(0, slash);
      database = rest.substr(slash + 1);
    } else if (first != std::string_view::npos) {
      const size_t second = rest.find(':', first + 1);
      if (second != std::string_view::npos) {
        host = rest.substr(0, second);
        database = rest.substr(second + 1);
      }
    }
    if (host.empty()) return std::nullopt;
    return Connection{Cat("oracle://", HostPort(scheme, host)), ToLower(database)};
  }
  if (!rest.starts_with("//")) return std::nullopt;
  rest.remove_prefix(2);
  // host[:port][,host2...][/db][?params] or sqlserver's host:port;databaseName=db
  const size_t end = rest.find_first_of("/?;");
  std::string_view host = rest.substr(0, end);
  if (const size_t comma = host.find(','); comma != std::string_view::npos) host = host.substr(0, comma);
  if (host.empty()) return std::nullopt;
  std::string database;
  if (end != std::string_view::npos && rest[end] == '/') {
    std::string_view db = rest.substr(end + 1);
    db = db.substr(0, db.find_first_of("?;"));
    database = ToLower(db);
  }
  if (database.empty()) {
    // sqlserver: ;databaseName=crm (any letter case), or ;database=crm
    const std::string lower = ToLower(rest);
    for (std::string_view key : {";databasename=", ";database="}) {
      if (const size_t k = lower.find(key); k != std::string::npos) {
        database = lower.substr(k + key.size());
        database = database.substr(0, database.find(';'));
        break;
      }
    }
  }
  if (scheme == "mariadb") scheme = "mysql";
  return Connection{Cat(scheme, "://", HostPort(scheme, host)), std::move(database)};
}

SystemMap SystemMap::Parse(std::string_view text, Diagnostics& problems) {
  SystemMap map;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    const uint32_t line_at = static_cast<uint32_t>(pos);
    std::string_view line = text.substr(pos, nl - pos);
    pos = nl + 1;
    if (const size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    line = Trim(line);
    if (line.empty()) continue;
    const size_t eq = line.find('=');
    const std::string_view system = eq == std::string_view::npos ? std::string_view() : Trim(line.substr(0, eq));
    const std::string_view name = eq == std::string_view::npos ? std::string_view() : Trim(line.substr(eq + 1));
    if (system.empty() || name.empty() || name.find_first_of("/ \t") != std::string_view::npos) {
      problems.push_back(Diagnostic{Severity::Error, Span{line_at, line_at},
                                    "expected `SYSTEM = NAME` (a name without `/` or spaces)",
                                    DiagnosticCode::InvalidSystemName});
      continue;
    }
    // A bare JDBC URL names its system as well.
    std::string key = ToLower(system);
    if (std::optional<Connection> c = ParseJdbcUrl(system)) key = c->system;
    while (!key.empty() && key.back() == '/') key.pop_back();
    map.names_[key] = ToLower(name);
  }
  return map;
}

std::string SystemMap::Name(std::string_view system) const {
  if (auto it = names_.find(system); it != names_.end()) return it->second;
  return std::string(system);
}

std::string QualifiedName(std::string_view system, std::string_view local, const SystemMap* map) {
  const std::string s = map != nullptr ? map->Name(ToLower(system)) : ToLower(system);
  return local.empty() ? s : Cat(s, "/", ToLower(local));
}

}  // namespace hivelineage::sync
