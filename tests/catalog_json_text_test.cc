// lineage::CatalogTableJsonText: the same bytes as the nlohmann tree's dump,
// which the store keeps (declared_tables.definition) and fingerprints.
#include <doctest/doctest.h>

#include <string>

#include "lineage/catalog_json.h"
#include "lineage/warehouse_schema.h"

namespace hivelineage::lineage {
namespace {

CatalogColumn Column(std::string name, std::string type) {
  CatalogColumn c;
  c.name = std::move(name);
  c.type = std::move(type);
  return c;
}

void CheckSameAsTree(const CatalogTable& t) {
  const std::optional<std::string> text = CatalogTableJsonText(t);
  REQUIRE(text.has_value());
  CHECK(*text == CatalogTableToJson(t).dump());
  CHECK(*text == CatalogTableToJson(t).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

TEST_CASE("catalog JSON text: a plain table, as the tree writes it") {
  CatalogTable t;
  t.name = "dw.orders";
  t.columns = {Column("id", "bigint"), Column("amount", "")};
  CheckSameAsTree(t);
  t.columns.clear();
  CheckSameAsTree(t);  // "columns":[] is kept
}

TEST_CASE("catalog JSON text: every field, escapes and UTF-8") {
  CatalogTable t;
  t.name = "dw.\"odd\\name\"";
  t.columns = {Column("a\tb\nc\rd\be\ff", "map<string,int>"), Column("\x01\x1f\x7f", "t"), Column("名字", "string")};
  t.columns[0].view_sources = {"dw.src.a", "dw.src.\"b\""};
  t.columns[0].view_expression = true;
  t.columns[0].view_derivation = Derivation::Aggregation;
  t.columns[1].view_masking = true;
  t.partition_columns = {Column("dt", "string")};
  t.is_view = true;
  t.temporary = true;
  t.view_text = "SELECT a,\n  b FROM \"x\" -- é";
  t.view_lineage_known = true;
  t.location = "hdfs://nn/warehouse/o";
  CheckSameAsTree(t);
}

TEST_CASE("catalog JSON text: none for text that is not UTF-8 (the tree's dump decides)") {
  CatalogTable t;
  t.name = "dw.t";
  t.columns = {Column("bad\xff", "int")};
  CHECK_FALSE(CatalogTableJsonText(t).has_value());
  t.columns = {Column("ok", "int")};
  t.view_text = "select '\xc3'";
  CHECK_FALSE(CatalogTableJsonText(t).has_value());
}

}  // namespace
}  // namespace hivelineage::lineage

namespace hivelineage::lineage {
namespace {

// The store's learned_tables.definition: the JSON the tree wrote, key for key.
TEST_CASE("learned table JSON: the text the tree wrote") {
  LearnedTable t;
  t.table.name = "dw.\"t\"";
  t.table.columns = {Column("a", "int"), Column("b\t", "")};
  t.table.partition_columns = {Column("dt", "string")};
  t.table.is_view = true;
  t.evidence.kind = EvidenceKind::Declared;
  t.evidence.where = {"x.sql:3"};
  Evidence used;
  used.kind = EvidenceKind::Inferred;
  used.uses = 12;
  used.where = {"y.sql:1", "z.sql:9"};
  t.columns = {Evidence{EvidenceKind::Declared, 0, {}}, used, Evidence{EvidenceKind::Declared, 0, {"x.sql:3"}}};
  CHECK(LearnedTableJson(t) ==
        R"({"name":"dw.\"t\"","columns":[{"name":"a","type":"int","evidence":{"kind":"declared"}},)"
        R"({"name":"b\t","evidence":{"kind":"inferred","uses":12,"where":["y.sql:1","z.sql:9"]}}],)"
        R"("partition_columns":[{"name":"dt","type":"string","evidence":{"kind":"declared","where":["x.sql:3"]}}],)"
        R"("is_view":true,"evidence":{"kind":"declared","where":["x.sql:3"]}})");
  t.conflicts = {"w.sql:4"};
  t.table.is_view = false;
  t.table.partition_columns.clear();
  t.columns.pop_back();
  CHECK(LearnedTableJson(t) ==
        R"({"name":"dw.\"t\"","columns":[{"name":"a","type":"int","evidence":{"kind":"declared"}},)"
        R"({"name":"b\t","evidence":{"kind":"inferred","uses":12,"where":["y.sql:1","z.sql:9"]}}],)"
        R"("evidence":{"kind":"declared","where":["x.sql:3"],"conflicts":["w.sql:4"]}})");
  // Text that is not UTF-8 is repaired, as the tree's dump did.
  t.conflicts = {"w\xff.sql:4"};
  CHECK(LearnedTableJson(t).find("\"conflicts\":[\"w\xEF\xBF\xBD.sql:4\"]") != std::string::npos);
}

}  // namespace
}  // namespace hivelineage::lineage
