#include "sync/seatunnel.h"

namespace hivelineage::sync {

JobResult ReadSeaTunnel(std::string_view text, bool json, const SyncOptions& options) {
  JobResult out;
  out.diagnostics.push_back(Diagnostic{Severity::Warning, Span{0, 0}, "SeaTunnel configs are not read yet"});
  return out;
}

}  // namespace hivelineage::sync
