// DataX job JSON: `job.content[]`, each a reader and a writer
// (docs/systems.md lists the plugins and the parameters read).
#pragma once

#include <string_view>

#include "sync/sync_job.h"

namespace hivelineage::sync {

// One statement per `job.content[]` entry. Invalid JSON is one error at its
// line and column; an entry whose reader or writer is unknown is a warning
// and no statement; the other entries go on.
JobResult ReadDataX(std::string_view text, const SyncOptions& options);

}  // namespace hivelineage::sync
