#include "catalog/catalog_json.h"

#include <array>
#include <utility>
#include <vector>

#include "base/edit_distance.h"
#include "base/strings.h"
#include "catalog/catalog_reading.h"
#include "catalog/json_tree.h"

namespace hivelineage::catalog {
namespace {

using Kind = JsonNode::Kind;

class Checker {
 public:
  explicit Checker(std::string_view default_db) : default_db_(default_db) {}

  // catalog = {"tables": [table, ...]}
  void Document(const JsonNode& doc) {
    if (!Expect(doc, Kind::Object, "the catalog", "an object {\"tables\": [...]}")) return;
    const JsonNode* tables = nullptr;
    for (const JsonNode::Member& m : doc.members) {
      if (m.key == "tables")
        tables = &m.value;
      else
        UnknownKey(m, "the catalog", kDocumentKeys);
    }
    if (tables == nullptr) {
      Error(doc.begin, "the catalog has no \"tables\" list");
      return;
    }
    if (!Expect(*tables, Kind::Array, "\"tables\"", "an array of table objects")) return;
    for (const JsonNode& t : tables->items) Table(t);
  }

  CatalogReading& reading() { return reading_; }

 private:
  static constexpr std::array<std::string_view, 1> kDocumentKeys = {"tables"};
  static constexpr std::array<std::string_view, 11> kTableKeys = {
      "name",    "columns",  "partition_columns", "is_view", "view_text",
      "comment", "external", "evidence",          "source",  "columns_from", "location"};
  static constexpr std::array<std::string_view, 4> kColumnKeys = {"name", "type", "comment", "evidence"};
  static constexpr std::array<std::string_view, 4> kEvidenceKeys = {"kind", "uses", "where", "conflicts"};

  // table = {"name": "db.t", "columns"?: [column], "partition_columns"?: [column], "is_view"?: bool,
  //          "view_text"?: string, "comment"?: string, "external"?: bool, "evidence"?: evidence,
  //          "source"?: string, "columns_from"?: string, "location"?: string}
  void Table(const JsonNode& t) {
    if (!Expect(t, Kind::Object, "a table", "an object")) return;
    lineage::CatalogTable table;
    bool named = false;
    for (const JsonNode::Member& m : t.members) {
      const JsonNode& v = m.value;
      if (m.key == "name") {
        named = NonEmptyString(v, "a table's \"name\"");
        if (named) table.name = lineage::CatalogTableKey(v.string, default_db_);
      } else if (m.key == "columns") {
        Columns(v, "\"columns\"", table.columns);
      } else if (m.key == "partition_columns") {
        Columns(v, "\"partition_columns\"", table.partition_columns);
      } else if (m.key == "is_view") {
        if (Expect(v, Kind::Boolean, "\"is_view\"", "true or false")) table.is_view = v.boolean;
      } else if (m.key == "view_text") {
        if (Expect(v, Kind::String, "\"view_text\"", "a string")) table.view_text = v.string;
      } else if (m.key == "location") {
        if (Expect(v, Kind::String, "\"location\"", "a string")) table.location = v.string;
      } else if (m.key == "external") {
        Expect(v, Kind::Boolean, "\"external\"", "true or false");
      } else if (m.key == "evidence") {
        table.open = Evidence(v);
      } else if (m.key == "comment" || m.key == "source" || m.key == "columns_from") {
        Expect(v, Kind::String, Cat("\"", m.key, "\""), "a string");
      } else {
        UnknownKey(m, "a table", kTableKeys);
      }
    }
    if (!HasKey(t, "name")) Error(t.begin, "a table has no \"name\"");
    if (named) reading_.tables.push_back(std::move(table));
  }

  void Columns(const JsonNode& list, const std::string& what, std::vector<lineage::CatalogColumn>& out) {
    if (!Expect(list, Kind::Array, what, "an array of column objects")) return;
    for (const JsonNode& c : list.items) Column(c, out);
  }

  // column = {"name": string, "type"?: string, "comment"?: string, "evidence"?: evidence}
  void Column(const JsonNode& c, std::vector<lineage::CatalogColumn>& out) {
    if (!Expect(c, Kind::Object, "a column", "an object {\"name\": ..., \"type\": ...}")) return;
    lineage::CatalogColumn col;
    bool named = false;
    for (const JsonNode::Member& m : c.members) {
      const JsonNode& v = m.value;
      if (m.key == "name") {
        named = NonEmptyString(v, "a column's \"name\"");
        if (named) col.name = ToLower(v.string);
      } else if (m.key == "type") {
        if (Expect(v, Kind::String, "a column's \"type\"", "a string")) col.type = ToLower(v.string);
      } else if (m.key == "comment") {
        Expect(v, Kind::String, "a column's \"comment\"", "a string");
      } else if (m.key == "evidence") {
        col.inferred = Evidence(v);
      } else {
        UnknownKey(m, "a column", kColumnKeys);
      }
    }
    if (!HasKey(c, "name")) Error(c.begin, "a column has no \"name\"");
    if (named) out.push_back(std::move(col));
  }

