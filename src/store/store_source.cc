#include "store/store_source.h"

#include <map>
#include <set>

#include "absl/container/flat_hash_map.h"

#include "base/strings.h"
#include "lineage/catalog_json.h"

namespace hivelineage::store {
namespace {

using graph::Direction;
using graph::Level;
using graph::Link;
using graph::LinkKind;

// A condition's position among its statement's conditions.
const std::string kRank =
    "(SELECT count(*) FROM conditions c2 WHERE c2.statement_id = c.statement_id AND c2.id < c.id)";

// A query whose rows end with the id of their statement (looked up once per
// statement, StoreSource::StatementOf).
std::string Sql(std::string_view select, std::string_view from, std::string_view statement_id, std::string_view where) {
  return Cat("SELECT ", select, ", ", statement_id, " FROM ", from, " WHERE ", where);
}

}  // namespace

struct StoreSource::Queries {
  explicit Queries(Database& db)
      : columns(db.Prepare("SELECT full_name FROM columns ORDER BY full_name")),
        tables(db.Prepare("SELECT name FROM tables ORDER BY name")),
        databases(db.Prepare("SELECT DISTINCT database FROM tables ORDER BY database")),
        has_column(db.Prepare("SELECT 1 FROM columns WHERE full_name = ?")),
        has_table(db.Prepare("SELECT 1 FROM tables WHERE name = ?")),
        has_database(db.Prepare("SELECT 1 FROM tables WHERE database = ? LIMIT 1")),
        values_down(db.Prepare(Sql("s.full_name, t.full_name, l.expression, l.transform, l.masking, s.table_id, t.table_id",
                                   "columns s JOIN value_edges e ON e.source_id = s.id "
                                   "JOIN column_lineage l ON l.id = e.lineage_id JOIN columns t ON t.id = l.target_id",
                                   "l.statement_id", "s.full_name = ?1"))),
        values_up(db.Prepare(Sql("s.full_name, t.full_name, l.expression, l.transform, l.masking, s.table_id, t.table_id",
                                 "columns t JOIN column_lineage l ON l.target_id = t.id "
                                 "JOIN value_edges e ON e.lineage_id = l.id JOIN columns s ON s.id = e.source_id",
                                 "l.statement_id", "t.full_name = ?1"))),
        // A condition column to the columns its condition governs: listed,
        // or every column the statement writes.
        conditions_down(db.Prepare(
            Sql("s.full_name, g.full_name, c.expression, c.clause, " + kRank + ", s.table_id, g.table_id",
                "columns s JOIN condition_columns cr ON cr.column_id = s.id AND cr.role = 'read' "
                "JOIN conditions c ON c.id = cr.condition_id "
                "JOIN condition_columns cg ON cg.condition_id = c.id AND cg.role = 'governed' "
                "JOIN columns g ON g.id = cg.column_id",
                "c.statement_id", "s.full_name = ?1") +
            " UNION ALL " +
            Sql("s.full_name, g.full_name, c.expression, c.clause, " + kRank + ", s.table_id, g.table_id",
                "columns s JOIN condition_columns cr ON cr.column_id = s.id AND cr.role = 'read' "
                "JOIN conditions c ON c.id = cr.condition_id AND c.governs_all = 1 "
                "JOIN column_lineage l ON l.statement_id = c.statement_id JOIN columns g ON g.id = l.target_id",
                "c.statement_id", "s.full_name = ?1"))),
        conditions_up(db.Prepare(
            Sql("s.full_name, g.full_name, c.expression, c.clause, " + kRank + ", s.table_id, g.table_id",
                "columns g JOIN condition_columns cg ON cg.column_id = g.id AND cg.role = 'governed' "
                "JOIN conditions c ON c.id = cg.condition_id "
                "JOIN condition_columns cr ON cr.condition_id = c.id AND cr.role = 'read' "
                "JOIN columns s ON s.id = cr.column_id",
                "c.statement_id", "g.full_name = ?1") +
            " UNION ALL " +
            Sql("s.full_name, g.full_name, c.expression, c.clause, " + kRank + ", s.table_id, g.table_id",
                "columns g JOIN column_lineage l ON l.target_id = g.id "
                "JOIN conditions c ON c.statement_id = l.statement_id AND c.governs_all = 1 "
                "JOIN condition_columns cr ON cr.condition_id = c.id AND cr.role = 'read' "
                "JOIN columns s ON s.id = cr.column_id",
                "c.statement_id", "g.full_name = ?1"))),
        tables_down(db.Prepare(Sql("i.name, o.name",
                                   "tables i JOIN statement_tables a ON a.table_id = i.id AND a.role = 'input' "
                                   "JOIN statement_tables b ON b.statement_id = a.statement_id AND b.role = 'output' "
                                   "JOIN tables o ON o.id = b.table_id",
                                   "a.statement_id", "i.name = ?1"))),
        tables_up(db.Prepare(Sql("i.name, o.name",
                                 "tables o JOIN statement_tables b ON b.table_id = o.id AND b.role = 'output' "
                                 "JOIN statement_tables a ON a.statement_id = b.statement_id AND a.role = 'input' "
                                 "JOIN tables i ON i.id = a.table_id",
                                 "a.statement_id", "o.name = ?1"))),
        databases_down(db.Prepare(Sql("i.name, o.name",
                                      "tables i JOIN statement_tables a ON a.table_id = i.id AND a.role = 'input' "
                                      "JOIN statement_tables b ON b.statement_id = a.statement_id "
                                      "AND b.role = 'output' JOIN tables o ON o.id = b.table_id",
                                      "a.statement_id", "i.database = ?1 AND o.database <> ?1"))),
        databases_up(db.Prepare(Sql("i.name, o.name",
                                    "tables o JOIN statement_tables b ON b.table_id = o.id AND b.role = 'output' "
                                    "JOIN statement_tables a ON a.statement_id = b.statement_id AND a.role = 'input' "
                                    "JOIN tables i ON i.id = a.table_id",
                                    "a.statement_id", "o.database = ?1 AND i.database <> ?1"))),
        table_uses(db.Prepare(Sql("1", "tables t JOIN statement_tables r ON r.table_id = t.id AND r.role = ?2",
                                  "r.statement_id", "t.name = ?1"))),
        database_uses(db.Prepare(Sql("1", "tables t JOIN statement_tables r ON r.table_id = t.id AND r.role = ?2",
                                     "r.statement_id", "t.database = ?1"))),
        column_reads(db.Prepare(
            Sql("1",
                "columns s JOIN value_edges e ON e.source_id = s.id JOIN column_lineage l ON l.id = e.lineage_id",
                "l.statement_id", "s.full_name = ?1 AND l.target_id IS NOT NULL") +
            " UNION ALL " +
            Sql("1",
                "columns s JOIN condition_columns cr ON cr.column_id = s.id AND cr.role = 'read' "
                "JOIN conditions c ON c.id = cr.condition_id",
                "c.statement_id", "s.full_name = ?1"))),
        column_writes(db.Prepare(Sql("1", "columns t JOIN column_lineage l ON l.target_id = t.id", "l.statement_id",
                                     "t.full_name = ?1"))),
        statement_tables(db.Prepare(
            "SELECT r.role, t.name FROM statement_tables r JOIN tables t ON t.id = r.table_id "
            "WHERE r.statement_id = ? AND r.role IN ('input', 'output') ORDER BY t.name")),
        declared_table(db.Prepare("SELECT 1 FROM declared_tables WHERE name = ? AND definition IS NOT NULL")),
        declared_database(db.Prepare(
            "SELECT 1 FROM declared_tables WHERE definition IS NOT NULL AND instr(name, '.') > 0 "
            "AND substr(name, 1, instr(name, '.') - 1) = ? LIMIT 1")),
        // The last declaration of a table decides its columns: the catalog
        // files first, then the scripts in run order.
        last_declaration(db.Prepare(
            "SELECT d.id FROM declared_tables d LEFT JOIN scripts s ON s.id = d.script_id "
            "WHERE d.name = ? AND d.definition IS NOT NULL "
            "ORDER BY d.script_id IS NOT NULL DESC, s.position DESC, d.id DESC LIMIT 1")),
        declared_column(db.Prepare("SELECT 1 FROM declared_columns WHERE declared_table_id = ? AND name = ?")),
        columns_of(db.Prepare(
            "SELECT c.full_name FROM columns c JOIN tables t ON t.id = c.table_id WHERE t.name = ? "
            "ORDER BY c.full_name")),
        table_of(db.Prepare("SELECT t.name FROM columns c JOIN tables t ON t.id = c.table_id WHERE c.full_name = ?")),
        kind_of(db.Prepare("SELECT kind FROM v_tables WHERE name = ?")),
        statement(db.Prepare(
            "SELECT sc.path, st.idx, st.line, st.col, st.kind, sc.position FROM statements st "
            "JOIN scripts sc ON sc.id = st.script_id WHERE st.id = ?")),
        table_name(db.Prepare("SELECT name FROM tables WHERE id = ?")) {}

