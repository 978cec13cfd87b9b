// Names of the datasets that live outside Hive, read by the sync jobs that
// feed and drain the warehouse (docs/systems.md).
//
// A table of another system is named `SYSTEM/LOCAL`: the system is
// `scheme://host:port` as a connection string gives it (`mysql://10.0.0.5:3306`),
// or the friendly name a --system-map gives it (`crm-mysql`); LOCAL is the
// name inside it (`crm.customer`, a Kafka topic, an index). Its columns are
// `SYSTEM/LOCAL.column`; the graph and the store take them as {table, column}
// pairs of the statement's tables (lineage/statement_facts.h), never split at
// a dot. Hive tables keep their `db.table` names: a name without `/` (and not
// `directory:PATH`) is Hive's. lineage::QualifiedTable reads a name into
// these parts; the functions below answer from it.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "base/diagnostic.h"

namespace hivelineage::sync {

// How Hive's own tables are named at the system level.
inline constexpr std::string_view kHiveSystem = "hive";

// The system of a table or column name: "" for Hive's (and for `directory:`
// paths), else the part before the LOCAL name.
std::string_view SystemOf(std::string_view name);
// The name inside its system: `crm.customer` of `mysql://h:3306/crm.customer`,
// the name itself for Hive's.
std::string_view LocalOf(std::string_view name);
// The database of a table name: `mysql://h:3306/crm` of
// `mysql://h:3306/crm.customer`, the system itself when LOCAL has no dot
// (a topic), `db` of Hive's `db.table`.
std::string DatabaseOf(std::string_view table);
// The system a graph level joins a table into: its system, or kHiveSystem.
std::string SystemNodeOf(std::string_view table);

// A connection as a job names it, split into the system and the database
// (or schema, service, index) it opens.
struct Connection {
  std::string system;    // `mysql://host:3306`, lower case, default port filled in
  std::string database;  // `crm`, or "" when the URL names none
};

// Reads a JDBC URL (`jdbc:mysql://h:3306/crm?x=y`, `jdbc:oracle:thin:@h:1521:orcl`,
// `jdbc:oracle:thin:@//h:1521/svc`, `jdbc:sqlserver://h:1433;databaseName=crm`,
// `jdbc:postgresql://h/db`, `jdbc:clickhouse://h:8123/db`); nothing when it is
// not one.
std::optional<Connection> ParseJdbcUrl(std::string_view url);

// The default port of a scheme (mysql 3306, postgresql 5432, ...), or "".
std::string_view DefaultPort(std::string_view scheme);

// Friendly names for systems (--system-map FILE): one `SYSTEM = NAME` per
// line, `#` comments; several systems given one name are one system.
class SystemMap {
 public:
  // Reads `text`; each bad line is a diagnostic (its offset in `text`), the
  // others still count.
  static SystemMap Parse(std::string_view text, Diagnostics& problems);

  // The friendly name of `system`, or `system` itself.
  std::string Name(std::string_view system) const;
  bool empty() const { return names_.empty(); }

 private:
  std::map<std::string, std::string, std::less<>> names_;  // system -> friendly name
};

// `system/local` lower case, the system renamed by `map` (may be null).
std::string QualifiedName(std::string_view system, std::string_view local, const SystemMap* map);

}  // namespace hivelineage::sync
