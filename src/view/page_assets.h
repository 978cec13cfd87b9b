// The lineage page's HTML, CSS and JavaScript, embedded at build time by
// embed_page.py (a meson custom_target) from src/view/web/ and third_party/.
// A page is kPageHead, the page data (page_data.h), then kPageTail.
#pragma once

#include <cstddef>
#include <string_view>

namespace hivelineage::view {

extern const std::string_view kPageHead;   // up to the data slot
extern const std::string_view kPageTail;   // after it
extern const size_t kVendoredScriptBytes;  // of which the vendored JavaScript (third_party/)

}  // namespace hivelineage::view
