#include "store/neo4j_export.h"

#include <filesystem>
#include <vector>

#include "base/strings.h"
#include "base/utf8.h"

namespace hivelineage::store {
namespace {

enum class Type : uint8_t { String, Int, Bool };

struct Field {
  const char* name;
  Type type = Type::String;
  bool key = false;  // identifies a relationship together with its two nodes (the Cypher MERGE pattern)
};

// One kind of node: `sql` returns the id, then the fields.
struct NodeSet {
  const char* file;
  const char* label;
  std::vector<Field> fields;
  const char* sql;
};

// One kind of relationship: `sql` returns the start id, the end id, then the fields.
struct RelationshipSet {
  const char* file;
  const char* type;
  const char* start_label;
  const char* end_label;
  std::vector<Field> fields;
  std::vector<const char*> sql;  // appended one after the other into the file
};

const std::vector<NodeSet>& Nodes() {
  static const std::vector<NodeSet> nodes = {
      {"tables.csv", "Table", {{"name"}, {"database"}, {"kind"}},
       "SELECT 'table:' || name, name, database, kind FROM v_tables ORDER BY name"},
      {"columns.csv", "Column", {{"name"}, {"table"}, {"column"}},
       "SELECT 'column:' || c.full_name, c.full_name, t.name, c.name FROM columns c JOIN tables t ON t.id = c.table_id "
       "ORDER BY c.full_name"},
      {"scripts.csv", "Script", {{"path"}, {"content_hash"}, {"modified_at"}, {"statements", Type::Int}},
       "SELECT 'script:' || path, path, content_hash, modified_at, statements FROM scripts ORDER BY position"},
  };
  return nodes;
}

// FLOWS_TO's fields, in the order of the three queries' columns.
std::vector<Field> FlowFields() {
  return {{"kind", Type::String, true},       {"clause", Type::String, true}, {"expression", Type::String, true},
          {"transform"},                      {"masking", Type::Bool},        {"script", Type::String, true},
          {"statement", Type::Int, true},     {"line", Type::Int}};
}

const std::vector<RelationshipSet>& Relationships() {
  static const std::vector<RelationshipSet> rels = {
      {"has_column.csv", "HAS_COLUMN", "Table", "Column", {},
       {"SELECT 'table:' || t.name, 'column:' || c.full_name FROM columns c JOIN tables t ON t.id = c.table_id "
        "ORDER BY c.full_name"}},
      {"reads.csv", "READS", "Script", "Table",
       {{"statement", Type::Int, true}, {"line", Type::Int}, {"statement_kind"}},
       {"SELECT 'script:' || sc.path, 'table:' || t.name, st.idx, st.line, st.kind FROM statement_tables r "
        "JOIN statements st ON st.id = r.statement_id JOIN scripts sc ON sc.id = st.script_id "
        "JOIN tables t ON t.id = r.table_id WHERE r.role = 'input' ORDER BY sc.position, st.idx, t.name"}},
      {"writes.csv", "WRITES", "Script", "Table",
       {{"statement", Type::Int, true}, {"line", Type::Int}, {"statement_kind"}},
       {"SELECT 'script:' || sc.path, 'table:' || t.name, st.idx, st.line, st.kind FROM statement_tables r "
        "JOIN statements st ON st.id = r.statement_id JOIN scripts sc ON sc.id = st.script_id "
        "JOIN tables t ON t.id = r.table_id WHERE r.role = 'output' ORDER BY sc.position, st.idx, t.name"}},
      {"flows_to.csv", "FLOWS_TO", "Column", "Column", FlowFields(),
       {"SELECT 'column:' || source, 'column:' || target, 'value', '', expression, transform, masking, script, "
        "statement, line FROM v_value_edges ORDER BY script, statement, source, target, expression",
        "SELECT 'column:' || source, 'column:' || target, 'condition', clause, expression, '', 0, script, statement, "
        "line FROM v_condition_edges ORDER BY script, statement, source, target, clause, expression"}},
      {"table_flows_to.csv", "FLOWS_TO", "Table", "Table", FlowFields(),
       {"SELECT 'table:' || source, 'table:' || target, 'table', '', '', '', 0, script, statement, line "
        "FROM v_table_edges ORDER BY script, statement, source, target"}},
  };
  return rels;
}

const char* TypeName(Type t) {
  switch (t) {
    case Type::String:
      return "string";
    case Type::Int:
      return "int";
    case Type::Bool:
      return "boolean";
  }
  return "string";
}

// A field of `row` as `quote` writes a string (CSV or Cypher); numbers and
// booleans as they are.
std::string Value(const Statement& row, int column, Type type, std::string (*quote)(std::string_view)) {
  switch (type) {
    case Type::Int:
      return Cat(row.Int(column));
    case Type::Bool:
      return row.Int(column) != 0 ? "true" : "false";
    case Type::String:
      break;
  }
  return quote(row.Text(column));
}

class File {
 public:
  explicit File(const std::filesystem::path& path) : path_(path.string()), f_(std::fopen(path_.c_str(), "wb")) {
    if (f_ == nullptr) throw StoreError(Cat(path_, ": cannot write"));
  }
  ~File() {
    if (f_ != nullptr) std::fclose(f_);
  }
  void Write(const std::string& s) {
    if (std::fwrite(s.data(), 1, s.size(), f_) != s.size()) throw StoreError(Cat(path_, ": cannot write"));
  }
  void Close() {
    const bool ok = std::fclose(f_) == 0;
    f_ = nullptr;
    if (!ok) throw StoreError(Cat(path_, ": cannot write"));
  }

