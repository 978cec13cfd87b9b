#include "store/store_source.h"

#include <map>
#include <set>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/container/node_hash_map.h"

#include "base/strings.h"
#include "lineage/catalog_json.h"

namespace hivelineage::store {
namespace {

using graph::Direction;
using graph::Level;
using graph::Link;
using graph::LinkKind;

// The nodes a query reads links of: the JSON array of names (or ids) bound
// to ?1, one query for a whole layer of a walk rather than one per node. The
// array is the outer loop (CROSS JOIN fixes the order), each element looked
// up once by `node = j.value`: `node IN (SELECT value FROM json_each(?1))`
// first copies the array into a temporary index, which cost about as much
// as the lookups. The array's elements must be distinct (JsonArray).
std::string EachOf(std::string_view from) { return Cat("json_each(?1) j CROSS JOIN ", from); }

// Whether a value edge's source arrives masked: its own masking (store
// version 3), else its column's flag (rows a version 2 store kept).
const std::string kEdgeMasking = "(e.masking IS NOT NULL OR l.masking <> 0)";

// A query whose rows end with the id of their statement (looked up once per
// statement, StoreSource::LookUp).
std::string Sql(std::string_view select, std::string_view from, std::string_view statement_id, std::string_view where) {
  return Cat("SELECT ", select, ", ", statement_id, " FROM ", from, " WHERE ", where);
}

// The conditions of each node that a walk only counts: one link per
// condition and node, both ends the node itself (LineageSource::
// ConditionsOfEach), for the conditions that have a link at all: one that
// governs a column downstream, one that reads a column upstream.
std::string CountedConditions(Direction direction) {
  const std::string counted_link = "n.full_name, n.full_name, c.expression, c.clause, c.id, n.table_id, n.table_id";
  if (direction == Direction::Downstream)
    return Sql(counted_link,
               EachOf("columns n JOIN condition_columns cr ON cr.column_id = n.id AND cr.role = 'read' "
                      "JOIN conditions c ON c.id = cr.condition_id"),
               "c.statement_id",
               "n.full_name = j.value"
               " AND (EXISTS (SELECT 1 FROM condition_columns cg WHERE cg.condition_id = c.id AND cg.role = "
               "'governed') OR (c.governs_all = 1 AND EXISTS (SELECT 1 FROM column_lineage l WHERE "
               "l.statement_id = c.statement_id AND l.target_id IS NOT NULL)))");
  // Upstream: the conditions governing the node, listed or through the
  // statements writing it, that read some column.
  return Sql(counted_link,
             EachOf("columns n JOIN conditions c ON c.id IN (SELECT cg.condition_id FROM condition_columns cg "
                    "WHERE cg.column_id = n.id AND cg.role = 'governed' UNION SELECT c2.id FROM column_lineage l "
                    "JOIN conditions c2 ON c2.statement_id = l.statement_id AND c2.governs_all = 1 "
                    "WHERE l.target_id = n.id)"),
             "c.statement_id",
             "n.full_name = j.value"
             " AND EXISTS (SELECT 1 FROM condition_columns cr WHERE cr.condition_id = c.id AND cr.role = 'read')");
}

// A condition column to the columns its condition governs: listed, or every
// column the statement writes. The node is the condition's column (s)
// downstream, the governed column (g) upstream.
std::string ConditionLinks(Direction direction) {
  const bool down = direction == Direction::Downstream;
  const std::string select = "s.full_name, g.full_name, c.expression, c.clause, c.id, s.table_id, g.table_id";
  const std::string where = Cat(down ? "s" : "g", ".full_name = j.value");
  const char* listed = down ? "columns s JOIN condition_columns cr ON cr.column_id = s.id AND cr.role = 'read' "
                              "JOIN conditions c ON c.id = cr.condition_id "
                              "JOIN condition_columns cg ON cg.condition_id = c.id AND cg.role = 'governed' "
                              "JOIN columns g ON g.id = cg.column_id"
                            : "columns g JOIN condition_columns cg ON cg.column_id = g.id AND cg.role = 'governed' "
                              "JOIN conditions c ON c.id = cg.condition_id "
                              "JOIN condition_columns cr ON cr.condition_id = c.id AND cr.role = 'read' "
                              "JOIN columns s ON s.id = cr.column_id";
  const char* all = down ? "columns s JOIN condition_columns cr ON cr.column_id = s.id AND cr.role = 'read' "
                           "JOIN conditions c ON c.id = cr.condition_id AND c.governs_all = 1 "
                           "JOIN column_lineage l ON l.statement_id = c.statement_id JOIN columns g ON g.id = l.target_id"
                         : "columns g JOIN column_lineage l ON l.target_id = g.id "
                           "JOIN conditions c ON c.statement_id = l.statement_id AND c.governs_all = 1 "
                           "JOIN condition_columns cr ON cr.condition_id = c.id AND cr.role = 'read' "
                           "JOIN columns s ON s.id = cr.column_id";
  return Sql(select, EachOf(listed), "c.statement_id", where) + " UNION ALL " +
         Sql(select, EachOf(all), "c.statement_id", where);
}

// Statements as the queries report them, by id.
constexpr std::string_view kStatementRef = "st.id, sc.path, st.idx, st.line, st.col, st.kind, sc.position";
constexpr std::string_view kStatementFrom = "statements st JOIN scripts sc ON sc.id = st.script_id";

}  // namespace

struct StoreSource::Queries {
  explicit Queries(Database& db)
      : columns(db.Prepare("SELECT full_name FROM columns ORDER BY full_name")),
        tables(db.Prepare("SELECT name FROM tables ORDER BY name")),
        databases(db.Prepare("SELECT DISTINCT database FROM tables ORDER BY database")),
        has_column(db.Prepare("SELECT 1 FROM columns WHERE full_name = ?")),
        has_table(db.Prepare("SELECT 1 FROM tables WHERE name = ?")),
        has_database(db.Prepare("SELECT 1 FROM tables WHERE database = ? LIMIT 1")),
        values_down(db.Prepare(
            Sql("s.full_name, t.full_name, l.expression, l.transform, " + kEdgeMasking + ", s.table_id, t.table_id",
                EachOf("columns s JOIN value_edges e ON e.source_id = s.id "
                       "JOIN column_lineage l ON l.id = e.lineage_id JOIN columns t ON t.id = l.target_id"),
                "l.statement_id", "s.full_name = j.value"))),
        values_up(db.Prepare(
            Sql("s.full_name, t.full_name, l.expression, l.transform, " + kEdgeMasking + ", s.table_id, t.table_id",
                EachOf("columns t JOIN column_lineage l ON l.target_id = t.id "
                       "JOIN value_edges e ON e.lineage_id = l.id JOIN columns s ON s.id = e.source_id"),
                "l.statement_id", "t.full_name = j.value"))),
        conditions_down(db.Prepare(ConditionLinks(Direction::Downstream))),
        conditions_up(db.Prepare(ConditionLinks(Direction::Upstream))),
        counted_conditions_down(db.Prepare(CountedConditions(Direction::Downstream))),
        counted_conditions_up(db.Prepare(CountedConditions(Direction::Upstream))),
        tables_down(
            db.Prepare(Sql("i.name, o.name",
                           EachOf("tables i JOIN statement_tables a ON a.table_id = i.id AND a.role = 'input' "
                                  "JOIN statement_tables b ON b.statement_id = a.statement_id AND b.role = 'output' "
                                  "JOIN tables o ON o.id = b.table_id"),
                           "a.statement_id", "i.name = j.value"))),
        tables_up(
            db.Prepare(Sql("i.name, o.name",
                           EachOf("tables o JOIN statement_tables b ON b.table_id = o.id AND b.role = 'output' "
                                  "JOIN statement_tables a ON a.statement_id = b.statement_id AND a.role = 'input' "
                                  "JOIN tables i ON i.id = a.table_id"),
                           "a.statement_id", "o.name = j.value"))),
        databases_down(
            db.Prepare(Sql("i.name, o.name",
                           EachOf("tables i JOIN statement_tables a ON a.table_id = i.id AND a.role = 'input' "
                                  "JOIN statement_tables b ON b.statement_id = a.statement_id "
                                  "AND b.role = 'output' JOIN tables o ON o.id = b.table_id"),
                           "a.statement_id", "i.database = j.value AND o.database <> i.database"))),
        databases_up(
            db.Prepare(Sql("i.name, o.name",
                           EachOf("tables o JOIN statement_tables b ON b.table_id = o.id AND b.role = 'output' "
                                  "JOIN statement_tables a ON a.statement_id = b.statement_id AND a.role = 'input' "
                                  "JOIN tables i ON i.id = a.table_id"),
                           "a.statement_id", "o.database = j.value AND i.database <> o.database"))),
        table_uses(db.Prepare(Sql("1", "tables t JOIN statement_tables r ON r.table_id = t.id AND r.role = ?2",
                                  "r.statement_id", "t.name = ?1"))),
        database_uses(db.Prepare(Sql("1", "tables t JOIN statement_tables r ON r.table_id = t.id AND r.role = ?2",
                                     "r.statement_id", "t.database = ?1"))),
        column_reads(db.Prepare(
            Sql("1", "columns s JOIN value_edges e ON e.source_id = s.id JOIN column_lineage l ON l.id = e.lineage_id",
                "l.statement_id", "s.full_name = ?1 AND l.target_id IS NOT NULL") +
            " UNION ALL " +
            Sql("1",
                "columns s JOIN condition_columns cr ON cr.column_id = s.id AND cr.role = 'read' "
                "JOIN conditions c ON c.id = cr.condition_id",
                "c.statement_id", "s.full_name = ?1"))),
        column_writes(db.Prepare(
            Sql("1", "columns t JOIN column_lineage l ON l.target_id = t.id", "l.statement_id", "t.full_name = ?1"))),
        statement_tables(db.Prepare("SELECT r.role, t.name FROM statement_tables r JOIN tables t ON t.id = r.table_id "
                                    "WHERE r.statement_id = ? AND r.role IN ('input', 'output') ORDER BY t.name")),
        declared_table(db.Prepare("SELECT 1 FROM declared_tables WHERE name = ? AND definition IS NOT NULL")),
        declared_database(
            db.Prepare("SELECT 1 FROM declared_tables WHERE definition IS NOT NULL AND instr(name, '.') > 0 "
                       "AND substr(name, 1, instr(name, '.') - 1) = ? LIMIT 1")),
        // The last declaration of a table decides its columns: the catalog
        // files first, then the scripts in run order.
        last_declaration(db.Prepare("SELECT d.id FROM declared_tables d LEFT JOIN scripts s ON s.id = d.script_id "
                                    "WHERE d.name = ? AND d.definition IS NOT NULL "
                                    "ORDER BY d.script_id IS NOT NULL DESC, s.position DESC, d.id DESC LIMIT 1")),
        declared_column(db.Prepare("SELECT 1 FROM declared_columns WHERE declared_table_id = ? AND name = ?")),
        columns_of(db.Prepare("SELECT c.full_name FROM columns c JOIN tables t ON t.id = c.table_id WHERE t.name = ? "
                              "ORDER BY c.full_name")),
        table_of(db.Prepare("SELECT t.name FROM columns c JOIN tables t ON t.id = c.table_id WHERE c.full_name = ?")),
        kind_of(db.Prepare("SELECT kind FROM v_tables WHERE name = ?")),
        statements(
            db.Prepare(Cat("SELECT ", kStatementRef, " FROM ", EachOf(kStatementFrom), " WHERE st.id = j.value"))),
        statement(db.Prepare(Cat("SELECT ", kStatementRef, " FROM ", kStatementFrom, " WHERE st.id = ?1"))),
        table_names(db.Prepare("SELECT t.id, t.name FROM " + EachOf("tables t") + " WHERE t.id = j.value")),
        // A condition's position among its statement's conditions.
        condition_ranks(db.Prepare(
            "SELECT c.id, (SELECT count(*) FROM conditions c2 WHERE c2.statement_id = c.statement_id AND c2.id < c.id) "
            "FROM " +
            EachOf("conditions c") + " WHERE c.id = j.value")) {}

