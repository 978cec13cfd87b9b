// The lineage page: one self-contained HTML file, its scripts and styles
// inline, that opens offline. The same page is what `hivelineage serve` serves.
#pragma once

#include <string>
#include <string_view>

namespace hivelineage::view {

// Appends the page with `data_json` (WritePageData's output, or the server's
// bootstrap document) as its data. Every '<' in the data is written as \u003c,
// so that no string in it can end the <script> element that holds it.
void WritePage(std::string_view data_json, std::string& out);

}  // namespace hivelineage::view