 private:
  std::string path_;
  std::FILE* f_;
};

}  // namespace

std::string CsvField(std::string_view s) {
  std::string out = "\"";
  for (char c : ValidUtf8(s)) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

std::string CypherString(std::string_view s) {
  std::string out = "'";
  for (char c : ValidUtf8(s)) {
    switch (c) {
      case '\\':
        out += "\\\\";
        break;
      case '\'':
        out += "\\'";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof(buf), "\\u%04x", static_cast<unsigned>(c));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  out += '\'';
  return out;
}

Neo4jCounts ExportNeo4jCsv(Database& db, const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw StoreError(Cat(dir, ": cannot create folder: ", ec.message()));
  Neo4jCounts counts;
  for (const NodeSet& set : Nodes()) {
    File f(std::filesystem::path(dir) / set.file);
    std::string line = "id:ID";
    for (const Field& field : set.fields) Append(line, ",", field.name, ":", TypeName(field.type));
    line += ",:LABEL\n";
    f.Write(line);
    Statement rows = db.Prepare(set.sql);
    while (rows.Step()) {
      line = CsvField(rows.Text(0));
      for (size_t i = 0; i < set.fields.size(); ++i)
        Append(line, ",", Value(rows, static_cast<int>(i) + 1, set.fields[i].type, CsvField));
      Append(line, ",", set.label, "\n");
      f.Write(line);
      ++counts.nodes;
    }
    f.Close();
  }
  for (const RelationshipSet& set : Relationships()) {
    File f(std::filesystem::path(dir) / set.file);
    std::string line = ":START_ID,:END_ID,:TYPE";
    for (const Field& field : set.fields) Append(line, ",", field.name, ":", TypeName(field.type));
    line += "\n";
    f.Write(line);
    for (const char* sql : set.sql) {
      Statement rows = db.Prepare(sql);
      while (rows.Step()) {
        line = Cat(CsvField(rows.Text(0)), ",", CsvField(rows.Text(1)), ",", set.type);
        for (size_t i = 0; i < set.fields.size(); ++i)
          Append(line, ",", Value(rows, static_cast<int>(i) + 2, set.fields[i].type, CsvField));
        line += "\n";
        f.Write(line);
        ++counts.relationships;
      }
    }
    f.Close();
  }
  return counts;
}

Neo4jCounts ExportNeo4jCypher(Database& db, std::FILE* out) {
  Neo4jCounts counts;
  auto write = [&](const std::string& s) {
    if (std::fwrite(s.data(), 1, s.size(), out) != s.size()) throw StoreError("cannot write the Cypher script");
  };
  // Every node and relationship is stamped with the store's last update, so
  // what a later load did not touch can be found (the closing comment).
  std::string loaded;
  {
    Statement s = db.Prepare("SELECT value FROM meta WHERE key = 'updated_at'");
    if (s.Step()) loaded = std::string(s.Text(0));
  }
  const std::string stamp = CypherString(loaded);
  write(Cat("// hivelineage lineage for Neo4j, store updated at ", loaded,
            ". Idempotent: MERGE only; run it again after each store update.\n"));
  for (const NodeSet& set : Nodes())
    write(Cat("CREATE CONSTRAINT hivelineage_", ToLower(set.label), "_id IF NOT EXISTS FOR (n:", set.label,
              ") REQUIRE n.id IS UNIQUE;\n"));
  for (const NodeSet& set : Nodes()) {
    Statement rows = db.Prepare(set.sql);
    while (rows.Step()) {
      std::string line = Cat("MERGE (n:", set.label, " {id: ", CypherString(rows.Text(0)), "}) SET ");
      for (size_t i = 0; i < set.fields.size(); ++i)
        Append(line, i ? ", " : "", "n.", set.fields[i].name, " = ",
               Value(rows, static_cast<int>(i) + 1, set.fields[i].type, CypherString));
      Append(line, ", n.loaded = ", stamp, ";\n");
      write(line);
      ++counts.nodes;
    }
  }
  for (const RelationshipSet& set : Relationships()) {
    for (const char* sql : set.sql) {
      Statement rows = db.Prepare(sql);
      while (rows.Step()) {
        std::string key, rest;
        for (size_t i = 0; i < set.fields.size(); ++i) {
          const std::string value = Value(rows, static_cast<int>(i) + 2, set.fields[i].type, CypherString);
          if (set.fields[i].key)
            Append(key, key.empty() ? " {" : ", ", set.fields[i].name, ": ", value);
          else
            Append(rest, rest.empty() ? " SET " : ", ", "r.", set.fields[i].name, " = ", value);
        }
        if (!key.empty()) key += "}";
        Append(rest, rest.empty() ? " SET " : ", ", "r.loaded = ", stamp);
        write(Cat("MATCH (a:", set.start_label, " {id: ", CypherString(rows.Text(0)), "}), (b:", set.end_label,
                  " {id: ", CypherString(rows.Text(1)), "}) MERGE (a)-[r:", set.type, key, "]->(b)", rest, ";\n"));
        ++counts.relationships;
      }
    }
  }
  write(Cat(
      "// What this load did not touch is gone from the store (a script removed or changed). To remove it:\n"
      "// MATCH ()-[r:READS|WRITES|HAS_COLUMN|FLOWS_TO]->() WHERE r.loaded <> ",
      stamp,
      " DELETE r;\n"
      "// MATCH (n) WHERE (n:Table OR n:Column OR n:Script) AND n.loaded <> ",
      stamp, " DETACH DELETE n;\n"));
  return counts;
}

}  // namespace hivelineage::store