  Statement columns, tables, databases, has_column, has_table, has_database, values_down, values_up, conditions_down,
      conditions_up, counted_conditions_down, counted_conditions_up, tables_down, tables_up, databases_down, databases_up, table_uses, database_uses, column_reads,
      column_writes, statement_tables, declared_table, declared_database, last_declaration, declared_column,
      columns_of, table_of, kind_of, statements, statement, table_names, condition_ranks;
  // Looked up once each (the source reads one snapshot: they do not change).
  absl::flat_hash_map<int64_t, graph::StatementRef> statement_refs;
  absl::node_hash_map<int64_t, std::string> table_name;  // stays where it is: Link::source_table views it
  absl::flat_hash_map<int64_t, uint32_t> condition_rank;
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

// `names` as a JSON array of strings for json_each(), each once. Bytes
// other than the quote, the backslash and control characters go as they
// are, so a name matches the stored one byte for byte.
std::string JsonArray(const std::vector<std::string>& names) {
  static constexpr char kHex[] = "0123456789abcdef";
  size_t size = 2;
  for (const std::string& name : names) size += name.size() + 3;
  std::string out;
  out.reserve(size);
  out += '[';
  absl::flat_hash_set<std::string_view> seen;
  seen.reserve(names.size());
  for (const std::string& name : names) {
    if (!seen.insert(name).second) continue;
    if (out.size() > 1) out += ',';
    out += '"';
    // Runs of bytes that go as they are, appended at once.
    size_t run = 0;
    for (size_t i = 0; i < name.size(); ++i) {
      const auto u = static_cast<unsigned char>(name[i]);
      if (u >= 0x20 && u != '"' && u != '\\') continue;
      out.append(name, run, i - run);
      run = i + 1;
      if (u >= 0x20) {
        out += '\\';
        out += name[i];
      } else {
        out += "\\u00";
        out += kHex[u >> 4];
        out += kHex[u & 15];
      }
    }
    out.append(name, run, name.size() - run);
    out += '"';
  }
  out += ']';
  return out;
}

std::string JsonIds(const std::vector<int64_t>& ids) {
  std::string out = "[";
  for (const int64_t id : ids) out += Cat(out.size() > 1 ? "," : "", id);
  return out + "]";
}

// Reads with `each` (id first, then what `read` takes) the rows of the `ids`
// not in `known` yet, in one query; with `one` (the same query by a single
// id), a single one without making a JSON array for it.
template <typename Map, typename F>
void ReadMissing(Statement& each, const std::vector<int64_t>& ids, Map& known, F&& read, Statement* one = nullptr) {
  std::vector<int64_t> missing;
  for (const int64_t id : ids)
    if (known.try_emplace(id).second) missing.push_back(id);
  if (missing.empty()) return;
  Statement& q = missing.size() == 1 && one != nullptr ? one->Bind(1, missing.front()) : each.Bind(1, JsonIds(missing));
  while (q.Step()) read(q, known[q.Int(0)]);
  q.Reset();
}

}  // namespace

void StoreSource::LookUp(const std::vector<int64_t>& statements, const std::vector<int64_t>& tables,
                         const std::vector<int64_t>& conditions) const {
  ReadMissing(q_->statements, statements, q_->statement_refs, [](Statement& q, graph::StatementRef& r) {
    r.file = std::string(q.Text(1));
    r.index = static_cast<uint32_t>(q.Int(2));
    r.line = static_cast<int>(q.Int(3));
    r.column = static_cast<int>(q.Int(4));
    if (!ParseStatementKind(q.Text(5), r.kind))
      throw StoreError(Cat("unknown statement kind '", q.Text(5), "' in statements"));
    r.order = (q.Int(6) << 32) | q.Int(2);  // script position, then index
  }, &q_->statement);
  ReadMissing(q_->table_names, tables, q_->table_name,
              [](Statement& q, std::string& name) { name = std::string(q.Text(1)); });
  ReadMissing(q_->condition_ranks, conditions, q_->condition_rank,
              [](Statement& q, uint32_t& rank) { rank = static_cast<uint32_t>(q.Int(1)); });
}

// Reads link rows: source, target, then for values (expression, transform,
// masking, the two tables' ids), for conditions (expression, clause, the
// condition's id, the two tables' ids), then the statement's id. The
// statements, tables and conditions' ranks are looked up once all the rows
// are read, those not known yet in one query each.
void StoreSource::ReadLinks(Statement& q, LinkKind kind, std::vector<Link>& out) const {
  const int fields = kind == LinkKind::Table ? 2 : 7;
  const size_t first = out.size();
  std::vector<int64_t> statements, tables, conditions;
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
      conditions.push_back(q.Int(4));
    }
    if (kind != LinkKind::Table) {
      tables.push_back(q.Int(5));
      tables.push_back(q.Int(6));
    }
    statements.push_back(q.Int(fields));
    out.push_back(std::move(l));
  }
  q.Reset();
  LookUp(statements, tables, conditions);
  for (size_t i = 0; i < statements.size(); ++i) {
    Link& l = out[first + i];
    l.statement = q_->statement_refs.at(statements[i]);
    if (kind == LinkKind::Condition) l.condition = q_->condition_rank.at(conditions[i]);
    if (kind != LinkKind::Table) {
      l.source_table = q_->table_name.at(tables[2 * i]);
      l.target_table = q_->table_name.at(tables[2 * i + 1]);
    }
  }
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
  return std::move(LinksOfEach(level, {std::string(node)}, direction, values, conditions).front());
}

