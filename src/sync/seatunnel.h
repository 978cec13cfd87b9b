// SeaTunnel v2 configs, HOCON (.conf, .hocon) or JSON: `source`, `transform`
// and `sink` plugins joined by `plugin_output` / `plugin_input` (or the older
// `result_table_name` / `source_table_name`); the `Sql` transform is read
// by the analyzer's own SQL parser (docs/systems.md).
#pragma once

#include <string_view>

#include "sync/sync_job.h"

namespace hivelineage::sync {

// One statement per sink: what reaches it from the sources, through the transforms.
JobResult ReadSeaTunnel(std::string_view text, bool json, const SyncOptions& options);

}  // namespace hivelineage::sync
