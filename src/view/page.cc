#include "view/page.h"

#include "view/page_assets.h"

namespace hivelineage::view {

void WritePage(std::string_view data_json, std::string& out) {
  out.reserve(out.size() + kPageHead.size() + data_json.size() + kPageTail.size());
  out.append(kPageHead);
  // '<' can only appear inside JSON strings, where \u003c means the same.
  size_t from = 0;
  for (size_t lt = data_json.find('<'); lt != std::string_view::npos; lt = data_json.find('<', from)) {
    out.append(data_json.substr(from, lt - from));
    out.append("\\u003c");
    from = lt + 1;
  }
  out.append(data_json.substr(from));
  out.append(kPageTail);
}

}  // namespace hivelineage::view
