// What `serve` hands its server: the page and the API's answers, so that the
// server (in the network module) needs nothing of the lineage code.
#include "view/page.h"
#include "view/server.h"

namespace hivelineage::view {

ServedContent ContentOf(const LineageApi& api) {
  ServedContent content;
  WritePage(api.Bootstrap(), content.page);
  content.answer = [&api](std::string_view path, const std::map<std::string, std::string>& params) {
    return api.Get(path, params);
  };
  return content;
}

}  // namespace hivelineage::view