std::vector<std::vector<Link>> StoreSource::LinksOfEach(Level level, const std::vector<std::string>& nodes,
                                                        Direction direction, bool values, bool conditions) const {
  const bool down = direction == Direction::Downstream;
  std::vector<Link> links;
  if (nodes.empty()) return {};
  const std::string names = JsonArray(nodes);
  if (level == Level::Column) {
    if (values) ReadLinks((down ? q_->values_down : q_->values_up).Bind(1, names), LinkKind::Value, links);
    if (conditions)
      ReadLinks((down ? q_->conditions_down : q_->conditions_up).Bind(1, names), LinkKind::Condition, links);
  } else if (level == Level::Table) {
    ReadLinks((down ? q_->tables_down : q_->tables_up).Bind(1, names), LinkKind::Table, links);
  } else {
    ReadLinks((down ? q_->databases_down : q_->databases_up).Bind(1, names), LinkKind::Table, links);
    // The query keeps the links between two databases only.
    for (Link& l : links) graph::ToDatabaseLink(l);
  }
  return Distribute(nodes, direction, links);
}

std::vector<std::vector<Link>> StoreSource::ConditionsOfEach(const std::vector<std::string>& nodes,
                                                             Direction direction) const {
  std::vector<Link> links;
  if (!nodes.empty()) {
    Statement& q = direction == Direction::Downstream ? q_->counted_conditions_down : q_->counted_conditions_up;
    ReadLinks(q.Bind(1, JsonArray(nodes)), LinkKind::Condition, links);
  }
  return Distribute(nodes, direction, links);
}