  Statement columns, tables, databases, has_column, has_table, has_database, values_down, values_up, conditions_down,
      conditions_up, tables_down, tables_up, databases_down, databases_up, table_uses, database_uses, column_reads,
      column_writes, statement_tables, declared_table, declared_database, last_declaration, declared_column,
      columns_of, table_of, kind_of, statement, table_name;
  // Looked up once each (the source reads one snapshot: they do not change).
  absl::flat_hash_map<int64_t, graph::StatementRef> statement_refs;
  absl::flat_hash_map<int64_t, std::string> table_names;
};

StoreSource::StoreSource(Database& db) : db_(db) {
  // One read transaction for all the queries: one snapshot of the store (an
  // update committing meanwhile is not half seen), and no locking per query.
  db_.Exec("BEGIN");
  q_ = std::make_unique<Queries>(db);
}

StoreSource::~StoreSource() {
  q_.reset();
  sqlite3_exec(db_.raw(), "COMMIT", nullptr, nullptr, nullptr);
}

namespace {

std::vector<std::string> Column0(Statement& q) {
  std::vector<std::string> out;
  while (q.Step()) out.emplace_back(q.Text(0));
  q.Reset();
  return out;
}

bool Any(Statement& q) {
  const bool found = q.Step();
  q.Reset();
  return found;
}

}  // namespace

const graph::StatementRef& StoreSource::StatementOf(int64_t id) const {
  auto it = q_->statement_refs.find(id);
  if (it != q_->statement_refs.end()) return it->second;
  Statement& q = q_->statement;
  q.Bind(1, id);
  graph::StatementRef r;
  if (q.Step()) {
    r.file = std::string(q.Text(0));
    r.index = static_cast<uint32_t>(q.Int(1));
    r.line = static_cast<int>(q.Int(2));
    r.column = static_cast<int>(q.Int(3));
    r.kind = std::string(q.Text(4));
    r.order = (q.Int(5) << 32) | q.Int(1);  // script position, then index
  }
  q.Reset();
  return q_->statement_refs.emplace(id, std::move(r)).first->second;
}

const std::string& StoreSource::TableName(int64_t id) const {
  auto it = q_->table_names.find(id);
  if (it != q_->table_names.end()) return it->second;
  std::vector<std::string> name = Column0(q_->table_name.Bind(1, id));
  return q_->table_names.emplace(id, name.empty() ? std::string() : name.front()).first->second;
}

// Reads link rows: source, target, then for values (expression, transform,
// masking, the two tables' ids), for conditions (expression, clause, rank,
// the two tables' ids), then the statement's id.
void StoreSource::ReadLinks(Statement& q, LinkKind kind, std::vector<Link>& out) const {
  const int fields = kind == LinkKind::Table ? 2 : 7;
  while (q.Step()) {
    Link l;
    l.kind = kind;
    l.source = std::string(q.Text(0));
    l.target = std::string(q.Text(1));
    if (kind == LinkKind::Value) {
      l.expression = std::string(q.Text(2));
      if (!lineage::ParseDerivation(q.Text(3), l.derivation))
        throw StoreError(Cat("unknown transform '", q.Text(3), "' in column_lineage"));
      l.masking = q.Int(4) != 0;
    } else if (kind == LinkKind::Condition) {
      l.expression = std::string(q.Text(2));
      if (!lineage::ParseClause(q.Text(3), l.clause))
        throw StoreError(Cat("unknown clause '", q.Text(3), "' in conditions"));
      l.condition = static_cast<uint32_t>(q.Int(4));
    }
    if (kind != LinkKind::Table) {
      l.source_table = TableName(q.Int(5));
      l.target_table = TableName(q.Int(6));
    }
    l.statement = StatementOf(q.Int(fields));
    out.push_back(std::move(l));
  }
  q.Reset();
}

std::vector<std::string> StoreSource::Nodes(Level level) const {
  return Column0(level == Level::Column ? q_->columns : level == Level::Table ? q_->tables : q_->databases);
}

bool StoreSource::HasNode(Level level, std::string_view name) const {
  Statement& q = level == Level::Column ? q_->has_column : level == Level::Table ? q_->has_table : q_->has_database;
  q.Bind(1, name);
  return Any(q);
}

std::vector<Link> StoreSource::Links(Level level, std::string_view node, Direction direction, bool values,
                                     bool conditions) const {
  const bool down = direction == Direction::Downstream;
  std::vector<Link> out;
  if (level == Level::Column) {
    if (values) ReadLinks((down ? q_->values_down : q_->values_up).Bind(1, node), LinkKind::Value, out);
    if (conditions) ReadLinks((down ? q_->conditions_down : q_->conditions_up).Bind(1, node), LinkKind::Condition, out);
  } else if (level == Level::Table) {
    ReadLinks((down ? q_->tables_down : q_->tables_up).Bind(1, node), LinkKind::Table, out);
  } else {
    ReadLinks((down ? q_->databases_down : q_->databases_up).Bind(1, node), LinkKind::Table, out);
    for (Link& l : out) {
      l.via = Cat(l.source, " -> ", l.target);
      l.source = graph::DatabaseOfTable(l.source);
      l.target = graph::DatabaseOfTable(l.target);
    }
  }
  graph::SortLinks(out, direction);
  return out;
}

std::vector<graph::StatementUse> StoreSource::Uses(Level level, std::string_view node, graph::Use use) const {
  const std::string_view role = use == graph::Use::Read ? "input" : "output";
  Statement* q = nullptr;
  if (level == Level::Column) {
    q = &(use == graph::Use::Read ? q_->column_reads : q_->column_writes);
    q->Bind(1, node);
  } else {
    q = &(level == Level::Table ? q_->table_uses : q_->database_uses);
    q->Bind(1, node).Bind(2, role);
  }
  // By statement id, in run order.
  std::map<int64_t, std::pair<int64_t, graph::StatementRef>> found;
  while (q->Step()) {
    const graph::StatementRef& r = StatementOf(q->Int(1));
    found.emplace(r.order, std::make_pair(q->Int(1), r));
  }
  q->Reset();
  std::vector<graph::StatementUse> out;
  for (auto& [order, entry] : found) {
    graph::StatementUse u;
    u.statement = std::move(entry.second);
    q_->statement_tables.Bind(1, entry.first);
    while (q_->statement_tables.Step())
      (q_->statement_tables.Text(0) == "input" ? u.inputs : u.outputs).emplace_back(q_->statement_tables.Text(1));
    q_->statement_tables.Reset();
    out.push_back(std::move(u));
  }
  return out;
}

bool StoreSource::Declared(Level level, std::string_view node) const {
  switch (level) {
    case Level::Table:
      return Any(q_->declared_table.Bind(1, node));
    case Level::Database:
      return Any(q_->declared_database.Bind(1, node));
    case Level::Column: {
      const std::string table = TableOf(node);
      if (table.empty()) return false;
      q_->last_declaration.Bind(1, table);
      if (!q_->last_declaration.Step()) {
        q_->last_declaration.Reset();
        return false;
      }
      const int64_t id = q_->last_declaration.Int(0);
      q_->last_declaration.Reset();
      return Any(q_->declared_column.Bind(1, id).Bind(2, node.substr(table.size() + 1)));
    }
  }
  return false;
}

std::vector<std::string> StoreSource::ColumnsOf(std::string_view table) const {
  return Column0(q_->columns_of.Bind(1, table));
}

std::string StoreSource::TableOf(std::string_view column) const {
  std::vector<std::string> t = Column0(q_->table_of.Bind(1, column));
  return t.empty() ? std::string() : t.front();
}

graph::TableKind StoreSource::KindOfTable(std::string_view table) const {
  const std::vector<std::string> kind = Column0(q_->kind_of.Bind(1, table));
  if (kind.empty()) return graph::TableKind::Table;
  for (graph::TableKind k : {graph::TableKind::View, graph::TableKind::Temporary, graph::TableKind::Directory})
    if (kind.front() == graph::TableKindName(k)) return k;
  return graph::TableKind::Table;
}

std::vector<lineage::CatalogTable> CatalogTables(Database& db) {
  std::vector<lineage::CatalogTable> out;
  Statement q = db.Prepare(
      "SELECT definition FROM declared_tables WHERE script_id IS NULL AND definition IS NOT NULL ORDER BY name");
  while (q.Step()) {
    lineage::CatalogTable t;
    if (!lineage::CatalogTableFromJson(nlohmann::json::parse(q.Text(0), nullptr, false), t))
      throw StoreError("unreadable declared table definition");
    out.push_back(std::move(t));
  }
  return out;
}

}  // namespace hivelineage::store