  // evidence = {"kind": "catalog" | "declared" | "inferred", "uses"?: integer, "where"?: [string],
  //             "conflicts"?: [string]}
  // "conflicts" lists the other declarations `hivelineage catalog` saw; read and checked, not kept.
  // Accepted and checked. True for "inferred": a table or column known only
  // from the scripts' use of it (as `hivelineage catalog` prints one), which
  // stays open to other columns; anything else is taken as given.
  bool Evidence(const JsonNode& e) {
    if (!Expect(e, Kind::Object, "\"evidence\"", "an object {\"kind\": ...}")) return false;
    bool inferred = false;
    for (const JsonNode::Member& m : e.members) {
      const JsonNode& v = m.value;
      if (m.key == "kind") {
        if (Expect(v, Kind::String, "\"kind\"", "\"catalog\", \"declared\" or \"inferred\"") && v.string != "catalog" &&
            v.string != "declared" && v.string != "inferred")
          Error(v.begin, Cat("unknown evidence kind \"", v.string, "\" (expected catalog, declared or inferred)"));
        inferred = v.kind == Kind::String && v.string == "inferred";
      } else if (m.key == "uses") {
        if (Expect(v, Kind::Integer, "\"uses\"", "an integer") && v.integer < 0)
          Error(v.begin, "\"uses\" must not be negative");
      } else if (m.key == "where") {
        if (Expect(v, Kind::Array, "\"where\"", "an array of strings"))
          for (const JsonNode& w : v.items) Expect(w, Kind::String, "a \"where\" entry", "a string");
      } else if (m.key == "conflicts") {
        if (Expect(v, Kind::Array, "\"conflicts\"", "an array of strings"))
          for (const JsonNode& w : v.items) Expect(w, Kind::String, "a \"conflicts\" entry", "a string");
      } else {
        UnknownKey(m, "\"evidence\"", kEvidenceKeys);
      }
    }
    if (!HasKey(e, "kind")) Error(e.begin, "\"evidence\" has no \"kind\"");
    return inferred;
  }

  static bool HasKey(const JsonNode& object, std::string_view key) {
    for (const JsonNode::Member& m : object.members)
      if (m.key == key) return true;
    return false;
  }

  bool NonEmptyString(const JsonNode& v, std::string_view what) {
    if (!Expect(v, Kind::String, what, "a string")) return false;
    if (!v.string.empty()) return true;
    Error(v.begin, Cat(what, " is empty"));
    return false;
  }

  bool Expect(const JsonNode& v, Kind kind, std::string_view what, std::string_view expected) {
    if (v.kind == kind) return true;
    Error(v.begin, Cat(what, " must be ", expected, ", not ", v.KindName()));
    return false;
  }

  template <size_t N>
  void UnknownKey(const JsonNode::Member& m, std::string_view where, const std::array<std::string_view, N>& known) {
    std::string message = Cat("unknown key \"", m.key, "\" in ", where);
    std::string_view best;
    size_t best_distance = 3;  // a typo: at most two edits away
    for (std::string_view k : known) {
      const size_t d = EditDistance(m.key, k, best_distance - 1);
      if (d < best_distance) best = k, best_distance = d;
    }
    if (!best.empty()) {
      Append(message, "; did you mean \"", best, "\"?");
    } else {
      Append(message, " (expected ");
      for (size_t i = 0; i < N; ++i) Append(message, i == 0 ? "" : i + 1 == N ? " or " : ", ", "\"", known[i], "\"");
      Append(message, ")");
    }
    Error(m.key_begin, std::move(message));
  }
  void Error(uint32_t at, std::string message) { reading_.Problem(at, std::move(message)); }

  std::string_view default_db_;
  CatalogReading reading_;
};

}  // namespace

Diagnostics LoadCatalogJson(std::string_view text, std::string_view default_db, lineage::Catalog& catalog) {
  ParsedJson parsed = ParseJsonTree(text);
  if (parsed.error) return {std::move(*parsed.error)};
  Checker checker(default_db);
  checker.Document(parsed.root);
  return std::move(checker.reading()).Commit(catalog);
}

}  // namespace hivelineage::catalog
