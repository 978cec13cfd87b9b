// What the reader fuzz targets (fuzz/*_fuzzer.cc, docs/limits.md) found, one
// regression test each, on the smallest input libFuzzer reduced it to.
#include <string>
#include <string_view>

#include "catalog/catalog_format.h"
#include "catalog/show_create_table.h"
#include "doctest/doctest.h"
#include "lineage/catalog.h"

using namespace hivelineage;

namespace {

// Every problem's span lies within `text` (a problem at its very end is an
// empty span there).
void CheckSpans(catalog::CatalogFormat format, std::string_view text) {
  lineage::Catalog c;
  const Diagnostics problems = catalog::LoadCatalogText(format, text, "default", c);
  REQUIRE(!problems.empty());
  for (const Diagnostic& d : problems) {
    CAPTURE(d.message);
    CHECK(d.span.begin <= d.span.end);
    CHECK(d.span.end <= text.size());
  }
  CHECK(c.size() == 0);
}

}  // namespace

TEST_CASE("reader fuzz: DESCRIBE output ending in an empty cell has its problem inside the text") {
  // describe_fuzzer: "a problem points past the end of the text".
  CheckSpans(catalog::CatalogFormat::Describe, "# col_name\n0\t");
}

TEST_CASE("reader fuzz: a metastore line of empty fields has its problems inside the text") {
  // metastore_tsv_fuzzer: the empty last field's problem pointed one byte past the end.
  CheckSpans(catalog::CatalogFormat::MetastoreTsv, "L\t\t\t\t\t");
}

TEST_CASE("reader fuzz: a lone bar after a SHOW CREATE TABLE box row is unboxed in place") {
  // catalog_ddl_fuzzer: a `|` line is read as a border, which has no `+` to
  // put the closing `;` on; the write went to index npos.
  const std::string text = "|createtab_stmt\n| \n|";
  const std::string unboxed = catalog::UnboxShowCreateTable(text);
  // In place, byte for byte: the header row and the row's bar blanked; the
  // lone bar, a border with nothing to close, is left for the parser to report.
  REQUIRE(unboxed.size() >= text.size());
  CHECK(unboxed.substr(0, text.size()) == std::string(15, ' ') + "\n  \n|");
}