// Each link to the node it was read for (its source downstream, its target
// upstream), sorted as Links() gives them.
std::vector<std::vector<Link>> StoreSource::Distribute(const std::vector<std::string>& nodes, Direction direction,
                                                       std::vector<Link>& links) {
  const bool down = direction == Direction::Downstream;
  std::vector<std::vector<Link>> out(nodes.size());
  absl::flat_hash_map<std::string_view, size_t> position;
  for (size_t i = 0; i < nodes.size(); ++i) position.try_emplace(nodes[i], i);
  for (Link& l : links) {
    auto it = position.find(down ? l.source : l.target);
    if (it != position.end()) out[it->second].push_back(std::move(l));
  }
  for (size_t i = 0; i < nodes.size(); ++i) {
    const size_t first = position.at(nodes[i]);
    if (first != i) out[i] = out[first];  // a name asked twice: sorted already
    graph::SortLinks(out[i], direction);
  }
  return out;
}

// The statement ids of the uses of `node`, one per row (in the second column).
Statement& StoreSource::UsesQuery(Level level, std::string_view node, graph::Use use) const {
  if (level == Level::Column) return (use == graph::Use::Read ? q_->column_reads : q_->column_writes).Bind(1, node);
  return (level == Level::Table ? q_->table_uses : q_->database_uses)
      .Bind(1, node)
      .Bind(2, use == graph::Use::Read ? "input" : "output");
}

bool StoreSource::HasUse(Level level, std::string_view node, graph::Use use) const {
  return Any(UsesQuery(level, node, use));
}

std::vector<graph::StatementUse> StoreSource::Uses(Level level, std::string_view node, graph::Use use) const {
  Statement& q = UsesQuery(level, node, use);
  std::vector<int64_t> ids;
  while (q.Step()) ids.push_back(q.Int(1));
  q.Reset();
  LookUp(ids, {}, {});
  // By statement id, in run order.
  std::map<int64_t, std::pair<int64_t, graph::StatementRef>> found;
  for (const int64_t id : ids) {
    const graph::StatementRef& r = q_->statement_refs.at(id);
    found.emplace(r.order, std::make_pair(id, r));
  }
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
